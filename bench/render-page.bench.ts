/**
 * The print renderer on one A4 calendar month page (the test fixture calendar, January, with a sample
 * landscape photo autofilled): building the page scene (layout of the 55 grid texts and the title), and
 * drawing it at 300 dpi with Konva on @napi-rs/canvas plus the PNG encode. Also a 600 px preview.
 * Median of a few runs after a warm-up (fonts loaded, the photo decoded once).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance, run, startHistory } from '../engine/instance.ts';
import { pageScene } from '../engine/scene.ts';
import { FONT_CATALOGUE } from '../engine/text/catalogue.ts';
import { addFonts, createFontSet } from '../engine/text/fonts.ts';
import { withPageCanvas } from '../server/render/page-renderer.ts';
import { decodePng, samplePhotoPng } from '../test/fixtures/pictures/make.ts';
import { calendarTemplate } from '../test/fixtures/templates.ts';
import { report } from './report.ts';

const BENCH = 'render page';
const RUNS = 7;

async function median(runs: number, once: () => unknown): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await once();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

const fontsDir = path.resolve(import.meta.dirname, '..', 'fonts');
const fonts = createFontSet();
await addFonts(fonts, FONT_CATALOGUE, async (file) => readFileSync(path.join(fontsDir, file)));

const photo = await decodePng(samplePhotoPng(4000, 3000, 1));
const loadImage = async () => photo;
const cal = calendarTemplate();
let history = startHistory(createInstance(cal, new Date(Date.UTC(2026, 10, 22))));
history = run(cal, history, 'autofill', [{ uuid: 'sample', width: 4000, height: 3000 }]);
const instance = history.instance;

const scene = () => pageScene(cal, instance, 'month-1', fonts);
const page = scene();
let pngBytes = 0;
const print = () =>
  withPageCanvas(page, { fonts, loadImage, dpi: 300 }, async ({ canvas }) => {
    pngBytes = (await canvas.encode('png')).length;
  });
const draw = () => withPageCanvas(page, { fonts, loadImage, dpi: 300 }, () => undefined);
const preview = () =>
  withPageCanvas(page, { fonts, loadImage, widthPx: 600 }, ({ canvas }) => canvas.encode('png'));

// Warm-up: shaping caches, glyph outlines, Konva setup.
await print();
await preview();

const coldScene = await median(RUNS, () => {
  for (const family of fonts.families()) fonts.get(family).shapeCache.clear();
  return scene();
});
const sceneMs = await median(RUNS * 3, scene);
const drawMs = await median(RUNS, draw);
const printMs = await median(RUNS, print);
const previewMs = await median(RUNS, preview);

const note = `fixture calendar, January, ${page.items.length} items (55 grid texts), 4000 x 3000 photo; median of ${RUNS}`;
report({
  bench: BENCH,
  figure: 'A4 calendar page scene (warm)',
  value: +sceneMs.toFixed(2),
  unit: 'ms',
  note,
});
report({
  bench: BENCH,
  figure: 'A4 calendar page scene (cold shaping cache)',
  value: +coldScene.toFixed(2),
  unit: 'ms',
});
report({
  bench: BENCH,
  figure: 'A4 calendar page at 300 dpi: render + PNG',
  value: Math.round(printMs),
  unit: 'ms',
  note: `2480 x 3508 px, PNG ${(pngBytes / 1e6).toFixed(1)} MB`,
});
report({
  bench: BENCH,
  figure: 'A4 calendar page at 300 dpi: render only',
  value: Math.round(drawMs),
  unit: 'ms',
  note: 'Konva draw into the layer canvas, no encoding',
});
report({
  bench: BENCH,
  figure: 'A4 calendar page preview 600 px: render + PNG',
  value: +previewMs.toFixed(1),
  unit: 'ms',
});
