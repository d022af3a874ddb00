/**
 * The preflight in Node (engine/preflight.ts) with its pixels: what lies under each text is drawn
 * with the print renderer and its art loader, so the contrast rule sees the art the shop prints.
 * The check command, the template upload and the harness's dev endpoint all call `runPreflight`.
 */
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import type { Canvas2D, PageScene, ScenePicture, SceneText } from '../../../engine/index.ts';
import {
  drawText,
  type FontSet,
  type PreflightProblem,
  parseForPreflight,
  preflight,
  preflightScenes,
  type Rgb,
  turnedBoxMm,
  UnknownFontError,
} from '../../../engine/index.ts';
import { systemClock } from '../../../shop/index.ts';
import { loadFontSet } from '../../fonts.ts';
import { canvasModule } from '../../render/canvas.ts';
import { createImageLoader, type PictureLoader } from '../../render/images.ts';

export type { PreflightProblem } from '../../../engine/index.ts';

export interface RunPreflightOptions {
  /** The day the check is for (calendar years follow it); default now. */
  today?: Date;
  fonts?: FontSet;
  /** Where the template's art is read from (default the demo template folders, as the shop serves it). */
  templatesRoot?: string;
  loadImage?: PictureLoader;
}

/** Enough to tell letters from their background without rendering print-size pages. */
const SAMPLE_PX_PER_MM = 4;
/** The largest canvas the sampler draws: 16 million pixels, no side over 16,000 px. */
const MAX_SAMPLE_PIXELS = 16_000_000;
const MAX_SAMPLE_SIDE_PX = 16_000;

const raw = (canvas: Canvas) => canvas.getContext('2d') as unknown as Canvas2D;

/** A page's pixels with only `items` drawn (white page first). */
async function backdropPixels(
  scene: PageScene,
  items: PageScene['items'],
  widthPx: number,
  deps: { fonts: FontSet; loadImage: PictureLoader },
): Promise<Uint8ClampedArray> {
  // The renderer (Konva, Skia) is loaded when a template is checked, not when the server starts.
  const { withPageCanvas } = await import('../../render/page-renderer.ts');
  return withPageCanvas(
    { ...scene, items },
    { ...deps, widthPx, missingPicture: 'skip' },
    ({ canvas, widthPx: w, heightPx: h }) => canvas.getContext('2d').getImageData(0, 0, w, h).data.slice(),
  );
}

/** An item's box, turned as the item is (drawText turns texts itself). */
function fillItemBox(ctx: SKRSContext2D, item: ScenePicture, pxPerMm: number) {
  ctx.save();
  if (item.rotation) {
    const ox = item.rotation.originXMm * pxPerMm;
    const oy = item.rotation.originYMm * pxPerMm;
    ctx.translate(ox, oy);
    ctx.rotate((item.rotation.deg * Math.PI) / 180);
    ctx.translate(-ox, -oy);
  }
  ctx.fillRect(item.xMm * pxPerMm, item.yMm * pxPerMm, item.widthMm * pxPerMm, item.heightMm * pxPerMm);
  ctx.restore();
}

/**
 * The pixels a text's glyphs can cover, on the canvas: its box and its glyphs' origins with a margin of
 * one and a half font sizes (ascenders, descenders, a glyph's width and a script font's swashes), turned
 * as the text is; null when none of it is on the canvas.
 */
