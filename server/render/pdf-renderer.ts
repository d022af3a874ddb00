/**
 * The print renderer's PDF backend: the same page scenes the editor and the canvas renderer draw
 * (engine/scene.ts), as a print-ready PDF with pdfkit.
 *
 * - One page per scene page; each page is the trim size plus `bleedMm` on every side. MediaBox =
 *   BleedBox = the whole page, TrimBox the scene's page inside it.
 * - Text is the scene's shaped glyph outlines (engine/text/glyphs.ts `traceOutline`, the function the
 *   canvas renderer traces with), filled as vector paths: no font is embedded or needed, and the
 *   letters are exactly the editor's. A text shadow (a blur, which PDF has no vector form of) is drawn
 *   by the canvas renderer's own `drawText` into a transparent raster under the text.
 * - Pictures are cut to their slot with sharp at 300 ppi of their printed size (at their native
 *   resolution when that is lower, with a warning), with the editor's effect formulas.
 * - A picture that meets the page edge is carried into the bleed, so a trim a little off leaves no
 *   white line: its slot grows by the bleed and the picture around the crop fills it (its edge
 *   pixels repeated where the crop already reaches the picture's edge). Fit-in pictures are not
 *   extended: their gaps are part of the design.
 * - An sRGB OutputIntent (PDF/X style: GTS_PDFX with pdfkit's sRGB IEC61966-2.1 profile) and the
 *   document's metadata. A fixed creation date makes the bytes the same on every run.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import sharp, { type Matrix3x3 } from 'sharp';
import type { FontSet, PageScene, ScenePicture, SceneRotation, SceneText } from '../../engine/index.ts';
import {
  BLEED_MM,
  type Canvas2D,
  drawText,
  glyphOutline,
  MM_PER_INCH,
  PRINT_DPI,
  traceOutline,
} from '../../engine/index.ts';
import { systemClock } from '../../shop/index.ts';
import { artPath, DEFAULT_TEMPLATES_ROOTS } from './images.ts';

export const PT_PER_MM = 72 / MM_PER_INCH;
export const DEFAULT_BLEED_MM = BLEED_MM;

export interface PdfOptions {
  fonts: FontSet;
  /** A shopper's picture by uuid: its upright source bytes, or null when it is gone. */
  userPicture(uuid: string): Promise<Uint8Array | null>;
  /** Where template art is read (default the demo template folders, render/images.ts). */
  templatesRoot?: string | readonly string[];
  /** Template art by src (render/templateArt.ts `artReader`, which reads the storage); default: templatesRoot. */
  art?: (src: string) => Promise<Uint8Array | null>;
  bleedMm?: number;
  title: string;
  author?: string;
  subject?: string;
  /** The document's creation date; the same date gives the same bytes. Default: now. */
  creationDate?: Date;
}

export interface PdfPage {
  /** The whole page (trim + bleed). */
  widthMm: number;
  heightMm: number;
  trimWidthMm: number;
  trimHeightMm: number;
}

export interface PdfResult {
  pdf: Buffer;
  pages: PdfPage[];
  warnings: string[];
  /** The lowest effective resolution of a picture on any page (Infinity when there is none). */
  minPpi: number;
}

/** The editor's effects (engine/draw.ts effectPixels) as sharp colour matrices. */
const EFFECT_MATRIX = {
  bw: [
    [0.299, 0.587, 0.114],
    [0.299, 0.587, 0.114],
    [0.299, 0.587, 0.114],
  ],
  sepia: [
    [0.393, 0.769, 0.189],
    [0.349, 0.686, 0.168],
    [0.272, 0.534, 0.131],
  ],
} as const;

const PX_PER_MM = PRINT_DPI / MM_PER_INCH;
const EDGE = 0.01; // mm: a slot this close to the page edge meets it

