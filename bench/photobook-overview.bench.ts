/**
 * A 100-page photo book's page overview (issue 33 "Targets": every frame ≤ 33 ms on the phone profile
 * at 4× CPU throttling), in headless Chromium against the built app on the real server.
 *
 * Each run is a fresh phone context (412x915 @2.625x, touch): 20 photos go up through the shop's
 * upload call in the page's own session, a 100-page Holiday book with every picture slot filled from
 * them is put where the editor keeps work (localStorage, as a reload would find it), the editor opens
 * and Pages shows the overview. Then the CPU is throttled 4× (CDP Emulation.setCPUThrottlingRate), a
 * requestAnimationFrame recorder starts, a finger (CDP touch events) swipes the overview from top to
 * bottom and back, taps page 2 and then its Move later button (held at the foot of the screen), swipes
 * to the end and taps Remove pages (the book is at its product's most), and the recorder stops.
 * Reported: the median run's worst frame, its p95 and its median frame. Median of 3 runs.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession } from 'playwright-core';
import { type BookTemplate, bookPageId, createInstance, layoutSlots } from '../engine/index.ts';
import type { Product } from '../shop/contract.ts';
import { serialiseInstance, storageKey } from '../src/features/editor/editorRules.ts';
import { launchChromium, PHONE, p95, startAppServer } from './browser-helpers.ts';
import { median, writeNoisyJpeg } from './picture-helpers.ts';
import { report } from './report.ts';

const bench = 'photobook-overview';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = 100;
const THROTTLE = 4;

const RECORDER = `(() => {
  window.__frames = [];
  window.__recording = true;
  let last;
  const tick = (t) => {
    if (last !== undefined) window.__frames.push([t - last, window.__phase]);
    last = t;
    if (window.__recording) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;
const STOP = `new Promise((resolve) => requestAnimationFrame(() => {
  window.__recording = false;
  resolve(window.__frames);
}))`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Phase = 'scroll' | 'move' | 'remove';
const TRACE_CATEGORIES =
  'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,toplevel,disabled-by-default-v8.cpu_profiler';

async function saveTrace(cdp: CDPSession, file: string) {
  const done = new Promise<string>((resolve) =>
    cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream!)),
  );
  await cdp.send('Tracing.end');
  const handle = await done;
  const chunks: string[] = [];
  for (;;) {
    const read = await cdp.send('IO.read', { handle });
    chunks.push(read.data);
    if (read.eof) break;
  }
  writeFileSync(file, chunks.join(''));
}

async function oneRun(browser: Browser, base: string, photos: Buffer[]) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.goto(`${base}/m/`);
    const pictures: { uuid: string; width: number; height: number }[] = [];
    for (const [k, buffer] of photos.entries()) {
      const res = await page.request.post(`${base}/m/api/pictures`, {
        multipart: { file: { name: `p${k}.jpg`, mimeType: 'image/jpeg', buffer } },
      });
      if (!res.ok()) throw new Error(`upload ${res.status()} ${await res.text()}`);
      pictures.push(((await res.json()) as { files: (typeof pictures)[number][] }).files[0]!);
    }
    const books = (await (
      await page.request.get(`${base}/m/api/templates/photobooks`)
    ).json()) as BookTemplate[];
    const book = books.find((t) => t.name.en_GB === 'Holiday book')!;
    const products = (
      (await (await page.request.get(`${base}/m/api/products`)).json()) as { products: Product[] }
    ).products;
    const product = products.find((p) => p.uuid === book.product.uuid)!;
    const bookPages = Array.from({ length: PAGES }, (_, k) => ({
      id: bookPageId(k + 1),
      typeId: book.book.layouts[k % book.book.layouts.length]!,
    }));
    const instance = createInstance(book, new Date(), bookPages);
    let n = 0;
    for (const p of bookPages) {
      for (const slot of layoutSlots(book, p.typeId).filter((s) => s.type === 'IMAGE')) {
        const picture = pictures[n++ % pictures.length]!;
        instance.resources[`${p.id}:${slot.resourceId}`] = {
          type: 'IMAGE',
          image: {
            ...picture,
            rotation: 0,
            effect: 'original',
            cropRect: { x: 0, y: 0, width: 1, height: 0.75 },
          },
        };
      }
    }
    await page.evaluate(
      ([key, work]) => window.localStorage.setItem(key!, work!),
      [storageKey(book.uuid), serialiseInstance(instance)],
    );
    await page.goto(`${base}/m/products/photobooks/${product.uuid}/${book.uuid}`);
    await page.getByRole('navigation', { name: 'Editor menu' }).getByRole('button', { name: 'Pages' }).tap();
    const overview = page.getByRole('region', { name: 'Pages' });
    await overview.waitFor({ timeout: 30_000 });
    const count = await overview.getByTestId('book-page').count();
    if (count !== PAGES) throw new Error(`the overview shows ${count} pages, not ${PAGES}`);
    // The first screenful's pictures loaded (the rest load lazily as they scroll in, as on a phone).
    await sleep(1500);

    const cdp = await context.newCDPSession(page);
    // Nothing of the harness runs in the page while frames are counted (a Playwright locator walks
    // the whole DOM in the page's main thread, which at 4× costs more than the app): what the steps
    // need is looked up first, and the finger is driven through CDP touch events.
    const scroller = page.locator('.book-pages');
    const area = (await scroller.boundingBox())!;
    const height = await scroller.evaluate((el) => el.scrollHeight - el.clientHeight);
    const page2 = (await overview.getByRole('button', { name: 'Page 2', exact: true }).boundingBox())!;
    // The selected page's Move later, held at the foot of the screen, whichever page is selected.
    const moveLater = (await overview.getByRole('button', { name: /^Move page \d+ later$/ }).boundingBox())!;
    const remove = (await overview.getByRole('button', { name: /^Remove \d+ pages$/ }).elementHandle())!;
    const inPage = async <T>(expression: string) =>
      (await cdp.send('Runtime.evaluate', { expression, returnByValue: true })).result.value as T;
    const scrollTop = () => inPage<number>(`document.querySelector('.book-pages').scrollTop`);
    const x = Math.round(area.x + area.width / 2);
    /** One finger swipe of `dy` px (negative: up, the overview scrolls down), over 12 touch moves. */
    const swipe = async (dy: number) => {
      const y0 = Math.round(area.y + area.height * (dy < 0 ? 0.85 : 0.15));
      const point = (y: number) => [{ x, y, radiusX: 1, radiusY: 1, force: 1 }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(y0) });
      for (let k = 1; k <= 12; k++) {
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: point(y0 + (dy * k) / 12),
        });
        await sleep(16);
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    /** Waits for a fling to stop; the overview's scroll position then. */
    const settled = async () => {
      let last = -1;
      for (let now = await scrollTop(); now !== last; now = await scrollTop()) {
        last = now;
        await sleep(100);
      }
      return last;
    };
    /** Swipes until the overview is at its end, `down` or up, and has stopped (a fling runs on). */
    const scrollToEnd = async (down: boolean) => {
      for (let k = 0; k < 60; k++) {
        const at = await scrollTop();
        if (down ? at >= height - 2 : at <= 0) break;
        await swipe(down ? -area.height * 0.6 : area.height * 0.6);
      }
      return settled();
    };
    const tap = async (box: { x: number; y: number; width: number; height: number }) =>
      page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);

    const phase = (name: Phase) => inPage(`window.__phase = '${name}'; console.timeStamp('${name}')`);

    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    // BENCH_TRACE=file.json keeps a Chrome trace of the recorded part (open it in DevTools' Performance).
    const trace = process.env.BENCH_TRACE;
    if (trace)
      await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReturnAsStream' });
    await phase('scroll');
    await page.evaluate(RECORDER);
    const bottom = await scrollToEnd(true);
    if (bottom < height - 2) throw new Error(`the overview scrolled to ${bottom} px of ${height}`);
    if ((await scrollToEnd(false)) > 0) throw new Error('the overview did not scroll back up');
    await phase('move');
    await tap(page2);
    await sleep(300);
    await tap(moveLater);
    await sleep(300);
    await phase('scroll');
    await scrollToEnd(true);
    // Remove pages sits between the pages and the tray: the finger brings it into view (scrolling).
    let removeBox = (await remove.boundingBox())!;
    for (
      let k = 0;
      k < 20 && (removeBox.y < area.y || removeBox.y + removeBox.height > area.y + area.height);
      k++
    ) {
      await swipe(removeBox.y < area.y ? area.height * 0.3 : -area.height * 0.3);
      await settled();
      removeBox = (await remove.boundingBox())!;
    }
    await phase('remove');
    await tap(removeBox);
    await sleep(500);
    const tagged = (await page.evaluate(STOP)) as [number, Phase][];
    if (trace) await saveTrace(cdp, trace);
    const frames = tagged.map(([ms]) => ms);
    const worstIn = (name: Phase) => Math.max(0, ...tagged.filter(([, p]) => p === name).map(([ms]) => ms));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const pagesAfter = await overview.getByTestId('book-page').count();
    if (pagesAfter >= PAGES) throw new Error('Remove pages did not remove pages');
    const sorted = [...frames].sort((a, b) => a - b);
    return {
      worst: sorted.at(-1)!,
      p95: p95(frames),
      median: sorted[Math.floor(sorted.length / 2)]!,
      frames: frames.length,
      phases: { scroll: worstIn('scroll'), move: worstIn('move'), remove: worstIn('remove') },
    };
  } finally {
    await context.close();
  }
}

