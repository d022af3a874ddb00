/**
 * The PDF backend draws what the canvas renderer draws (issue 14): the pages of a demo template of each product,
 * filled with the harness's sample pictures, rasterised by poppler at 150 dpi, differs from the canvas
 * render of the same scene in under 1 % of its pixels; and each file is a print file a lab takes:
 * qpdf finds no fault, TrimBox and BleedBox are 3 mm apart, no font to embed, pictures at 300 ppi.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Canvas2D, drawPage, type OffscreenSurface } from '../../../engine/draw.ts';
import { harnessInstance } from '../../../engine/harness.ts';
import { type PageScene, pageScene, type ScenePicture } from '../../../engine/scene.ts';
import type { Template } from '../../../engine/template.ts';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { loadFontSet } from '../../../server/fonts.ts';
import { createImageLoader } from '../../../server/render/images.ts';
import { DEFAULT_BLEED_MM, PT_PER_MM, renderPdf } from '../../../server/render/pdf-renderer.ts';
import { SAMPLE_PICTURES, samplePicturePng } from '../../../server/render/sample-pictures.ts';
import { currentDemoTemplates, demoTemplate } from '../../support/demoTemplates.ts';

const run = promisify(execFile);
const DPI = 150;
/** A pixel differs when any channel is more than this apart (anti-aliasing of edges is smaller). */
const CHANNEL_TOLERANCE = 48;

let fonts: FontSet;
let dir: string;
const today = new Date();

