/**
 * The cleanup job (issue 16): idle anonymous sessions, their carts and the pictures nobody can reach
 * any more are removed by a scheduled pg-boss job; users, live sessions and anything a cart line,
 * a transaction or an order names are kept.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, orderLines, pictures, rateLimits, sessions } from '../../server/db/schema.ts';
import { CLEANUP_CRON, QUEUES } from '../../server/production/jobs.ts';
import { hashToken } from '../../server/services/identity/sessions.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { cartOf, registeredUser, uploadPrints } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';

const hashOf = (cookie: string) => hashToken(cookie.split('=')[1]!);

describe.each(databaseKinds())('the cleanup job, on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { jobs: { work: true, timing: { pollingIntervalSeconds: 0.5 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Makes a session look unused for `days` days. */
  const idleFor = async (cookie: string, days: number) => {
    await t.db.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(sessions.idHash, hashOf(cookie)));
  };

  const picturesOf = async (cookie: string) =>
    t.db.database.db
      .select()
      .from(pictures)
      .where(eq(pictures.sessionIdHash, hashOf(cookie)));

  it('is scheduled', async () => {
    const schedules = await t.app.jobs.boss.getSchedules();
    expect(schedules.find((s) => s.name === QUEUES.cleanup)?.cron).toBe(CLEANUP_CRON);
  });

  it('removes idle anonymous visitors and keeps users, live sessions and named pictures', async () => {
    const { db } = t.db.database;
    const idle = await uploadPrints(t.app, 2);
    const idlePictures = await picturesOf(idle);
    const idleCart = (
      await db
        .select()
        .from(carts)
        .where(eq(carts.sessionIdHash, hashOf(idle)))
    )[0]!;
    const live = await uploadPrints(t.app, 1);
    const user = await registeredUser(t.app);
    await uploadPrints(t.app, 1, user.cookie);
    // An idle visitor's picture that a user's cart line names (a shared picture) must stay.
    const sharer = await uploadPrints(t.app, 1);
    const [shared] = await picturesOf(sharer);
    const [userLine] = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.uuid, (await cartOf(t.app, user.cookie)).orderLines[0]!.uuid));
    await db.insert(orderLines).values({
      ...userLine!,
      uuid: undefined,
      position: 1,
      // A whole file record, as the server stores one (the cart's answer is checked against its schema).
      files: (userLine!.files as Record<string, unknown>[]).map((f) => ({ ...f, uuid: shared!.uuid })),
    });
    for (const cookie of [idle, sharer, user.cookie]) await idleFor(cookie, 40);
    await idleFor(live, 2);
    await db
      .insert(rateLimits)
      .values({ key: 'test:ended', hits: 3, resetsAt: sql`now() - interval '1 hour'` });

    await t.app.jobs.cleanupNow();
    await expect
      .poll(
        async () =>
          (
            await db
              .select()
              .from(sessions)
              .where(eq(sessions.idHash, hashOf(idle)))
          ).length,
        {
          timeout: 20_000,
          interval: 250,
        },
      )
      .toBe(0);
    await expect
      .poll(async () => (await db.select().from(rateLimits).where(eq(rateLimits.key, 'test:ended'))).length, {
        timeout: 10_000,
      })
      .toBe(0);

    // The idle visitor's cart, lines and pictures are gone; the cookie reads as a new visitor.
    expect(await db.select().from(carts).where(eq(carts.uuid, idleCart.uuid))).toHaveLength(0);
    expect(await db.select().from(orderLines).where(eq(orderLines.cartUuid, idleCart.uuid))).toHaveLength(0);
    const leftOf = async (uuids: string[]) =>
      (await db.select().from(pictures).where(inArray(pictures.uuid, uuids))).map((p) => p.uuid);
    expect(await leftOf(idlePictures.map((p) => p.uuid))).toEqual([]);
    expect((await cartOf(t.app, idle)).orderLines).toEqual([]);
    // The shared picture stays (a user's line names it), though its session went.
    expect(await leftOf([shared!.uuid])).toEqual([shared!.uuid]);
    // A live visitor and a user, idle or not, keep everything.
    expect((await cartOf(t.app, live)).orderLines).toHaveLength(1);
    expect(await picturesOf(live)).toHaveLength(1);
    expect((await cartOf(t.app, user.cookie)).orderLines).toHaveLength(2);
  });
});
