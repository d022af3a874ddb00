/**
 * The engine's work for a 13-page calendar: laying out the 12 month grids with all their texts
 * (week numbers, headings, days: 55 shaped and positioned texts a month), and the scenes of all 13
 * pages as the editor and the print renderer receive them.
 */
import { createInstance, run, startHistory } from '../engine/instance.ts';
import { pageScene } from '../engine/scene.ts';
import { loadFontSet } from '../server/fonts.ts';
import { calendarTemplate } from '../test/fixtures/templates.ts';
import { medianMicros, report } from './report.ts';

const BENCH = 'calendar';
const fonts = await loadFontSet();
const template = calendarTemplate();
let h = startHistory(createInstance(template, new Date(Date.UTC(2026, 10, 22))));
h = run(template, h, 'autofill', [{ uuid: 'sample', width: 4000, height: 3000 }]);
const instance = h.instance;
const monthPages = template.pages.filter((p) => p.id.startsWith('month-')).map((p) => p.id);

let items = 0;
const grids = () => {
  for (const id of monthPages) items += pageScene(template, instance, id, fonts).items.length;
};
const allPages = () => {
  for (const page of template.pages) items += pageScene(template, instance, page.id, fonts).items.length;
};
const clearCaches = () => {
  for (const family of fonts.families()) fonts.get(family).shapeCache.clear();
};

const cold = medianMicros(grids, 3, 9, clearCaches);
for (let i = 0; i < 20; i++) allPages();
const warm = medianMicros(grids, 20);
const scenes = medianMicros(allPages, 20);

report({
  bench: BENCH,
  figure: '12 month grids laid out (cold shaping cache)',
  value: +(cold / 1000).toFixed(2),
  unit: 'ms',
});
report({
  bench: BENCH,
  figure: '12 month grids laid out (warm)',
  value: +(warm / 1000).toFixed(2),
  unit: 'ms',
});
report({
  bench: BENCH,
  figure: 'scenes of all 13 pages',
  value: +(scenes / 1000).toFixed(2),
  unit: 'ms',
  note: `${pageScene(template, instance, 'month-1', fonts).items.length} items on a month page`,
});
if (items === 0) process.exitCode = 1;
