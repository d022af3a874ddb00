/**
 * What the shopper sees of an order after it (issue 14): the receipt's progress (print files and the
 * lab's steps), My orders for a logged-in shopper only, and the Terms of purchase page per portal.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../../server/db/schema.ts';
import type { MyOrder, Receipt } from '../../shop/checkout.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { registeredUser, uploadPrints } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { placeOrder } from './production-helpers.ts';

describe.each(databaseKinds())('my orders on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp(kind);
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.db.database.db;
  const myOrders = (cookie: string | null) =>
    app.inject({ url: '/m/api/orders', headers: cookie ? { cookie } : {} });

  it("a receipt carries the order's progress: files, then the lab's steps with their times", async () => {
    const cookie = await uploadPrints(app, 1);
    const orderUuid = await placeOrder(app, cookie);
    const receipt = async () =>
      (await app.inject({ url: `/m/api/order/${orderUuid}/receipt`, headers: { cookie } })).json<Receipt>();
    expect((await receipt()).progress).toEqual({ production: 'queued', events: [] });
    const printedAt = new Date();
    await db().update(orders).set({ productionStatus: 'ready' }).where(eq(orders.uuid, orderUuid));
    await db().insert(orderEvents).values({ orderUuid, status: 'printed', createdAt: printedAt });
    expect((await receipt()).progress).toEqual({
      production: 'ready',
      events: [{ status: 'printed', at: printedAt.toISOString() }],
    });
  });

  it('lists a logged-in shopper’s orders newest first, on any session of theirs, and no one else’s', async () => {
    const { cookie } = await registeredUser(app, '10.30.0.1');
    await uploadPrints(app, 2, cookie);
    const first = await placeOrder(app, cookie);
    await uploadPrints(app, 1, cookie);
    const second = await placeOrder(app, cookie);
    const res = await myOrders(cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ orders: MyOrder[] }>().orders;
    expect(list.map((o) => o.orderUuid)).toEqual([second, first]);
    expect(list[1]).toMatchObject({
      reference: first.slice(0, 8),
      progress: { production: 'queued', events: [] },
      currencyFormat: expect.any(String),
    });
    expect(list[1]!.lines).toHaveLength(2);
    expect(list[1]!.total).toBeGreaterThan(0);

    // Another shopper sees only their own (none), and a guest is asked to log in.
    const other = await registeredUser(app, '10.30.0.2');
    expect((await myOrders(other.cookie)).json<{ orders: MyOrder[] }>().orders).toEqual([]);
    const guest = await uploadPrints(app, 1);
    await placeOrder(app, guest);
    const anonymous = await myOrders(guest);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: 'Log in to see your orders' });
    expect((await myOrders(null)).statusCode).toBe(401);
  });

  it('every portal has its Terms of purchase page', async () => {
    const english = await app.inject({ url: '/m/api/legacy-pages/terms' });
    const norwegian = await app.inject({
      url: '/m/api/legacy-pages/terms',
      headers: { host: 'no.localhost' },
    });
    expect(english.statusCode).toBe(200);
    expect(JSON.stringify(english.json())).toContain('Terms of purchase');
    expect(JSON.stringify(norwegian.json())).toContain('Kjøpsvilkår');
  });
});
