import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { seedIfEmpty } from './db/seed.ts';

const config = configFromEnv();
const database = await openDatabase(config.database);
const seeded = await seedIfEmpty(database.db);
const app = await buildApp({
  database,
  distDir: config.distDir,
  localeDir: config.localeDir,
  defaultPortalUuid: config.defaultPortalUuid,
  trustProxy: config.trustProxy,
  logLevel: config.logLevel,
});

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const where =
  config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.database.dataDir}`;
console.log(`\nPrint Shop is running on ${where}${seeded ? ', seeded with demo data' : ''}.`);
console.log(`Open http://localhost:${config.port}/m/\n`);
