import { readFileSync } from 'node:fs';
import path from 'node:path';
/**
 * The order's limits on the server (issue 16, shop/orderLimits.ts): at most 999 of one item per line and
 * 5,000 pieces per order, refused with a 400 that names the limit and leaves the cart as it was; a cart
 * from before the caps (66 lines of 9,999, a total no integer column holds) is refused at checkout
 * instead of failing there with a 500.
 */
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines } from '../../server/db/schema.ts';
import type { DeliveryType, PaymentOption } from '../../shop/checkout.ts';
import type { Cart, Product } from '../../shop/contract.ts';
import { MAX_AMOUNT, MAX_LINE_QUANTITY, MAX_ORDER_QUANTITY } from '../../shop/orderLimits.ts';
import { linePrice } from '../../shop/pricing.ts';
import { cookieOf, startTestApp, type TestApp } from './app-harness.ts';
import { cartOf, PRINT_UPLOAD, uploadPrints } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { addPhotoMug, multipartBody, uploadPhoto } from './multipart.ts';
import { contact } from './production-helpers.ts';

describe.each(databaseKinds())('the order’s limits, on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (cookie: string, url: string, payload: unknown, host = 'localhost') =>
    t.app.inject({ method: 'PUT', url, headers: { cookie, host }, payload: payload as object });
  const changeAll = (
    cookie: string,
    lines: Cart['orderLines'],
    quantity: (i: number) => number,
    host = 'localhost',
  ) =>
    put(
      cookie,
      '/m/api/webshop/cart',
      lines.map((l, i) => ({ ...l, quantity: quantity(i) })),
      host,
    );

  it('takes 999 of one item and refuses 1,000 with the cap in its message', async () => {
    const cookie = await uploadPrints(t.app, 1);
    const [line] = (await cartOf(t.app, cookie)).orderLines;
    const above = await put(cookie, `/m/api/webshop/cart/${line!.uuid}`, {
      ...line,
      quantity: MAX_LINE_QUANTITY + 1,
    });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({
      code: 'invalid_request',
      issues: [{ path: 'quantity', message: `should be at most ${MAX_LINE_QUANTITY}` }],
    });
    for (const quantity of [0, -1, 2.5, 9999]) {
      const res = await put(cookie, `/m/api/webshop/cart/${line!.uuid}`, { ...line, quantity });
      expect(res.statusCode, `quantity ${quantity}`).toBe(400);
    }
    expect((await cartOf(t.app, cookie)).orderLines[0]!.quantity).toBe(line!.quantity);
    const at = await put(cookie, `/m/api/webshop/cart/${line!.uuid}`, {
      ...line,
      quantity: MAX_LINE_QUANTITY,
    });
    expect(at.statusCode).toBe(200);
    expect(at.json<Cart>().orderLines[0]!.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('takes an order of exactly 5,000 pieces and refuses one piece more, all or nothing', async () => {
    const cookie = await uploadPrints(t.app, 6);
    const lines = (await cartOf(t.app, cookie)).orderLines;
    // 5 × 999 + 5 = 5,000.
    const atCap = await changeAll(cookie, lines, (i) => (i < 5 ? MAX_LINE_QUANTITY : 5));
    expect(atCap.statusCode).toBe(200);
    const pieces = (cart: Cart) => cart.orderLines.reduce((sum, l) => sum + l.quantity, 0);
    expect(pieces(atCap.json<Cart>())).toBe(MAX_ORDER_QUANTITY);

    const over = await changeAll(cookie, atCap.json<Cart>().orderLines, (i) =>
      i < 5 ? MAX_LINE_QUANTITY : 6,
    );
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      code: 'order_quantity_limit',
      error:
        'An order holds at most 5,000 prints and products; this one would hold 5,001. Lower some quantities, or order the rest separately.',
    });
    expect(pieces(await cartOf(t.app, cookie))).toBe(MAX_ORDER_QUANTITY);

    // A full cart takes no more lines: an upload is refused and leaves no picture behind…
    const recent = async () =>
      (await t.app.inject({ url: '/m/api/user/recent-images', headers: { cookie } })).json<{
        images: unknown[];
      }>().images.length;
    const picturesBefore = await recent();
    const upload = await uploadRaw(cookie, 'localhost', 1);
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toMatchObject({ code: 'order_quantity_limit' });
    expect(await recent()).toBe(picturesBefore);
    // …and so is a photo gift.
    const card = await addMug(cookie);
    expect(card.statusCode).toBe(400);
    expect(card.json()).toMatchObject({ code: 'order_quantity_limit' });

    // Lowering is always possible.
    const lower = await changeAll(cookie, atCap.json<Cart>().orderLines, () => 1);
    expect(lower.statusCode).toBe(200);
    expect((await addMug(cookie)).statusCode).toBe(200);
  });

  it('refuses the former overflow: 66 lines of 9,999 are a 400 at checkout, not a 500', async () => {
    // The Norwegian portal's dearest print: 66 × 9,999 of it cost more than an integer column holds.
    const host = 'no.localhost';
    const upload = await uploadRaw(null, host, 33);
    const cookie = cookieOf(upload.headers['set-cookie']);
    await uploadRaw(cookie, host, 33);
    const lines = (await t.app.inject({ url: '/m/api/webshop/cart', headers: { cookie, host } })).json<Cart>()
      .orderLines;
    expect(lines).toHaveLength(66);
    const { products } = (await t.app.inject({ url: '/m/api/products', headers: { host } })).json<{
      products: Product[];
    }>();
    const dearest = products
      .filter((p) => p.producttype === 0)
      .sort((a, b) => linePrice(b, 9999) - linePrice(a, 9999))[0]!;
    const price = linePrice(dearest, 9999);
    expect(66 * price).toBeGreaterThan(MAX_AMOUNT);

    // Through the API the lines cannot get there any more…
    const viaApi = await changeAll(
      cookie,
      lines.map((l) => ({ ...l, product: { ...l.product, uuid: dearest.uuid } })),
      () => 9999,
      host,
    );
    expect(viaApi.statusCode).toBe(400);
    // …but a cart saved before the caps holds them: written as it was then.
    await t.db.database.db
      .update(orderLines)
      .set({ productUuid: dearest.uuid, quantity: 9999, actualLinePrice: price })
      .where(
        inArray(
          orderLines.uuid,
          lines.map((l) => l.uuid),
        ),
      );

    const types = (
      await t.app.inject({ url: '/m/api/checkout/delivery-options', headers: { cookie, host } })
    ).json<DeliveryType[]>();
    const pickup = types.find((d) => d.type === 'store-pickup')!.pickupLocations[0]!;
    const payments = (
      await t.app.inject({
        url: `/m/api/checkout/delivery-options/${pickup.uuid}/payment-options`,
        headers: { host },
      })
    ).json<PaymentOption[]>();
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/ajax/get_transaction.php',
      headers: { cookie, host },
      payload: {
        ...contact,
        mobile: '+47 912 34 567',
        paymentoption: payments[0]!.uuid,
        deliveryoption: pickup.uuid,
        cartfallback: true,
        ordercomment: '',
      },
    });
    expect(confirm.statusCode).toBe(400);
    // The Norwegian portal answers in Norwegian (public/locale/nb_NO/server.json), the code unchanged.
    const norwegian = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../public/locale/nb_NO/server.json'), 'utf8'),
    ) as { errors: Record<string, string> };
    expect(confirm.json()).toEqual({
      code: 'line_quantity_limit',
      error: norwegian.errors.line_quantity_limit!.replace('{{max}}', '999'),
    });
    // The shopper can still bring the cart down, a line at a time.
    const first = lines[0]!;
    const lowered = await put(
      cookie,
      `/m/api/webshop/cart/${first.uuid}`,
      { ...first, product: { ...first.product, uuid: dearest.uuid }, quantity: 10 },
      host,
    );
    expect(lowered.statusCode).toBe(200);
  });

  /** `count` pictures through the print upload (a print line each), in `cookie`'s session or a new one. */
  async function uploadRaw(cookie: string | null, host: string, count: number) {
    const files = await Promise.all(
      Array.from({ length: count }, async (_, i) => ({
        field: 'images[]',
        name: `photo-${i}.jpg`,
        bytes: await sharp({
          create: { width: 30, height: 20, channels: 3, background: { r: i * 7, g: 90, b: 40 } },
        })
          .jpeg()
          .toBuffer(),
      })),
    );
    const body = multipartBody(files);
    return t.app.inject({
      method: 'POST',
      url: PRINT_UPLOAD,
      headers: { 'content-type': body.contentType, host, ...(cookie ? { cookie } : {}) },
      payload: body.payload,
    });
  }

  /** One photo mug with a picture of its own (uploaded through the editor's upload: no line of its own). */
  async function addMug(cookie: string) {
    const { picture } = await uploadPhoto(t.app, { width: 600, height: 300, background: '#3a7bd5', cookie });
    return addPhotoMug(t.app, cookie, picture.uuid);
  }
});
