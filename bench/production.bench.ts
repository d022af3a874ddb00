/**
 * Production of print files (issue 14), against the real app working its queues in a process of its
 * own: the time and peak memory to produce a 13-page calendar order (photos of 12 megapixels in every
 * slot) and an order of 40 prints (6 megapixels each), and GET /m/api/webshop/cart's p99 at idle and
 * while the calendar renders (the render runs in worker threads, so the event loop keeps answering).
 * Goals: calendar ≤ 10 s and ≤ 400 MB, 40 prints ≤ 20 s, cart p99 while rendering ≤ 2 × idle.
 */
import autocannon from 'autocannon';
import { harnessInstance } from '../engine/harness.ts';
import type { Template } from '../engine/template.ts';
import { addPayload } from '../src/features/editor/buy/buyRules.ts';
import { startProductionServer } from './production-server.ts';
import { report } from './report.ts';

const bench = 'production';
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PRINT_UPLOAD =
  '/system/iframes/upload_internal.php?handleuploads=1&interface=HTML&redirect=&uploadtype=printsorder&json=1&thumbnails=640';

const { base, child, ask, photos, cookieOf, uploadPictures, placeOrder, produced, close } =
  await startProductionServer(bench);

async function uploadPrints(bytes: Buffer[], count: number, cookie?: string) {
  for (let start = 0; start < count; start += 10) {
    const form = new FormData();
    for (let i = start; i < Math.min(count, start + 10); i++) {
      form.append(
        'images[]',
        new Blob([new Uint8Array(bytes[i % bytes.length]!)], { type: 'image/jpeg' }),
        `print-${i}.jpg`,
      );
    }
    const res = await fetch(`${base}${PRINT_UPLOAD}`, {
      method: 'POST',
      body: form,
      headers: cookie ? { cookie } : {},
    });
    if (!res.ok) throw new Error(`print upload: ${res.status} ${await res.text()}`);
    cookie = cookieOf(res, cookie);
  }
  return cookie!;
}

const p99 = async (cookie: string) => {
  const result = await autocannon({
    url: `${base}/m/api/webshop/cart`,
    connections: 10,
    duration: LOAD_SECONDS,
    headers: { cookie },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`cart: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.latency.p99;
};

try {
  // A shopper with a few prints in the cart, read while production runs.
  const cartCookie = await uploadPrints(await photos(1, 600, 400), 3);

  // The calendar: every picture slot of Classic A4 filled with a 12-megapixel photo.
  const calendarPhotos = await photos(3, 4000, 3000);
  const calendars = (await (await fetch(`${base}/m/api/templates/calendars`)).json()) as Template[];
  const calendar = calendars.find((t) => t.name.en_GB === 'Classic A4')!;
  const { pictures, cookie } = await uploadPictures(calendarPhotos, 13);
  const instance = harnessInstance(calendar, null, pictures, new Date());
  const added = await fetch(`${base}/m/api/webshop/cart`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(addPayload(calendar, instance, calendar.product.uuid, { subProductUuids: [] }, 1)),
  });
  if (!added.ok) throw new Error(`calendar line: ${added.status} ${await added.text()}`);

  const idle = await p99(cartCookie);
  child.stdin.write('MEM_START\n');
  const started = performance.now();
  const orderUuid = await placeOrder(cookie);
  const [loaded, seconds] = await Promise.all([p99(cartCookie), produced(orderUuid, started)]);
  const mem = await ask<{ baseline: number; peak: number }>('MEM_STOP', 'MEM');
  const overlap = Math.min(1, seconds / LOAD_SECONDS);
  report({
    bench,
    figure: `13-page calendar (${calendar.pages.length} pages): order to ready`,
    value: seconds.toFixed(1),
    unit: 's',
    note: 'goal ≤ 10 s on 2 cores',
  });
  report({
    bench,
    figure: '13-page calendar: server memory added while producing',
    value: Math.round((mem.peak - mem.baseline) / 2 ** 20),
    unit: 'MB',
    note: `goal ≤ 250 MB (issue 31); peak RSS ${Math.round(mem.peak / 2 ** 20)} MB, ${Math.round(mem.baseline / 2 ** 20)} MB before (modules and PGlite)`,
  });
  report({ bench, figure: 'cart GET p99, idle', value: idle, unit: 'ms' });
  report({
    bench,
    figure: 'cart GET p99 while the calendar renders',
    value: loaded,
    unit: 'ms',
    note: `${(loaded / idle).toFixed(2)} × idle (goal ≤ 2 ×); rendering during ${Math.round(overlap * 100)} % of the ${LOAD_SECONDS} s load`,
  });

  // Forty prints of 6 megapixels.
  const printCookie = await uploadPrints(await photos(4, 3000, 2000), 40);
  child.stdin.write('MEM_START\n');
  const printsStarted = performance.now();
  const prints = await placeOrder(printCookie);
  const printSeconds = await produced(prints, printsStarted);
  const printMem = await ask<{ baseline: number; peak: number }>('MEM_STOP', 'MEM');
  report({
    bench,
    figure: '40 prints: order to ready',
    value: printSeconds.toFixed(1),
    unit: 's',
    note: 'goal ≤ 20 s on 2 cores',
  });
  report({
    bench,
    figure: '40 prints: server memory added while producing',
    value: Math.round((printMem.peak - printMem.baseline) / 2 ** 20),
    unit: 'MB',
    note: `peak RSS ${Math.round(printMem.peak / 2 ** 20)} MB`,
  });
} finally {
  await close();
}
