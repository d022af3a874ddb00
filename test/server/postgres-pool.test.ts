import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from './databases.ts';

// Only meaningful against a real server: PGlite has no connections to lose.
describe.runIf(Boolean(process.env.DATABASE_URL))('PostgreSQL connection loss', () => {
  it('survives the server terminating an idle connection, and the next query reconnects', async () => {
    const t = await openTestDatabase('postgres', { seed: false });
    try {
      const { db } = t.database;
      const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
      const [row] = rows<{ name: string }>(await db.execute('select current_database() as name'));
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [row!.name],
      );
      await admin.end();
      await new Promise((r) => setTimeout(r, 100));
      const again = rows<{ one: number }>(await db.execute('select 1 as one'));
      expect(again[0]!.one).toBe(1);
    } finally {
      await t.drop();
    }
  });
});
