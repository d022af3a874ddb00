/**
 * A photo book's production (issue 33 "Targets": a 100-page book produced in at most 60 s, at most
 * 600 MB more memory), against the real app working its queues in a process of its own
 * (serve-production-for-bench.ts): the largest soft-cover 20x20 book, every picture slot of every
 * layout filled from 20 photos of 12 megapixels, ordered, and timed from the order to both files
 * ready (the cover spread and the pages PDF), with the server's peak RSS added while it renders.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { type BookTemplate, bookPageId, layoutSlots } from '../engine/index.ts';
import { SERVER_MALLOC_ENV, serverNodeFlags } from '../scripts/server-flags.mjs';
import type { PaymentOption } from '../shop/checkout.ts';
import type { Product } from '../shop/contract.ts';
import { writeNoisyJpeg } from './picture-helpers.ts';
import { report } from './report.ts';

const bench = 'photobook-production';
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
const dir = mkdtempSync(path.join(tmpdir(), 'bench-photobook-production-'));

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

try {
  const books = (await (await fetch(`${base}/m/api/templates/photobooks`)).json()) as BookTemplate[];
  const book = books.find((t) => t.name.en_GB === 'Holiday book')!;
  const products = ((await (await fetch(`${base}/m/api/products`)).json()) as { products: Product[] })
    .products;
  const product = products.find((p) => p.uuid === book.product.uuid)!;
  const pages = product.photobook!.pages.max;
  const { pictures, cookie } = await uploadPictures(await photos(20, 4000, 3000), 20);
  const bookPages = Array.from({ length: pages }, (_, k) => ({
    id: bookPageId(k + 1),
    typeId: book.book.layouts[k % book.book.layouts.length]!,
  }));
  let n = 0;
  const image = () => ({
    uuid: pictures[n++ % pictures.length]!.uuid,
    rotation: 0,
    cropRect: { x: 0, y: 0, width: 1, height: 0.75 },
  });
  const resources = [
    { fullId: `${book.pages[0]!.id}:photo`, type: 'IMAGE', image: image() },
    ...bookPages.flatMap((page) =>
      layoutSlots(book, page.typeId)
        .filter((s) => s.type === 'IMAGE')
        .map((s) => ({ fullId: `${page.id}:${s.resourceId}`, type: 'IMAGE', image: image() })),
    ),
  ];
  const added = await fetch(`${base}/m/api/webshop/cart`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      product: { uuid: product.uuid },
      subProductUuids: [],
      quantity: 1,
      template: { uuid: book.uuid, version: book.version, year: null, bookPages, resources },
    }),
  });
  if (!added.ok) throw new Error(`book line: ${added.status} ${await added.text()}`);

  child.stdin.write('MEM_START\n');
  const started = performance.now();
  const orderUuid = await placeOrder(cookie);
  const seconds = await produced(orderUuid, started, 600_000);
  const mem = await ask<{ baseline: number; peak: number }>('MEM_STOP', 'MEM');
  report({
    bench,
    figure: `${pages}-page book (${resources.length} pictures placed): order to cover and pages PDFs ready`,
    value: seconds.toFixed(1),
    unit: 's',
    note: 'goal ≤ 60 s on 2 cores',
  });
  report({
    bench,
    figure: `${pages}-page book: server memory added while producing`,
    value: Math.round((mem.peak - mem.baseline) / 2 ** 20),
    unit: 'MB',
    note: `goal ≤ 600 MB; peak RSS ${Math.round(mem.peak / 2 ** 20)} MB, ${Math.round(mem.baseline / 2 ** 20)} MB before`,
  });
} finally {
  child.stdin.end();
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
