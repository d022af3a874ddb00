/**
 * Measuring the texts of a 13-page calendar (cover title; per month: the month name with the year, the
 * headings Mon..Sun, 6 ISO week numbers and 42 day cells including the extradays): engine/text's
 * measureText (HarfBuzz shaping + cache) with a warm and a cold cache, against opentype.js's own
 * `getAdvanceWidth(text, size, { kerning: true })` on the same texts. Montserrat is the font: its
 * getAdvanceWidth works (it throws for Roboto, Oswald and Lora) and its kerning is GPOS-heavy.
 */
import { monthGrid, monthName } from '../engine/calendar.ts';
import { layoutText } from '../engine/text/layout.ts';
import { measureText } from '../engine/text/measure.ts';
import { loadFontSet } from '../server/fonts.ts';
import { opentypeFont } from '../test/unit/engine/text/load-fonts.ts';
import { report, medianMicros as time } from './report.ts';

const BENCH = 'measure text';
const FAMILY = 'Montserrat';
const SIZE_PT = 14;
const YEAR = 2026;

/** Every text of a 13-page calendar, from the engine's own month grids. */
function calendarTexts(year: number): string[] {
  const texts = [`Calendar ${year}`];
  for (let month = 1; month <= 12; month++) {
    const grid = monthGrid(year, month);
    texts.push(`${monthName(month)} ${year}`, ...grid.headings);
    for (const week of grid.weeks) texts.push(String(week.isoWeek), ...week.days.map((d) => String(d.day)));
  }
  return texts;
}

const fontSet = await loadFontSet();
// opentype.js reads the same file on its own (the engine reads fonts with HarfBuzz only).
const otFont = opentypeFont(FAMILY);
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
