/**
 * Runs, in a process of its own, the real app (seeded PGlite in memory) and a bare fastify route
 * answering the same empty-cart JSON, so the load generator does not share their event loop.
 * Prints `READY {"app": port, "bare": port}`.
 */
import Fastify from 'fastify';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { openDatabase } from '../server/db/connect.ts';
import { seedIfEmpty } from '../server/db/seed.ts';

const database = await openDatabase({ kind: 'pglite', dataDir: null });
await seedIfEmpty(database.db);
const config = configFromEnv({ ...process.env, DIST_DIR: '', LOG_LEVEL: 'error' });
const app = await buildApp({ ...config, localeDir: '/nonexistent', previewsDir: null }, { database });
await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/m/api/webshop/cart', async () => ({ orderLines: [], summary: { totalPrice: 0 } }));
await bare.listen({ port: 0, host: '127.0.0.1' });

const port = (s: { server: import('node:net').Server }) => (s.server.address() as { port: number }).port;
console.log(`READY ${JSON.stringify({ app: port(app), bare: port(bare) })}`);
