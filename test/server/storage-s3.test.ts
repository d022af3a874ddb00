/**
 * The shop on S3-compatible storage (s3rver): uploads land in the bucket and previews are drawn from
 * there; an order's print files are written there by the render threads and the lab's zip and
 * downloads are read from there. Nothing of it is written to the local data directory.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../server/storage/manifest.ts';
import type { ObjectStore } from '../../server/storage/objectStore.ts';
import { openObjectStore } from '../../server/storage/open.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { multipartBody } from './multipart.ts';
import {
  orderRow,
  placeOrder,
  quadrantPicture,
  run,
  uploadPrintPictures,
  waitFor,
} from './production-helpers.ts';
import { startS3rver, type TestS3 } from './s3rver.ts';

const root = path.resolve(import.meta.dirname, '../..');
const HEIC_FIXTURE = path.join(root, 'test/fixtures/pictures/sample-120x80.heic');
const PASSWORD = 'lab desk password for the s3 tests';
const FAST = { pollingIntervalSeconds: 0.5, retryDelay: 1, retryLimit: 1, superviseIntervalSeconds: 1 };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function keysOf(bucket: ObjectStore, prefix: string) {
  const keys: string[] = [];
  for await (const o of bucket.list(prefix)) keys.push(o.key);
  return keys;
}

describe.each(databaseKinds())('the shop on S3 storage, on %s', (kind: DatabaseKind) => {
  let s3: TestS3;
  let bucket: ObjectStore & { close?(): void };
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    s3 = await startS3rver();
    bucket = openObjectStore(s3.config);
    t = await startTestApp(kind, {
      storage: s3.config,
      jobs: { work: true, timing: FAST, renderThreads: 1 },
      labPassword: PASSWORD,
    });
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
    bucket?.close?.();
    await s3?.close();
  });

  async function upload(bytes: Buffer, name: string, cookie = '') {
    const body = multipartBody([{ field: 'file', name, bytes }]);
    const res = await app.inject({
      method: 'POST',
      url: '/m/api/pictures',
      headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookieHeader = res.headers['set-cookie'];
    const first = Array.isArray(cookieHeader) ? cookieHeader[0] : cookieHeader;
    return { picture: res.json().files[0] as { uuid: string }, cookie: cookie || first!.split(';')[0]! };
  }

  it('stores an upload in the bucket and draws its previews from there', async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a7fd4' } })
      .jpeg()
      .toBuffer();
    const { picture, cookie } = await upload(jpeg, 'blue.jpg');
    expect((await bucket.get(`pictures/originals/${sha256(jpeg)}`))?.equals(jpeg)).toBe(true);

    const preview = await app.inject({
      url: `/system/XPhoto.php?uuid=${picture.uuid}&scaleversion=320`,
      headers: { cookie },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ width: 320, height: 213 });
    const derived = `pictures/derived/${sha256(jpeg)}-320-0-0.jpg`;
    expect((await bucket.get(derived))?.equals(preview.rawPayload)).toBe(true);

    // A HEIC picture gets an upright JPEG master beside its original, and is shown from it.
    const heic = readFileSync(HEIC_FIXTURE);
    const converted = await upload(heic, 'phone.heic', cookie);
    expect(await keysOf(bucket, `pictures/originals/${sha256(heic)}`)).toEqual([
      `pictures/originals/${sha256(heic)}`,
      `pictures/originals/${sha256(heic)}.master.jpg`,
    ]);
    const shown = await app.inject({
      url: `/system/XPhoto.php?uuid=${converted.picture.uuid}&scaleversion=160`,
      headers: { cookie },
    });
    expect(shown.statusCode).toBe(200);
    expect(await sharp(shown.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 120,
      height: 80,
    });

    expect(existsSync(path.join(t.dataDir, 'pictures'))).toBe(false);
  });

  it('writes an order’s print files to the bucket, and the lab’s zip and downloads read them there', async () => {
    const cookie = await uploadPrintPictures(app, [
      { name: 'one.jpg', bytes: await quadrantPicture(1200, 800) },
      { name: 'two.jpg', bytes: await quadrantPicture(800, 1200) },
    ]);
    const order = await placeOrder(app, cookie);
    const row = await waitFor(
      'the order to be produced',
      async () => {
        const r = await orderRow(t.db.database.db, order);
        return r.productionStatus === 'ready' || r.productionStatus === 'failed' ? r : null;
      },
      90_000,
    );
    expect(row.productionError).toBeNull();
    expect(row.productionStatus).toBe('ready');
    const manifest = JSON.parse(
      (await bucket.get(`production/${order}/manifest.json`))!.toString('utf8'),
    ) as Manifest;
    const names = manifest.lines.flatMap((l) => l.files.map((f) => f.name));
    expect(names).toHaveLength(2);
    // The files, the manifest, and nothing else: the done-notes are gone once the order is ready.
    expect(await keysOf(bucket, `production/${order}/`)).toEqual(
      [...names, 'manifest.json'].map((n) => `production/${order}/${n}`).sort(),
    );
    for (const f of manifest.lines.flatMap((l) => l.files)) {
      const bytes = (await bucket.get(`production/${order}/${f.name}`))!;
      expect([bytes.length, sha256(bytes)]).toEqual([f.bytes, f.sha256]);
    }

    const auth = { authorization: `Bearer ${PASSWORD}` };
    const zip = await app.inject({ url: `/lab/api/orders/${order}/files.zip`, headers: auth });
    expect(zip.statusCode).toBe(200);
    const zipFile = path.join(t.dataDir, 'order.zip');
    await writeFile(zipFile, zip.rawPayload);
    const listing = (await run('unzip', ['-Z1', zipFile])).stdout.trim().split('\n').sort();
    expect(listing).toEqual([...names, 'manifest.json'].sort());
    for (const name of names) {
      const unzipped = (
        await run('unzip', ['-p', zipFile, name], { encoding: 'buffer', maxBuffer: 32 << 20 })
      ).stdout;
      expect(Buffer.compare(unzipped, (await bucket.get(`production/${order}/${name}`))!)).toBe(0);
    }

    const file = await app.inject({ url: `/lab/api/orders/${order}/files/${names[0]}`, headers: auth });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-length']).toBe(String(manifest.lines[0]!.files[0]!.bytes));
    const thumbnail = await app.inject({
      url: `/lab/api/orders/${order}/files/${names[0]}?width=240`,
      headers: auth,
    });
    expect(thumbnail.statusCode).toBe(200);
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(240);

    // A file gone from the bucket is said so, not a broken zip.
    await bucket.delete(`production/${order}/${names[1]}`);
    const refused = await app.inject({ url: `/lab/api/orders/${order}/files.zip`, headers: auth });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('files_missing');

    expect(existsSync(path.join(t.dataDir, 'production'))).toBe(false);
  }, 120_000);
});
