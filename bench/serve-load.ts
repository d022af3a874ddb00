/**
 * The shop as `npm start` runs it (the built app; its Node flags and malloc settings from the caller),
 * on the database of DATABASE_URL (PostgreSQL) or, without it, PGlite in DATA_DIR (as `npm start` keeps
 * it); and a bare fastify route answering the cart's empty JSON, for the ratio. Prints `READY {"app": port, "bare": port}`.
 */
import path from 'node:path';
import v8 from 'node:v8';
import Fastify from 'fastify';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { openDatabase } from '../server/db/connect.ts';
import { seedIfEmpty } from '../server/db/seed.ts';

const root = path.resolve(import.meta.dirname, '..');
const url = process.env.DATABASE_URL;
const database = await openDatabase(
  url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: process.env.DATA_DIR ?? null },
);
await seedIfEmpty(database.db);
const config = configFromEnv({ ...process.env, DIST_DIR: path.join(root, 'dist'), LOG_LEVEL: 'error' });
const app = await buildApp({ ...config, previewsDir: null, redisUrl: null }, { database });
await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/m/api/webshop/cart', async () => ({ orderLines: [], summary: { totalPrice: 0 } }));
await bare.listen({ port: 0, host: '127.0.0.1' });

const port = (s: { server: import('node:net').Server }) => (s.server.address() as { port: number }).port;
console.log(`READY ${JSON.stringify({ app: port(app), bare: port(bare) })}`);

// The bench asks what the memory is made of (SIGUSR2): V8's heap, buffers outside it, and the rest
// (native: sharp's libvips, malloc's arenas, PGlite's WebAssembly).
process.on('SIGUSR2', () => {
  const m = process.memoryUsage();
  const h = v8.getHeapStatistics();
  const mb = (n: number) => Math.round(n / 1024 / 1024);
  console.log(
    `MEMORY ${JSON.stringify({ rss: mb(m.rss), heapTotal: mb(m.heapTotal), heapUsed: mb(m.heapUsed), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers), physical: mb(h.total_physical_size), malloced: mb(h.malloced_memory), peakMalloced: mb(h.peak_malloced_memory) })}`,
  );
});
