/**
 * A shop process of its own for the crash, outage and scale-out tests (started by shop-process.ts and
 * the outage and scale-out tests): opens the database the environment names (DATABASE_URL, else the
 * PGlite folder PGLITE_DIR), works the order queues on DATA_DIR (and the storage S3_BUCKET names, if
 * any), and says 'ready' on stdout. The test kills it with SIGKILL in the middle of a job or an upload.
 * With LISTEN=1 it also listens on a free port of 127.0.0.1 and says `listening <url>` first.
 */
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { openDatabase } from '../../server/db/connect.ts';

const database = await openDatabase(
  process.env.DATABASE_URL
    ? { kind: 'postgres', url: process.env.DATABASE_URL }
    : { kind: 'pglite', dataDir: process.env.PGLITE_DIR! },
);
// The storage and the template folders as the environment says (S3_BUCKET, TEMPLATES_DIR), like main.ts.
const config = {
  ...configFromEnv(process.env),
  distDir: null,
  previewsDir: null,
  logLevel: 'warn' as const,
  redisUrl: null,
  smtpUrl: null,
};
const app = await buildApp(config, {
  database,
  jobs: {
    work: true,
    renderThreads: 1,
    timing: { pollingIntervalSeconds: 0.5, retryDelay: 1, superviseIntervalSeconds: 1, heartbeatSeconds: 10 },
  },
});
await app.ready();
// LISTEN=1: it serves HTTP too, on a free port it names.
const url = process.env.LISTEN === '1' ? await app.listen({ host: '127.0.0.1', port: 0 }) : '';
if (url) console.log(`listening ${url}`);
console.log(`ready ${url}`.trim());
process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
