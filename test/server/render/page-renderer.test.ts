import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, type Image, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Canvas2D, OffscreenSurface } from '../../../engine/draw.ts';
import { effectPixels, withOpacity } from '../../../engine/draw.ts';
import type { CropRect, Effect, Rotation } from '../../../engine/image.ts';
import { createInstance, run, startHistory } from '../../../engine/instance.ts';
import { type PageScene, pageScene, type ScenePicture, type SceneText } from '../../../engine/scene.ts';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { artPath, createImageLoader } from '../../../server/render/images.ts';
import {
  pageSizePx,
  renderPagePng,
  renderPreviewPng,
  renderPrintPng,
  withResolution,
} from '../../../server/render/page-renderer.ts';
import { systemClock } from '../../../shop/clock.ts';
import {
  artSvg,
  flatPng,
  QUADRANT_COLORS,
  quadrantsPng,
  samplePhotoPng,
} from '../../fixtures/pictures/make.ts';
import { calendarTemplate, cardTemplate } from '../../fixtures/templates.ts';
import { loadAllFonts, opentypeFont } from '../../unit/engine/text/load-fonts.ts';

// Compile-time: both platforms' contexts and canvases fit engine/draw.ts's structural types.
type Fits<A, B> = A extends B ? true : false;
const browserFits: [Fits<CanvasRenderingContext2D, Canvas2D>, Fits<HTMLCanvasElement, OffscreenSurface>] = [
  true,
  true,
];
const napiFits: Fits<SKRSContext2D, Canvas2D> = true;
const napiCanvasFits: Fits<ReturnType<typeof createCanvas>, OffscreenSurface> = true;

const today = systemClock.now();
let fonts: FontSet;
let artRoot: string;
const userPictures = new Map<string, Buffer>();

beforeAll(async () => {
  fonts = await loadAllFonts();
  artRoot = mkdtempSync(path.join(tmpdir(), 'render-art-'));
  mkdirSync(path.join(artRoot, 'art'));
  writeFileSync(path.join(artRoot, 'art', 'bg.svg'), artSvg(1500, 1000));
  userPictures.set('landscape', samplePhotoPng(1600, 1200, 1));
  userPictures.set('portrait', samplePhotoPng(1200, 1600, 2));
});
afterAll(() => rmSync(artRoot, { recursive: true, force: true }));

const loader = () =>
  createImageLoader({ templatesRoot: artRoot, userPicture: async (uuid) => userPictures.get(uuid) ?? null });

// ---- PNG helpers ----

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk (checks the signature first). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
  at(x: number, y: number): [number, number, number, number];
}

async function decode(png: Buffer): Promise<Pixels> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data, width, height } = ctx.getImageData(0, 0, image.width, image.height);
  return {
    width,
    height,
    data,
    at: (x, y) => {
      const i = (Math.floor(y) * width + Math.floor(x)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
    },
  };
}

