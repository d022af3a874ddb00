/**
 * A payment after the order (issue 29), with the test card (a provider that holds and captures like a
 * card, with no money moving): the capture is queued when the lab ships or readies the order, in the
 * same transaction; the lab refunds part and then the rest (each once, by its idempotency key, each
 * with a mail), releases an authorisation not yet captured, and is refused what cannot be done; the
 * reconciliation lets a payment nobody finished expire; a capture out of retries is the desk's to see.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders, paymentRefunds, transactions } from '../../server/db/schema.ts';
import {
  captureGaveUp,
  capturePayment,
  type PaymentDeps,
  reconcilePayments,
} from '../../server/services/payments/operations.ts';
import type { DeliveryType, PaymentOption } from '../../shop/checkout.ts';
import { SetClock } from '../../shop/clock.ts';
import type { LabOrderDetail } from '../../shop/lab.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { cartOf, uploadPrints } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';

const LAB = 'payment lifecycle lab password';
const lab = { authorization: `Bearer ${LAB}` };
const contact = { name: 'Ada Lovelace', mobile: '+44 7700 900123', email: 'ada@example.com' };
const HOUR = 3600 * 1000;

describe.each(databaseKinds())('a payment after the order, on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let app: FastifyInstance;
  const clock = new SetClock(Date.now());
  let deps: PaymentDeps;

  beforeAll(async () => {
    t = await startTestApp(kind, { labPassword: LAB, clock });
    app = t.app;
    const { createProviders } = await import('../../server/services/payments/index.ts');
    const { providers } = createProviders({ testCardSecret: 'print-shop-dev-test-card-secret' });
    deps = { db: t.db.database.db, providers, jobs: app.jobs, now: () => clock.now(), log: app.log };
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.db.database.db;

  async function optionsFor(type: 'test-card' | 'invoice') {
    const types = (await app.inject({ url: '/m/api/checkout/delivery-options' })).json() as DeliveryType[];
    const store = types.find((d) => d.type === 'store-pickup')!.pickupLocations[0]!.uuid;
    const options = (
      await app.inject({ url: `/m/api/checkout/delivery-options/${store}/payment-options` })
    ).json() as PaymentOption[];
    return { store, option: options.find((o) => o.type === type)!.uuid };
  }

  /** A shopper's transaction for their prints, paid (the test card's Pay) unless `pay` is false. */
  async function transaction(type: 'test-card' | 'invoice' = 'test-card', pay = true) {
    const cookie = await uploadPrints(app, 2);
    const { store, option } = await optionsFor(type);
    const res = await app.inject({
      method: 'POST',
      url: '/ajax/get_transaction.php',
      headers: { cookie },
      payload: {
        ...contact,
        paymentoption: option,
        deliveryoption: store,
        cartfallback: true,
        ordercomment: '',
      },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().transactionid as string;
    if (type === 'test-card' && pay) {
      const paid = await app.inject({
        method: 'POST',
        url: `/payments/test-card/${id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'result=paid',
      });
      expect(paid.statusCode).toBe(303);
    }
    return {
      cookie,
      id,
      row: async () => (await db().select().from(transactions).where(eq(transactions.uuid, id)))[0]!,
    };
  }

  /** The order of a paid transaction, its print files ready, marked printed and then ready for pickup. */
  async function pickedUp(transactionUuid: string) {
    const [order] = await db().select().from(orders).where(eq(orders.transactionUuid, transactionUuid));
    await db()
      .update(orders)
      .set({ productionStatus: 'ready', productionFinishedAt: new Date() })
      .where(eq(orders.uuid, order!.uuid));
    for (const status of ['printed', 'ready-for-pickup']) {
      const res = await app.inject({
        method: 'POST',
        url: `/lab/api/orders/${order!.uuid}/status`,
        headers: lab,
        payload: { status },
      });
      expect(res.statusCode).toBe(200);
    }
    return order!.uuid;
  }

  const captureJobs = async (transactionUuid: string) => {
    const rows = await db().execute(
      sql`select count(*)::int as n from pgboss.job where name = 'payment-capture' and data->>'transactionUuid' = ${transactionUuid}`,
    );
    return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  const refund = (orderUuid: string, body: object, key?: string) =>
    app.inject({
      method: 'POST',
      url: `/lab/api/orders/${orderUuid}/refund`,
      headers: { ...lab, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });

  it('is authorised when paid, and its capture is queued only when the order leaves the lab', async () => {
    const { id, row } = await transaction();
    expect((await row()).status).toBe('authorised');
    expect(await captureJobs(id)).toBe(0);
    const orderUuid = await pickedUp(id);
    expect(await captureJobs(id)).toBe(1);
    await capturePayment(deps, id);
    const after = await row();
    expect({ status: after.status, captured: after.amountCaptured }).toEqual({
      status: 'captured',
      captured: after.amount,
    });
    // A second capture (a retried job) changes nothing.
    await capturePayment(deps, id);
    expect((await row()).amountCaptured).toBe(after.amount);
    const detail = (
      await app.inject({ url: `/lab/api/orders/${orderUuid}`, headers: lab })
    ).json<LabOrderDetail>();
    expect(detail.paymentDetail).toMatchObject({
      provider: 'test-card',
      state: 'captured',
      captured: after.amount,
      refundable: { kind: 'refund', left: after.amount },
    });
    // The history: the card's callback, then the capture.
    expect(detail.paymentDetail!.events.map((e) => [e.kind, e.reported])).toEqual([
      ['authorised', 'authorised'],
      ['capture', 'captured'],
    ]);
  });

  it('refunds a part and then the rest, each once by its key, with a mail each; then nothing is left (409)', async () => {
    const { id, row } = await transaction();
    const orderUuid = await pickedUp(id);
    await capturePayment(deps, id);
    const { amount } = await row();

    const part = await refund(orderUuid, { amount: 100 }, 'desk-press-one');
    expect(part.statusCode).toBe(200);
    expect(part.json<LabOrderDetail>().paymentDetail).toMatchObject({
      state: 'partly_refunded',
      refunded: 100,
    });
    // The desk's retry of the same press is the same refund.
    const again = await refund(orderUuid, { amount: 100 }, 'desk-press-one');
    expect(again.json<LabOrderDetail>().paymentDetail).toMatchObject({
      state: 'partly_refunded',
      refunded: 100,
    });
    expect(
      await db().select().from(paymentRefunds).where(eq(paymentRefunds.transactionUuid, id)),
    ).toHaveLength(1);

    const tooMuch = await refund(orderUuid, { amount }, 'desk-press-two');
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ code: 'refund_too_large' });

    const rest = await refund(orderUuid, {}, 'desk-press-three');
    expect(rest.json<LabOrderDetail>().paymentDetail).toMatchObject({ state: 'refunded', refunded: amount });
    const none = await refund(orderUuid, {}, 'desk-press-four');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'nothing_to_refund' });

    const mails = await db()
      .select({ kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.orderUuid, orderUuid), sql`${emailOutbox.kind} like 'payment-refund:%'`));
    expect(mails).toHaveLength(2);
    const refunds = (
      await app.inject({ url: `/lab/api/orders/${orderUuid}`, headers: lab })
    ).json<LabOrderDetail>().paymentDetail!.refunds;
    expect(refunds.map((r) => [r.kind, r.amount, r.status])).toEqual([
      ['refund', 100, 'succeeded'],
      ['refund', amount - 100, 'succeeded'],
    ]);
  });

  it('before capture releases the whole authorisation, and refuses a part (capture first)', async () => {
    const { id, row } = await transaction();
    const [order] = await db().select().from(orders).where(eq(orders.transactionUuid, id));
    const part = await refund(order!.uuid, { amount: 100 });
    expect(part.statusCode).toBe(409);
    expect(part.json()).toMatchObject({ code: 'capture_first' });
    const released = await refund(order!.uuid, {});
    expect(released.statusCode).toBe(200);
    expect(released.json<LabOrderDetail>().paymentDetail).toMatchObject({
      state: 'cancelled',
      refundable: null,
    });
    expect((await row()).orderUuid).toBe(order!.uuid);
    // A capture queued before the release finds nothing to take.
    await capturePayment(deps, id);
    expect((await row()).status).toBe('cancelled');
  });

  it('an order paid in store or by invoice has nothing to refund online', async () => {
    const { id, row } = await transaction('invoice');
    expect((await row()).status).toBe('authorised');
    const [order] = await db().select().from(orders).where(eq(orders.transactionUuid, id));
    const res = await refund(order!.uuid, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/invoice/i);
  });

  it('a capture out of retries is the desk’s problem, and Capture again queues it', async () => {
    const { id, row } = await transaction();
    const orderUuid = await pickedUp(id);
    await captureGaveUp(deps, id);
    const detail = (
      await app.inject({ url: `/lab/api/orders/${orderUuid}`, headers: lab })
    ).json<LabOrderDetail>();
    expect(detail.paymentDetail!.problem).toMatch(/^capture_failed/);
    const before = await captureJobs(id);
    const retry = await app.inject({
      method: 'POST',
      url: `/lab/api/orders/${orderUuid}/capture`,
      headers: lab,
    });
    expect(retry.statusCode).toBe(200);
    expect(await captureJobs(id)).toBeGreaterThanOrEqual(before);
    await capturePayment(deps, id);
    expect(await row()).toMatchObject({ status: 'captured', problem: null });
    const none = await app.inject({
      method: 'POST',
      url: `/lab/api/orders/${orderUuid}/capture`,
      headers: lab,
    });
    expect(none.statusCode).toBe(409);
  });

  it('flags an authorisation about to lapse (the test card holds it 7 days, as a card does)', async () => {
    const { id } = await transaction();
    const [order] = await db().select().from(orders).where(eq(orders.transactionUuid, id));
    const detail = async () =>
      (await app.inject({ url: `/lab/api/orders/${order!.uuid}`, headers: lab })).json<LabOrderDetail>()
        .paymentDetail!;
    expect(await detail()).toMatchObject({ state: 'authorised', lapsingSoon: false });
    clock.advance(6.5 * 24 * HOUR);
    try {
      expect((await detail()).lapsingSoon).toBe(true);
    } finally {
      clock.advance(-6.5 * 24 * HOUR);
    }
  });

  it('reconciles a payment nobody finished: left pending while it may still be paid, expired after two days', async () => {
    const { id, row, cookie } = await transaction('test-card', false);
    clock.advance(HOUR);
    try {
      await reconcilePayments(deps, 600);
      expect((await row()).status).toBe('pending');
      clock.advance(48 * HOUR);
      const { settled } = await reconcilePayments(deps, 600);
      expect(settled).toBeGreaterThanOrEqual(1);
      expect((await row()).status).toBe('expired');
      const state = await app.inject({ url: `/m/api/checkout/transactions/${id}`, headers: { cookie } });
      expect(state.json()).toMatchObject({ status: 'expired', error: expect.stringMatching(/in time/) });
      // The cart is as it was: the shopper can pay again.
      expect((await cartOf(app, cookie)).orderLines).toHaveLength(2);
    } finally {
      clock.advance(-49 * HOUR);
    }
  });
});
