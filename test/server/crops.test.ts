/**
 * Crops bounded to the picture (issue 16): a print line's or a template picture's crop is in fractions
 * of the upright picture, and one beside it (x = 99), thinner than a millionth of it (1e-300), negative
 * or not a finite number is a 400 naming the field; nothing changes.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Cart } from '../../shop/contract.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { cartOf, uploadPrintPictures, uploadPrints } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { addPhotoMug, uploadPhoto } from './multipart.ts';

describe.each(databaseKinds())('crops bounded to the picture, on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const crop = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

  it('refuses a print line’s crop off the picture, naming the field, and keeps the line', async () => {
    const cookie = await uploadPrints(t.app, 1);
    const [line] = (await cartOf(t.app, cookie)).orderLines;
    const put = (payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/m/api/webshop/cart/${line!.uuid}`,
        headers: { cookie, 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    const withCrop = (cropRect: unknown) => ({ ...line, image: { filter: 'original', cropRect } });
    const refusals: [string, unknown, string][] = [
      ['x = 99', withCrop(crop(99, 0, 1, 1)), 'image.cropRect.x'],
      ['a width of 1e-300', withCrop(crop(0, 0, 1e-300, 1)), 'image.cropRect.width'],
      ['a negative height', withCrop(crop(0, 0, 1, -0.5)), 'image.cropRect.height'],
      ['x + width past the edge', withCrop(crop(0.75, 0, 0.5, 1)), 'image.cropRect.x'],
      ['y below the picture', withCrop(crop(0, -0.2, 1, 0.5)), 'image.cropRect.y'],
      // JSON has no NaN, but 1e999 parses to Infinity.
      [
        'an infinite width',
        JSON.stringify(withCrop(crop(0, 0, 1, 1))).replace('"width":1', '"width":1e999'),
        'image.cropRect.width',
      ],
    ];
    for (const [what, body, field] of refusals) {
      const res = await put(body);
      expect(res.statusCode, what).toBe(400);
      const answer = res.json<ApiError>();
      expect(answer.code, what).toBe('invalid_request');
      expect(
        answer.issues?.map((i) => i.path),
        what,
      ).toContain(field);
      expect(answer.error, what).toContain(field);
    }
    expect((await cartOf(t.app, cookie)).orderLines[0]!.image).toEqual(line!.image);

    // A fit-in crop (the picture whole, with gaps above and below) is the picture's own.
    const fitIn = await put(withCrop(crop(0, -0.25, 1, 1.5)));
    expect(fitIn.statusCode).toBe(200);
    expect(fitIn.json<Cart>().orderLines[0]!.image).toEqual({
      filter: 'original',
      cropRect: crop(0, -0.25, 1, 1.5),
      adaption: 1,
      defaultCrop: false,
    });
  });

  it('refuses a print line’s crop zoomed in below 50 dpi (a ten-millionth printed at "0 dpi"), keeping the line', async () => {
    // 1200x800 on the default 10x15: 200 dpi at its starting crop, so a zoom of 2x is fine, 5x is not.
    const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#a37bd5' } })
      .jpeg()
      .toBuffer();
    const cookie = await uploadPrintPictures(t.app, [{ name: 'wide.jpg', bytes }]);
    const [line] = (await cartOf(t.app, cookie)).orderLines;
    const start = line!.image!.cropRect!;
    const zoomed = (k: number) => ({
      x: 0.5 - start.width / k / 2,
      y: 0.5 - start.height / k / 2,
      width: start.width / k,
      height: start.height / k,
    });
    const put = (cropRect: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/m/api/webshop/cart/${line!.uuid}`,
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...line, image: { filter: 'original', cropRect } }),
      });
    for (const crop of [zoomed(5), { x: 0.5, y: 0.5, width: 1e-7, height: 1e-7 }]) {
      const refused = await put(crop);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ApiError>()).toMatchObject({
        code: 'crop_too_small',
        error: expect.stringMatching(/50 dpi/),
      });
    }
    expect((await cartOf(t.app, cookie)).orderLines.find((l) => l.uuid === line!.uuid)!.image).toEqual(
      line!.image,
    );
    expect((await put(zoomed(2))).statusCode).toBe(200);
  });

  it('refuses a template picture’s crop off the picture, naming the field', async () => {
    const { picture, cookie } = await uploadPhoto(t.app, { width: 600, height: 300, background: '#3a7bd5' });
    const add = (cropRect: unknown) => addPhotoMug(t.app, cookie, picture.uuid, cropRect);
    const beside = await add(crop(99, 0, 1, 1));
    expect(beside.statusCode).toBe(400);
    expect(beside.json<ApiError>().issues?.map((i) => i.path)).toContain(
      'template.resources.0.image.cropRect.x',
    );
    const thin = await add(crop(0, 0, 1e-300, 1e-300));
    expect(thin.statusCode).toBe(400);
    expect(thin.json<ApiError>().error).toContain('template.resources.0.image.cropRect.width');
    expect((await cartOf(t.app, cookie)).orderLines).toHaveLength(0);
    expect((await add(crop(0, 0, 1, 1))).statusCode).toBe(200);
  });
});