/** The phase a run's worst frame was in. */
const worstPhase = (phases: Record<Phase, number>) =>
  (Object.entries(phases) as [Phase, number][]).reduce((a, b) => (b[1] > a[1] ? b : a))[0];

const dir = mkdtempSync(path.join(tmpdir(), 'bench-photobook-overview-'));
const server = await startAppServer();
const browser = await launchChromium();
try {
  const photos: Buffer[] = [];
  for (let i = 0; i < 20; i++) {
    const file = path.join(dir, `photo-${i}.jpg`);
    await writeNoisyJpeg(file, 2400, 1800, 85, 6, i + 1);
    photos.push(readFileSync(file));
  }
  const runs = [];
  for (let r = 0; r < RUNS; r++) runs.push(await oneRun(browser, server.base, photos));
  const mid = [...runs].sort((a, b) => a.worst - b.worst)[Math.floor(RUNS / 2)]!;
  report({
    bench,
    figure: `${PAGES}-page overview at ${THROTTLE}× CPU: worst frame (scroll, move, remove pages)`,
    // One decimal: a 60 Hz display's frames come in steps of 16.7 ms, and two of them (33.3 ms) is
    // the goal's 33 ms (30 frames a second); a third is 50 ms.
    value: Math.round(mid.worst * 10) / 10,
    unit: 'ms',
    note: `goal ≤ 33 ms (two frames of a 60 Hz display, 33.3 ms); p95 ${Math.round(mid.p95)} ms, median ${Math.round(mid.median)} ms over ${mid.frames} frames; worst while scrolling ${Math.round(mid.phases.scroll)}, moving a page ${Math.round(mid.phases.move)}, removing pages ${Math.round(mid.phases.remove)} ms; worst of each run ${runs.map((r) => `${r.worst.toFixed(1)} (${worstPhase(r.phases)})`).join(', ')} ms (median ${Math.round(median(runs.map((r) => r.worst)))})`,
  });
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
