/**
 * The server suite runs on embedded PGlite always, and on PostgreSQL too when DATABASE_URL is set:
 * each test file gets a database of its own (a fresh PGlite in memory, or a new PostgreSQL database
 * made next to DATABASE_URL's and dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../server/db/connect.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The databases this run tests on: PGlite, and PostgreSQL when DATABASE_URL is set; SERVER_DATABASES
 * (`postgres` or `pglite`) narrows it to one, as `npm test` does to run each database once (PostgreSQL
 * on the machine's clock, PGlite on a clock five years ahead: scripts/test.mjs).
 */
export function databaseKinds(): DatabaseKind[] {
  const all: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const only = process.env.SERVER_DATABASES;
  if (!only) return all;
  const kinds = all.filter((kind) => only.split(',').includes(kind));
  if (kinds.length === 0) throw new Error(`SERVER_DATABASES=${only} names none of ${all.join(', ')}`);
  return kinds;
}

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

export async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let dump: Blob | undefined;

/** The seeded PGlite's dump, read once per test file. */
function seededDump(): Blob | undefined {
  const file = inject('seededPgliteDump');
  if (!file) return undefined;
  dump ??= new Blob([readFileSync(file)]);
  return dump;
}

export async function openTestDatabase(kind: DatabaseKind, { seed = true } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    // A seeded database starts from the run's one seeded copy (seeded-pglite.ts); migrating it again
    // is then a check that finds nothing to do.
    const database = await openDatabase(
      { kind: 'pglite', dataDir: null, loadDataDir: seed ? seededDump() : undefined },
      { seed },
    );
    return { database, drop: () => database.close() };
  }
  const name = `print_shop_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() }, { seed });
  return {
    database,
    drop: async () => {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
