/**
 * The server suite runs on embedded PGlite always, and on PostgreSQL too when DATABASE_URL is set:
 * each test file gets a database of its own (a fresh PGlite in memory, or a new PostgreSQL database
 * made next to DATABASE_URL's and dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../server/db/connect.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export function databaseKinds(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
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

export async function openTestDatabase(kind: DatabaseKind, { seed = true } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null }, { seed });
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