const hex = (c: string): [number, number, number] => {
  const n = Number.parseInt(c.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const isWhite = ([r, g, b, a]: number[]) => r === 255 && g === 255 && b === 255 && a === 255;
const near = (p: number[], c: [number, number, number], tol = 2) =>
  Math.abs(p[0]! - c[0]) <= tol && Math.abs(p[1]! - c[1]) <= tol && Math.abs(p[2]! - c[2]) <= tol;

/** Every pixel of a mm rectangle (inset by `insetPx` so antialiased edges do not count). */
function* pixelsIn(px: Pixels, pxPerMm: number, box: Box, insetPx = 2): Generator<number[]> {
  const x0 = Math.ceil(box.xMm * pxPerMm) + insetPx;
  const y0 = Math.ceil(box.yMm * pxPerMm) + insetPx;
  const x1 = Math.floor((box.xMm + box.widthMm) * pxPerMm) - insetPx;
  const y1 = Math.floor((box.yMm + box.heightMm) * pxPerMm) - insetPx;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) yield px.at(x, y);
}

interface Box {
  xMm: number;
  yMm: number;
  widthMm: number;
  heightMm: number;
}
const quarter = (): CropRect => ({ x: 0, y: 0, width: 0.5, height: 0.5 });

const inBox = (b: Box, xMm: number, yMm: number, marginMm: number) =>
  xMm >= b.xMm - marginMm &&
  xMm <= b.xMm + b.widthMm + marginMm &&
  yMm >= b.yMm - marginMm &&
  yMm <= b.yMm + b.heightMm + marginMm;

// ---- scenes ----

function cardScene(): PageScene {
  const card = cardTemplate();
  let h = startHistory(createInstance(card, today));
  h = run(card, h, 'setPicture', 'photo1', { uuid: 'portrait', width: 1200, height: 1600 });
  h = run(card, h, 'setPicture', 'photo2', { uuid: 'landscape', width: 1600, height: 1200 });
  h = run(card, h, 'setText', 'greeting', 'Happy birthday, Ava!');
  return pageScene(card, h.instance, 'p1', fonts);
}

function pictureScene(
  over: { crop?: CropRect; rotation?: Rotation; effect?: Effect; uuid?: string; w?: number; h?: number } = {},
): PageScene {
  const w = over.w ?? 400;
  const h = over.h ?? 300;
  const item: ScenePicture = {
    kind: 'picture',
    id: 'pic',
    editable: false,
    xMm: 10,
    yMm: 10,
    widthMm: 40,
    heightMm: 30,
    rotation: null,
    picture: {
      source: { kind: 'user', uuid: over.uuid ?? 'quadrants' },
      width: w,
      height: h,
      rotation: over.rotation ?? 0,
      effect: over.effect ?? 'original',
      crop: over.crop ?? { x: 0, y: 0, width: 1, height: 1 },
    },
  };
  return { pageId: 'test', widthMm: 60, heightMm: 50, lifted: false, items: [item] };
}

describe('renderPagePng', () => {
  it('draws the card page: pictures in their boxes, text in its colour, white elsewhere', async () => {
    const full = cardScene();
    // Without the full-page background art first, so "outside every box" is the white page.
    const scene = { ...full, items: full.items.filter((i) => i.id !== 'background') };
    const png = await renderPreviewPng(scene, 1500, { fonts, loadImage: loader() });
    expect(pngSize(png)).toEqual({ width: 1500, height: 1000 });
    const px = await decode(png);
    const pxPerMm = 10;

    const photo1 = scene.items.find((i) => i.id === 'photo1')!;
    const photo1Pixels = [...pixelsIn(px, pxPerMm, photo1)];
    expect(photo1Pixels.filter(isWhite).length).toBe(0);
    const photo2 = scene.items.find((i) => i.id === 'photo2')!;
    // photo2 is fit-in: a landscape 4:3 in a 3:2 box leaves white bars left and right, photo in the middle.
    expect(isWhite(px.at((photo2.xMm + photo2.widthMm / 2) * pxPerMm, (photo2.yMm + 20) * pxPerMm))).toBe(
      false,
    );
    expect(isWhite(px.at((photo2.xMm + 1) * pxPerMm, (photo2.yMm + 20) * pxPerMm))).toBe(true);

    const text = scene.items.find((i): i is SceneText => i.kind === 'text')!;
    expect(text.color).toBe('#222222');
    const inText = [...pixelsIn(px, pxPerMm, text, 0)];
    const colored = inText.filter((p) => near(p, hex(text.color), 0)).length;
    expect(colored).toBeGreaterThan(200);

    const boxes = scene.items;
    let checked = 0;
    for (let y = 0; y < px.height; y += 3) {
      for (let x = 0; x < px.width; x += 3) {
        const xMm = (x + 0.5) / pxPerMm;
        const yMm = (y + 0.5) / pxPerMm;
        if (boxes.some((b) => inBox(b, xMm, yMm, 0.3))) continue;
        checked++;
        if (!isWhite(px.at(x, y))) throw new Error(`pixel ${x},${y} outside every box is ${px.at(x, y)}`);
      }
    }
    expect(checked).toBeGreaterThan(50_000);
  });

  it('draws SVG art from the templates root under everything else', async () => {
    const scene = cardScene();
    const png = await renderPreviewPng(scene, 600, { fonts, loadImage: loader() });
    const px = await decode(png);
    // Between the boxes: the art's pale wash, not the white page.
    expect(near(px.at(75 * 4, 95 * 4), hex('#f3efe6'))).toBe(true);
    expect(isWhite(px.at(30 * 4, 50 * 4))).toBe(false);
  });

  it('fails on a missing picture unless told to skip it', async () => {
    const scene = pictureScene({ uuid: 'nobody' });
    await expect(renderPreviewPng(scene, 120, { fonts, loadImage: loader() })).rejects.toThrow(
      /No picture for pic \(user nobody\)/,
    );
    const png = await renderPreviewPng(scene, 120, { fonts, loadImage: loader(), missingPicture: 'skip' });
    const px = await decode(png);
    expect(px.data.every((v) => v === 255)).toBe(true);
  });

  it('draws text where it was measured: the dark pixels span the glyph run', async () => {
    const card = cardTemplate();
    const base = pageScene(card, createInstance(card, today), 'p2', fonts);
    const text = { ...(base.items[0] as SceneText), color: '#000000' };
    expect(text.lines).toEqual(['Happy birthday']);
    const scene: PageScene = { ...base, items: [text] };
    const pxPerMm = 20;
    const png = await renderPagePng(scene, { fonts, loadImage: loader(), widthPx: 150 * pxPerMm });
    const px = await decode(png);

    // The ink box of the run from the glyph bounding boxes opentype.js reads (a reader independent of
    // the HarfBuzz outlines drawn), in page mm.
    const ot = opentypeFont(text.family);
    let left = Number.POSITIVE_INFINITY;
    let right = Number.NEGATIVE_INFINITY;
    let top = Number.POSITIVE_INFINITY;
    let bottom = Number.NEGATIVE_INFINITY;
    for (const g of text.glyphs) {
      const bb = ot.glyphs.get(g.glyphId).getBoundingBox();
      if (bb.x1 === bb.x2) continue; // the space
      left = Math.min(left, g.xMm + bb.x1 * text.mmPerUnit);
      right = Math.max(right, g.xMm + bb.x2 * text.mmPerUnit);
      top = Math.min(top, g.yMm - bb.y2 * text.mmPerUnit);
      bottom = Math.max(bottom, g.yMm - bb.y1 * text.mmPerUnit);
    }

    let minX = Number.POSITIVE_INFINITY;
    let maxX = -1;
    let minY = Number.POSITIVE_INFINITY;
    let maxY = -1;
    for (let y = 0; y < px.height; y++) {
      for (let x = 0; x < px.width; x++) {
        if (px.at(x, y)[0]! < 128) {
          minX = Math.min(minX, x);
          maxX = Math.max(maxX, x + 1);
          minY = Math.min(minY, y);
          maxY = Math.max(maxY, y + 1);
        }
      }
    }
    expect(maxX - minX).toBeGreaterThan(800); // 'Happy birthday' at 24 pt is about 50 mm
    expect(Math.abs(minX - left * pxPerMm)).toBeLessThanOrEqual(2);
    expect(Math.abs(maxX - right * pxPerMm)).toBeLessThanOrEqual(2);
    expect(Math.abs(minY - top * pxPerMm)).toBeLessThanOrEqual(2);
    expect(Math.abs(maxY - bottom * pxPerMm)).toBeLessThanOrEqual(2);
  });

  it('draws a text shadow offset in mm, in the shadow colour', async () => {
    const card = cardTemplate();
    const base = pageScene(card, createInstance(card, today), 'p2', fonts);
    const plain = base.items[0] as SceneText;
    const shadow = { offsetX: 2, offsetY: 3, blurRadius: 0, opacity: 100, color: '#ff0000' };
    const scene: PageScene = { ...base, items: [{ ...plain, color: '#000000', shadow }] };
    const px = await decode(await renderPreviewPng(scene, 1500, { fonts, loadImage: loader() })); // 10 px/mm
    // A pixel of the text's ink (black) has its shadow (red) 20 px right and 30 px down, unless ink covers it.
    let pairs = 0;
    for (let y = 0; y < px.height - 30; y++) {
      for (let x = 0; x < px.width - 20; x++) {
        const p = px.at(x, y);
        if (!(p[0] === 0 && p[1] === 0)) continue;
        // There: the opaque red shadow, or ink over it (black, dark red at the ink's edges), never white.
        const s = px.at(x + 20, y + 30);
        expect([s[1], s[2]]).toEqual([0, 0]);
        if (s[0] === 255) pairs++;
      }
    }
    expect(pairs).toBeGreaterThan(1000);
    expect(withOpacity('#C52B2B', 0.5)).toBe('rgba(197, 43, 43, 0.5)');
  });

  it('turns a rotated text about its pivot', async () => {
    const card = cardTemplate();
    const base = pageScene(card, createInstance(card, today), 'p2', fonts);
    const plain = base.items[0] as SceneText;
    // 90° clockwise about the box centre: the line (wide, short) becomes tall and narrow.
    const cx = plain.xMm + plain.widthMm / 2;
    const cy = plain.yMm + plain.heightMm / 2;
    const turned = { ...plain, color: '#000000', rotation: { deg: 90, originXMm: cx, originYMm: cy } };
    const scene: PageScene = { ...base, heightMm: 150, items: [turned] };
    const png = await renderPagePng(scene, { fonts, loadImage: loader(), widthPx: 600 });
    const px = await decode(png);
    let minX = Number.POSITIVE_INFINITY;
    let maxX = -1;
    let minY = Number.POSITIVE_INFINITY;
    let maxY = -1;
    for (let y = 0; y < px.height; y++) {
      for (let x = 0; x < px.width; x++) {
        if (px.at(x, y)[0]! < 128) {
          minX = Math.min(minX, x);
          maxX = Math.max(maxX, x);
          minY = Math.min(minY, y);
          maxY = Math.max(maxY, y);
        }
      }
    }
    expect(maxY - minY).toBeGreaterThan(3 * (maxX - minX));
    // Still centred on the pivot (4 px per mm).
    expect(Math.abs((minX + maxX) / 2 - cx * 4)).toBeLessThan(12);
    expect(Math.abs((minY + maxY) / 2 - cy * 4)).toBeLessThan(20);
  });
});

describe('pictures: crop, rotation, effects', () => {
  let quadrants: Image;
  let grey: Image;
  const fixed = (image: Image) => async () => image;
  beforeAll(async () => {
    quadrants = await loadImage(quadrantsPng(400, 300));
    grey = await loadImage(flatPng(64, 48, '#808080'));
  });
  const pxPerMm = 10;
  const box = { xMm: 10, yMm: 10, widthMm: 40, heightMm: 30 };

  /** The flat colour filling the box, or a throw naming the first pixel that differs. */
  async function boxColor(scene: PageScene, image: Image): Promise<number[]> {
    const png = await renderPreviewPng(scene, 60 * pxPerMm, { fonts, loadImage: fixed(image) });
    const px = await decode(png);
    // Inset 5 px: at the box's edges the (cubic) upscaling filter legitimately blends in the neighbouring
    // quadrant, up to 2 source pixels (4 output pixels here) away.
    const all = [...pixelsIn(px, pxPerMm, box, 5)];
    const first = all[0]!;
    const other = all.find((p) => p.some((v, i) => Math.abs(v - first[i]!) > 1));
    if (other) throw new Error(`the box is not flat: ${first} and ${other}`);
    // Outside the box: untouched white page.
    expect(isWhite(px.at(5 * pxPerMm, 5 * pxPerMm))).toBe(true);
    expect(isWhite(px.at(55 * pxPerMm, 45 * pxPerMm))).toBe(true);
    return first.slice(0, 3);
  }

  it('maps the crop of the top-left quadrant onto the whole box', async () => {
    expect(await boxColor(pictureScene({ crop: quarter() }), quadrants)).toEqual(
      hex(QUADRANT_COLORS.topLeft),
    );
  });

  it.each([
    [90, 'bottomLeft'],
    [180, 'bottomRight'],
    [270, 'topRight'],
  ] as const)(
    'rotated %i° clockwise, the oriented top-left quadrant is the original %s',
    async (rotation, q) => {
      const scene = pictureScene({ crop: quarter(), rotation });
      expect(await boxColor(scene, quadrants)).toEqual(hex(QUADRANT_COLORS[q]));
    },
  );

  it('places a partial crop exactly: half of one quadrant, half of the next', async () => {
    const scene = pictureScene({ crop: { x: 0.25, y: 0.5, width: 0.5, height: 0.5 } });
    const px = await decode(await renderPreviewPng(scene, 600, { fonts, loadImage: fixed(quadrants) }));
    // Box x 100..500 px: the left half shows bottom-left (blue), the right half bottom-right (yellow).
    expect(px.at(298, 250).slice(0, 3)).toEqual(hex(QUADRANT_COLORS.bottomLeft));
    expect(px.at(302, 250).slice(0, 3)).toEqual(hex(QUADRANT_COLORS.bottomRight));
    expect(px.at(102, 102).slice(0, 3)).toEqual(hex(QUADRANT_COLORS.bottomLeft));
    expect(px.at(497, 397).slice(0, 3)).toEqual(hex(QUADRANT_COLORS.bottomRight));
  });

  it('leaves the gaps of a fit-in crop white', async () => {
    // The whole picture (4:3) in the middle of a crop 1.5 times as wide: gaps of 1/6 of the box each side.
    const scene = pictureScene({ crop: { x: -0.25, y: 0, width: 1.5, height: 1 }, w: 400, h: 200 });
    const px = await decode(await renderPreviewPng(scene, 600, { fonts, loadImage: fixed(quadrants) }));
    const gap = 400 / 6; // px
    expect(isWhite(px.at(100 + gap - 3, 250))).toBe(true);
    expect(px.at(100 + gap + 3, 150).slice(0, 3)).toEqual(hex(QUADRANT_COLORS.topLeft));
    expect(px.at(500 - gap - 3, 350).slice(0, 3)).toEqual(hex(QUADRANT_COLORS.bottomRight));
    expect(isWhite(px.at(500 - gap + 3, 250))).toBe(true);
  });

  it('bw gives r = g = b, the Rec. 601 luma', async () => {
    const scene = pictureScene({ crop: quarter(), effect: 'bw' });
    expect(await boxColor(scene, quadrants)).toEqual([76, 76, 76]); // 0.299 × 255 red
    const photo = await loadImage(samplePhotoPng(400, 300, 3));
    const png = await renderPreviewPng(pictureScene({ effect: 'bw' }), 600, {
      fonts,
      loadImage: fixed(photo),
    });
    const px = await decode(png);
    const inside = [...pixelsIn(px, pxPerMm, box, 0)];
    expect(inside.every(([r, g, b]) => r === g && g === b)).toBe(true);
    expect(new Set(inside.map((p) => p[0])).size).toBeGreaterThan(50); // still a photo, not a flat grey
  });

  it('sepia gives r ≥ g ≥ b on mid grey, the classic matrix', async () => {
    const [r, g, b] = await boxColor(pictureScene({ effect: 'sepia', w: 64, h: 48 }), grey);
    expect(r).toBeGreaterThanOrEqual(g!);
    expect(g).toBeGreaterThanOrEqual(b!);
    // 128 × (0.393 + 0.769 + 0.189), 128 × (0.349 + 0.686 + 0.168), 128 × (0.272 + 0.534 + 0.131)
    expect([r, g, b]).toEqual([173, 154, 120]);
  });

  it('effectPixels follows the documented formulas, clamped, alpha untouched', () => {
    const data = new Uint8ClampedArray([255, 255, 255, 200, 10, 20, 30, 255]);
    effectPixels(data, 'sepia');
    expect([...data]).toEqual([255, 255, 239, 200, 25, 22, 17, 255]);
    const bw = new Uint8ClampedArray([255, 0, 0, 255, 0, 255, 0, 9]);
    effectPixels(bw, 'bw');
    expect([...bw]).toEqual([76, 76, 76, 255, 150, 150, 150, 9]);
  });
});

describe('page sizes', () => {
  it('prints a 210 x 297 mm page at 300 dpi as 2480 x 3508 px', async () => {
    const scene: PageScene = { pageId: 'a4', widthMm: 210, heightMm: 297, lifted: false, items: [] };
    expect(pageSizePx(scene, { dpi: 300 })).toMatchObject({ widthPx: 2480, heightPx: 3508 });
    const png = await renderPrintPng(scene, { fonts, loadImage: loader() });
    expect(pngSize(png)).toEqual({ width: 2480, height: 3508 });
  });

  it('previews at the width asked for, the height in proportion', () => {
    expect(pageSizePx({ widthMm: 150, heightMm: 100 }, { widthPx: 640 })).toMatchObject({
      widthPx: 640,
      heightPx: 427,
    });
    expect(() => pageSizePx({ widthMm: 150, heightMm: 100 }, { widthPx: 0 })).toThrow(RangeError);
  });
});

describe('the calendar', () => {
  it("renders January's page with its 55 grid texts and an autofilled picture", async () => {
    const cal = calendarTemplate();
    let h = startHistory(createInstance(cal, today));
    h = run(cal, h, 'autofill', [{ uuid: 'landscape', width: 1600, height: 1200 }]);
    const scene = pageScene(cal, h.instance, 'month-1', fonts);
    const grid = scene.items.filter((i) => i.id.startsWith('month-1:grid/'));
    expect(grid).toHaveLength(55);
    const png = await renderPreviewPng(scene, 840, { fonts, loadImage: loader() });
    expect(pngSize(png)).toEqual({ width: 840, height: 1188 });
    const px = await decode(png);
    const photo = scene.items.find((i) => i.kind === 'picture')!;
    expect([...pixelsIn(px, 4, photo)].filter(isWhite).length).toBe(0);
    // The holiday red of Sundays appears in the grid.
    const gridBox = { xMm: 10, yMm: 185, widthMm: 190, heightMm: 100 };
    expect([...pixelsIn(px, 4, gridBox, 0)].some((p) => near(p, hex('#C52B2B'), 40) && p[0]! > 150)).toBe(
      true,
    );
  });
});

describe('structural types', () => {
  it('the browser and @napi-rs/canvas contexts fit Canvas2D (checked by tsc)', () => {
    expect([...browserFits, napiFits, napiCanvasFits]).toEqual([true, true, true, true]);
  });
});

describe('print file details', () => {
  it('records the resolution in a pHYs chunk: 300 dpi is 11811 pixels per metre', async () => {
    const scene: PageScene = { pageId: 'a6', widthMm: 105, heightMm: 148, lifted: false, items: [] };
    const png = await renderPrintPng(scene, { fonts, loadImage: loader() });
    expect(png.toString('latin1', 37, 41)).toBe('pHYs');
    expect([png.readUInt32BE(41), png.readUInt32BE(45), png[49]]).toEqual([11811, 11811, 1]);
    expect(withResolution(png, 1)).toBe(png); // never twice
    const decoded = await loadImage(png); // the CRC is right, or decoding fails
    expect([decoded.width, decoded.height]).toEqual([1240, 1748]);
  });

  it('turns a rotated picture box about its pivot', async () => {
    const scene = pictureScene({ crop: quarter() });
    const item = scene.items[0] as ScenePicture;
    // 40 x 30 mm box at (10, 10), turned 90° about its centre (30, 25): it covers x 15..45, y 5..45.
    const turned: PageScene = {
      ...scene,
      items: [{ ...item, rotation: { deg: 90, originXMm: 30, originYMm: 25 } }],
    };
    const image = await loadImage(quadrantsPng(400, 300));
    const px = await decode(await renderPreviewPng(turned, 600, { fonts, loadImage: async () => image }));
    const red = hex(QUADRANT_COLORS.topLeft);
    expect(px.at(16 * 10, 6 * 10).slice(0, 3)).toEqual(red);
    expect(px.at(44 * 10, 44 * 10).slice(0, 3)).toEqual(red);
    expect(isWhite(px.at(12 * 10, 25 * 10))).toBe(true); // inside the unturned box, outside the turned one
    expect(isWhite(px.at(30 * 10, 7 * 10))).toBe(false); // outside the unturned box, inside the turned one
  });
});

describe('createImageLoader', () => {
  it('reads art under the templates root, refuses paths that leave it, caches decoded images', async () => {
    writeFileSync(path.join(artRoot, 'art', 'flat.png'), flatPng(30, 20, '#123456'));
    let asked = 0;
    const load = createImageLoader({
      templatesRoot: artRoot,
      userPicture: async (uuid) => {
        asked++;
        return userPictures.get(uuid) ?? null;
      },
    });
    const art = await load({ kind: 'art', src: 'art/flat.png' });
    expect([art?.width, art?.height]).toEqual([30, 20]);
    expect(await load({ kind: 'art', src: '/templates2/art/flat.png' })).not.toBeNull();
    const svg = await load({ kind: 'art', src: 'art/bg.svg' });
    expect([svg?.width, svg?.height]).toEqual([1500, 1000]);
    expect(await load({ kind: 'art', src: '../../etc/passwd' })).toBeNull();
    expect(artPath(artRoot, '../outside.png')).toBeNull();
    expect(await load({ kind: 'art', src: 'art/missing.png' })).toBeNull();
    const first = await load({ kind: 'user', uuid: 'landscape' });
    const again = await load({ kind: 'user', uuid: 'landscape' });
    expect(again).toBe(first);
    expect(asked).toBe(1);
    expect(await load({ kind: 'user', uuid: 'nobody' })).toBeNull();
  });
});
