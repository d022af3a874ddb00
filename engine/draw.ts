/**
 * Drawing a page scene onto a 2D canvas: the ONE implementation both renderers use. The print server
 * calls it from a Konva `Shape`'s sceneFunc on @napi-rs/canvas; the editor's Konva `Shape
 * sceneFunc` calls the very same functions on the browser's canvas. Nothing here breaks, measures or
 * shapes text (the scene did that): text is drawn as the shaped glyph outlines, pictures with the
 * scene's crop, rotation and effect.
 *
 * Pure TypeScript: no DOM at runtime, no Node APIs, no Konva. `Canvas2D` is the subset of
 * CanvasRenderingContext2D used here, so a browser context and an @napi-rs/canvas context both fit it.
 *
 * Units: the scene is in millimetres from the page's top-left; `pxPerMm` maps them onto the context's
 * current user space (the renderer's stage, whatever transform it already has).
 *
 * Conventions:
 * - Rotations (`SceneRotation`) turn clockwise, in degrees, about a pivot on the page.
 * - Text is filled with the non-zero rule, all glyphs of an item in ONE path and one fill, so glyphs
 *   that overlap (script fonts) neither seam nor double their shadow.
 * - Text shadows (S1 §3): offsets and blur in mm, opacity in percent. Canvas shadows ignore the
 *   transform, so they are converted to OUTPUT pixels here: mm × pxPerMm × the context's current scale
 *   (read from `getTransform()` when the context has it: Konva's pixel ratio, the editor's zoom). The
 *   blur radius becomes `shadowBlur` (Gaussian σ = radius / 2, as CSS text-shadow). The offsets stay
 *   along the page's axes, also for rotated text (as Konva and the canvas do).
 * - Pictures: see `drawPicture`. Effects are pixel transforms on the decoded picture at its own
 *   resolution (see `applyEffect`), so they do not depend on the output scale or the platform's
 *   resampling: same input pixels, same output pixels, in the browser and on the server.
 */
import type { Effect, Rotation } from './image.ts';
import type { PageScene, SceneItem, ScenePicture, SceneRotation, SceneText } from './scene.ts';
import type { FontSet } from './text/fonts.ts';
import { glyphOutline, type PathSink, traceOutline } from './text/glyphs.ts';

/** Anything `drawImage` takes and that knows its pixel size: an image element, a canvas, an ImageBitmap. */
export interface DrawableImage {
  readonly width: number;
  readonly height: number;
}

