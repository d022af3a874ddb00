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
 * the per-round differences. Measured as bench/editor-open.bench.ts measures (a console signal, the
 * mark read afterwards).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { ConsoleMessage, Page } from 'playwright-core';
import { freePort, launchChromium, PHONE } from './browser-helpers.ts';
import { median } from './picture-helpers.ts';

const MARK = 'editor:first-page-drawn';
const SIGNAL = 'bench-mark:';
const OBSERVER = `new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) console.debug(${JSON.stringify(SIGNAL)} + entry.name);
}).observe({ type: 'mark' });`;

const [older, newer = path.resolve(import.meta.dirname, '..')] = process.argv.slice(2);
if (!older) {
  console.error('Usage: node --import tsx bench/compare-editor-open.ts <old checkout> [new checkout]');
  process.exit(2);
}
const ROUNDS = Number(process.env.N ?? 30);

/** The checkout's own server on its own build, and the address of its Classic A4 editor. */
async function serve(root: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'e2e-server.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server of ${root} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/m/api/portal`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server of ${root} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const list = (await (await fetch(`${base}/m/api/templates/calendars`)).json()) as {
    uuid: string;
    name: Record<string, string>;
    product: { uuid: string };
    pages: unknown[];
  }[];
  const calendar = list.find((t) => t.name.en_GB === 'Classic A4' && t.pages.length === 13);
  if (!calendar) throw new Error(`no 13-page "Classic A4" on the server of ${root}`);
  return { child, url: `${base}/m/products/calendars/${calendar.product.uuid}/${calendar.uuid}` };
}

async function firstDrawn(page: Page, url: string): Promise<number> {
  const marked = new Promise<void>((resolve) => {
    const seen = (message: ConsoleMessage) => {
      if (message.text() !== `${SIGNAL}${MARK}`) return;
      page.off('console', seen);
      resolve();
    };
    page.on('console', seen);
  });
  await page.goto(url);
  await marked;
  return page.evaluate((mark) => performance.getEntriesByName(mark)[0]!.startTime, MARK);
}

const builds = [
  { name: 'old', root: path.resolve(older), cold: [] as number[], warm: [] as number[] },
  { name: 'new', root: path.resolve(newer), cold: [] as number[], warm: [] as number[] },
];
const servers = await Promise.all(builds.map((b) => serve(b.root)));
const browser = await launchChromium();
try {
  // Round −1 is not counted: the browser's and each server's first answers are slower than any later.
  for (let round = -1; round < ROUNDS; round++) {
    // Each build goes first in every other round.
    for (const n of round % 2 ? [0, 1] : [1, 0]) {
      const context = await browser.newContext(PHONE);
      await context.addInitScript(OBSERVER);
      const page = await context.newPage();
      const cold = await firstDrawn(page, servers[n]!.url);
      const warm = await firstDrawn(page, servers[n]!.url);
      if (round >= 0) builds[n]!.cold.push(cold);
      if (round >= 0) builds[n]!.warm.push(warm);
      await context.close();
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
  for (const s of servers) s.child.kill('SIGTERM');
}
