import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictures } from '../../server/db/schema.ts';
import { hashToken } from '../../server/services/identity/sessions.ts';
import { pictureStats, sniffMime } from '../../server/services/pictures/pictures.ts';
import { cookieOf, startTestApp, type TestApp } from './app-harness.ts';
import { uploadPrintPictures } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds, type TestDatabase } from './databases.ts';
import { multipartBody } from './multipart.ts';

const root = path.resolve(import.meta.dirname, '../..');
const HEIC_FIXTURE = path.join(root, 'test/fixtures/pictures/sample-120x80.heic');

/** A top half and a bottom half of flat colours, as JPEG (or PNG). */
async function halves(
  width: number,
  height: number,
  top: string,
  bottom: string,
  format: 'jpeg' | 'png' = 'jpeg',
  orientation?: number,
) {
  let image = sharp({ create: { width, height, channels: 3, background: bottom } }).composite([
    {
      input: { create: { width, height: height / 2, channels: 3, background: top } },
      left: 0,
      top: 0,
    },
  ]);
  image = format === 'png' ? image.png() : image.jpeg({ quality: 90 });
  if (orientation) image = image.withMetadata({ orientation });
  return image.toBuffer();
}

/** The mean r, g, b of a JPEG's pixels in a box (fractions of its size). */
async function meanColour(jpeg: Buffer, box = { left: 0, top: 0, width: 1, height: 1 }) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const x0 = Math.floor(box.left * info.width);
  const y0 = Math.floor(box.top * info.height);
  const x1 = Math.max(x0 + 1, Math.floor((box.left + box.width) * info.width));
  const y1 = Math.max(y0 + 1, Math.floor((box.top + box.height) * info.height));
  const sum = [0, 0, 0];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      for (let c = 0; c < 3; c++) sum[c]! += data[(y * info.width + x) * info.channels + c]!;
    }
  }
  const n = (x1 - x0) * (y1 - y0);
  return { r: sum[0]! / n, g: sum[1]! / n, b: sum[2]! / n };
}

