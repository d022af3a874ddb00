/**
 * Pictures decoded in a worker thread (issue 28): every HEIC, and any picture above
 * PictureLimits.workerPixels (here every picture, with the threshold at 0), give the same answers as
 * on the main thread (an upright master, the upright size, a damaged file refused with a 400), and a
 * decode the queue cannot take in time is answered 503. How much memory they take is
 * picture-decode-memory.test.ts's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PICTURE_LIMITS, pictureStats } from '../../server/services/pictures/pictures.ts';
import { cookieOf, startTestApp, type TestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { multipartBody } from './multipart.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/pictures');
const SMALL_HEIC = readFileSync(path.join(fixtures, 'sample-120x80.heic'));
const LARGE_HEIC = readFileSync(path.join(fixtures, 'quadrants-9000x9000.heic'));
const TEN_BIT_HEIC = readFileSync(path.join(fixtures, 'ten-bit-240x160.heic'));

/** 400 × 200, red above and blue below, stored with EXIF orientation 6 (shown turned a quarter right). */
const turnedJpeg = () =>
  sharp({ create: { width: 400, height: 200, channels: 3, background: '#0000ff' } })
    .composite([
      { input: { create: { width: 400, height: 100, channels: 3, background: '#ff0000' } }, top: 0, left: 0 },
    ])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

describe.each(databaseKinds())('pictures decoded in a worker thread, on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { pictureLimits: { workerPixels: 0 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (app: TestApp, bytes: Buffer, name: string, cookie?: string) => {
    const body = multipartBody([{ field: 'file', name, bytes }]);
    return app.app.inject({
      method: 'POST',
      url: '/m/api/pictures',
      headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
      payload: body.payload,
    });
  };

  it('turns an EXIF-rotated JPEG upright there, as on the main thread', async () => {
    const before = pictureStats.workerDecodes;
    const res = await upload(t, await turnedJpeg(), 'turned.jpg');
    expect(res.statusCode, res.body).toBe(200);
    expect(pictureStats.workerDecodes).toBe(before + 1);
    const picture = res.json().files[0];
    expect(picture).toMatchObject({ width: 200, height: 400 });
    const photo = await t.app.inject({
      url: `/system/XPhoto.php?uuid=${picture.uuid}&scaleversion=160`,
      headers: { cookie: cookieOf(res.headers['set-cookie']) },
    });
    // Upright: red on the right, blue on the left.
    const { data } = await sharp(photo.rawPayload).resize(2, 1, { kernel: 'nearest' }).raw().toBuffer({
      resolveWithObject: true,
    });
    expect([...data].map((v) => Math.round(v / 255))).toEqual([0, 0, 1, 1, 0, 0]);
  });

  it('brings a 10-bit HEIC to 8 bits a sample', async () => {
    const res = await upload(t, TEN_BIT_HEIC, 'deep.heic');
    expect(res.statusCode, res.body).toBe(200);
    const picture = res.json().files[0];
    expect(picture).toMatchObject({ width: 240, height: 160 });
    const photo = await t.app.inject({
      url: `/system/XPhoto.php?uuid=${picture.uuid}&scaleversion=160`,
      headers: { cookie: cookieOf(res.headers['set-cookie']) },
    });
    const { data } = await sharp(photo.rawPayload).resize(2, 2, { kernel: 'nearest' }).raw().toBuffer({
      resolveWithObject: true,
    });
    // Each sample within a few levels of the 16-bit source's (JPEG blurs colour edges a little): read as
    // 8-bit samples, or not scaled, the words would come out far off.
    const expected = [255, 0, 255, 255, 0, 31, 0, 128, 255, 0, 128, 31];
    const off = [...data].map((v, i) => Math.abs(v - expected[i]!));
    expect(Math.max(...off), `${[...data]}`).toBeLessThanOrEqual(10);
  });

  it('refuses a damaged JPEG or HEIC with a 400, and the decode threads carry on', async () => {
    const jpeg = await turnedJpeg();
    for (const [name, bytes] of [
      ['cut.jpg', jpeg.subarray(0, Math.floor(jpeg.length * 0.6))],
      ['cut.heic', SMALL_HEIC.subarray(0, Math.floor(SMALL_HEIC.length * 0.6))],
    ] as const) {
      const res = await upload(t, bytes, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({ code: 'unreadable_picture' });
    }
    const res = await upload(t, SMALL_HEIC, 'whole.heic');
    expect(res.statusCode).toBe(200);
    expect(res.json().files[0]).toMatchObject({ width: 120, height: 80 });
  });

  it('answers 503 when a decode cannot be taken in its turn', async () => {
    // One decode at a time and none waiting: a second upload while the 81-megapixel one decodes.
    const busy = await startTestApp(kind, {
      pictureLimits: { decodeQueue: { ...DEFAULT_PICTURE_LIMITS.decodeQueue, running: 1, waiting: 0 } },
    });
    try {
      const large = upload(busy, LARGE_HEIC, 'large.heic');
      // The large one is in its thread once a decode has started and not yet answered.
      const started = pictureStats.workerDecodes;
      while (pictureStats.workerDecodes === started) await new Promise((resolve) => setTimeout(resolve, 10));
      const refused = await upload(busy, SMALL_HEIC, 'small.heic');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
      expect(refused.headers['retry-after']).toBe('30');
      expect((await large).statusCode).toBe(200);
    } finally {
      await busy.close();
    }
  }, 120_000);
});
