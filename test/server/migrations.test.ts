/**
 * Two instances started at once against one fresh PostgreSQL database (issue 16): both open it, and
 * the schema and the demo data are there once. Only meaningful against a real server: PGlite's folder
 * belongs to one process.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect.ts';
import { seedPortals } from '../../server/db/seed-data.ts';
import { adminQuery } from './databases.ts';

const journal = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../server/db/migrations/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };

describe.runIf(Boolean(process.env.DATABASE_URL))('migrations from two instances at once', () => {
  it('both open a fresh database, which is migrated and seeded once', async () => {
    const name = `print_shop_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const config = { kind: 'postgres', url: url.toString() } as const;
    const opened = await Promise.allSettled([
      openDatabase(config, { seed: true }),
      openDatabase(config, { seed: true }),
    ]);
    try {
      expect(opened.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok']);
      const [a, b] = opened.map(
        (o) => (o as PromiseFulfilledResult<Awaited<ReturnType<typeof openDatabase>>>).value,
      );
      expect([a!.seeded, b!.seeded].sort()).toEqual([false, true]);
      const count = async (query: ReturnType<typeof sql>) =>
        ((await a!.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
      expect(await count(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toBe(
        journal.entries.length,
      );
      expect(await count(sql`select count(*)::int as n from portals`)).toBe(seedPortals.length);
    } finally {
      for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
