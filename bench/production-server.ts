/**
 * The production benches' shared side (bench/production.bench.ts, bench/photobook-production.bench.ts):
 * the real app working its order queues in a process of its own (serve-production-for-bench.ts), asked
 * for its memory and an order's status over stdin, and the shop calls a bench makes an order with.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { SERVER_MALLOC_ENV, serverNodeFlags } from '../scripts/server-flags.mjs';
import type { PaymentOption } from '../shop/checkout.ts';
import { writeNoisyJpeg } from './picture-helpers.ts';

export async function startProductionServer(name: string) {
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
  const dir = mkdtempSync(path.join(tmpdir(), `bench-${name}-`));

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
      if (performance.now() - started > timeoutMs)
        throw new Error(`production of ${orderUuid} took too long`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Ends the server (it removes its data directory) and the bench's photos. */
  async function close() {
    child.stdin.end();
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }

  return { base, child, ask, photos, cookieOf, uploadPictures, placeOrder, produced, close };
}
