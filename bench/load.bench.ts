/**
 * `npm run bench -- load` (issue 16): a mixed shopper load on the real shop on PostgreSQL: start page,
 * product and template lists, cart reads and writes, picture previews, from 100 shoppers' sessions at
 * 100 connections for LOAD_SECONDS (20 s): req/s, p99 and errors. In the same run, the cart read alone
 * as a ratio of a bare fastify route, and the server's resident memory idle and after the load.
 *
 * The database is a fresh one made next to DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
 * postgres) and dropped afterwards; LOAD_DATABASE=pglite runs it on PGlite in memory instead.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { SERVER_MALLOC_ENV, serverNodeFlags } from '../scripts/server-flags.mjs';
import { IDLE_MEMORY } from '../server/wiring/idleMemory.ts';
import { report } from './report.ts';

const seconds = Number(process.env.LOAD_SECONDS ?? 20);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 100);
const SHOPPERS = 100;
const onPglite = process.env.LOAD_DATABASE === 'pglite';
const admin = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `print_shop_load_${Date.now()}`;

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const rssMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
};

/** What the server's memory is made of, as it says on SIGUSR2 (serve-load.ts). */
function memoryOf(server: ReturnType<typeof spawn>) {
  return new Promise<{ rss: number; heapTotal: number; heapUsed: number; arrayBuffers: number }>(
    (resolve) => {
      let out = '';
      const read = (d: Buffer) => {
        out += d.toString();
        const m = /MEMORY (\{.*\})/.exec(out);
        if (m) {
          server.stdout!.off('data', read);
          resolve(JSON.parse(m[1]!));
        }
      };
      server.stdout!.on('data', read);
      server.kill('SIGUSR2');
    },
  );
}

let databaseUrl = '';
if (!onPglite) {
  await adminQuery(`CREATE DATABASE ${dbName}`);
  const url = new URL(admin);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'load-bench-'));
const child = spawn(
  process.execPath,
  [
    ...serverNodeFlags({ DATABASE_URL: databaseUrl }),
    '--import',
    'tsx',
    path.join(import.meta.dirname, 'serve-load.ts'),
  ],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...SERVER_MALLOC_ENV, ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
  },
);
const exited = new Promise<never>((_, reject) =>
  child.on('exit', (code) => reject(new Error(`server exited ${code}`))),
);

