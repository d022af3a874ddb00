/**
 * Opens the database: a real PostgreSQL when a URL is given, else embedded PGlite stored under the
 * data directory (or in memory for tests). Both are migrated before use.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { seedIfEmpty } from './seed.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** What the job queue (pg-boss) connects through: the same PGlite instance, or the server's URL. */
  connection: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  /** Whether opening it seeded the demo data (asked for with `seed`, and only into an empty database). */
  seeded: boolean;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Seed the demo portals into an empty database (seed.ts), as part of migrating it. */
  seed?: boolean;
}

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /**
   * dataDir null: in memory (tests). loadDataDir: start from a dump of a database (PGlite's
   * dumpDataDir), such as the server suite's one migrated and seeded copy, instead of an empty one.
   */
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob };

/**
 * PostgreSQL settings of the embedded database. Its WebAssembly memory never shrinks, and PostgreSQL's
 * default 128 MB of shared buffers were all touched at start: 16 MB took an idle shop on PGlite from
 * 440 to 349 MB resident. A shop's working set (sessions, carts, templates) fits many times over;
 * what does not is read from the data folder through the operating system's file cache.
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB'];

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The session-level advisory lock that migrating and seeding hold (any 64-bit number of our own;
 * locks are per database), so two instances started at once take turns: the second finds the
 * schema and the demo data in place instead of creating them a second time.
 */
export const MIGRATION_LOCK = 160_816_016;

/** How long a request waits for a connection before it is answered 503 (the database is unreachable). */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * How long a request's query may go unanswered before it is given up (503). Migrations, which may
 * rightly run longer, use a connection of their own without it.
 */
const QUERY_TIMEOUT_MS = 20_000;

export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A connection the network stalls (no reset, no bytes) would hold its request for ever: the
      // query gives up instead and is answered 503, and TCP keepalive finds a dead peer in time.
      query_timeout: QUERY_TIMEOUT_MS,
      keepAlive: true,
    });
    // An idle client cut off by the server (a restart, a terminated backend) must not crash the
    // process: the pool drops it and the next query opens a fresh connection.
    pool.on('error', (err) => console.warn(`PostgreSQL pool: idle connection lost (${err.message})`));
    // pg-pool listens for errors on idle clients only. A client checked out for a transaction whose
    // socket is reset between two of its queries emits 'error' with no listener, and Node ends the
    // process (issue 28: 4 of 4 runs under load). Every client gets a listener of its own for its
    // whole life; the transaction's next query then fails ("not queryable", answered 503) and the
    // pool discards the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', (err) => console.warn(`PostgreSQL: connection lost in use (${err.message})`));
    });
    let seeded = false;
    try {
      seeded = await migrateLocked(config.url, options);
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      connection: { kind: 'postgres', url: config.url },
      seeded,
      close: () => pool.end(),
    };
  }
  // Loaded only here: a shop on PostgreSQL does not carry PGlite's WebAssembly (~40 MB of memory).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: PGlite;
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])];
  if (config.dataDir) {
    mkdirSync(config.dataDir, { recursive: true });
    client = new PGlite(path.join(config.dataDir, 'pglite'), { startParams });
  } else {
    client = new PGlite({ startParams, ...(config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}) });
  }
  // One process owns a PGlite folder, so there is no second instance to take turns with.
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  const seeded = options.seed ? await seedIfEmpty(db as unknown as Db) : false;
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    connection: { kind: 'pglite', client },
    seeded,
    close: () => client.close(),
  };
}

/** Migrates (and seeds) on a connection of its own holding {@link MIGRATION_LOCK}; true when it seeded. */
async function migrateLocked(url: string, options: OpenOptions): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // Its failure reaches the query awaiting it; without a listener the 'error' event would end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const db = drizzlePg(client, { schema });
    await migratePg(db, { migrationsFolder });
    const seeded = options.seed ? await seedIfEmpty(db as unknown as Db) : false;
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    return seeded;
  } finally {
    // Ending the connection also releases the lock, should migrating have failed.
    await client.end().catch(() => {});
  }
}
