import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, products, sessions } from '../../server/db/schema.ts';
import { cartOf } from '../../server/services/cart/cart.ts';
import { hashToken } from '../../server/services/identity/sessions.ts';
import type { Cart } from '../../shop/contract.ts';
import { newSession, startTestApp, type TestApp } from './app-harness.ts';
import { databaseKinds } from './databases.ts';

describe.each(databaseKinds())('cart lines and their owner on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A visitor with a cart holding two print lines, put straight into the database. */
  async function visitorWithLines() {
    const cookie = await newSession(t);
    const { db } = t.db.database;
    const [session] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(cookie.split('=')[1]!)));
    const cart = { uuid: await cartOf(db, session!) };
    const [product] = await db.select().from(products).limit(1);
    const lines = await db
      .insert(orderLines)
      .values(
        [1, 0].map((position) => ({
          cartUuid: cart!.uuid,
          position,
          type: 0,
          productUuid: product!.uuid,
          description: `line ${position}`,
          quantity: 2,
          actualLinePrice: 150 + position,
          image: { filter: 'original', cropRect: null, adaption: 0 },
        })),
      )
      .returning({ uuid: orderLines.uuid });
    return { cookie, lines: lines.map((l) => l.uuid) };
  }

  it('serves the lines in their order with the total of their prices', async () => {
    const { cookie } = await visitorWithLines();
    const cart = (await t.app.inject({ url: '/m/api/webshop/cart', headers: { cookie } })).json<Cart>();
    expect(cart.orderLines.map((l) => l.description)).toEqual(['line 0', 'line 1']);
    expect(cart.summary.totalPrice).toBe(301);
    expect(cart.orderLines[0]).toMatchObject({
      type: 0,
      quantity: 2,
      image: { filter: 'original', adaption: 0 },
    });
  });

  it("another session cannot see or delete a visitor's line", async () => {
    const owner = await visitorWithLines();
    const stranger = await visitorWithLines();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/m/api/webshop/cart/${owner.lines[0]}`,
      headers: { cookie: stranger.cookie },
    });
    expect(res.statusCode).toBe(404);
    const strangerCart = (
      await t.app.inject({ url: '/m/api/webshop/cart', headers: { cookie: stranger.cookie } })
    ).json<Cart>();
    expect(strangerCart.orderLines).toHaveLength(2);
    const ownerCart = (
      await t.app.inject({ url: '/m/api/webshop/cart', headers: { cookie: owner.cookie } })
    ).json<Cart>();
    expect(ownerCart.orderLines).toHaveLength(2);
  });

  it('the owner deletes a line and gets the new cart back', async () => {
    const { cookie, lines } = await visitorWithLines();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/m/api/webshop/cart/${lines[0]}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const cart = res.json<Cart>();
    expect(cart.orderLines.map((l) => l.uuid)).toEqual([lines[1]]);
    expect(cart.summary.totalPrice).toBe(150); // lines[0] was inserted at position 1, priced 151
  });
});
