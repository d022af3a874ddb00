/**
 * The embedded database's PostgreSQL settings (server/db/connect.ts, issue 31): a shop on PGlite
 * starts with 16 MB of shared buffers, not PostgreSQL's 128 MB, whose pages its WebAssembly memory
 * kept for good. On a data folder, as `npm start` opens it, and in memory, as the tests do. What it
 * saves is measured by `npm run bench -- load` with LOAD_DATABASE=pglite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/connect.ts';

const sharedBuffers = async (database: Database) =>
  ((await database.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] })
    .rows[0]!.shared_buffers;

describe('the embedded database', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-settings-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps 16 MB of shared buffers on a data folder, opened fresh and again', async () => {
    for (let start = 0; start < 2; start++) {
      const database = await openDatabase({ kind: 'pglite', dataDir: dir });
      try {
        expect(await sharedBuffers(database)).toBe('16MB');
      } finally {
        await database.close();
      }
    }
  });

  it('keeps 16 MB of shared buffers in memory', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      expect(await sharedBuffers(database)).toBe('16MB');
    } finally {
      await database.close();
    }
  });
});