describe.each(databaseKinds())('pictures on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let db: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let originals: string;
  let cookieA = '';
  let cookieB = '';
  const MAX_BYTES = 200 * 1024;
  const MAX_PIXELS = 2_000_000;

  beforeAll(async () => {
    t = await startTestApp(kind, {
      pictureLimits: { maxFileBytes: MAX_BYTES, maxPixels: MAX_PIXELS, maxFiles: 5 },
    });
    ({ app, db, dataDir } = t);
    originals = path.join(dataDir, 'pictures', 'originals');
  });
  afterAll(async () => {
    await t?.close();
  });

  const rowCount = async () => (await db.database.db.select({ n: count() }).from(pictures))[0]!.n;

  async function upload(bytes: Buffer, name = 'photo.jpg', cookie = cookieA, field = 'file') {
    const body = multipartBody([{ field, name, type: 'image/jpeg', bytes }]);
    const res = await app.inject({
      method: 'POST',
      url: '/m/api/pictures',
      headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
      payload: body.payload,
    });
    return res;
  }

  const xphoto = (uuid: string, query = '', cookie = cookieA, headers: Record<string, string> = {}) =>
    app.inject({ url: `/system/XPhoto.php?uuid=${uuid}${query}`, headers: { cookie, ...headers } });

  let plain: { uuid: string; width: number; height: number };
  let rotated: { uuid: string; width: number; height: number };
  let large: { uuid: string };

  it('stores a JPEG for a new session and answers its record', async () => {
    const res = await upload(await halves(1600, 1200, '#c83c28', '#1e5adc'), 'holiday.jpg', '');
    expect(res.statusCode).toBe(200);
    cookieA = cookieOf(res.headers['set-cookie']);
    const body = res.json();
    expect(body).toMatchObject({ result: 'OK', files: [{ width: 1600, height: 1200, name: 'holiday.jpg' }] });
    large = body.files[0];
    expect(body.files[0].size).toBeGreaterThan(0);
    expect(readdirSync(originals).filter((f) => !f.startsWith('.'))).toHaveLength(1);
  });

  it('applies EXIF orientation once: swapped size, an upright master and upright XPhoto', async () => {
    // Stored 400 x 200 with red on top; orientation 6 shows it turned 90° clockwise: red on the right.
    const res = await upload(await halves(400, 200, '#ff0000', '#0000ff', 'jpeg', 6), 'turned.jpg');
    expect(res.statusCode).toBe(200);
    rotated = res.json().files[0];
    expect(rotated).toMatchObject({ width: 200, height: 400 });
    expect(readdirSync(originals).some((f) => f.endsWith('.master.jpg'))).toBe(true);
    const photo = await xphoto(rotated.uuid, '&scaleversion=320');
    expect(photo.statusCode).toBe(200);
    const meta = await sharp(photo.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([160, 320]);
    const right = await meanColour(photo.rawPayload, { left: 0.7, top: 0.4, width: 0.3, height: 0.2 });
    const left = await meanColour(photo.rawPayload, { left: 0, top: 0.4, width: 0.3, height: 0.2 });
    expect(right.r).toBeGreaterThan(200);
    expect(left.b).toBeGreaterThan(200);
  });

  it('stores a PNG and a second file through images[]', async () => {
    const res = await upload(
      await halves(50, 40, '#808080', '#808080', 'png'),
      'grey.png',
      cookieA,
      'images[]',
    );
    expect(res.statusCode).toBe(200);
    plain = res.json().files[0];
    expect(plain).toMatchObject({ width: 50, height: 40 });
  });

  it('stores HEIC and serves it as JPEG', async () => {
    expect(sniffMime(readFileSync(HEIC_FIXTURE).subarray(0, 64))).toBe('image/heic');
    const res = await upload(readFileSync(HEIC_FIXTURE), 'IMG_0001.HEIC');
    expect(res.statusCode).toBe(200);
    const heic = res.json().files[0];
    expect(heic).toMatchObject({ width: 120, height: 80 });
    const photo = await xphoto(heic.uuid, '&scaleversion=160');
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(photo.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
  });

  it('refuses bad files with a 4xx and an error, leaving no file and no row', async () => {
    const good = await halves(800, 600, '#c83c28', '#1e5adc');
    const noise = await sharp(
      Buffer.from(Array.from({ length: 700 * 700 * 3 }, (_, i) => (i * 7919) % 251)),
      {
        raw: { width: 700, height: 700, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(MAX_BYTES);
    const cases: [string, Buffer, string, number[]][] = [
      ['truncated.jpg', good.subarray(0, Math.floor(good.length * 0.6)), 'unreadable_picture', [400]],
      ['empty.jpg', Buffer.alloc(0), 'empty_file', [400]],
      [
        'notes.jpg',
        Buffer.from('These are not the pixels you are looking for.\n'),
        'unsupported_type',
        [415],
      ],
      ['huge.jpg', await halves(2000, 1200, '#000000', '#ffffff'), 'too_many_pixels', [413]],
      ['big.png', noise, 'file_too_large', [413, 400]],
    ];
    const before = readdirSync(originals).sort();
    const rows = await rowCount();
    for (const [name, bytes, code, statuses] of cases) {
      const res = await upload(bytes, name);
      expect(statuses, name).toContain(res.statusCode);
      expect(res.json(), name).toMatchObject({ code, error: expect.any(String) });
    }
    expect(readdirSync(originals).sort()).toEqual(before);
    expect(await rowCount()).toBe(rows);
  });

  it('stores the good files of a legacy upload and answers an error for the bad one', async () => {
    const body = multipartBody([
      {
        field: 'images[]',
        name: 'a.jpg',
        type: 'image/jpeg',
        bytes: await halves(60, 40, '#ff0000', '#00ff00'),
      },
      { field: 'images[]', name: 'b.jpg', type: 'image/jpeg', bytes: Buffer.from('plain text') },
      {
        field: 'images[]',
        name: 'c.png',
        type: 'image/png',
        bytes: await halves(30, 20, '#ff0000', '#00ff00', 'png'),
      },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/system/iframes/upload_internal.php?handleuploads=1&interface=HTML&redirect=&uploadtype=printsorder&json=1&thumbnails=640',
      headers: { 'content-type': body.contentType, cookie: cookieA },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const { result, files } = res.json();
    expect(result).toBe('OK');
    expect(files).toHaveLength(3);
    expect(files[0]).toMatchObject({ name: 'a.jpg', error: null });
    expect(files[1]).toMatchObject({ name: 'b.jpg', uuid: '', error: expect.any(String) });
    expect(files[2]).toMatchObject({ name: 'c.png', error: null });
    const bad = await app.inject({
      method: 'POST',
      url: '/system/iframes/upload_internal.php?thumbnails=big',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows a picture only to its owner session', async () => {
    const other = await upload(await halves(40, 40, '#ffffff', '#000000'), 'b.jpg', '');
    cookieB = cookieOf(other.headers['set-cookie']);
    const res = await xphoto(large.uuid, '', cookieB);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect((await xphoto(large.uuid, '', '')).statusCode).toBe(404);
  });

  it('scales the longer side to scaleversion, never enlarging', async () => {
    for (const size of [160, 320, 640, 1280]) {
      const res = await xphoto(large.uuid, `&scaleversion=${size}`);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(res.rawPayload).metadata();
      expect(Math.max(meta.width, meta.height), String(size)).toBe(size);
    }
    const small = await sharp((await xphoto(plain.uuid, '&scaleversion=1280')).rawPayload).metadata();
    expect([small.width, small.height]).toEqual([50, 40]);
    expect((await xphoto(large.uuid, '&scaleversion=333')).statusCode).toBe(400);
    expect((await xphoto(large.uuid, '&rotation=45')).statusCode).toBe(400);
  });

  it('draws black and white, sepia and rotation', async () => {
    // Read back as sRGB (a greyscale JPEG has one channel): every pixel has r = g = b, while the
    // same picture in colour does not.
    const channelsEqual = async (jpeg: Buffer) => {
      const { data } = await sharp(jpeg).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
      for (let i = 0; i < data.length; i += 3 * 37) {
        if (Math.abs(data[i]! - data[i + 1]!) > 2 || Math.abs(data[i + 1]! - data[i + 2]!) > 2) return false;
      }
      return true;
    };
    expect(await channelsEqual((await xphoto(large.uuid, '&scaleversion=160&type=1')).rawPayload)).toBe(true);
    expect(await channelsEqual((await xphoto(large.uuid, '&scaleversion=160&type=0')).rawPayload)).toBe(
      false,
    );
    const sepia = await meanColour((await xphoto(plain.uuid, '&type=2')).rawPayload);
    expect(sepia.r).toBeGreaterThan(sepia.g + 5);
    expect(sepia.g).toBeGreaterThan(sepia.b + 5);
    const turned = await sharp(
      (await xphoto(large.uuid, '&scaleversion=320&rotation=90')).rawPayload,
    ).metadata();
    expect([turned.width, turned.height]).toEqual([240, 320]);
  });

  it('serves a second identical request from the disk cache with the same ETag, and 304s', async () => {
    const query = '&scaleversion=640&type=2&rotation=180&or=1&nowm=1&retry=2';
    const first = await xphoto(rotated.uuid, query);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}-640-2-180"$/);
    expect(first.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const jobs = pictureStats.sharpJobs;
    const second = await xphoto(rotated.uuid, query);
    expect(pictureStats.sharpJobs).toBe(jobs);
    expect(second.headers.etag).toBe(etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const notModified = await xphoto(rotated.uuid, query, cookieA, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(pictureStats.sharpJobs).toBe(jobs);
    const derived = readdirSync(path.join(dataDir, 'pictures', 'derived'));
    expect(derived.filter((f) => f.startsWith('.'))).toEqual([]);
    expect(existsSync(path.join(dataDir, 'pictures', 'derived', `${etag.slice(1, -1)}.jpg`))).toBe(true);
  });

  it('lists recent images newest first, only the owner’s', async () => {
    const a = (await app.inject({ url: '/m/api/user/recent-images', headers: { cookie: cookieA } })).json();
    const own = await db.database.db
      .select({ uuid: pictures.uuid })
      .from(pictures)
      .where(eq(pictures.sessionIdHash, sessionHashOf(cookieA)));
    expect(a.images).toHaveLength(own.length);
    expect(a.images[0]).toHaveProperty('width');
    expect(a.images.at(-1).uuid).toBe(large.uuid);
    expect(a.images.findIndex((p: { uuid: string }) => p.uuid === rotated.uuid)).toBeLessThan(
      a.images.findIndex((p: { uuid: string }) => p.uuid === large.uuid),
    );
    const b = (await app.inject({ url: '/m/api/user/recent-images', headers: { cookie: cookieB } })).json();
    expect(b.images).toHaveLength(1);
    expect(b.images[0].uuid).not.toBe(large.uuid);
    const none = (await app.inject({ url: '/m/api/user/recent-images' })).json();
    expect(none).toEqual({ images: [] });
  });

  it('lists the pictures of one upload in the order they were sent, after a later upload (issue 31)', async () => {
    // Told apart by their widths; the print upload takes several files in one request (the editor's one).
    const widths = [64, 65, 66, 67];
    const cookie = await uploadPrintPictures(
      app,
      await Promise.all(
        widths.map(async (w, i) => ({
          name: `batch-${i + 1}.jpg`,
          bytes: await halves(w, 48, '#405060', '#ffffff'),
        })),
      ),
    );
    const recent = async () =>
      (await app.inject({ url: '/m/api/user/recent-images', headers: { cookie } })).json().images as {
        uuid: string;
        width: number;
      }[];
    const batch = await recent();
    // A row whose owner was written again (as a login gives the session's pictures to the account) gets
    // new index entries: with only a shared created_at to sort by, the first picture is then listed last.
    const first = batch.find((p) => p.width === widths[0])!.uuid;
    const owner = sessionHashOf(cookie);
    await db.database.db.update(pictures).set({ sessionIdHash: null }).where(eq(pictures.uuid, first));
    await db.database.db.update(pictures).set({ sessionIdHash: owner }).where(eq(pictures.uuid, first));
    for (let i = 0; i < 3; i++) expect((await recent()).map((p) => p.width)).toEqual(widths);
    const later = await upload(await halves(64, 48, '#c0ffee', '#000000'), 'later.jpg', cookie);
    expect(later.statusCode).toBe(200);
    expect((await recent()).map((p) => p.uuid)).toEqual([
      later.json().files[0].uuid,
      ...widths.map((w) => batch.find((p) => p.width === w)!.uuid),
    ]);
  });

  it('lists the same bytes once: the editor answers the picture the shopper has, a print upload’s twin is not listed (issue 34)', async () => {
    const bytes = await halves(72, 48, '#123456', '#fedcba');
    const cookie = await uploadPrintPictures(app, [{ name: 'beach.jpg', bytes }]);
    const recent = async () =>
      (await app.inject({ url: '/m/api/user/recent-images', headers: { cookie } })).json().images as {
        uuid: string;
      }[];
    const printed = await recent();
    expect(printed).toHaveLength(1);
    // The print upload made a cart line of its own picture: the editor reuses that picture.
    const rowsBefore = await rowCount();
    const again = await upload(bytes, 'beach-again.jpg', cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().files[0]).toMatchObject({ uuid: printed[0]!.uuid, width: 72, height: 48 });
    expect(await rowCount()).toBe(rowsBefore);
    expect((await recent()).map((p) => p.uuid)).toEqual([printed[0]!.uuid]);
    // Another print upload of the bytes is a print of its own (its own row and line), still one picture in the list.
    await uploadPrintPictures(app, [{ name: 'beach.jpg', bytes }], cookie);
    expect(await rowCount()).toBe(rowsBefore + 1);
    expect(await recent()).toHaveLength(1);
    // Someone else's same bytes are theirs: a picture of their own.
    const other = await upload(bytes, 'beach.jpg', cookieB);
    expect(other.json().files[0].uuid).not.toBe(printed[0]!.uuid);
  });
});

const sessionHashOf = (cookie: string) => hashToken(cookie.split('=')[1]!);
