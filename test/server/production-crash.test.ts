/**
 * Production survives a crash and scales out (issue 14): a shop process killed with SIGKILL in the
 * middle of a job is restarted and the order still becomes ready, with the same files as an order
 * produced without a crash and nothing half-written left behind; two instances on one PostgreSQL
 * produce each order once.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';
import type { Manifest } from '../../server/storage/manifest.ts';
import { startTestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds, openTestDatabase, type TestDatabase } from './databases.ts';
import {
  orderRow,
  placeOrder,
  producedManifest,
  quadrantPicture,
  uploadPrintPictures,
  waitFor,
} from './production-helpers.ts';
import { startShopProcess, stopped } from './shop-process.ts';

const startChild = async (env: Record<string, string>) => (await startShopProcess(env)).child;

async function pictures(n: number) {
  const list = [];
  for (let i = 0; i < n; i++) {
    list.push({ name: `photo-${i + 1}.jpg`, bytes: await quadrantPicture(2400 + i * 8, 1600) });
  }
  return list;
}

describe.each(databaseKinds())('production after a crash on %s', (kind: DatabaseKind) => {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  let shared: TestDatabase | null = null;
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await Promise.all(children.map(stopped));
    await shared?.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('a job killed midway completes after a restart, with the files of an uncrashed run', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'print-shop-crash-'));
    dirs.push(dataDir);
    let env: Record<string, string>;
    let database: TestDatabase;
    if (kind === 'postgres') {
      shared = await openTestDatabase('postgres');
      database = shared;
      const connection = shared.database.connection;
      env = { DATABASE_URL: connection.kind === 'postgres' ? connection.url : '', DATA_DIR: dataDir };
    } else {
      const pgliteDir = path.join(dataDir, 'db');
      const opened = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
      await seedIfEmpty(opened.db);
      database = { database: opened, drop: () => opened.close() };
      env = { PGLITE_DIR: pgliteDir, DATA_DIR: dataDir, DATABASE_URL: '' };
    }
    // Two orders of the same pictures: the first is crashed in the middle, the second is not.
    const shop = await startTestApp(kind, { database, dataDir });
    const photos = await pictures(6);
    const crashed = await placeOrder(shop.app, await uploadPrintPictures(shop.app, photos));
    const clean = await placeOrder(shop.app, await uploadPrintPictures(shop.app, photos));
    await shop.close();
    // PGlite is one process's database: the test lets go of it while a shop process holds it.
    if (kind === 'pglite') await database.drop();

    const orderFolder = path.join(dataDir, 'production', crashed);
    const first = await startChild(env);
    children.push(first);
    // Killed once some of the order's files are finished and the rest are not.
    await waitFor(
      'the first print file',
      async () => {
        const entries = existsSync(orderFolder) ? readdirSync(orderFolder, { withFileTypes: true }) : [];
        return entries.some((e) => e.isFile() && e.name.endsWith('.jpg'));
      },
      60_000,
    );
    first.kill('SIGKILL');
    await stopped(first);
    const atCrash = JSON.parse(await readFile(path.join(orderFolder, 'manifest.json'), 'utf8')) as Manifest;
    expect(atCrash.status).toBe('rendering');

    const second = await startChild(env);
    children.push(second);
    const manifestOf = async (uuid: string) => {
      const text = await readFile(path.join(dataDir, 'production', uuid, 'manifest.json'), 'utf8').catch(
        () => null,
      );
      const m = text ? (JSON.parse(text) as Manifest) : null;
      return m?.status === 'ready' || m?.status === 'failed' ? m : null;
    };
    const after = await waitFor('the crashed order to be produced', () => manifestOf(crashed), 240_000);
    const reference = await waitFor('the clean order to be produced', () => manifestOf(clean), 240_000);
    second.kill('SIGTERM');
    await stopped(second);

    expect(after.status).toBe('ready');
    expect(reference.status).toBe('ready');
    const files = (m: Manifest) => m.lines.flatMap((l) => l.files.map((f) => [f.name, f.sha256, f.bytes]));
    expect(files(after)).toHaveLength(6);
    expect(files(after)).toEqual(files(reference));
    // Nothing else in the folder: no temporary, duplicate or half-written file, no work notes.
    expect(readdirSync(orderFolder).sort()).toEqual(
      [...files(after).map(([name]) => name as string), 'manifest.json'].sort(),
    );

    if (kind === 'postgres') {
      const row = await orderRow(shared!.database.db, crashed);
      expect(row.productionStatus).toBe('ready');
      expect(row.productionAttempts).toBe(2);
    } else {
      const reopened = await openDatabase({ kind: 'pglite', dataDir: env.PGLITE_DIR! });
      try {
        const row = await orderRow(reopened.db, crashed);
        expect(row.productionStatus).toBe('ready');
        expect(row.productionAttempts).toBe(2);
      } finally {
        await reopened.close();
      }
    }
    // A bound for a hang, not a speed: npm test's e2e lane shares the 2 cores with these renders.
  }, 480_000);
});

describe.runIf(databaseKinds().includes('postgres'))('two instances on one PostgreSQL', () => {
  it('produce every order exactly once', async () => {
    const database = await openTestDatabase('postgres');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'print-shop-two-'));
    const fast = { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 };
    const one = await startTestApp('postgres', {
      database,
      dataDir,
      jobs: { work: true, timing: fast, renderThreads: 1 },
    });
    const two = await startTestApp('postgres', {
      database,
      dataDir,
      jobs: { work: true, timing: fast, renderThreads: 1 },
    });
    try {
      const orders: string[] = [];
      for (let i = 0; i < 6; i++) {
        const cookie = await uploadPrintPictures(one.app, [
          { name: `p${i}.jpg`, bytes: await quadrantPicture(1200, 800) },
        ]);
        orders.push(await placeOrder(i % 2 ? one.app : two.app, cookie));
      }
      for (const uuid of orders) {
        const { row, manifest } = await producedManifest(database.database.db, dataDir, uuid, 240_000);
        expect(row.productionStatus).toBe('ready');
        // One start per order: had both instances taken it, it would count two.
        expect(row.productionAttempts).toBe(1);
        expect(manifest.lines.flatMap((l) => l.files)).toHaveLength(1);
      }
    } finally {
      await one.close();
      await two.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