try {
  const ports = await Promise.race([
    exited,
    new Promise<{ app: number; bare: number }>((resolve) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /READY (\{.*\})/.exec(out);
        if (m) resolve(JSON.parse(m[1]!));
      });
    }),
  ]);
  const base = `http://127.0.0.1:${ports.app}`;
  // Idle: started, the start page asked for once (as a first visitor would), then left alone long
  // enough for the shop's first quiet spell (IDLE_MEMORY: 10 s quiet, looked at every 5 s), after
  // which it gives back what starting took.
  await fetch(`${base}/m/`);
  await new Promise((r) => setTimeout(r, IDLE_MEMORY.quietMs + IDLE_MEMORY.checkMs + 2000));
  const idleRss = rssMb(child.pid!);
  const idleMemory = await memoryOf(child);

  // Shoppers: each uploads one photo (its session, a print line in its cart, a picture to preview).
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#4a7' } })
    .jpeg()
    .toBuffer();
  const shoppers: { cookie: string; picture: string }[] = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const form = new FormData();
    form.append('images[]', new Blob([photo], { type: 'image/jpeg' }), `p${i}.jpg`);
    const res = await fetch(`${base}/system/iframes/upload_internal.php?uploadtype=printsorder&json=1`, {
      method: 'POST',
      body: form,
    });
    if (!res.ok) throw new Error(`upload ${res.status}: ${await res.text()}`);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const picture = ((await res.json()) as { files: { uuid: string }[] }).files[0]!.uuid;
    shoppers.push({ cookie, picture });
  }

  const pick = () => shoppers[Math.floor(Math.random() * shoppers.length)]!;
  /** Each request as one of the shoppers: their cookie, and their picture for a preview. */
  const asShopper = (request: autocannon.Request) => {
    const shopper = pick();
    const headers = { ...(request.headers ?? {}), cookie: shopper.cookie };
    const path = request.path?.startsWith('/system/XPhoto.php')
      ? `/system/XPhoto.php?scaleversion=320&uuid=${shopper.picture}`
      : request.path;
    return { ...request, headers, path };
  };
  const get = (path: string): autocannon.Request => ({ method: 'GET', path, setupRequest: asShopper });
  const mixed = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      get('/m/'),
      get('/m/api/products'),
      get('/m/api/templates/cards'),
      get('/m/api/webshop/cart'),
      {
        method: 'PUT',
        path: '/m/api/webshop/cart/auto-correction',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ autoCorrection: 1 }),
        setupRequest: asShopper,
      },
      get('/system/XPhoto.php'),
      get('/m/api/webshop/cart'),
    ],
  });
  const errors = mixed.errors + mixed.timeouts + mixed.non2xx;
  report({
    bench: 'load',
    figure: `mixed shoppers, ${connections} connections, ${seconds} s`,
    value: Math.round(mixed.requests.average),
    unit: 'req/s',
    note: `p99 ${mixed.latency.p99} ms, ${errors} errors (${mixed.non2xx} non-2xx, ${mixed.timeouts} timeouts)`,
  });
  report({ bench: 'load', figure: 'mixed p99', value: mixed.latency.p99, unit: 'ms', note: 'target < 200' });
  report({ bench: 'load', figure: 'mixed errors', value: errors, unit: 'count', note: 'target 0' });
  const afterRss = rssMb(child.pid!);
  // Left alone again, the server should give back what the load took (issue 28: it kept 600-670 MB).
  await new Promise((r) => setTimeout(r, 30_000));
  const laterRss = rssMb(child.pid!);
  const laterMemory = await memoryOf(child);

  // The cart read alone against a bare fastify route, in this run, at the same connections.
  const cartSeconds = Math.max(5, Math.round(seconds / 2));
  const cartLoad = (port: number, cookie?: string) =>
    autocannon({
      url: `http://127.0.0.1:${port}/m/api/webshop/cart`,
      connections,
      duration: cartSeconds,
      headers: cookie ? { cookie } : {},
    });
  await cartLoad(ports.bare); // warms the load generator
  const bare = await cartLoad(ports.bare);
  const cart = await cartLoad(ports.app, shoppers[0]!.cookie);
  report({
    bench: 'load',
    figure: 'bare fastify route',
    value: Math.round(bare.requests.average),
    unit: 'req/s',
  });
  report({
    bench: 'load',
    figure: 'GET /m/api/webshop/cart',
    value: Math.round(cart.requests.average),
    unit: 'req/s',
    note: `p99 ${cart.latency.p99} ms, ${cart.non2xx + cart.errors} errors`,
  });
  report({
    bench: 'load',
    figure: 'cart / bare',
    value: +(cart.requests.average / bare.requests.average).toFixed(3),
    unit: 'ratio',
    note: 'target ≥ 0.25 (aim 0.5)',
  });
  report({
    bench: 'load',
    figure: `server RSS idle (${onPglite ? 'PGlite' : 'PostgreSQL'})`,
    value: idleRss,
    unit: 'MB',
    note: `target ≤ ${onPglite ? 300 : 200}; V8 heap ${idleMemory.heapUsed}/${idleMemory.heapTotal} MB, buffers ${idleMemory.arrayBuffers} MB`,
  });
  report({ bench: 'load', figure: 'server RSS after the mixed load', value: afterRss, unit: 'MB' });
  report({
    bench: 'load',
    figure: 'server RSS 30 s after the mixed load',
    value: laterRss,
    unit: 'MB',
    note: `V8 heap ${laterMemory.heapUsed}/${laterMemory.heapTotal} MB, buffers ${laterMemory.arrayBuffers} MB; target within 50 MB of idle`,
  });
} finally {
  child.kill();
  rmSync(dataDir, { recursive: true, force: true });
  if (!onPglite) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
}
