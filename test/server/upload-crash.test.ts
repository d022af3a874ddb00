/**
 * An upload killed midway leaves nothing behind (issue 16): a shop process receiving a 30-file print
 * upload over real HTTP is killed with SIGKILL after about a third of the files are stored. The
 * pictures' rows and print lines are written together only at the end of the request, so none of
 * them exists; a new server on the same database and storage sweeps the files the dead upload had
 * stored. On the local disk and on S3 storage (s3rver).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/connect.ts';
import { openDatabase } from '../../server/db/connect.ts';
import { orderLines, pictures } from '../../server/db/schema.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';
import { sweepPictureFiles } from '../../server/services/pictures/pictureSweep.ts';
import type { ObjectStore, StorageConfig } from '../../server/storage/objectStore.ts';
import { openObjectStore } from '../../server/storage/open.ts';
import { startTestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds, openTestDatabase, type TestDatabase } from './databases.ts';
import { uploadPrintPictures, waitFor } from './production-helpers.ts';
import { startS3rver, type TestS3 } from './s3rver.ts';
import { type ShopProcess, startShopProcess, stopped } from './shop-process.ts';

const FILES = 30;
const KILL_AFTER = 11;

/** Thirty different photos (their own colours and noise, so thirty different originals). */
async function photos(n: number): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      sharp({
        create: {
          width: 640,
          height: 480,
          channels: 3,
          background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 },
          noise: { type: 'gaussian', mean: 128, sigma: 20 },
        },
      })
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  );
}

/** A print upload's multipart body, one part a file, as a browser sends it. */
function uploadParts(files: Buffer[]) {
  const boundary = `----upload${randomBytes(8).toString('hex')}`;
  const parts = files.map((bytes, i) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images[]"; filename="photo-${i + 1}.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      bytes,
      Buffer.from('\r\n'),
    ]),
  );
  const end = Buffer.from(`--${boundary}--\r\n`);
  const length = parts.reduce((sum, p) => sum + p.length, end.length);
  return { parts, contentType: `multipart/form-data; boundary=${boundary}`, length };
}

async function keysOf(storage: ObjectStore, prefix: string) {
  const keys: string[] = [];
  for await (const o of storage.list(prefix)) keys.push(o.key);
  return keys;
}

/** Pictures no cart line names: what "recent images" would show outside the cart. */
async function picturesOutsideCarts(db: Db) {
  const inLines = new Set(
    (await db.select({ files: orderLines.files }).from(orderLines)).flatMap((l) =>
      ((l.files as { uuid: string }[] | null) ?? []).map((f) => f.uuid),
    ),
  );
  const rows = await db.select({ uuid: pictures.uuid }).from(pictures);
  return rows.filter((r) => !inLines.has(r.uuid)).map((r) => r.uuid);
}

const cases = databaseKinds().flatMap((kind) =>
  (['local', 's3'] as const).map((backend): [DatabaseKind, 'local' | 's3'] => [kind, backend]),
);

describe.each(cases)('an upload killed midway, on %s with %s storage', (kind, backend) => {
  const dirs: string[] = [];
  const children: ShopProcess[] = [];
  afterAll(async () => {
    for (const { child } of children) child.kill('SIGKILL');
    await Promise.all(children.map(({ child }) => stopped(child)));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('leaves no picture outside a cart and, after the sweep, no orphan file', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'print-shop-upload-crash-'));
    dirs.push(dataDir);
    let s3: TestS3 | null = null;
    let database: TestDatabase | null = null;
    let shop: Awaited<ReturnType<typeof startTestApp>> | null = null;
    try {
      let storage: StorageConfig = { kind: 'local', root: dataDir };
      let env: Record<string, string> = { DATA_DIR: dataDir, LISTEN: '1' };
      if (backend === 's3') {
        s3 = await startS3rver();
        storage = s3.config;
        env = { ...env, ...s3.env };
      }
      const pgliteDir = path.join(dataDir, 'db');
      if (kind === 'postgres') {
        database = await openTestDatabase('postgres');
        const { connection } = database.database;
        env.DATABASE_URL = connection.kind === 'postgres' ? connection.url : '';
      } else {
        const seeded = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
        await seedIfEmpty(seeded.db);
        await seeded.close();
        env = { ...env, PGLITE_DIR: pgliteDir, DATABASE_URL: '' };
      }
      const files = openObjectStore(storage);
      const originals = () => keysOf(files, 'pictures/originals/');

      // The first server receives the upload, file by file, and is killed in the middle of it.
      const first = await startShopProcess(env);
      children.push(first);
      const body = uploadParts(await photos(FILES));
      const origin = first.url!;
      const request = http.request(`${origin}/system/iframes/upload_internal.php?uploadtype=printsorder`, {
        method: 'POST',
        headers: { 'content-type': body.contentType, 'content-length': body.length, origin },
      });
      const answered = new Promise<string>((resolve) => {
        request.once('response', (res) => resolve(`answered ${res.statusCode}`));
        request.once('error', (error) => resolve(`cut off: ${error.message}`));
      });
      for (const part of body.parts.slice(0, KILL_AFTER + 4)) {
        if (!request.write(part)) await new Promise((resolve) => request.once('drain', resolve));
      }
      await waitFor('the first files to be stored', async () => (await originals()).length >= KILL_AFTER);
      first.child.kill('SIGKILL');
      await stopped(first.child);
      expect(await answered).toMatch(/^cut off/);
      // What the dead upload left: files in the storage, and no picture or print line.
      expect((await originals()).length).toBeGreaterThanOrEqual(KILL_AFTER);

      // A new server on the same database and storage, its sweep told that any leftover is old enough.
      if (kind === 'pglite') {
        const reopened = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
        database = { database: reopened, drop: () => reopened.close() };
      }
      const sweepNow = { orphanAgeMs: 0, temporaryAgeMs: 0 };
      shop = await startTestApp(kind, { database: database!, dataDir, storage, pictureSweep: sweepNow });
      const db = database!.database.db;
      expect((await db.select({ n: count() }).from(pictures))[0]!.n).toBe(0);
      expect((await db.select({ n: count() }).from(orderLines))[0]!.n).toBe(0);
      expect(await picturesOutsideCarts(db)).toEqual([]);
      await waitFor('the sweep to remove the orphans', async () => (await originals()).length === 0, 30_000);
      expect(await keysOf(files, 'pictures/')).toEqual([]);
      expect(readdirSync(path.join(dataDir, 'upload-scratch'))).toEqual([]);

      // An upload that ends is kept whole: its pictures are in the cart, and the sweep leaves its files.
      const cookie = await uploadPrintPictures(
        shop.app,
        (await photos(3)).map((bytes, i) => ({ name: `kept-${i}.jpg`, bytes })),
      );
      expect(cookie).toBeTruthy();
      expect(
        await sweepPictureFiles(
          { db, files: { storage: files, scratchDir: path.join(dataDir, 'upload-scratch') } },
          sweepNow,
        ),
      ).toEqual({ temporaries: 0, orphans: 0 });
      expect((await db.select({ n: count() }).from(pictures))[0]!.n).toBe(3);
      expect(await picturesOutsideCarts(db)).toEqual([]);
      expect(await originals()).toHaveLength(3);
    } finally {
      await shop?.close();
      await database?.drop();
      await s3?.close();
    }
  }, 180_000);
});
