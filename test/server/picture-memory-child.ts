/**
 * The shop in a process of its own whose memory a test or bench reads (started by picture-memory.ts):
 * nothing else runs in it, so its RSS is the server's. Listens on a free port of 127.0.0.1, says
 * `ready <url>`, then answers lines on stdin:
 * - `MEM_START` → `MEM_STARTED {"baseline"}`: the RSS now, and the peak (VmHWM) reset to it
 * - `MEM_STOP`  → `MEM {"baseline", "peak", "rss"}`: the peak since MEM_START, and the RSS now
 * - `RSS`       → `RSS {"rss"}`
 * - `STATS`     → `STATS {"workerDecodes", "libheifOnMainThread"}`
 * Bytes throughout. The database: DATABASE_URL's, else an in-memory PGlite from the dump PGLITE_DUMP
 * names, else a new seeded one. DECODE_WAIT_MS sets how long a decode may wait for its turn.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { openDatabase } from '../../server/db/connect.ts';
import { QUEUES } from '../../server/production/jobs.ts';
import { DEFAULT_PICTURE_LIMITS, pictureStats } from '../../server/services/pictures/pictures.ts';

const dataDir = process.env.DATA_DIR || mkdtempSync(path.join(tmpdir(), 'print-shop-picture-memory-'));
const dump = process.env.PGLITE_DUMP;
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { kind: 'postgres', url: process.env.DATABASE_URL }
    : { kind: 'pglite', dataDir: null, loadDataDir: dump ? new Blob([readFileSync(dump)]) : undefined },
  { seed: true },
);
const waitMs = Number(process.env.DECODE_WAIT_MS) || DEFAULT_PICTURE_LIMITS.decodeQueue.waitMs;
const config = {
  ...configFromEnv({ ...process.env, DATA_DIR: dataDir }),
  distDir: null,
  previewsDir: null,
  logLevel: 'warn' as const,
  redisUrl: null,
  smtpUrl: null,
};
const app = await buildApp(config, {
  database,
  pictureLimits: { decodeQueue: { ...DEFAULT_PICTURE_LIMITS.decodeQueue, waitMs } },
});
const url = await app.listen({ host: '127.0.0.1', port: 0 });
// The picture analysis (issue 32) keeps its models (~110 MB) in a thread of its own for a while after
// each upload: that is the analysis's memory, measured by bench/faces.bench.ts, not the decode's. With
// it worked here, six uploads at once measured it beside the decodes (543 MB added in a CI run).
// The queues start as the app listens (onReady), so this follows the listen.
await app.jobs.boss.offWork(QUEUES.analysis);

/** VmRSS and VmHWM (the peak RSS), in bytes. */
function status() {
  const text = readFileSync('/proc/self/status', 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}

// The peak is the kernel's VmHWM, reset at MEM_START (clear_refs 5), which no sampling can miss; where
// it cannot be reset, samples every 20 ms stand in.
let baseline = 0;
let sampled = 0;
let hwmReset = false;
const sampler = setInterval(() => {
  sampled = Math.max(sampled, status().rss);
}, 20);
sampler.unref();

const say = (word: string, value: object) => console.log(`${word} ${JSON.stringify(value)}`);
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const command = line.trim();
  if (command === 'MEM_START') {
    try {
      writeFileSync('/proc/self/clear_refs', '5');
      hwmReset = true;
    } catch {
      hwmReset = false;
    }
    baseline = status().rss;
    sampled = baseline;
    say('MEM_STARTED', { baseline });
  } else if (command === 'MEM_STOP') {
    const now = status();
    say('MEM', { baseline, peak: Math.max(sampled, now.rss, hwmReset ? now.hwm : 0), rss: now.rss });
  } else if (command === 'RSS') {
    say('RSS', { rss: status().rss });
  } else if (command === 'STATS') {
    // libheif-js's module in this thread's require cache: it was loaded here, not in a worker.
    const cache = createRequire(import.meta.url).cache;
    say('STATS', {
      workerDecodes: pictureStats.workerDecodes,
      libheifOnMainThread: Object.keys(cache).some((file) =>
        file.includes(`${path.sep}libheif-js${path.sep}`),
      ),
    });
  }
});
lines.on('close', async () => {
  await app.close();
  await database.close();
  if (!process.env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});

console.log(`ready ${url}`);
