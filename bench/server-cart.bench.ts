/**
 * Requests per second of GET /m/api/webshop/cart (a real session and its cart, looked up in the
 * database on every request) as a ratio to a bare fastify route answering the same JSON, measured in
 * the same run on the same machine, so the figure says what our layers cost rather than how fast
 * this machine is.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { report } from './report.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(import.meta.dirname, 'serve-for-bench.ts')],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATABASE_URL: '' },
  },
);
const ports = await new Promise<{ app: number; bare: number }>((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    const m = /READY (\{.*\})/.exec(out);
    if (m) resolve(JSON.parse(m[1]!));
  });
  child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 10, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

try {
  // One session for the whole run: every request finds its session and cart, as a shopper's would.
  // A change makes the session (reads make none).
  const first = await fetch(`http://127.0.0.1:${ports.app}/m/api/webshop/cart/auto-correction`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ autoCorrection: 1 }),
  });
  const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!;
  await load(`http://127.0.0.1:${ports.bare}/m/api/webshop/cart`); // warm-up of the load generator
  const bare = await load(`http://127.0.0.1:${ports.bare}/m/api/webshop/cart`);
  const app = await load(`http://127.0.0.1:${ports.app}/m/api/webshop/cart`, { cookie });
  report({
    bench: 'server',
    figure: 'bare fastify route',
    value: Math.round(bare.requests.average),
    unit: 'req/s',
  });
  report({
    bench: 'server',
    figure: 'GET /m/api/webshop/cart',
    value: Math.round(app.requests.average),
    unit: 'req/s',
    note: `p99 ${app.latency.p99} ms`,
  });
  report({
    bench: 'server',
    figure: 'cart / bare',
    value: +(app.requests.average / bare.requests.average).toFixed(3),
    unit: 'ratio',
  });
} finally {
  child.kill();
}
