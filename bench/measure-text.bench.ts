/**
 * Measuring the texts of a 13-page calendar (cover title; per month: the month name with the year, the
 * headings Mon..Sun, 6 ISO week numbers and 42 day cells including the extradays): engine/text's
 * measureText (HarfBuzz shaping + cache) with a warm and a cold cache, against opentype.js's own
 * `getAdvanceWidth(text, size, { kerning: true })` on the same texts. Montserrat is the font: its
 * getAdvanceWidth works (it throws for Roboto, Oswald and Lora) and its kerning is GPOS-heavy.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FONT_CATALOGUE } from '../engine/text/catalogue.ts';
import { addFonts, createFontSet } from '../engine/text/fonts.ts';
import { layoutText } from '../engine/text/layout.ts';
import { measureText } from '../engine/text/measure.ts';
import { report } from './report.ts';

const BENCH = 'measure text';
const FAMILY = 'Montserrat';
const SIZE_PT = 14;
const YEAR = 2026;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const HEADINGS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const DAY_MS = 86_400_000;

/** ISO 8601 week number of a UTC date (weeks start on Monday; week 1 holds the year's first Thursday). */
function isoWeek(date: Date): number {
  const thursday = new Date(date.getTime() + (3 - ((date.getUTCDay() + 6) % 7)) * DAY_MS);
  const jan1 = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - jan1) / DAY_MS / 7) + 1;
}

function calendarTexts(year: number): string[] {
  const texts = [`Calendar ${year}`];
  for (let month = 0; month < 12; month++) {
    texts.push(`${MONTHS[month]} ${year}`, ...HEADINGS);
    const first = new Date(Date.UTC(year, month, 1));
    const gridStart = first.getTime() - ((first.getUTCDay() + 6) % 7) * DAY_MS;
    for (let week = 0; week < 6; week++) {
      texts.push(String(isoWeek(new Date(gridStart + week * 7 * DAY_MS))));
      for (let day = 0; day < 7; day++)
        texts.push(String(new Date(gridStart + (week * 7 + day) * DAY_MS).getUTCDate()));
    }
  }
  return texts;
}

/** Median time per call of `run`, in microseconds, over `batches` batches of `perBatch` calls. */
function time(run: () => void, perBatch: number, batches = 9, before?: () => void): number {
  const samples: number[] = [];
  for (let b = 0; b < batches; b++) {
    let total = 0;
    for (let i = 0; i < perBatch; i++) {
      before?.();
      const t0 = performance.now();
      run();
      total += performance.now() - t0;
    }
    samples.push((total / perBatch) * 1000);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

const fontsDir = path.resolve(import.meta.dirname, '..', 'fonts');
const fontSet = createFontSet();
await addFonts(fontSet, FONT_CATALOGUE, async (file) => readFileSync(path.join(fontsDir, file)));
const otFont = fontSet.get(FAMILY).opentype;
const shapeCache = fontSet.get(FAMILY).shapeCache;

const texts = calendarTexts(YEAR);
const distinct = new Set(texts).size;
let sink = 0;

const measureAll = () => {
  for (const t of texts) sink += measureText(fontSet, FAMILY, SIZE_PT, t);
};
const opentypeAll = () => {
  for (const t of texts) sink += otFont.getAdvanceWidth(t, SIZE_PT, { kerning: true });
};
const cell = { family: FAMILY, sizePt: SIZE_PT, horizontalAlign: 'center', verticalAlign: 'middle' } as const;
const box = { widthMm: 25, heightMm: 15 };
const layoutAll = () => {
  for (const t of texts) sink += layoutText(fontSet, cell, t, box).widthMm;
};

// How far opentype.js's own widths are from HarfBuzz's on these strings (it does not throw for Montserrat).
let maxDifference = 0;
for (const t of texts) {
  const hb = measureText(fontSet, FAMILY, SIZE_PT, t);
  const ot = otFont.getAdvanceWidth(t, SIZE_PT, { kerning: true });
  maxDifference = Math.max(maxDifference, Math.abs(ot / hb - 1));
}

for (let i = 0; i < 50; i++) {
  measureAll();
  opentypeAll();
  layoutAll();
}
const warm = time(measureAll, 200);
const cold = time(measureAll, 20, 9, () => shapeCache.clear());
const opentype = time(opentypeAll, 20);
const layout = time(layoutAll, 100);

const note = `${texts.length} strings (${distinct} distinct), ${FAMILY} ${SIZE_PT} pt, median of 9 batches`;
report({ bench: BENCH, figure: 'calendar strings', value: texts.length, unit: 'strings', note });
report({
  bench: BENCH,
  figure: 'measureText (warm cache)',
  value: +warm.toFixed(1),
  unit: 'µs/calendar',
  note,
});
report({ bench: BENCH, figure: 'measureText (cold cache)', value: +cold.toFixed(1), unit: 'µs/calendar' });
report({
  bench: BENCH,
  figure: 'opentype.js getAdvanceWidth',
  value: +opentype.toFixed(1),
  unit: 'µs/calendar',
  note: `${FAMILY}, kerning: true (throws for Roboto, Oswald, Lora)`,
});
report({
  bench: BENCH,
  figure: 'measureText speed-up',
  value: +(opentype / warm).toFixed(1),
  unit: '×',
  note: 'getAdvanceWidth / measureText (warm)',
});
report({
  bench: BENCH,
  figure: 'layoutText per cell (warm)',
  value: +layout.toFixed(1),
  unit: 'µs/calendar',
  note: '25 × 15 mm cells, glyphs positioned',
});
report({
  bench: BENCH,
  figure: 'getAdvanceWidth vs HarfBuzz, max difference',
  value: +(maxDifference * 100).toFixed(2),
  unit: '%',
  note: 'over the calendar strings',
});
if (!Number.isFinite(sink)) process.exitCode = 1;
