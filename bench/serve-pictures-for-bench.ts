/**
 * Runs the real app (seeded PGlite in memory, pictures in a temp dataDir) in a process of its own
 * for the picture benches. Prints `READY {"port": n}`, then answers lines on stdin:
 * - `STATS`     → `STATS {"sharpJobs": n}` (pictureStats)
 * - `MEM_START` → takes the baseline RSS and starts tracking the peak (sampled every 20 ms)
 * - `MEM_STOP`  → `MEM {"baseline": bytes, "peak": bytes, "samples": n, "cpuMs": n}` (cpuMs: the process's
 *   CPU time since MEM_START, every thread's, which other work on the machine does not inflate)
 * - `PAUSE_ANALYSIS` → `PAUSED {}` once the upload's analysis queue is no longer worked (the photo book
 *   bench's worst case: a book asked before the queue reached any of its pictures)
 * - `ANALYSED`  → `ANALYSED {"signals": n, "regions": n}`: pictures with signals, with regions
 * The temp dataDir is removed when stdin closes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { count } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { openDatabase } from '../server/db/connect.ts';
import { pictures } from '../server/db/schema.ts';
import { seedIfEmpty } from '../server/db/seed.ts';
import { pictureStats } from '../server/services/pictures/pictures.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pictures-data-'));
const database = await openDatabase({ kind: 'pglite', dataDir: null });
await seedIfEmpty(database.db);
const config = configFromEnv({ ...process.env, DATA_DIR: dataDir, DIST_DIR: '', LOG_LEVEL: 'error' });
// The bench measures the server's speed, not its limits: one session asks thousands of times a
// minute, which the per-session picture limit (1,200 a minute) would answer 429 (issue 31).
const unlimited = Number.MAX_SAFE_INTEGER;
const app = await buildApp(
  { ...config, localeDir: '/nonexistent', previewsDir: null },
  {
    database,
    requestLimits: {
      picturesPerSessionMinute: unlimited,
      previewsPerSessionMinute: unlimited,
      uploadsPerSessionHour: unlimited,
      uploadsPerAddressHour: unlimited,
    },
  },
);
await app.listen({ port: 0, host: '127.0.0.1' });

let baseline = 0;
let peak = 0;
let samples = 0;
let cpu0 = process.cpuUsage();
let sampler: NodeJS.Timeout | null = null;
const sample = () => {
  const rss = process.memoryUsage().rss;
  samples++;
  if (rss > peak) peak = rss;
};

const lines = createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  const command = line.trim();
  if (command === 'PAUSE_ANALYSIS') {
    await app.jobs.boss.offWork('picture-analysis');
    console.log('PAUSED {}');
  }
  if (command === 'ANALYSED') {
    const [row] = await database.db
      .select({ signals: count(pictures.signals), regions: count(pictures.regions) })
      .from(pictures);
    console.log(`ANALYSED ${JSON.stringify(row)}`);
  }
  if (command === 'STATS') console.log(`STATS ${JSON.stringify(pictureStats)}`);
  if (command === 'MEM_START') {
    baseline = process.memoryUsage().rss;
    peak = baseline;
    samples = 0;
    cpu0 = process.cpuUsage();
    sampler = setInterval(sample, 20);
  }
  if (command === 'MEM_STOP') {
    if (sampler) clearInterval(sampler);
    sample();
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
    console.log(`MEM ${JSON.stringify({ baseline, peak, samples, cpuMs })}`);
  }
});
lines.on('close', async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});

console.log(`READY ${JSON.stringify({ port: (app.server.address() as { port: number }).port })}`);
