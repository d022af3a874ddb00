/**
 * A photo gift line's quantity changed in the cart (decisions: photo gift quantities in the cart):
 * PUT …/cart/{uuid} with the line, the new quantity and `templates: []` (or none) keeps the line's
 * design, subproduct and template version, and the server prices the new quantity; below the
 * product's minimum is refused with `below_minimum` and nothing changes.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '../../engine/template.ts';
import { products as productsTable } from '../../server/db/schema.ts';
import type { ApiError, Cart, OrderLine, Product } from '../../shop/contract.ts';
import { linePrice } from '../../shop/pricing.ts';
import { newSession, startTestApp, type TestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { uploadPhoto } from './multipart.ts';

const CART = '/m/api/webshop/cart';

describe.each(databaseKinds())('photo gift quantities on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let app: FastifyInstance;
  let cookie: string;
  let otherCookie: string;
  let mug: Template;
  let product: Product;
  let line: OrderLine;

  const cartOf = async (c: string) =>
    (await app.inject({ url: CART, headers: { cookie: c } })).json() as Cart;
  const put = (c: string, payload: object) =>
    app.inject({ method: 'PUT', url: `${CART}/${line.uuid}`, headers: { cookie: c }, payload });

  beforeAll(async () => {
    t = await startTestApp(kind);
    app = t.app;
    const uploaded = await uploadPhoto(app, { width: 1200, height: 600, background: '#3a7bd5' });
    cookie = uploaded.cookie;
    const picture = uploaded.picture;
    otherCookie = await newSession(t);

    const gifts = (await app.inject({ url: '/m/api/templates/photogift' })).json() as Template[];
    mug = gifts.find((g) => g.name.en_GB === 'Photo mug')!;
    const all = ((await app.inject({ url: '/m/api/products' })).json() as { products: Product[] }).products;
    product = all.find((p) => p.uuid === mug.product.uuid)!;
    expect(product.producttype).toBe(89);
    expect(product.subproducts.length).toBeGreaterThan(0);
    const added = await app.inject({
      method: 'POST',
      url: CART,
      headers: { cookie },
      payload: {
        product: { uuid: product.uuid },
        subProductUuids: [product.subproducts[0]!.uuid],
        quantity: 2,
        template: {
          uuid: mug.uuid,
          resources: [
            {
              fullId: 'photo',
              type: 'IMAGE',
              image: { uuid: picture.uuid, rotation: 0, cropRect: { x: 0, y: 0, width: 1, height: 1 } },
            },
          ],
        },
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    line = (added.json() as Cart).orderLines.at(-1)!;
    expect(line.type).toBe(89);
  });
  afterAll(async () => {
    await t?.close();
  });

  const priceOf = (quantity: number) => linePrice(product, quantity, line.subProductUuids ?? []);

  it('changes only the quantity with `templates: []`, repriced by the server', async () => {
    expect(line.actualLinePrice).toBe(priceOf(2));
    const res = await put(cookie, { ...line, quantity: 3, templates: [] });
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json() as Cart;
    const after = cart.orderLines.find((l) => l.uuid === line.uuid)!;
    expect(after.quantity).toBe(3);
    expect(after.actualLinePrice).toBe(priceOf(3));
    expect(after.actualLinePrice).not.toBe(line.actualLinePrice);
    expect(after.templates).toEqual(line.templates);
    expect(after.subProductUuids).toEqual(line.subProductUuids);
    expect(after.description).toBe(line.description);
    expect(cart.summary.totalPrice).toBe(priceOf(3));
  });

  it('changes only the quantity when the body has no templates at all', async () => {
    const { templates: _dropped, ...withoutTemplates } = line;
    const res = await put(cookie, { ...withoutTemplates, quantity: 10 });
    expect(res.statusCode, res.body).toBe(200);
    const after = (res.json() as Cart).orderLines.find((l) => l.uuid === line.uuid)!;
    expect(after.quantity).toBe(10);
    // 10 pieces reach the next price tier.
    expect(after.actualLinePrice).toBe(priceOf(10));
    expect(after.templates).toEqual(line.templates);
  });

  it('refuses a quantity below the product’s minimum, and 0, changing nothing', async () => {
    const before = await cartOf(cookie);
    const zero = await put(cookie, { ...line, quantity: 0, templates: [] });
    expect(zero.statusCode).toBe(400);
    // A product that sells at least 3: 2 is refused with the server's message.
    await t.db.database.db
      .update(productsTable)
      .set({ minQuantity: 3 })
      .where(eq(productsTable.uuid, product.uuid));
    try {
      const low = await put(cookie, { ...line, quantity: 2, templates: [] });
      expect(low.statusCode).toBe(400);
      const error = low.json() as ApiError;
      expect(error.code).toBe('below_minimum');
      expect(error.error).toMatch(/minimum quantity .* is 3/);
      expect(await cartOf(cookie)).toEqual(before);
      const atMinimum = await put(cookie, { ...line, quantity: 3, templates: [] });
      expect(atMinimum.statusCode).toBe(200);
    } finally {
      await t.db.database.db
        .update(productsTable)
        .set({ minQuantity: product.minQuantity })
        .where(eq(productsTable.uuid, product.uuid));
    }
  });

  it('is the owner’s only: another session’s PUT is 404', async () => {
    const res = await put(otherCookie, { ...line, quantity: 4, templates: [] });
    expect(res.statusCode).toBe(404);
    expect((await cartOf(cookie)).orderLines.find((l) => l.uuid === line.uuid)!.quantity).toBe(3);
  });
});
