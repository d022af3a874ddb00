/**
 * Cart reads kept in memory (server/wiring/cartReads.ts, issue 31), on each database: a kept read is
 * answered until what it shows changes, however it changes. A change written straight into the
 * database (as a job or another instance would) is announced by the database and seen by the next
 * read; the shopper's own change is in the very next read; a lost listening connection keeps nothing.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines } from '../../server/db/schema.ts';
import type { Cart } from '../../shop/index.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { uploadPrints } from './checkout-helpers.ts';
import { databaseKinds } from './databases.ts';

/** Whether `check` holds within two seconds (a notice arrives in milliseconds). */
async function soon(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await delay(20);
  }
  return false;
}

describe.each(databaseKinds())('cart reads kept in memory on %s', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp(kind);
    app = t.app;
    // On PostgreSQL the notices are heard once the listening connection is open.
    await soon(async () => (app.cartReads as unknown as { listening: boolean }).listening);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const cartOf = async (cookie: string) =>
    (await app.inject({ url: '/m/api/webshop/cart', headers: { cookie } })).json<Cart>();
  const quantityIn = async (cookie: string) => (await cartOf(cookie)).orderLines[0]!.quantity;
  const db = () => t.db.database.db;

  it('keeps a read, and a change written straight into the database is read once announced', async () => {
    const cookie = await uploadPrints(app, 1);
    const [line] = (await cartOf(cookie)).orderLines;
    // Kept by a read that no notice interrupted (the upload's own notices may come after its answer).
    expect(await soon(async () => (await cartOf(cookie)) && app.cartReads!.size > 0)).toBe(true);
    expect(await quantityIn(cookie)).toBe(line!.quantity);
    await db().update(orderLines).set({ quantity: 7 }).where(eq(orderLines.uuid, line!.uuid));
    expect(await soon(async () => (await quantityIn(cookie)) === 7)).toBe(true);
    // A line deleted the same way, and the cart read as empty.
    await db().delete(orderLines).where(eq(orderLines.uuid, line!.uuid));
    expect(await soon(async () => (await cartOf(cookie)).orderLines.length === 0)).toBe(true);
  });

  it('answers the shopper’s own change in the very next read', async () => {
    const cookie = await uploadPrints(app, 1);
    for (let quantity = 2; quantity <= 6; quantity++) {
      const [line] = (await cartOf(cookie)).orderLines;
      const put = await app.inject({
        method: 'PUT',
        url: `/m/api/webshop/cart/${line!.uuid}`,
        headers: { cookie },
        payload: { ...line!, quantity },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(await quantityIn(cookie)).toBe(quantity);
    }
  });

  it.runIf(kind === 'postgres')(
    'keeps nothing while its listening connection is lost, and listens again',
    async () => {
      const cookie = await uploadPrints(app, 1);
      const [line] = (await cartOf(cookie)).orderLines;
      await cartOf(cookie);
      // The shop's own listening connection, ended by the server (a restart, a failover).
      await db().execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN cart_changed'`,
      );
      expect(await soon(async () => app.cartReads!.size === 0)).toBe(true);
      await db().update(orderLines).set({ quantity: 9 }).where(eq(orderLines.uuid, line!.uuid));
      expect(await quantityIn(cookie)).toBe(9);
      // Back within seconds, keeping reads again.
      expect(
        await soon(async () => {
          await cartOf(cookie);
          return app.cartReads!.size > 0;
        }),
      ).toBe(true);
      await db().update(orderLines).set({ quantity: 4 }).where(eq(orderLines.uuid, line!.uuid));
      expect(await soon(async () => (await quantityIn(cookie)) === 4)).toBe(true);
    },
    30_000,
  );
});