interface Bleed {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** How far a picture's slot grows into the bleed on each side (0 where it does not meet the edge). */
function bleedOf(item: ScenePicture, scene: PageScene, bleedMm: number): Bleed {
  const none = { left: 0, top: 0, right: 0, bottom: 0 };
  const crop = item.picture?.crop;
  if (!crop || item.rotation || bleedMm <= 0) return none;
  const fitIn =
    crop.x < -1e-9 || crop.y < -1e-9 || crop.x + crop.width > 1 + 1e-9 || crop.y + crop.height > 1 + 1e-9;
  if (fitIn) return none;
  return {
    left: item.xMm <= EDGE ? bleedMm : 0,
    top: item.yMm <= EDGE ? bleedMm : 0,
    right: item.xMm + item.widthMm >= scene.widthMm - EDGE ? bleedMm : 0,
    bottom: item.yMm + item.heightMm >= scene.heightMm - EDGE ? bleedMm : 0,
  };
}

interface Raster {
  bytes: Buffer;
  /** Where it goes, page mm (trim coordinates). */
  xMm: number;
  yMm: number;
  widthMm: number;
  heightMm: number;
  ppi: number;
}

async function sourceBytes(item: ScenePicture, options: PdfOptions): Promise<Uint8Array> {
  const source = item.picture!.source;
  if (source.kind === 'user') {
    const bytes = await options.userPicture(source.uuid);
    if (!bytes) throw new Error(`The picture of ${item.id} (${source.uuid}) is missing`);
    return bytes;
  }
  if (options.art) {
    const bytes = await options.art(source.src);
    if (!bytes) throw new Error(`Art ${source.src} is missing`);
    return bytes;
  }
  const file = artPath(options.templatesRoot ?? DEFAULT_TEMPLATES_ROOTS, source.src);
  if (!file) throw new Error(`Art ${source.src} is outside the templates folder`);
  return readFile(file);
}

/**
 * The picture of a slot as it is printed: the crop (grown by the bleed) cut from the oriented picture,
 * at 300 ppi of its printed size or the picture's own resolution when lower, with its effect.
 */
async function pictureRaster(item: ScenePicture, bleed: Bleed, options: PdfOptions): Promise<Raster | null> {
  const p = item.picture!;
  const bytes = await sourceBytes(item, options);
  const isSvg = p.source.kind === 'art' && p.source.src.toLowerCase().endsWith('.svg');
  const boxW = item.widthMm + bleed.left + bleed.right;
  const boxH = item.heightMm + bleed.top + bleed.bottom;
  // The crop grown by the bleed, in fractions of the oriented picture.
  const perMmX = p.crop.width / item.widthMm;
  const perMmY = p.crop.height / item.heightMm;
  const crop = {
    x: p.crop.x - bleed.left * perMmX,
    y: p.crop.y - bleed.top * perMmY,
    width: boxW * perMmX,
    height: boxH * perMmY,
  };
  // SVG art is rasterised whole (it is small) at a density that gives at least the print's pixels for
  // its slot; a photo is not decoded here at all, only measured: just its crop is cut out below.
  let W: number;
  let H: number;
  let svg: Buffer | null = null;
  let hasAlpha = true;
  if (isSvg) {
    const meta = await sharp(bytes).metadata();
    const needed = Math.max(
      (boxW * PX_PER_MM) / Math.max(1e-6, crop.width * (meta.width ?? 1)),
      (boxH * PX_PER_MM) / Math.max(1e-6, crop.height * (meta.height ?? 1)),
    );
    const decoded = await sharp(bytes, {
      density: Math.min(2400, Math.max(72, 72 * needed)),
      limitInputPixels: false,
    })
      .rotate(p.rotation)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    svg = decoded.data;
    W = decoded.info.width;
    H = decoded.info.height;
  } else {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    hasAlpha = meta.hasAlpha === true;
    const turned = p.rotation === 90 || p.rotation === 270;
    W = (turned ? meta.height : meta.width) ?? 1;
    H = (turned ? meta.width : meta.height) ?? 1;
  }
  const x0 = Math.max(0, crop.x);
  const y0 = Math.max(0, crop.y);
  const x1 = Math.min(1, crop.x + crop.width);
  const y1 = Math.min(1, crop.y + crop.height);
  if (!(x1 > x0 && y1 > y0)) return null;
  const left = Math.min(W - 1, Math.floor(x0 * W));
  const top = Math.min(H - 1, Math.floor(y0 * H));
  const region = {
    left,
    top,
    width: Math.max(1, Math.min(W - left, Math.round(x1 * W) - left)),
    height: Math.max(1, Math.min(H - top, Math.round(y1 * H) - top)),
  };
  // The part of the slot the region covers, in mm.
  const mm = {
    x: item.xMm - bleed.left + ((region.left / W - crop.x) / crop.width) * boxW,
    y: item.yMm - bleed.top + ((region.top / H - crop.y) / crop.height) * boxH,
    w: (region.width / W / crop.width) * boxW,
    h: (region.height / H / crop.height) * boxH,
  };
  // 300 ppi of the printed size on each axis (art may be drawn stretched), never enlarged: a picture
  // with fewer pixels goes in at its own, and the lab is told.
  const outW = Math.min(region.width, Math.max(1, Math.ceil(mm.w * PX_PER_MM)));
  const outH = Math.min(region.height, Math.max(1, Math.ceil(mm.h * PX_PER_MM)));
  // One pipeline: turned, cut out, then scaled (sharp keeps that order when rotate comes before
  // extract), so a JPEG is only decoded as far as the scale needs (shrink-on-load): a book's page of
  // 12-megapixel photos is mostly decoding.
  const resized = await (svg
    ? sharp(svg, { raw: { width: W, height: H, channels: 4 } }).extract(region)
    : sharp(bytes, { limitInputPixels: false }).rotate(p.rotation).extract(region).ensureAlpha()
  )
    .resize(outW, outH, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let image = sharp(resized.data, { raw: { width: outW, height: outH, channels: 4 } });
  if (p.effect !== 'original') image = image.recomb(EFFECT_MATRIX[p.effect] as unknown as Matrix3x3);
  const ppi = Math.min(outW / (mm.w / MM_PER_INCH), outH / (mm.h / MM_PER_INCH));
  // The bleed beyond the picture's edge repeats its edge pixels.
  const grow = {
    left: Math.max(0, Math.round(((0 - crop.x) / crop.width) * boxW * (outW / mm.w))),
    top: Math.max(0, Math.round(((0 - crop.y) / crop.height) * boxH * (outH / mm.h))),
    right: Math.max(0, Math.round(((crop.x + crop.width - 1) / crop.width) * boxW * (outW / mm.w))),
    bottom: Math.max(0, Math.round(((crop.y + crop.height - 1) / crop.height) * boxH * (outH / mm.h))),
  };
  const fills = bleed.left + bleed.right + bleed.top + bleed.bottom > 0;
  if (fills && grow.left + grow.top + grow.right + grow.bottom > 0) {
    image = sharp(await image.raw().toBuffer(), { raw: { width: outW, height: outH, channels: 4 } }).extend({
      ...grow,
      extendWith: 'copy',
    });
    mm.x -= grow.left / (outW / mm.w);
    mm.y -= grow.top / (outH / mm.h);
    mm.w += (grow.left + grow.right) / (outW / mm.w);
    mm.h += (grow.top + grow.bottom) / (outH / mm.h);
  }
  const opaque = (svg === null && !hasAlpha) || isOpaque(resized.data);
  const encoded = opaque
    ? await image.removeAlpha().jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer()
    : await image.png().toBuffer();
  return { bytes: encoded, xMm: mm.x, yMm: mm.y, widthMm: mm.w, heightMm: mm.h, ppi };
}

/** Whether every pixel of an RGBA raster is fully opaque (it goes in as a JPEG then, else a PNG). */
function isOpaque(rgba: Buffer): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

type Doc = PDFKit.PDFDocument;

/** The canvas's clockwise rotation about a pivot, as a PDF transform in the page's y-down user space. */
function rotate(doc: Doc, rotation: SceneRotation | null, offsetMm: number) {
  if (!rotation || rotation.deg % 360 === 0) return;
  const a = (rotation.deg * Math.PI) / 180;
  const ox = (rotation.originXMm + offsetMm) * PT_PER_MM;
  const oy = (rotation.originYMm + offsetMm) * PT_PER_MM;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  doc.transform(cos, sin, -sin, cos, ox - cos * ox + sin * oy, oy - sin * ox - cos * oy);
}

function drawGlyphs(doc: Doc, item: SceneText, fonts: FontSet, offsetMm: number) {
  const scale = item.mmPerUnit * PT_PER_MM;
  const off = offsetMm * PT_PER_MM;
  for (const g of item.glyphs) {
    traceOutline(
      doc,
      glyphOutline(fonts, item.family, g.glyphId),
      g.xMm * PT_PER_MM + off,
      g.yMm * PT_PER_MM + off,
      scale,
    );
  }
  doc.fill(item.color, 'non-zero');
}

/**
 * A text's shadow as the canvas renderer draws it, alone: the text is drawn far off the raster with
 * its shadow offset back onto it. Covers the text's box grown by the shadow's reach.
 */
async function shadowRaster(item: SceneText, fonts: FontSet, scene: PageScene): Promise<Raster | null> {
  const shadow = item.shadow!;
  const reach = Math.abs(shadow.offsetX) + Math.abs(shadow.offsetY) + 3 * shadow.blurRadius + 2;
  // A rotated text's shadow may fall anywhere on the page: the raster is the page then.
  const box = item.rotation
    ? { x: 0, y: 0, w: scene.widthMm, h: scene.heightMm }
    : { x: item.xMm - reach, y: item.yMm - reach, w: item.widthMm + 2 * reach, h: item.heightMm + 2 * reach };
  const w = Math.max(1, Math.round(box.w * PX_PER_MM));
  const h = Math.max(1, Math.round(box.h * PX_PER_MM));
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d') as unknown as Canvas2D;
  const away = (box.w + box.h) * 4;
  ctx.translate(-box.x * PX_PER_MM, -box.y * PX_PER_MM);
  const displaced: SceneText = {
    ...item,
    glyphs: item.glyphs.map((g) => ({ ...g, xMm: g.xMm + away })),
    rotation: item.rotation ? { ...item.rotation, originXMm: item.rotation.originXMm + away } : null,
    shadow: { ...shadow, offsetX: shadow.offsetX - away },
  };
  if (item.rotation) {
    // A rotated shadow's offset is along the page's axes, which the displacement along x breaks: draw
    // the rotated text in place and take the shadow by compositing out the text instead.
    drawText(ctx, item, fonts, PX_PER_MM);
    const plain = createCanvas(w, h);
    const pctx = plain.getContext('2d') as unknown as Canvas2D;
    pctx.translate(-box.x * PX_PER_MM, -box.y * PX_PER_MM);
    drawText(pctx, { ...item, shadow: null }, fonts, PX_PER_MM);
    (ctx as unknown as { globalCompositeOperation: string }).globalCompositeOperation = 'destination-out';
    ctx.drawImage(plain, box.x * PX_PER_MM, box.y * PX_PER_MM);
  } else {
    drawText(ctx, displaced, fonts, PX_PER_MM);
  }
  return {
    bytes: await canvas.encode('png'),
    xMm: box.x,
    yMm: box.y,
    widthMm: box.w,
    heightMm: box.h,
    ppi: PRINT_DPI,
  };
}

function place(doc: Doc, raster: Raster, offsetMm: number) {
  doc.image(raster.bytes, (raster.xMm + offsetMm) * PT_PER_MM, (raster.yMm + offsetMm) * PT_PER_MM, {
    width: raster.widthMm * PT_PER_MM,
    height: raster.heightMm * PT_PER_MM,
  });
}

let srgbProfile: Buffer | null = null;
/** The sRGB IEC61966-2.1 profile pdfkit ships for its PDF/A mode (beside its main file, in data/). */
function srgb(): Buffer {
  if (!srgbProfile) {
    const main = createRequire(import.meta.url).resolve('pdfkit');
    srgbProfile = readFileSync(path.join(path.dirname(main), 'data', 'sRGB_IEC61966_2_1.icc'));
  }
  return srgbProfile;
}

function addOutputIntent(doc: Doc) {
  const d = doc as unknown as {
    ref(data: object): { write(b: Buffer): void; end(): void };
    _root: { data: Record<string, unknown> };
  };
  const profile = srgb();
  const icc = d.ref({ N: 3, Length: profile.length });
  icc.write(profile);
  icc.end();
  const intent = d.ref({
    Type: 'OutputIntent',
    S: 'GTS_PDFX',
    OutputConditionIdentifier: new String('sRGB IEC61966-2.1'),
    Info: new String('sRGB IEC61966-2.1'),
    RegistryName: new String('http://www.color.org'),
    DestOutputProfile: icc,
  });
  intent.end();
  d._root.data.OutputIntents = [intent];
}

export async function renderPdf(scenes: PageScene[], options: PdfOptions): Promise<PdfResult> {
  const bleedMm = options.bleedMm ?? DEFAULT_BLEED_MM;
  const created = options.creationDate ?? systemClock.now();
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    pdfVersion: '1.6',
    info: {
      Title: options.title,
      Author: options.author ?? '',
      Subject: options.subject ?? 'Print file',
      Creator: 'Print Shop',
      Producer: 'Print Shop (pdfkit)',
      CreationDate: created,
      ModDate: created,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const warnings: string[] = [];
  const pages: PdfPage[] = [];
  let minPpi = Number.POSITIVE_INFINITY;
  addOutputIntent(doc);

  for (const [n, scene] of scenes.entries()) {
    const widthMm = scene.widthMm + 2 * bleedMm;
    const heightMm = scene.heightMm + 2 * bleedMm;
    doc.addPage({ size: [widthMm * PT_PER_MM, heightMm * PT_PER_MM], margin: 0 });
    const pt = (mm: number) => mm * PT_PER_MM;
    const page = doc.page as unknown as { dictionary: { data: Record<string, unknown> } };
    const full = [0, 0, pt(widthMm), pt(heightMm)];
    page.dictionary.data.BleedBox = full;
    page.dictionary.data.TrimBox = [
      pt(bleedMm),
      pt(bleedMm),
      pt(bleedMm + scene.widthMm),
      pt(bleedMm + scene.heightMm),
    ];
    doc.rect(0, 0, pt(widthMm), pt(heightMm)).fill('#ffffff');
    for (const item of scene.items) {
      if (item.kind === 'text') {
        if (item.empty || item.glyphs.length === 0) continue;
        if (item.shadow && item.shadow.opacity > 0) {
          const shadow = await shadowRaster(item, options.fonts, scene);
          if (shadow) place(doc, shadow, bleedMm);
        }
        doc.save();
        rotate(doc, item.rotation, bleedMm);
        drawGlyphs(doc, item, options.fonts, bleedMm);
        doc.restore();
        continue;
      }
      if (!item.picture) continue;
      const bleed = bleedOf(item, scene, bleedMm);
      const raster = await pictureRaster(item, bleed, options);
      if (!raster) continue;
      const printedPpi = raster.ppi;
      minPpi = Math.min(minPpi, printedPpi);
      if (printedPpi < PRINT_DPI - 0.5) {
        const what =
          item.picture.source.kind === 'user' ? 'the picture' : `the art ${item.picture.source.src}`;
        warnings.push(
          `Page ${n + 1}, ${item.id}: ${what} has ${Math.floor(printedPpi)} ppi at its printed size (below ${PRINT_DPI})`,
        );
      }
      doc.save();
      rotate(doc, item.rotation, bleedMm);
      doc
        .rect(
          pt(item.xMm - bleed.left + bleedMm),
          pt(item.yMm - bleed.top + bleedMm),
          pt(item.widthMm + bleed.left + bleed.right),
          pt(item.heightMm + bleed.top + bleed.bottom),
        )
        .clip();
      place(doc, raster, bleedMm);
      doc.restore();
    }
    pages.push({ widthMm, heightMm, trimWidthMm: scene.widthMm, trimHeightMm: scene.heightMm });
  }
  doc.end();
  await ended;
  return { pdf: Buffer.concat(chunks), pages, warnings, minPpi };
}