beforeAll(async () => {
  fonts = await loadFontSet();
  dir = mkdtempSync(path.join(tmpdir(), 'pdf-renderer-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function scenesOf(template: Template): PageScene[] {
  const instance = harnessInstance(template, null, [...SAMPLE_PICTURES], today);
  return template.pages.map((p) => pageScene(template, instance, p.id, fonts));
}

/**
 * Big samples: the same pictures at print size, so the PDF can embed 300 ppi. Made once per picture:
 * a calendar asks for the same few samples on every page, for the PDF and again for the canvas.
 */
const bigSamples = new Map<string, Promise<Buffer | null>>();
const userPicture = (uuid: string) => {
  let made = bigSamples.get(uuid);
  if (!made) {
    const spec = SAMPLE_PICTURES.find((p) => p.uuid === uuid);
    made = spec
      ? sharp(samplePicturePng(uuid)!)
          .resize(spec.width * 3, spec.height * 3)
          .jpeg({ quality: 90 })
          .toBuffer()
      : Promise.resolve(null);
    bigSamples.set(uuid, made);
  }
  return made;
};

/**
 * A whole page rasterised by poppler's Cairo backend (pdftocairo): it places images at their exact
 * fractional position, as a printer's RIP does, where pdftoppm's Splash snaps them to whole pixels.
 */
async function rasterPdf(
  pdfFile: string,
  page: number,
): Promise<{ data: Buffer; width: number; height: number }> {
  const prefix = path.join(dir, `page-${page}`);
  await run('pdftocairo', [
    '-r',
    String(DPI),
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    '-png',
    pdfFile,
    prefix,
  ]);
  const { data, info } = await sharp(`${prefix}.png`)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The canvas renderer's drawing of the same scene on the same pixel grid as poppler's: a canvas the
 * size of the whole PDF page with the trim 3 mm in (not a whole number of pixels at 150 dpi, so a
 * trim-sized render would sit a fraction of a pixel off and every edge would count as a difference).
 */
async function canvasRaster(scene: PageScene, width: number, height: number) {
  const pxPerMm = DPI / 25.4;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d') as unknown as Canvas2D;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.translate(DEFAULT_BLEED_MM * pxPerMm, DEFAULT_BLEED_MM * pxPerMm);
  const loadImage = createImageLoader({ userPicture });
  const pictures = scene.items.filter((i): i is ScenePicture => i.kind === 'picture' && i.picture !== null);
  const images = new Map(
    await Promise.all(pictures.map(async (p) => [p, await loadImage(p.picture!.source)] as const)),
  );
  drawPage(ctx, scene, {
    fonts,
    pxPerMm,
    imageFor: (item) => images.get(item) ?? null,
    makeCanvas: (w, h) => createCanvas(w, h) as unknown as OffscreenSurface,
  });
  const { data, info } = await sharp(await canvas.encode('png'))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The share of the trim area's pixels that differ (the bleed is the PDF's own: not compared). */
function differing(
  a: Buffer,
  b: Buffer,
  width: number,
  trim: { x0: number; y0: number; x1: number; y1: number },
): number {
  let count = 0;
  let pixels = 0;
  for (let y = trim.y0; y < trim.y1; y++) {
    for (let x = trim.x0; x < trim.x1; x++) {
      const at = (y * width + x) * 3;
      pixels++;
      if (
        Math.abs(a[at]! - b[at]!) > CHANNEL_TOLERANCE ||
        Math.abs(a[at + 1]! - b[at + 1]!) > CHANNEL_TOLERANCE ||
        Math.abs(a[at + 2]! - b[at + 2]!) > CHANNEL_TOLERANCE
      )
        count++;
    }
  }
  return count / pixels;
}

/**
 * One template of each shape the PDF backend sees: a flat card, a folded card of each print layout
 * (duplex, booklet), a photo gift, the gift with the largest page, and the calendar with the most
 * paper, whole (issue 30: one template of each of the 18 products took 200-380 s of a 2-core CI run,
 * most of it the same drawing on other paper sizes). Every template's art is checked against the
 * browser by the preflight and the harness's e2e test, and every product's page size by
 * test/unit/server/print-scenes.test.ts and the production tests.
 */
const A4_CALENDAR_MM2 = 13 * 210 * 297;
const paper = (t: Template) => t.pages.length * t.dimensions.width * t.dimensions.height;
const CANDIDATES = currentDemoTemplates().filter((t) => paper(t) <= A4_CALENDAR_MM2 * 1.01);
const largestPage = (type: Template['type']) =>
  CANDIDATES.filter((t) => t.type === type).sort(
    (a, b) => b.dimensions.width * b.dimensions.height - a.dimensions.width * a.dimensions.height,
  )[0];
const WHOLE_CALENDAR = CANDIDATES.filter((t) => t.type === 'CALENDAR').sort((a, b) => paper(b) - paper(a))[0];
const ONE_PER_SHAPE = [
  ...CANDIDATES.filter(
    (t, n, all) =>
      t.type !== 'CALENDAR' &&
      all.findIndex((o) => o.type === t.type && (o.printLayout ?? null) === (t.printLayout ?? null)) === n,
  ),
  largestPage('PHOTOGIFT'),
  WHOLE_CALENDAR,
].filter((t, n, all): t is Template => t !== undefined && all.indexOf(t) === n);

describe.each(ONE_PER_SHAPE.map((t) => [t.name.en_GB, t] as const))(
  'the print PDF of %s',
  (_name, template) => {
    it('is a sound print file whose pages match the canvas render', async () => {
      const scenes = scenesOf(template);
      const result = await renderPdf(scenes, {
        fonts,
        userPicture,
        title: template.name.en_GB!,
        creationDate: today,
      });
      const file = path.join(dir, `${template.uuid}.pdf`);
      writeFileSync(file, result.pdf);
      expect(result.pages).toHaveLength(scenes.length);

      await run('qpdf', ['--check', file]);
      const { stdout: info } = await run('pdfinfo', ['-box', '-l', String(scenes.length), file]);
      for (const [n, scene] of scenes.entries()) {
        const box = (name: string) =>
          info
            .match(new RegExp(`Page +${n + 1} ${name}: +([\\d.\\s-]+)`))![1]!
            .trim()
            .split(/\s+/)
            .map(Number);
        const trim = box('TrimBox');
        const bleed = box('BleedBox');
        expect(box('MediaBox')).toEqual(bleed);
        expect(trim[0]! - bleed[0]!).toBeCloseTo(3 * PT_PER_MM, 1);
        expect(bleed[3]! - trim[3]!).toBeCloseTo(3 * PT_PER_MM, 1);
        expect((trim[2]! - trim[0]!) / PT_PER_MM).toBeCloseTo(scene.widthMm, 1);
        expect((trim[3]! - trim[1]!) / PT_PER_MM).toBeCloseTo(scene.heightMm, 1);
      }
      expect(info).toMatch(/Title: +\S/);
      const { stdout: fontList } = await run('pdffonts', [file]);
      // Text is drawn as outlines: no font at all, so none that is not embedded.
      expect(fontList.split('\n').slice(2).filter(Boolean)).toEqual([]);
      const { stdout: images } = await run('pdfimages', ['-list', file]);
      // Every picture at 300 ppi of its printed size, or, where the source has fewer pixels, the file's
      // warnings say so.
      const ppis = images
        .split('\n')
        .slice(2)
        .filter(Boolean)
        .map((row) => row.trim().split(/\s+/))
        .filter((cols) => cols[2] !== 'smask')
        .map((cols) => Math.min(Number(cols[12]), Number(cols[13])));
      if (ppis.some((ppi) => ppi < 299)) expect(result.warnings.join('\n')).toMatch(/below 300/);
      else expect(result.warnings).toEqual([]);
      // The document's dictionaries as text; the streams stay compressed (a 13-page A3 calendar's
      // pictures, decompressed, are more than the 256 MB of output read here).
      const { stdout: raw } = await run(
        'qpdf',
        ['--object-streams=disable', '--stream-data=preserve', file, '-'],
        { maxBuffer: 1 << 28, encoding: 'latin1' },
      );
      expect(raw).toMatch(/\/OutputIntents/);
      expect(raw).toMatch(/\/S \/GTS_PDFX/);

      // Every page of a card or gift; a calendar's cover and first two months (the rest are the same
      // drawing with other dates, and rasterising 13 pages twice would cost a minute of the suite).
      for (const [n, scene] of scenes.slice(0, 3).entries()) {
        const pdfPixels = await rasterPdf(file, n + 1);
        const canvas = await canvasRaster(scene, pdfPixels.width, pdfPixels.height);
        const bleed = (DEFAULT_BLEED_MM / 25.4) * DPI;
        const trim = {
          x0: Math.ceil(bleed),
          y0: Math.ceil(bleed),
          x1: Math.floor(bleed + (scene.widthMm / 25.4) * DPI),
          y1: Math.floor(bleed + (scene.heightMm / 25.4) * DPI),
        };
        const share = differing(pdfPixels.data, canvas.data, pdfPixels.width, trim);
        expect(
          share,
          `page ${n + 1} (${scene.pageId}) differs in ${(share * 100).toFixed(2)} % of pixels`,
        ).toBeLessThan(0.01);
      }
      // 20-60 s alone; a CI run's two lanes share the 2 cores with it, and one took 122 s.
    }, 300_000);
  },
);

describe('PDF files', () => {
  it('are byte-identical for the same scenes and date', async () => {
    const template = demoTemplate('Classic A4');
    const scenes = scenesOf(template).slice(0, 2);
    const options = { fonts, userPicture, title: 'same', creationDate: today };
    const a = await renderPdf(scenes, options);
    const b = await renderPdf(scenes, options);
    expect(Buffer.compare(a.pdf, b.pdf)).toBe(0);
  });

  it('says when a picture is below 300 ppi at its printed size and embeds it at its own resolution', async () => {
    const template = demoTemplate('Balloon party');
    const scenes = scenesOf(template).slice(0, 1);
    const small = async (uuid: string) =>
      SAMPLE_PICTURES.some((p) => p.uuid === uuid)
        ? sharp(samplePicturePng(uuid)!).resize(200).jpeg().toBuffer()
        : null;
    const result = await renderPdf(scenes, {
      fonts,
      userPicture: small,
      title: 'small',
      creationDate: today,
    });
    expect(result.minPpi).toBeLessThan(300);
    expect(result.warnings.length).toBeGreaterThan(0);
    expect(result.warnings[0]).toMatch(/ppi at its printed size \(below 300\)/);
  });
});