function textRegionPx(item: SceneText, pxPerMm: number, widthPx: number, heightPx: number) {
  const margin = item.sizePt * (25.4 / 72) * 1.5;
  const xs = [item.xMm, item.xMm + item.widthMm, ...item.glyphs.map((g) => g.xMm)];
  const ys = [item.yMm, item.yMm + item.heightMm, ...item.glyphs.map((g) => g.yMm)];
  const x0 = Math.min(...xs) - margin;
  const y0 = Math.min(...ys) - margin;
  const reach = { x: x0, y: y0, width: Math.max(...xs) + margin - x0, height: Math.max(...ys) + margin - y0 };
  const r = item.rotation;
  const box = r ? turnedBoxMm(reach, r.deg, r.originXMm, r.originYMm) : reach;
  const left = Math.max(0, Math.floor(box.x * pxPerMm));
  const top = Math.max(0, Math.floor(box.y * pxPerMm));
  const right = Math.min(widthPx, Math.ceil((box.x + box.width) * pxPerMm));
  const bottom = Math.min(heightPx, Math.ceil((box.y + box.height) * pxPerMm));
  if (right <= left || bottom <= top) return null;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * The colours under each text of a page, keyed by item index: the page drawn with the pictures before
 * the text (texts rarely lie on texts, and leaving them out lets a month grid's 55 cells share one
 * drawing), read where the text's glyphs cover it. Empty picture slots are the shopper's photos: no
 * one knows their colours, so glyphs over them are not sampled.
 */
async function samplePage(
  scene: PageScene,
  deps: { fonts: FontSet; loadImage: PictureLoader },
): Promise<Map<number, Rgb[]>> {
  // Coarser on a huge page, so the canvas stays one the renderer can make (a poster of metres).
  const density = Math.min(SAMPLE_PX_PER_MM, Math.sqrt(MAX_SAMPLE_PIXELS / (scene.widthMm * scene.heightMm)));
  const widthPx = Math.max(1, Math.round(scene.widthMm * density));
  const pxPerMm = widthPx / scene.widthMm;
  const heightPx = Math.max(1, Math.round(scene.heightMm * pxPerMm));
  // A page thinner than a pixel has nothing to sample (outside-page and the schema say what is wrong).
  if (!(heightPx <= MAX_SAMPLE_SIDE_PX && widthPx <= MAX_SAMPLE_SIDE_PX)) return new Map();
  const backdrops = new Map<number, Promise<Uint8ClampedArray>>();
  const mask = canvasModule().createCanvas(widthPx, heightPx);
  const ctx = mask.getContext('2d');
  const samples = new Map<number, Rgb[]>();
  for (const [index, item] of scene.items.entries()) {
    if (item.kind !== 'text' || item.empty || item.glyphs.length === 0) continue;
    const before = scene.items.slice(0, index).filter((i): i is ScenePicture => i.kind === 'picture');
    let backdrop = backdrops.get(before.length);
    if (!backdrop) {
      backdrop = backdropPixels(scene, before, widthPx, deps);
      backdrops.set(before.length, backdrop);
    }
    const pixels = await backdrop;
    // Only the text's own region is cleared, drawn into and read back: a month grid's cells are a few
    // hundred pixels each, and reading the whole page for each of them made a calendar take seconds.
    const region = textRegionPx(item, pxPerMm, widthPx, heightPx);
    const under: Rgb[] = [];
    samples.set(index, under);
    if (!region) continue;
    ctx.globalCompositeOperation = 'source-over';
    ctx.clearRect(region.x, region.y, region.width, region.height);
    const ink: SceneText = { ...item, color: '#000000', shadow: null };
    drawText(raw(mask), ink, deps.fonts, pxPerMm);
    ctx.globalCompositeOperation = 'destination-out';
    for (const slot of before) if (slot.editable && slot.picture === null) fillItemBox(ctx, slot, pxPerMm);
    const alpha = ctx.getImageData(region.x, region.y, region.width, region.height).data;
    for (let row = 0; row < region.height; row++) {
      for (let col = 0; col < region.width; col++) {
        if (alpha[(row * region.width + col) * 4 + 3]! < 128) continue;
        const p = ((region.y + row) * widthPx + region.x + col) * 4;
        under.push({ r: pixels[p]!, g: pixels[p + 1]!, b: pixels[p + 2]! });
      }
    }
  }
  return samples;
}

/** Every problem of a template (engine/preflight.ts), contrast included. */
export async function runPreflight(
  json: unknown,
  options: RunPreflightOptions = {},
): Promise<PreflightProblem[]> {
  const fonts = options.fonts ?? (await loadFontSet());
  const today = options.today ?? systemClock.now();
  const { template } = parseForPreflight(json);
  if (!template) return preflight(json, fonts, { today });
  const loadImage = options.loadImage ?? createImageLoader({ templatesRoot: options.templatesRoot });
  let scenes: PageScene[];
  try {
    scenes = preflightScenes(template, fonts, today);
  } catch (error) {
    // A font the shop lacks cannot be drawn: that is a problem of its own (unknown-font), and the
    // contrast of its texts is checked once the author names a font the shop has.
    if (error instanceof UnknownFontError) return preflight(json, fonts, { today });
    throw error;
  }
  const byPage = new Map<string, Map<number, Rgb[]>>();
  for (const scene of scenes) {
    byPage.set(scene.pageId, await samplePage(scene, { fonts, loadImage }));
  }
  return preflight(json, fonts, {
    today,
    backdrop: (scene, index) => byPage.get(scene.pageId)?.get(index) ?? null,
  });
}
