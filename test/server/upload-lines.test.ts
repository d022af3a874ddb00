import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CropRect } from '../../engine/image.ts';
import { defaultPrintFormat } from '../../server/services/cart/cart.ts';
import { productsOf } from '../../server/services/storefront/content.ts';
import type { Cart } from '../../shop/contract.ts';
import { linePrice } from '../../shop/pricing.ts';
import { cookieOf, startTestApp, type TestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds, type TestDatabase } from './databases.ts';
import { multipartBody } from './multipart.ts';

const PRINT_UPLOAD =
  '/system/iframes/upload_internal.php?handleuploads=1&interface=HTML&redirect=&uploadtype=printsorder&json=1&thumbnails=640';

/** A form with every file in one field. */
const formOf = (field: string, files: { name: string; bytes: Buffer }[]) =>
  multipartBody(files.map((f) => ({ field, ...f })));

const jpeg = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe.each(databaseKinds())('print upload lines on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let db: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    // Small limits so the tests reach them; the byte quota is about three of these test photos.
    t = await startTestApp(kind, {
      pictureLimits: { maxFiles: 3, maxSessionPictures: 4, maxSessionBytes: 3 * 9_000 },
    });
    ({ app, db, dataDir } = t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const printUpload = (payload: { payload: Buffer; contentType: string }, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: PRINT_UPLOAD,
      headers: { 'content-type': payload.contentType, ...(cookie ? { cookie } : {}) },
      payload: payload.payload,
    });
  const recentOf = async (cookie: string) =>
    (
      (await app.inject({ url: '/m/api/user/recent-images', headers: { cookie } })).json() as {
        images: unknown[];
      }
    ).images;
  /** A fresh session: the cookie of an answer that made one (every upload does). */
  const sessionOf = (res: { headers: Record<string, unknown> }) =>
    cookieOf(res.headers['set-cookie'] as string | string[] | undefined);
  // Photo-like noise compresses poorly, so each file has a known size of several KB.
  const noisy = (seed: number) =>
    sharp(Buffer.from(Array.from({ length: 100 * 100 * 3 }, (_, i) => (i * 7919 + seed * 104729) % 251)), {
      raw: { width: 100, height: 100, channels: 3 },
    })
      .jpeg({ quality: 95 })
      .toBuffer();

  const cartOf = async (cookie: string) =>
    (await app.inject({ url: '/m/api/webshop/cart', headers: { cookie } })).json() as Cart;

  it('adds one priced print line per stored file of a print upload', async () => {
    const body = formOf('images[]', [
      { name: 'one.jpg', bytes: await jpeg(800, 600, '#3a7') },
      { name: 'two.jpg', bytes: await jpeg(600, 800, '#a37') },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: PRINT_UPLOAD,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const cookie = cookieOf(res.headers['set-cookie']);
    const files = res.json().files as { uuid: string; error: string | null }[];
    expect(files.map((f) => f.error)).toEqual([null, null]);

    const cart = await cartOf(cookie);
    expect(cart.orderLines).toHaveLength(2);
    const portalUuid = (await app.inject({ url: '/m/api/portal' })).json().portal.uuid as string;
    const product = defaultPrintFormat(await productsOf(db.database.db, portalUuid))!;
    expect(product).toBeTruthy();
    const quantity = Math.max(1, product.minQuantity);
    const price = linePrice(product, quantity);
    expect(price).toBeGreaterThan(0);
    expect(cart.orderLines.map((l) => l.description)).toEqual(['one.jpg', 'two.jpg']);
    for (const [i, line] of cart.orderLines.entries()) {
      expect(line).toMatchObject({
        type: 0,
        product: { uuid: product.uuid, type: 0 },
        quantity,
        actualLinePrice: price,
        image: { filter: 'original', adaption: 0 },
        files: [{ uuid: files[i]!.uuid, error: null, product: product.uuid }],
      });
    }
    // Auto-fit paper size: each picture keeps the most of itself on paper turned its way.
    const [landscape, portrait] = cart.orderLines.map((l) => l.image!.cropRect!) as [CropRect, CropRect];
    const [w, h] = product.printareasize;
    const kept = (Math.min(w, h) * 800) / (Math.max(w, h) * 600);
    expect(landscape.width).toBe(1);
    expect(landscape.height).toBeCloseTo(kept, 12);
    expect(portrait.height).toBe(1);
    expect(portrait.width).toBeCloseTo(kept, 12);
    expect(cart.summary.totalPrice).toBe(2 * price);
  });

  it('adds no line for the editor upload', async () => {
    const body = formOf('file', [{ name: 'editor.jpg', bytes: await jpeg(400, 300, '#37a') }]);
    const res = await app.inject({
      method: 'POST',
      url: '/m/api/pictures',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const cart = await cartOf(cookieOf(res.headers['set-cookie']));
    expect(cart.orderLines).toHaveLength(0);
  });

  it('refuses a print upload of too many files whole: no picture and no line', async () => {
    const body = formOf(
      'images[]',
      await Promise.all(
        ['#111', '#222', '#333', '#444'].map(async (c, i) => ({
          name: `${i}.jpg`,
          bytes: await jpeg(40, 30, c),
        })),
      ),
    );
    const res = await printUpload(body);
    const cookie = sessionOf(res);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'too_many_files',
      error: 'At most 3 files can be sent at once',
    });
    expect((await cartOf(cookie)).orderLines).toHaveLength(0);
    expect(await recentOf(cookie)).toHaveLength(0);
  });

  it('keeps a session within its picture quota, file by file', async () => {
    const first = await printUpload(
      formOf('images[]', [
        { name: 'q1.jpg', bytes: await jpeg(40, 30, '#a11') },
        { name: 'q2.jpg', bytes: await jpeg(40, 30, '#a22') },
        { name: 'q3.jpg', bytes: await jpeg(40, 30, '#a33') },
      ]),
    );
    expect(first.statusCode).toBe(200);
    const cookie = sessionOf(first);
    const second = await printUpload(
      formOf('images[]', [
        { name: 'q4.jpg', bytes: await jpeg(40, 30, '#a44') },
        { name: 'q5.jpg', bytes: await jpeg(40, 30, '#a55') },
      ]),
      cookie,
    );
    expect(second.statusCode).toBe(200);
    const files = second.json().files as { name: string; error: string | null; code?: string }[];
    expect(files[0]).toMatchObject({ name: 'q4.jpg', error: null });
    expect(files[1]).toMatchObject({
      name: 'q5.jpg',
      code: 'quota_exceeded',
      error: expect.stringMatching(/4 pictures/),
    });
    expect((await cartOf(cookie)).orderLines.map((l) => l.description)).toEqual([
      'q1.jpg',
      'q2.jpg',
      'q3.jpg',
      'q4.jpg',
    ]);
    // The editor's upload counts against the same quota.
    const editorBody = formOf('file', [{ name: 'e.jpg', bytes: await jpeg(40, 30, '#a66') }]);
    const editor = await app.inject({
      method: 'POST',
      url: '/m/api/pictures',
      headers: { 'content-type': editorBody.contentType, cookie },
      payload: editorBody.payload,
    });
    expect(editor.statusCode).toBe(413);
    expect(editor.json()).toMatchObject({ code: 'quota_exceeded' });
    // Another session has its own quota.
    expect(
      (await printUpload(formOf('images[]', [{ name: 'o.jpg', bytes: await jpeg(40, 30, '#a77') }]))).json()
        .files[0].error,
    ).toBeNull();
  });

  it('keeps a session within its byte quota and leaves no file for the refused one', async () => {
    const photos = await Promise.all([1, 2, 3, 4].map(noisy));
    // The quota is 27 000 bytes: the files that would pass it are refused, one by one.
    let used = 0;
    const expected = photos.map((p) => {
      if (used + p.length > 3 * 9_000) return 'quota_exceeded';
      used += p.length;
      return null;
    });
    expect(expected.slice(0, 2)).toEqual([null, null]);
    expect(expected).toContain('quota_exceeded');
    let cookie = '';
    const answers: (string | null)[] = [];
    for (const [i, bytes] of photos.entries()) {
      const res = await printUpload(formOf('images[]', [{ name: `n${i}.jpg`, bytes }]), cookie);
      cookie ||= sessionOf(res);
      expect(res.statusCode).toBe(200);
      answers.push((res.json().files[0] as { code?: string }).code ?? null);
    }
    expect(answers).toEqual(expected);
    expect(await recentOf(cookie)).toHaveLength(expected.filter((e) => e === null).length);
    const stored = readdirSync(path.join(dataDir, 'pictures', 'originals'));
    for (const [i, photo] of photos.entries()) {
      const sha = createHash('sha256').update(photo).digest('hex');
      expect(stored.includes(sha), `n${i}.jpg on disk`).toBe(expected[i] === null);
    }
    expect(stored.some((f) => f.startsWith('.tmp-'))).toBe(false);
  });

  it('answers 400 to a broken multipart body and stores nothing', async () => {
    const good = formOf('images[]', [{ name: 'cut.jpg', bytes: await jpeg(40, 30, '#5a5') }]);
    const other = formOf('images[]', []);
    for (const [url, payload] of [
      [PRINT_UPLOAD, good.payload.subarray(0, good.payload.length - 30)],
      ['/m/api/pictures', good.payload.subarray(0, good.payload.length - 30)],
      [PRINT_UPLOAD, good.payload],
    ] as const) {
      // The last one names another boundary than its body uses.
      const contentType = payload === good.payload ? other.contentType : good.contentType;
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toEqual(expect.any(String));
      expect(await recentOf(sessionOf(res))).toHaveLength(0);
      expect((await cartOf(sessionOf(res))).orderLines).toHaveLength(0);
    }
  });
});
