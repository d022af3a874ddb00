/**
 * Opening the editor with two builds side by side: `node --import tsx bench/compare-editor-open.ts
 * <old checkout> [new checkout]` (the new one defaults to this one). Each checkout needs its own
 * build (`npm run build` in it) and node_modules. Both servers run at once, each on a fresh PGlite
 * database, and the same headless Chromium opens the 13-page Classic A4 cold and then warm in a
 * fresh context, taking the builds in turn (N=30 rounds unless `N` is set).
 *
 * Why: this project's machine changes speed by a third from one minute to the next (see the machine
 * speed figure of bench/editor-open.bench.ts), so two single runs of the bench say little about two
 * builds; opens taken in turn meet the same moments. Prints each build's medians and the median of
 * the per-round differences. Measured as bench/editor-open.bench.ts measures (bench/bare-chromium.ts).
 */
import path from 'node:path';
import { launchBareChromium } from './bare-chromium.ts';
import { calendarEditorUrl, startAppServer } from './browser-helpers.ts';
import { median } from './picture-helpers.ts';

const [older, newer = path.resolve(import.meta.dirname, '..')] = process.argv.slice(2);
if (!older) {
  console.error('Usage: node --import tsx bench/compare-editor-open.ts <old checkout> [new checkout]');
  process.exit(2);
}
const ROUNDS = Number(process.env.N ?? 30);

const builds = [
  { name: 'old', root: path.resolve(older), cold: [] as number[], warm: [] as number[] },
  { name: 'new', root: path.resolve(newer), cold: [] as number[], warm: [] as number[] },
];
// One after the other: two servers seeding their demo data at once on two cores take over a minute.
const servers: { base: string; stop: () => Promise<void>; url: string }[] = [];
for (const b of builds) {
  const server = await startAppServer(b.root);
  servers.push({ ...server, url: await calendarEditorUrl(server.base) });
}
const browser = await launchBareChromium();
try {
  // Round −1 is not counted: the browser's and each server's first answers are slower than any later.
  for (let round = -1; round < ROUNDS; round++) {
    // Each build goes first in every other round.
    for (const n of round % 2 ? [0, 1] : [1, 0]) {
      const page = await browser.newPhonePage();
      const cold = await page.firstPageDrawn(servers[n]!.url);
      const warm = await page.firstPageDrawn(servers[n]!.url);
      if (round >= 0) builds[n]!.cold.push(cold);
      if (round >= 0) builds[n]!.warm.push(warm);
      await page.close();
    }
  }
  for (const b of builds)
    console.log(
      `${b.name} (${b.root}): cold ${Math.round(median(b.cold))} ms, warm ${Math.round(median(b.warm))} ms; cold opens ${b.cold.map(Math.round).join(' ')}`,
    );
  const [a, b] = builds as [(typeof builds)[0], (typeof builds)[0]];
  const difference = median(b.cold.map((v, i) => v - a.cold[i]!));
  console.log(`new − old, cold, median of the ${ROUNDS} rounds' differences: ${Math.round(difference)} ms`);
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.stop()));
}
