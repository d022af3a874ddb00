/**
 * A refusal names the product in the portal's language (issue 34): on the Norwegian portal, a crop
 * zoomed in too far on the demo's white-border print (stored as '10x15 white border') says
 * '10x15 hvit kant'.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Cart, Product } from '../../shop/contract.ts';
import { cookieOf, startTestApp, type TestApp } from './app-harness.ts';
import { PRINT_UPLOAD } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { multipartBody } from './multipart.ts';

const host = 'no.localhost';

describe.each(databaseKinds())('product names in refusals on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names the white-border print in Norwegian when its crop is refused', async () => {
    const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#a37bd5' } })
      .jpeg()
      .toBuffer();
    const body = multipartBody([{ field: 'images[]', name: 'fjord.jpg', bytes }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: PRINT_UPLOAD,
      headers: { host, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const cookie = cookieOf(uploaded.headers['set-cookie']);
    const cart = (await t.app.inject({ url: '/m/api/webshop/cart', headers: { host, cookie } })).json<Cart>();
    const products = (await t.app.inject({ url: '/m/api/products', headers: { host } })).json<{
      products: Product[];
    }>().products;
    const bordered = products.find((p) => p.producttype === 0 && p.whiteBorder)!;
    expect(bordered.name).toBe('10x15 white border');
    const line = cart.orderLines[0]!;
    const start = line.image!.cropRect!;
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/m/api/webshop/cart/${line.uuid}`,
      headers: { host, cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({
        ...line,
        product: { ...line.product, uuid: bordered.uuid },
        // Zoomed in ten times: far below the 50 dpi a print may have.
        image: {
          filter: 'original',
          cropRect: { x: 0.45, y: 0.45, width: start.width / 10, height: start.height / 10 },
        },
      }),
    });
    expect(refused.statusCode).toBe(400);
    const error = refused.json<ApiError>();
    expect(error.code).toBe('crop_too_small');
    expect(error.error).toContain('10x15 hvit kant');
    expect(error.error).not.toContain('white border');
  });
});
