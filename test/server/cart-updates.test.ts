import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts } from '../../server/db/schema.ts';
import { hashToken } from '../../server/services/identity/sessions.ts';
import { productsOf } from '../../server/services/storefront/content.ts';
import type { Cart, OrderLine, Product } from '../../shop/contract.ts';
import { linePrice } from '../../shop/pricing.ts';
import { cookieOf, startTestApp, type TestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds, type TestDatabase } from './databases.ts';
import { multipartBody } from './multipart.ts';

const PRINT_UPLOAD =
  '/system/iframes/upload_internal.php?handleuploads=1&interface=HTML&redirect=&uploadtype=printsorder&json=1&thumbnails=640';

describe.each(databaseKinds())('cart updates on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let db: TestDatabase;
  let app: FastifyInstance;
  let formats: Map<string, Product>;
  let otherPortalProduct: Product;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ app, db } = t);
    const portalUuid = (await app.inject({ url: '/m/api/portal' })).json().portal.uuid as string;
    formats = new Map((await productsOf(db.database.db, portalUuid)).map((p) => [p.name, p]));
    const usPortal = (await app.inject({ url: '/m/api/portal', headers: { host: 'us.localhost' } })).json()
      .portal.uuid as string;
    expect(usPortal).not.toBe(portalUuid);
    otherPortalProduct = (await productsOf(db.database.db, usPortal))[0]!;
  });
  afterAll(async () => {
    await t?.close();
  });

  const format = (name: string) => {
    const found = formats.get(name);
    if (!found) throw new Error(`no format ${name}`);
    return found;
  };

  /** A visitor who uploaded `count` pictures (600 x 400) through the print upload: a line each. */
  async function visitor(count = 2): Promise<{ cookie: string; lines: OrderLine[] }> {
    const files = await Promise.all(
      Array.from({ length: count }, async (_, i) => ({
        field: 'images[]',
        name: `p${i}.jpg`,
        bytes: await sharp({ create: { width: 600, height: 400, channels: 3, background: `#${i}4${i}` } })
          .jpeg()
          .toBuffer(),
      })),
    );
    const body = multipartBody(files);
    const res = await app.inject({
      method: 'POST',
      url: PRINT_UPLOAD,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    const cookie = cookieOf(res.headers['set-cookie']);
    return { cookie, lines: (await cartOf(cookie)).orderLines };
  }

  const cartOf = async (cookie: string) =>
    (await app.inject({ url: '/m/api/webshop/cart', headers: { cookie } })).json<Cart>();
  const putLine = (cookie: string, uuid: string, body: unknown) =>
    app.inject({
      method: 'PUT',
      url: `/m/api/webshop/cart/${uuid}`,
      headers: { cookie },
      payload: body as object,
    });
  const putLines = (cookie: string, body: unknown) =>
    app.inject({ method: 'PUT', url: '/m/api/webshop/cart', headers: { cookie }, payload: body as object });

  it('changes one line and prices it on the server, ignoring the price, files and name sent', async () => {
    const { cookie, lines } = await visitor();
    const line = lines[0]!;
    const big = format('13x18');
    const crop = { x: 0.1, y: 0.05, width: 0.6, height: 0.9 };
    const res = await putLine(cookie, line.uuid, {
      ...line,
      product: { uuid: big.uuid, type: 0 },
      quantity: 3,
      actualLinePrice: 1,
      description: 'free prints',
      files: [
        { uuid: '00000000-0000-4000-8000-000000000000', size: 1, name: 'x', error: null, product: big.uuid },
      ],
      image: { filter: 'sepia', cropRect: crop, adaption: 1 },
    });
    expect(res.statusCode).toBe(200);
    const changed = res.json<Cart>().orderLines.find((l) => l.uuid === line.uuid)!;
    expect(changed).toMatchObject({
      product: { uuid: big.uuid },
      quantity: 3,
      actualLinePrice: linePrice(big, 3),
      description: line.description,
      image: { filter: 'sepia', cropRect: crop, adaption: 0 },
    });
    expect(changed.actualLinePrice).toBeGreaterThan(1);
    expect(changed.files).toEqual([{ ...line.files[0], product: big.uuid }]);
    const again = await cartOf(cookie);
    expect(again.orderLines.find((l) => l.uuid === line.uuid)).toEqual(changed);
    expect(again.summary.totalPrice).toBe(again.orderLines.reduce((sum, l) => sum + l.actualLinePrice, 0));
  });

  it('sets the adaption by the fit test on the crop, not by what the client says', async () => {
    const { cookie, lines } = await visitor(1);
    const line = lines[0]!;
    const fitIn = { x: -0.1, y: 0, width: 1.2, height: 1 };
    const res = await putLine(cookie, line.uuid, {
      ...line,
      image: { filter: 'bw', cropRect: fitIn, adaption: 0 },
    });
    expect(res.json<Cart>().orderLines[0]!.image).toEqual({
      filter: 'bw',
      cropRect: fitIn,
      adaption: 1,
      defaultCrop: false,
    });
  });

  it('refuses a quantity below the format minimum with a message and changes nothing', async () => {
    const { cookie, lines } = await visitor(1);
    const small = format('9x13');
    expect(small.minQuantity).toBeGreaterThan(1);
    const res = await putLine(cookie, lines[0]!.uuid, {
      ...lines[0],
      product: { uuid: small.uuid },
      quantity: 2,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'below_minimum',
      error: `The minimum quantity of 9x13 is ${small.minQuantity}`,
    });
    expect((await cartOf(cookie)).orderLines).toEqual(lines);
  });

  it('answers malformed lines with 4xx and a message', async () => {
    const { cookie, lines } = await visitor(1);
    const line = lines[0]!;
    const bad: [string, unknown][] = [
      ['quantity as text', { ...line, quantity: 'many' }],
      ['quantity 0', { ...line, quantity: 0 }],
      ['fractional quantity', { ...line, quantity: 1.5 }],
      ['no product', { ...line, product: undefined }],
      ['product not a uuid', { ...line, product: { uuid: 'gloss' } }],
      ['unknown product', { ...line, product: { uuid: '00000000-0000-4000-8000-000000000001' } }],
      ['another portal’s product', { ...line, product: { uuid: otherPortalProduct.uuid } }],
      [
        'negative crop',
        { ...line, image: { filter: 'original', cropRect: { x: 0, y: 0, width: -1, height: 1 } } },
      ],
      ['unknown filter', { ...line, image: { filter: 'neon', cropRect: null } }],
      ['no picture settings', { ...line, image: null }],
      ['another line in the body', { ...line, uuid: '00000000-0000-4000-8000-000000000002' }],
      ['not an object', 'quantity=3'],
    ];
    for (const [what, body] of bad) {
      const res = await putLine(cookie, line.uuid, body);
      expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, what).toBeLessThan(500);
      expect(res.json().error, what).toEqual(expect.any(String));
    }
    expect((await putLine(cookie, 'not-a-uuid', line)).statusCode).toBe(400);
    expect((await putLines(cookie, { lines: [line] })).statusCode).toBe(400);
    expect((await cartOf(cookie)).orderLines).toEqual(lines);
  });

  it('applies a bulk update all or nothing', async () => {
    const { cookie, lines } = await visitor(3);
    const [a, b, c] = lines as [OrderLine, OrderLine, OrderLine];
    const big = format('15x20');
    const small = format('9x13');
    // One bad line (below the minimum) rejects the whole update.
    const refused = await putLines(cookie, [
      { ...a, product: { uuid: big.uuid }, quantity: 4 },
      { ...b, product: { uuid: small.uuid }, quantity: 1 },
      { ...c, deleted: true },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('below_minimum');
    expect((await cartOf(cookie)).orderLines).toEqual(lines);
    // So does a line that is not in this cart.
    const missing = await putLines(cookie, [
      { ...a, quantity: 5 },
      { ...b, uuid: '00000000-0000-4000-8000-000000000003' },
    ]);
    expect(missing.statusCode).toBe(404);
    expect((await cartOf(cookie)).orderLines).toEqual(lines);
    // And a line named twice.
    expect((await putLines(cookie, [a, a])).statusCode).toBe(400);
    // A good update changes, deletes and prices everything at once.
    const done = await putLines(cookie, [
      { ...a, product: { uuid: big.uuid }, quantity: 4, actualLinePrice: 0 },
      { ...b, quantity: 7 },
      { ...c, deleted: true },
    ]);
    expect(done.statusCode).toBe(200);
    const cart = done.json<Cart>();
    expect(cart.orderLines.map((l) => [l.uuid, l.quantity, l.actualLinePrice])).toEqual([
      [a.uuid, 4, linePrice(big, 4)],
      [b.uuid, 7, linePrice(format('10x15'), 7)],
    ]);
    expect(cart.summary.totalPrice).toBe(linePrice(big, 4) + linePrice(format('10x15'), 7));
    expect((await putLines(cookie, [])).json<Cart>()).toEqual(cart);
  });

  it("answers 404 for another session's line and leaves it alone", async () => {
    const owner = await visitor(1);
    const stranger = await visitor(1);
    const line = owner.lines[0]!;
    expect((await putLine(stranger.cookie, line.uuid, { ...line, quantity: 9 })).statusCode).toBe(404);
    const bulk = await putLines(stranger.cookie, [stranger.lines[0], { ...line, quantity: 9 }]);
    expect(bulk.statusCode).toBe(404);
    expect(bulk.json()).toMatchObject({ code: 'not_found', error: 'The order line was not found' });
    expect((await cartOf(owner.cookie)).orderLines).toEqual(owner.lines);
    expect((await cartOf(stranger.cookie)).orderLines).toEqual(stranger.lines);
  });

  it('keeps a line consistent when many edits of it arrive at once (last write wins)', async () => {
    const { cookie, lines } = await visitor(1);
    const line = lines[0]!;
    const variants = [
      { product: format('13x18'), quantity: 2, filter: 'bw' as const },
      { product: format('20x30'), quantity: 5, filter: 'sepia' as const },
    ];
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => {
        const v = variants[i % 2]!;
        return putLine(cookie, line.uuid, {
          ...line,
          product: { uuid: v.product.uuid },
          quantity: v.quantity,
          image: { filter: v.filter, cropRect: line.image!.cropRect },
        });
      }),
    );
    for (const res of answers) expect(res.statusCode).toBe(200);
    const final = (await cartOf(cookie)).orderLines[0]!;
    const winner = variants.find((v) => v.product.uuid === final.product.uuid)!;
    expect(winner).toBeDefined();
    expect(final.quantity).toBe(winner.quantity);
    expect(final.image?.filter).toBe(winner.filter);
    expect(final.actualLinePrice).toBe(linePrice(winner.product, winner.quantity));
    expect(final.files[0]!.product).toBe(winner.product.uuid);
  });

  it('keeps the auto-correction answer on the cart', async () => {
    const { cookie } = await visitor(1);
    const res = await app.inject({
      method: 'PUT',
      url: '/m/api/webshop/cart/auto-correction',
      headers: { cookie },
      payload: { autoCorrection: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Cart>().orderLines).toHaveLength(1);
    const [cart] = await db.database.db
      .select()
      .from(carts)
      .where(eq(carts.sessionIdHash, hashToken(cookie.split('=')[1]!)));
    expect(cart!.autoCorrection).toBe(1);
    const bad = await app.inject({
      method: 'PUT',
      url: '/m/api/webshop/cart/auto-correction',
      headers: { cookie },
      payload: { autoCorrection: 2 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual(expect.any(String));
  });
});
