/**
 * The browser's memory with a 13-page calendar open in the editor on the phone profile (Pixel 7:
 * 412x915 @2.625x, touch; issue 18's goal: at most 300 MB): the demo calendar Classic A4 is opened,
 * every page is visited with the strip, and the Preview overview draws all 13 pages at once. Then the
 * proportional set size (PSS, /proc/<pid>/smaps_rollup) of the Chromium processes this bench started
 * is summed: the renderer that holds the page (its JavaScript heap, Konva's canvases, the decoded
 * pictures) and the rest (browser, GPU and utility processes). Median of 3 fresh contexts.
 *
 * Linux only (it reads /proc). The canvas pixel ratio the editor draws with is capped at 2
 * (src/features/editor/PageCanvas.tsx): the figure is what a phone keeps with that cap.
 *
 * The goal is read as the page's own memory, the renderer's (docs/decisions.md, "The editor's open time, frames and memory"):
 * Chromium's shared processes (browser, GPU, network, zygotes, a spare renderer) hold about 330 MB
 * for a blank page here, more than 300 MB on their own. So the bench also measures a blank page the
 * same way (a fresh context on about:blank) and reports what the calendar adds to all processes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { calendarEditorUrl, launchChromium, PHONE, startAppServer } from './browser-helpers.ts';
import { median } from './picture-helpers.ts';
import { report } from './report.ts';

const RUNS = 3;

/** Chromium processes (pid → type) whose command line names Chromium, started after `before`. */
function chromiumProcesses(before: ReadonlySet<number>): Map<number, string> {
  const found = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || before.has(pid)) continue;
    try {
      // Zygote-forked children write their command line back as one space-separated string.
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.split(/[\0 ]/)[0]?.includes('chromium')) continue;
      const type = /--type=([a-z-]+)/.exec(cmd)?.[1] ?? 'browser';
      found.set(pid, type);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** PSS in MB from smaps_rollup (kB). */
function pssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Pss:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

const existing = new Set(readdirSync('/proc').map(Number).filter(Number.isInteger));
const server = await startAppServer();
const browser = await launchChromium();
try {
  const url = await calendarEditorUrl(server.base);
  const renderers: number[] = [];
  const totals: number[] = [];
  const blanks: number[] = [];
  const sum = () => [...chromiumProcesses(existing).keys()].reduce((total, pid) => total + pssMb(pid), 0);
  for (let run = 0; run < RUNS; run++) {
    const blank = await browser.newContext(PHONE);
    await (await blank.newPage()).goto('about:blank');
    await new Promise((r) => setTimeout(r, 1000));
    blanks.push(sum());
    await blank.close();

    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(url);
    const current = page.locator('[data-testid="editor-page"]');
    await page.locator('[data-testid="editor-page"][data-drawn="true"]').waitFor({ timeout: 60_000 });
    for (let n = 2; n <= 13; n++) {
      await page.getByRole('button', { name: `Page ${n}`, exact: true }).click();
      await page.locator(`[data-testid="editor-page"][data-page-id="month-${n - 1}"]`).waitFor();
    }
    await current.waitFor();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page
      .locator('[data-testid="overview-page"][data-drawn="true"]')
      .nth(12)
      .waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    const processes = chromiumProcesses(existing);
    let renderer = 0;
    let total = 0;
    for (const [pid, type] of processes) {
      const mb = pssMb(pid);
      total += mb;
      if (type === 'renderer') renderer = Math.max(renderer, mb);
    }
    renderers.push(renderer);
    totals.push(total);
    await context.close();
  }
  const note = `Classic A4, every page visited and the 13-page overview drawn, Pixel 7 profile; runs: ${totals
    .map((t) => t.toFixed(0))
    .join(', ')} MB`;
  report({
    bench: 'editor-memory',
    figure: 'browser PSS, all processes',
    value: Math.round(median(totals)),
    unit: 'MB',
    note,
  });
  report({
    bench: 'editor-memory',
    figure: 'renderer PSS (the page)',
    value: Math.round(median(renderers)),
    unit: 'MB',
    note: 'the goal: at most 300 MB',
  });
  report({
    bench: 'editor-memory',
    figure: 'blank page, all processes',
    value: Math.round(median(blanks)),
    unit: 'MB',
    note: `about:blank in a fresh context, measured the same way; runs: ${blanks.map((b) => b.toFixed(0)).join(', ')} MB`,
  });
  report({
    bench: 'editor-memory',
    figure: 'the calendar over a blank page',
    value: Math.round(median(totals) - median(blanks)),
    unit: 'MB',
    note: 'all processes with the calendar minus all processes with a blank page',
  });
} finally {
  await browser.close();
  await server.stop();
}
