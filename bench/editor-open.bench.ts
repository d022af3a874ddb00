/**
 * Opening the customisation editor on a 13-page calendar (Classic A4), in headless Chromium against
 * the built app on the real server: the time from starting the navigation to the editor URL to the
 * first page drawn by Konva (the app's `performance.mark('editor:first-page-drawn')`, whose startTime
 * counts from the navigation's start). Median of 5.
 *
 * - cold: a fresh browser context each time (no HTTP cache, no saved work): the editor chunk, Konva,
 *   the 15 fonts, HarfBuzz's WebAssembly and the template all come over the (local) network.
 * - warm: the same context opened again (HTTP cache and the compiled code of the first visit).
 *
 * Also: the cold open with the page's main thread throttled 2x (a slower phone), and the font bytes a
 * cold open fetches (only the fonts the template draws with).
 *
 * The page is watched as little as a shopper's browser is (bench/bare-chromium.ts): no Playwright,
 * whose network watching made every cold open 150-250 ms slower, and no script of the bench running
 * in the page while it opens (a binding called by an observer of performance marks says when). An
 * earlier version polled with Playwright's waitForFunction, whose injected script took about 40 ms of
 * the page's main thread in the middle of every cold open.
 *
 * The pinch-drag frame time is bench/editor-gesture.bench.ts.
 */
import { launchBareChromium } from './bare-chromium.ts';
import { calendarEditorUrl, startAppServer } from './browser-helpers.ts';
import { median } from './picture-helpers.ts';
import { report } from './report.ts';

const RUNS = 5;
/** The slower device the cold open is also timed on (the page's main thread slowed this many times). */
const SLOWDOWN = 2;

/**
 * The time a fixed JavaScript loop takes in this process: the host's speed at that moment, so runs of
 * the bench can be compared (on this project's shared 2-core machine it moves between 590 and 820 ms).
 */
function machineSpeed(): number {
  const start = performance.now();
  let sink = 0;
  for (let i = 0; i < 3e8; i++) sink += i % 7;
  if (sink < 0) throw new Error('unreachable');
  return performance.now() - start;
}

/** The fonts' bytes over the wire (Brotli) and as TrueType, from the page's resource timing. */
const FONT_BYTES = `performance.getEntriesByType('resource')
  .filter((e) => new URL(e.name).pathname.startsWith('/fonts/'))
  .reduce((sum, e) => [sum[0] + e.encodedBodySize, sum[1] + e.decodedBodySize], [0, 0])`;

const server = await startAppServer();
const browser = await launchBareChromium();
try {
  const url = await calendarEditorUrl(server.base);

  const cold: number[] = [];
  const warm: number[] = [];
  const slowCold: number[] = [];
  const speed = [machineSpeed()];
  // What a phone would download of the fonts on a cold open (the editor loads only those it draws with).
  const fontBytes: [number, number][] = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await browser.newPhonePage();
    cold.push(await page.firstPageDrawn(url));
    fontBytes.push(await page.evaluate<[number, number]>(FONT_BYTES));
    warm.push(await page.firstPageDrawn(url));
    await page.close();
    speed.push(machineSpeed());
  }
  // After the others: a throttled open must not be the one before an unthrottled one.
  for (let run = 0; run < RUNS; run++) {
    const slow = await browser.newPhonePage({ cpuSlowdown: SLOWDOWN });
    slowCold.push(await slow.firstPageDrawn(url));
    await slow.close();
  }
  const note = `Classic A4 (13 pages), 412x915 @2.625x, median of ${RUNS}`;
  report({
    bench: 'editor open',
    figure: 'machine speed: a fixed loop',
    value: Math.round(median(speed)),
    unit: 'ms',
    note: `measured between the opens (${speed.map(Math.round).join(', ')}): this machine's speed moves by a third from minute to minute (590 ms when quiet); compare opens at like speeds`,
  });
  report({
    bench: 'editor open',
    figure: 'first page drawn (cold)',
    value: Math.round(median(cold)),
    unit: 'ms',
    note,
  });
  report({
    bench: 'editor open',
    figure: 'first page drawn (warm)',
    value: Math.round(median(warm)),
    unit: 'ms',
    note,
  });
  report({
    bench: 'editor open',
    figure: `first page drawn (cold, ${SLOWDOWN}x CPU)`,
    value: Math.round(median(slowCold)),
    unit: 'ms',
    note: `the page's main thread throttled ${SLOWDOWN} times: a phone or a machine that much slower (the server and the browser's other processes are not slowed, so a whole slower machine would take somewhat longer)`,
  });
  report({
    bench: 'editor open',
    figure: 'font bytes fetched (cold)',
    value: Math.round(median(fontBytes.map(([wire]) => wire)) / 1024),
    unit: 'KiB',
    note: `Brotli, as a phone downloads them: the TTFs under /fonts/ fetched before the first page is drawn (${Math.round(median(fontBytes.map(([, ttf]) => ttf)) / 1024)} KiB as TrueType; all 15 fonts are 2.3 MB)`,
  });
} finally {
  await browser.close();
  await server.stop();
}
