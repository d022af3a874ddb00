/**
 * The photo book's auto-create layout (issue 33) for 300 pictures: near-duplicates, blur, order,
 * chapters, pages, layouts and crops, the pure part of the auto-create job. Budget: 100 ms, a small
 * share of the job's 10 s for 200 pictures (the rest is reading and analysing the pictures).
 */
import { autoLayout, type BookPicture, type BookSpec } from '../engine/index.ts';
import { medianMicros, report } from './report.ts';

const BENCH = 'photobook-layout';
const BUDGET_MS = 100;

// A fixed pseudo-random camera roll: bursts, days apart, a third with a face, a tenth without a time.
let seed = 33;
const random = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};
const hex = () => Array.from({ length: 16 }, () => Math.floor(random() * 16).toString(16)).join('');
let time = Date.now() - 30 * 24 * 3600e3;
const pictures: BookPicture[] = Array.from({ length: 300 }, (_, i) => {
  time += random() < 0.05 ? 20 * 3600e3 : random() * 600e3;
  const landscape = random() < 0.6;
  return {
    uuid: `picture-${i}`,
    width: landscape ? 4032 : 3024,
    height: landscape ? 3024 : 4032,
    takenAt: random() < 0.1 ? null : new Date(time).toISOString().slice(0, 19),
    hash: hex(),
    sharpness: 20 + random() * 300,
    faces: random() < 0.3 ? [{ x: random() * 0.8, y: random() * 0.8, width: 0.1, height: 0.12 }] : undefined,
  };
});

const books: [string, BookSpec][] = [
  [
    '20×20, 24–100 pages',
    { minPages: 24, maxPages: 100, pageStep: 2, page: { widthMm: 210, heightMm: 210 } },
  ],
  [
    'A4 landscape, 24–40 pages (denser)',
    { minPages: 24, maxPages: 40, pageStep: 2, page: { widthMm: 297, heightMm: 210 } },
  ],
];
for (const [name, book] of books) {
  let pages = 0;
  const micros = medianMicros(() => {
    pages = autoLayout(pictures, book).pages.length;
  }, 5);
  const ms = micros / 1000;
  report({
    bench: BENCH,
    figure: `300 pictures laid out: ${name}`,
    value: +ms.toFixed(2),
    unit: 'ms',
    note: `${pages} pages; budget ${BUDGET_MS} ms`,
  });
  if (ms > BUDGET_MS) process.exitCode = 1;
}
