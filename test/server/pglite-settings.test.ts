/**
 * The embedded database's PostgreSQL settings (server/db/connect.ts, issue 31): a shop on PGlite
 * starts with 16 MB of shared buffers, not PostgreSQL's 128 MB, whose pages its WebAssembly memory
 * kept for good. On a data folder, as `npm start` opens it, and in memory, as the tests do. What it
 * saves is measured by `npm run bench -- load` with LOAD_DATABASE=pglite.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../../scripts/server-flags.mjs';
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
    // Two fresh PGlite starts on a folder (initdb, then migrations and seed): 10 s on an idle machine,
    // past vitest's 30 s beside the e2e lane of CI.
  }, 120_000);

  it('keeps 16 MB of shared buffers in memory', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      expect(await sharedBuffers(database)).toBe('16MB');
    } finally {
      await database.close();
    }
  });
});

/**
 * A server on PGlite runs WebAssembly on V8's baseline compiler only (scripts/server-flags.mjs):
 * tiering PGlite's module up to TurboFan kept about 80 MB more resident for good. A process with the
 * server's flags opens PGlite, queries it until its hot functions would have been tiered up, and is
 * measured after a full collection: about 240 MB, against 320–350 MB with tiering (both with the
 * modules of server/db/connect.ts loaded).
 */
describe('a server process on PGlite', () => {
  const script = `
const { PGlite } = await import('@electric-sql/pglite');
const { PGLITE_SETTINGS } = await import('./server/db/connect.ts');
const db = new PGlite({ startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])] });
for (let i = 0; i < 200; i++) await db.query('select relname, relkind from pg_class order by relname limit 20');
await new Promise((r) => setTimeout(r, 500));
globalThis.gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
console.log(JSON.stringify({ rssMb: Math.round(process.memoryUsage().rss / 2 ** 20) }));
await db.close();
`;

  it('keeps PGlite’s WebAssembly on the baseline compiler, and its memory with it', () => {
    const flags = serverNodeFlags({});
    expect(flags).toContain('--liftoff-only');
    const out = execFileSync(
      process.execPath,
      [...flags, '--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        encoding: 'utf8',
      },
    );
    const { rssMb } = JSON.parse(out.trim().split('\n').pop()!);
    expect(rssMb).toBeLessThan(285);
  }, 60_000);

  it('is a flag of PGlite shops only: on PostgreSQL the print workers keep TurboFan', () => {
    expect(serverNodeFlags({ DATABASE_URL: 'postgres://shop@db/shop' })).not.toContain('--liftoff-only');
  });
});
