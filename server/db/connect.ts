/**
 * Opens the database: a real PostgreSQL when a URL is given, else embedded PGlite stored under the
 * data directory (or in memory for tests). Both are migrated before use.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** What the job queue (pg-boss) connects through: the same PGlite instance, or the server's URL. */
  connection: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  close(): Promise<void>;
}

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /** dataDir null: in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle client cut off by the server (a restart, a terminated backend) must not crash the
    // process: the pool drops it and the next query opens a fresh connection.
    pool.on('error', (err) => console.warn(`PostgreSQL pool: idle connection lost (${err.message})`));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      connection: { kind: 'postgres', url: config.url },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (config.dataDir) {
    mkdirSync(config.dataDir, { recursive: true });
    client = new PGlite(path.join(config.dataDir, 'pglite'));
  } else {
    client = new PGlite();
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    connection: { kind: 'pglite', client },
    close: () => client.close(),
  };
}
