/**
 * The print renderer: a page scene drawn with Konva on @napi-rs/canvas, exported as PNG.
 *
 * One Konva.Stage the size of the page in output pixels, one Layer, one Konva.Shape per scene item
 * (plus one for the white page) whose sceneFunc calls engine/draw.ts, the same functions the editor's
 * Konva `Shape` sceneFunc calls. Inside sceneFunc we take the raw 2D context
 * (`context._context`): Konva has already set the shape's transform on it, and the raw context has
 * everything `Canvas2D` needs (getImageData/putImageData, imageSmoothingQuality, getTransform), which
 * Konva's Context wrapper only partly forwards. The shapes do not listen to events, so Konva never
 * draws them a second time into a hit canvas.
 */
import { crc32 } from 'node:zlib';
import { type Canvas, createCanvas, type Image } from '@napi-rs/canvas';
import type Konva from 'konva';
import type { FontSet, PageScene, PictureSource, ScenePicture } from '../../engine/index.ts';
import {
  type Canvas2D,
  drawBackground,
  drawItem,
  type MakeCanvas,
  MM_PER_INCH,
  PRINT_DPI,
} from '../../engine/index.ts';
import { setupNodeKonva } from './node-konva.ts';

export interface RenderDeps {
  fonts: FontSet;
  /** A decoded picture for a source (see images.ts `createImageLoader`); null when there is none. */
  loadImage(source: PictureSource): Promise<Image | null>;
  /**
   * What to do with a picture the loader cannot find: 'error' (default) fails the render, so no print
   * file ever silently misses a picture; 'skip' leaves the slot empty (white).
   */
  missingPicture?: 'error' | 'skip';
}

export interface RenderOptions extends RenderDeps {
  /** Output width in pixels (previews). */
  widthPx?: number;
  /** Output resolution (print). Used when `widthPx` is not given; default 300. */
  dpi?: number;
}

export interface PageRaster {
  canvas: Canvas;
  widthPx: number;
  heightPx: number;
  pxPerMm: number;
}

const makeCanvas: MakeCanvas = (w, h) => createCanvas(w, h);

/** Output size: pxPerMm from the width asked for, or dpi / 25.4; sides rounded to whole pixels. */
export function pageSizePx(
  scene: Pick<PageScene, 'widthMm' | 'heightMm'>,
  size: { widthPx?: number; dpi?: number },
): { widthPx: number; heightPx: number; pxPerMm: number } {
  if (size.widthPx !== undefined) {
    if (!(Number.isInteger(size.widthPx) && size.widthPx > 0)) {
      throw new RangeError(`widthPx must be a positive integer, got ${size.widthPx}`);
    }
    const pxPerMm = size.widthPx / scene.widthMm;
    return { widthPx: size.widthPx, heightPx: Math.max(1, Math.round(scene.heightMm * pxPerMm)), pxPerMm };
  }
  const dpi = size.dpi ?? PRINT_DPI;
  if (!(Number.isFinite(dpi) && dpi > 0)) throw new RangeError(`dpi must be positive, got ${dpi}`);
  const pxPerMm = dpi / MM_PER_INCH;
  return {
    widthPx: Math.max(1, Math.round(scene.widthMm * pxPerMm)),
    heightPx: Math.max(1, Math.round(scene.heightMm * pxPerMm)),
    pxPerMm,
  };
}

/** Every picture of the scene, decoded (in parallel), by item. */
async function loadPictures(scene: PageScene, deps: RenderDeps): Promise<Map<ScenePicture, Image>> {
  const pictures = scene.items.filter((i): i is ScenePicture => i.kind === 'picture' && i.picture !== null);
  const images = await Promise.all(pictures.map((item) => deps.loadImage(item.picture!.source)));
  const byItem = new Map<ScenePicture, Image>();
  pictures.forEach((item, n) => {
    const image = images[n];
    if (image) byItem.set(item, image);
    else if ((deps.missingPicture ?? 'error') === 'error') {
      const s = item.picture!.source;
      throw new Error(`No picture for ${item.id} (${s.kind === 'art' ? s.src : `user ${s.uuid}`})`);
    }
  });
  return byItem;
}

