/**
 * Production of print files (issue 14), against the real app working its queues in a process of its
 * own: the time and peak memory to produce a 13-page calendar order (photos of 12 megapixels in every
 * slot) and an order of 40 prints (6 megapixels each), and GET /m/api/webshop/cart's p99 at idle and
 * while the calendar renders (the render runs in worker threads, so the event loop keeps answering).
 * Goals: calendar ≤ 10 s and ≤ 400 MB, 40 prints ≤ 20 s, cart p99 while rendering ≤ 2 × idle.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { harnessInstance } from '../engine/harness.ts';
import type { Template } from '../engine/template.ts';
import { SERVER_MALLOC_ENV, serverNodeFlags } from '../scripts/server-flags.mjs';
import type { PaymentOption } from '../shop/checkout.ts';
import { addPayload } from '../src/features/editor/buy/buyRules.ts';
import { writeNoisyJpeg } from './picture-helpers.ts';
import { report } from './report.ts';

const bench = 'production';
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PRINT_UPLOAD =
  '/system/iframes/upload_internal.php?handleuploads=1&interface=HTML&redirect=&uploadtype=printsorder&json=1&thumbnails=640';

const child = spawn(
  process.execPath,
  [
    ...serverNodeFlags({ DATABASE_URL: '' }),
    '--import',
    'tsx',
    path.join(import.meta.dirname, 'serve-production-for-bench.ts'),
  ],
  // As `npm start` runs the server: its Node flags and glibc's malloc settings (server-flags.mjs).
  {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...SERVER_MALLOC_ENV, ...process.env, DATABASE_URL: '' },
  },
);
const answers = createInterface({ input: child.stdout });
const waiting: { prefix: string; resolve: (json: unknown) => void }[] = [];
const ready = new Promise<number>((resolve, reject) => {
  waiting.push({ prefix: 'READY', resolve: (j) => resolve((j as { port: number }).port) });
  child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
answers.on('line', (line) => {
  const at = waiting.findIndex((w) => line.startsWith(`${w.prefix} `));
  if (at >= 0) waiting.splice(at, 1)[0]!.resolve(JSON.parse(line.slice(line.indexOf(' ') + 1)));
});
const ask = <T>(command: string, prefix: string) =>
  new Promise<T>((resolve) => {
    waiting.push({ prefix, resolve: resolve as (j: unknown) => void });
    child.stdin.write(`${command}\n`);
  });

const port = await ready;
const base = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(path.join(tmpdir(), 'bench-production-'));

async function photos(count: number, width: number, height: number): Promise<Buffer[]> {
  const files: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `photo-${width}-${i}.jpg`);
    await writeNoisyJpeg(file, width, height, 90, 6, i + 1);
    files.push(readFileSync(file));
  }
  return files;
}

const cookieOf = (res: Response, cookie?: string) =>
  cookie ?? (res.headers.get('set-cookie') ?? '').split(';')[0]!;

async function uploadPictures(bytes: Buffer[], count: number, cookie?: string) {
  const pictures: { uuid: string; width: number; height: number }[] = [];
  for (let i = 0; i < count; i++) {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(bytes[i % bytes.length]!)], { type: 'image/jpeg' }),
      `p${i}.jpg`,
    );
    const res = await fetch(`${base}/m/api/pictures`, {
      method: 'POST',
      body: form,
      headers: cookie ? { cookie } : {},
    });
    if (!res.ok) throw new Error(`picture upload: ${res.status} ${await res.text()}`);
    cookie = cookieOf(res, cookie);
    pictures.push(
      ((await res.json()) as { files: { uuid: string; width: number; height: number }[] }).files[0]!,
    );
  }
  return { pictures, cookie: cookie! };
}

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

async function placeOrder(cookie: string): Promise<string> {
  const types = (await (await fetch(`${base}/m/api/checkout/delivery-options`)).json()) as {
    type: string;
    pickupLocations: { uuid: string }[];
  }[];
  const store = types.find((d) => d.type === 'store-pickup')!.pickupLocations[0]!;
  const options = (await (
    await fetch(`${base}/m/api/checkout/delivery-options/${store.uuid}/payment-options`)
  ).json()) as PaymentOption[];
  const res = await fetch(`${base}/ajax/get_transaction.php`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      cartfallback: true,
      ordercomment: '',
      name: 'Bench Shopper',
      mobile: '+44 7700 900123',
      email: 'bench@example.com',
      paymentoption: options.find((o) => o.type === 'invoice')!.uuid,
      deliveryoption: store.uuid,
    }),
  });
  if (!res.ok) throw new Error(`confirm: ${res.status} ${await res.text()}`);
  const { transactionid } = (await res.json()) as { transactionid: string };
  const state = (await (
    await fetch(`${base}/m/api/checkout/transactions/${transactionid}`, { headers: { cookie } })
  ).json()) as {
    orderUuid: string;
  };
  return state.orderUuid;
}

async function produced(orderUuid: string, started: number, timeoutMs = 180_000) {
  for (;;) {
    const { status, error } = await ask<{ status: string; error: string | null }>(
      `STATUS ${orderUuid}`,
      'STATUS',
    );
    if (status === 'ready') return (performance.now() - started) / 1000;
    if (status === 'failed') throw new Error(`production failed: ${error}`);
    if (performance.now() - started > timeoutMs) throw new Error(`production of ${orderUuid} took too long`);
    await new Promise((r) => setTimeout(r, 100));
  }
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
  child.stdin.end();
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
