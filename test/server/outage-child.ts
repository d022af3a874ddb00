/**
 * A shop process of its own for the outage test: the app on the PostgreSQL server DATABASE_URL
 * names (migrated and seeded), working its order queues, listening on a free port of 127.0.0.1. It
 * says `listening <url>` on stdout; its log lines (JSON) follow on stdout too.
 */
import path from 'node:path';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/connect.ts';

const root = path.resolve(import.meta.dirname, '../..');
const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL! }, { seed: true });
const app = await buildApp({
  database,
  distDir: null,
  localeDir: path.join(root, 'public', 'locale'),
  logLevel: 'warn',
  dataDir: process.env.DATA_DIR!,
  smtpUrl: null,
  metricsToken: process.env.METRICS_TOKEN!,
  jobs: {
    work: true,
    renderThreads: 1,
    timing: { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 },
  },
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${url}`);
process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