/** Pixels as `getImageData` returns them: RGBA, 8 bits per channel, row by row, not premultiplied. */
export interface PixelData {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/**
 * The subset of CanvasRenderingContext2D the drawing uses. Methods are declared as methods (their
 * parameters compare bivariantly), so the browser's context and @napi-rs/canvas's both satisfy it.
 */
export interface Canvas2D extends PathSink {
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(radians: number): void;
  scale(x: number, y: number): void;
  beginPath(): void;
  rect(x: number, y: number, width: number, height: number): void;
  fillRect(x: number, y: number, width: number, height: number): void;
  clip(): void;
  fill(): void;
  drawImage(image: object, dx: number, dy: number): void;
  drawImage(image: object, dx: number, dy: number, dw: number, dh: number): void;
  getImageData(sx: number, sy: number, sw: number, sh: number): PixelData;
  putImageData(data: PixelData, dx: number, dy: number): void;
  /** Written with a CSS colour string; typed loosely because contexts also hold gradients here. */
  fillStyle: unknown;
  globalAlpha: number;
  shadowColor: string;
  shadowBlur: number;
  shadowOffsetX: number;
  shadowOffsetY: number;
  imageSmoothingEnabled: boolean;
  imageSmoothingQuality: 'low' | 'medium' | 'high';
  /** The current transform (a..f), used to convert shadows to output pixels. */
  getTransform?(): { a: number; b: number; c: number; d: number };
}

/** An offscreen canvas (`document.createElement('canvas')`, OffscreenCanvas, @napi-rs/canvas `createCanvas`). */
export interface OffscreenSurface extends DrawableImage {
  getContext(contextId: '2d'): Canvas2D | null;
}

export type MakeCanvas = (width: number, height: number) => OffscreenSurface;

export interface DrawDeps {
  fonts: FontSet;
  /** Pixels (of the context's user space) per millimetre of the page. */
  pxPerMm: number;
  /** The decoded picture of a picture item; null draws nothing (not loaded yet, or an empty slot). */
  imageFor(item: ScenePicture): DrawableImage | null;
  /** Offscreen canvases for the picture effects. */
  makeCanvas: MakeCanvas;
}

const DEG = Math.PI / 180;

/** Turn the context clockwise by `rotation.deg` about the pivot (page mm). No-op for null or 0°. */
function applyRotation(ctx: Canvas2D, rotation: SceneRotation | null, pxPerMm: number): void {
  if (!rotation || rotation.deg % 360 === 0) return;
  const ox = rotation.originXMm * pxPerMm;
  const oy = rotation.originYMm * pxPerMm;
  ctx.translate(ox, oy);
  ctx.rotate(rotation.deg * DEG);
  ctx.translate(-ox, -oy);
}

/** Output pixels per user-space pixel of the context (1 when it cannot tell). */
function outputScale(ctx: Canvas2D): number {
  const m = ctx.getTransform?.();
  if (!m) return 1;
  const s = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
  return Number.isFinite(s) && s > 0 ? s : 1;
}

/** '#RRGGBB' (or '#RGB') and an opacity 0..1 → 'rgba(r, g, b, a)'. Anything else is passed through. */
export function withOpacity(color: string, opacity: number): string {
  const a = Math.min(1, Math.max(0, opacity));
  let hex = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(color.trim())?.[1];
  if (!hex) return color;
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const n = Number.parseInt(hex, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
}

/**
 * Fill every glyph outline of a text item in its colour, with its shadow and rotation. Empty slots
 * (`item.empty`) draw nothing: 'Select text' is the editor's placeholder, not part of the page.
 */
export function drawText(ctx: Canvas2D, item: SceneText, fonts: FontSet, pxPerMm: number): void {
  if (item.empty || item.glyphs.length === 0) return;
  ctx.save();
  applyRotation(ctx, item.rotation, pxPerMm);
  const scale = item.mmPerUnit * pxPerMm;
  ctx.beginPath();
  for (const g of item.glyphs) {
    traceOutline(ctx, glyphOutline(fonts, item.family, g.glyphId), g.xMm * pxPerMm, g.yMm * pxPerMm, scale);
  }
  const shadow = item.shadow;
  if (shadow && shadow.opacity > 0) {
    const out = pxPerMm * outputScale(ctx);
    ctx.shadowColor = withOpacity(shadow.color, shadow.opacity / 100);
    ctx.shadowOffsetX = shadow.offsetX * out;
    ctx.shadowOffsetY = shadow.offsetY * out;
    ctx.shadowBlur = Math.max(0, shadow.blurRadius * out);
  }
  ctx.fillStyle = item.color;
  ctx.fill();
  ctx.restore();
}

// ---------------------------------------------------------------------------------------------------
// Effects

/**
 * The effects as exact per-pixel formulas on 8-bit sRGB values (no linearisation), alpha untouched:
 *
 * - bw: Rec. 601 luma, Y = 0.299 R + 0.587 G + 0.114 B, rounded; R' = G' = B' = Y.
 * - sepia: the classic matrix, each result rounded and clamped to 0..255:
 *     R' = 0.393 R + 0.769 G + 0.189 B
 *     G' = 0.349 R + 0.686 G + 0.168 B
 *     B' = 0.272 R + 0.534 G + 0.131 B
 *
 * Rounding is Math.round then clamping (Uint8ClampedArray rounds half to even; we round first so the
 * result is the same in every engine).
 */
export function effectPixels(data: Uint8ClampedArray, effect: Effect): void {
  if (effect === 'original') return;
  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
  for (let i = 0; i < data.length; i += 4) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    if (effect === 'bw') {
      const y = clamp(0.299 * r + 0.587 * g + 0.114 * b);
      data[i] = y;
      data[i + 1] = y;
      data[i + 2] = y;
    } else {
      data[i] = clamp(0.393 * r + 0.769 * g + 0.189 * b);
      data[i + 1] = clamp(0.349 * r + 0.686 * g + 0.168 * b);
      data[i + 2] = clamp(0.272 * r + 0.534 * g + 0.131 * b);
    }
  }
}

/** Effected copies, per decoded image and effect (Konva redraws often; the pixels do not change). */
const effectCache = new WeakMap<object, Map<Effect, DrawableImage>>();

/**
 * The picture with `effect` applied, at the picture's own resolution: drawn 1:1 (no resampling) into
 * an offscreen canvas, transformed with `effectPixels`, put back. Cached per image object and effect.
 */
export function applyEffect(image: DrawableImage, effect: Effect, makeCanvas: MakeCanvas): DrawableImage {
  if (effect === 'original') return image;
  let perImage = effectCache.get(image);
  const cached = perImage?.get(effect);
  if (cached) return cached;
  const w = Math.max(1, Math.round(image.width));
  const h = Math.max(1, Math.round(image.height));
  const surface = makeCanvas(w, h);
  const ctx = surface.getContext('2d');
  if (!ctx) throw new Error('The offscreen canvas has no 2D context');
  ctx.drawImage(image, 0, 0, w, h);
  const pixels = ctx.getImageData(0, 0, w, h);
  effectPixels(pixels.data, effect);
  ctx.putImageData(pixels, 0, 0);
  if (!perImage) {
    perImage = new Map();
    effectCache.set(image, perImage);
  }
  perImage.set(effect, surface);
  return surface;
}

// ---------------------------------------------------------------------------------------------------
// Pictures

/**
 * Where the ORIGINAL picture goes so that its `rotation` (clockwise) turns it into the oriented
 * picture: the transform, in oriented-picture pixels, that maps the original's pixel (x, y) to the
 * oriented one. For 90°: (x, y) → (h − y, x).
 */
function orient(ctx: Canvas2D, rotation: Rotation, w: number, h: number): void {
  switch (rotation) {
    case 90:
      ctx.translate(h, 0);
      ctx.rotate(90 * DEG);
      break;
    case 180:
      ctx.translate(w, h);
      ctx.rotate(180 * DEG);
      break;
    case 270:
      ctx.translate(0, w);
      ctx.rotate(270 * DEG);
      break;
    default:
      break;
  }
}

/**
 * The resampling quality for a picture drawn at `scale` output pixels per picture pixel. Chromium's
 * canvas and @napi-rs/canvas (two Skia builds) agree on 'medium' (mipmapped bilinear) when shrinking,
 * within a few levels, but not on 'high': there one of them filters with mipmaps and the other with a
 * plain cubic, and thin lines of a picture shrunk 3x come out up to 100 levels apart. Enlarging, both
 * use the same cubic for 'high'. So: 'medium' to shrink, 'high' to enlarge (measured with the author
 * harness, docs/template-format.md).
 */
export function smoothingFor(scale: number): 'medium' | 'high' {
  return scale < 1 ? 'medium' : 'high';
}

/**
 * Draw a picture item: clip to its box, then draw the original picture turned by `picture.rotation` so
 * that the crop rectangle of the oriented picture lands exactly on the box. A crop reaching outside
 * 0..1 (fit-in) leaves that part of the box untouched (the white page shows through). The item's own
 * rotation turns the whole box about its pivot. Empty slots (`picture === null`) draw nothing.
 *
 * `image` may be a smaller rendition of the original (a preview): the crop is in fractions, so only its
 * aspect matters. `makeCanvas` is needed for the bw and sepia effects (see `applyEffect`).
 */
export function drawPicture(
  ctx: Canvas2D,
  item: ScenePicture,
  image: DrawableImage,
  pxPerMm: number,
  makeCanvas?: MakeCanvas,
): void {
  const picture = item.picture;
  if (!picture || !(image.width > 0 && image.height > 0)) return;
  const { crop } = picture;
  if (!(crop.width > 0 && crop.height > 0)) return;
  let source = image;
  if (picture.effect !== 'original') {
    if (!makeCanvas) throw new Error(`The ${picture.effect} effect needs makeCanvas`);
    source = applyEffect(image, picture.effect, makeCanvas);
  }
  const w = image.width;
  const h = image.height;
  const turned = picture.rotation === 90 || picture.rotation === 270;
  const orientedW = turned ? h : w;
  const orientedH = turned ? w : h;

  const boxX = item.xMm * pxPerMm;
  const boxY = item.yMm * pxPerMm;
  const boxW = item.widthMm * pxPerMm;
  const boxH = item.heightMm * pxPerMm;

  ctx.save();
  applyRotation(ctx, item.rotation, pxPerMm);
  ctx.beginPath();
  ctx.rect(boxX, boxY, boxW, boxH);
  ctx.clip();
  // The whole oriented picture, in user space: the crop's window [x, x + width] onto the box.
  const drawW = boxW / crop.width;
  const drawH = boxH / crop.height;
  ctx.translate(boxX - crop.x * drawW, boxY - crop.y * drawH);
  ctx.scale(drawW / orientedW, drawH / orientedH);
  orient(ctx, picture.rotation, w, h);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = smoothingFor((drawW / orientedW) * outputScale(ctx));
  ctx.drawImage(source, 0, 0, w, h);
  ctx.restore();
}

// ---------------------------------------------------------------------------------------------------
// Pages

export function drawItem(ctx: Canvas2D, item: SceneItem, deps: DrawDeps): void {
  if (item.kind === 'text') {
    drawText(ctx, item, deps.fonts, deps.pxPerMm);
    return;
  }
  if (!item.picture) return;
  const image = deps.imageFor(item);
  if (image) drawPicture(ctx, item, image, deps.pxPerMm, deps.makeCanvas);
}

/** The page's white background. */
export function drawBackground(
  ctx: Canvas2D,
  scene: Pick<PageScene, 'widthMm' | 'heightMm'>,
  pxPerMm: number,
): void {
  ctx.save();
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, scene.widthMm * pxPerMm, scene.heightMm * pxPerMm);
  ctx.restore();
}

/** A whole page: the white background, then every item in the scene's order. */
export function drawPage(ctx: Canvas2D, scene: PageScene, deps: DrawDeps): void {
  drawBackground(ctx, scene, deps.pxPerMm);
  for (const item of scene.items) drawItem(ctx, item, deps);
}