const raw = (context: Konva.Context) => (context as unknown as { _context: Canvas2D })._context;

/**
 * Draw a page through Konva and hand the canvas to `use` (encode it, read pixels). The canvas is
 * Konva's layer canvas: it is released (sized 0 x 0) when `use` returns, so copy what you need.
 */
export async function withPageCanvas<T>(
  scene: PageScene,
  options: RenderOptions,
  use: (raster: PageRaster) => T | Promise<T>,
): Promise<T> {
  const K = setupNodeKonva();
  const { widthPx, heightPx, pxPerMm } = pageSizePx(scene, options);
  const images = await loadPictures(scene, options);
  const deps = {
    fonts: options.fonts,
    pxPerMm,
    imageFor: (item: ScenePicture) => images.get(item) ?? null,
    makeCanvas,
  };

  const stage = new K.Stage({ width: widthPx, height: heightPx, listening: false } as Konva.StageConfig);
  try {
    const layer = new K.Layer({ listening: false, imageSmoothingEnabled: true });
    stage.add(layer);
    layer.add(
      new K.Shape({ listening: false, sceneFunc: (context) => drawBackground(raw(context), scene, pxPerMm) }),
    );
    for (const item of scene.items) {
      layer.add(
        new K.Shape({ listening: false, sceneFunc: (context) => drawItem(raw(context), item, deps) }),
      );
    }
    layer.draw();
    const canvas = layer.getNativeCanvasElement() as unknown as Canvas;
    if (canvas.width !== widthPx || canvas.height !== heightPx) {
      throw new Error(`Konva drew ${canvas.width} x ${canvas.height}, expected ${widthPx} x ${heightPx}`);
    }
    return await use({ canvas, widthPx, heightPx, pxPerMm });
  } finally {
    stage.destroy();
  }
}

/**
 * PNG bytes with a pHYs chunk (after IHDR) saying `pxPerMm`, so print software reads 300 dpi rather
 * than guessing 72 (the PNG encoder writes none).
 */
export function withResolution(png: Buffer, pxPerMm: number): Buffer {
  const IHDR_END = 8 + 8 + 13 + 4; // signature, length + type, data, crc
  if (png.toString('latin1', 12, 16) !== 'IHDR') return png;
  // pHYs must come before IDAT: look at the chunks up to there.
  for (let at = 8; at + 8 <= png.length; at += 12 + png.readUInt32BE(at)) {
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'pHYs') return png;
    if (type === 'IDAT') break;
  }
  const perMetre = Math.round(pxPerMm * 1000);
  const chunk = Buffer.alloc(4 + 4 + 9 + 4);
  chunk.writeUInt32BE(9, 0);
  chunk.write('pHYs', 4, 'latin1');
  chunk.writeUInt32BE(perMetre, 8);
  chunk.writeUInt32BE(perMetre, 12);
  chunk.writeUInt8(1, 16); // unit: metre
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 17)), 17);
  return Buffer.concat([png.subarray(0, IHDR_END), chunk, png.subarray(IHDR_END)]);
}

/** A page as PNG bytes at `widthPx` pixels wide, or at `dpi` (default 300), its resolution recorded. */
export function renderPagePng(scene: PageScene, options: RenderOptions): Promise<Buffer> {
  return withPageCanvas(scene, options, async ({ canvas, pxPerMm }) =>
    withResolution(await canvas.encode('png'), pxPerMm),
  );
}

/** A screen preview `widthPx` wide. */
export function renderPreviewPng(scene: PageScene, widthPx: number, deps: RenderDeps): Promise<Buffer> {
  return renderPagePng(scene, { ...deps, widthPx });
}

/** The print file: 300 dpi (an A4 page is 2480 x 3508 px). */
export function renderPrintPng(scene: PageScene, deps: RenderDeps): Promise<Buffer> {
  return renderPagePng(scene, { ...deps, dpi: PRINT_DPI });
}
