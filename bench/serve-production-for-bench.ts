/**
 * The real app working its order queues, in a process of its own, for the production bench (seeded
 * PGlite in memory, a temporary DATA_DIR). Prints `READY {"port": n}`, then answers lines on stdin:
 * - `MEM_START` → takes the baseline RSS and tracks the peak (every 20 ms; the render worker threads
 *   are in this process, so their memory counts)
 * - `MEM_STOP`  → `MEM {"baseline": bytes, "peak": bytes}`
 * - `STATUS <orderUuid>` → `STATUS {"status": "queued" | "rendering" | "ready" | "failed", "error": …}`
 * The temporary DATA_DIR is removed when stdin closes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { openDatabase } from '../server/db/connect.ts';
import { orders } from '../server/db/schema.ts';
import { seedIfEmpty } from '../server/db/seed.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-production-data-'));
const database = await openDatabase({ kind: 'pglite', dataDir: null });
await seedIfEmpty(database.db);
const config = configFromEnv({ ...process.env, DATA_DIR: dataDir, DIST_DIR: '', LOG_LEVEL: 'error' });
const app = await buildApp(
  { ...config, previewsDir: null, smtpUrl: null },
  // The production defaults but a short poll, so the bench times rendering, not waiting.
  { database, jobs: { work: true, timing: { pollingIntervalSeconds: 0.5 } } },
);
await app.listen({ port: 0, host: '127.0.0.1' });

let baseline = 0;
let peak = 0;
let sampler: NodeJS.Timeout | null = null;
const sample = () => {
  peak = Math.max(peak, process.memoryUsage().rss);
};

createInterface({ input: process.stdin })
  .on('line', async (line) => {
    const [command, arg] = line.trim().split(/\s+/);
    if (command === 'MEM_START') {
      baseline = process.memoryUsage().rss;
      peak = baseline;
      sampler = setInterval(sample, 20);
    } else if (command === 'MEM_STOP') {
      if (sampler) clearInterval(sampler);
      sample();
      console.log(`MEM ${JSON.stringify({ baseline, peak })}`);
    } else if (command === 'STATUS' && arg) {
      const [row] = await database.db
        .select({ status: orders.productionStatus, error: orders.productionError })
        .from(orders)
        .where(eq(orders.uuid, arg));
      console.log(`STATUS ${JSON.stringify(row ?? { status: 'missing', error: null })}`);
    }
  })
  .on('close', async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });

console.log(`READY ${JSON.stringify({ port: (app.server.address() as { port: number }).port })}`);
