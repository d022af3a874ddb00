/**
 * Stripe end to end against the fake Stripe API (test/support/fakeStripe.ts), which the official SDK
 * talks to over HTTP and which sends signed webhooks to the app listening on a port: the Checkout
 * Session the shop makes, every state a payment moves through by webhook, the return and the
 * reconciliation, capture when the lab ships, refunds and releases from the desk, Stripe failing at
 * checkout, and webhooks that are forged, repeated or lost.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StripeSettings } from '../../server/config.ts';
import { orders, paymentEvents, paymentRefunds, transactions } from '../../server/db/schema.ts';
import { QUEUES } from '../../server/production/jobs.ts';
import { createProviders } from '../../server/services/payments/index.ts';
import {
  capturePayment,
  type PaymentDeps,
  reconcilePayments,
} from '../../server/services/payments/operations.ts';
import type { DeliveryType, PaymentOption, TransactionState } from '../../shop/checkout.ts';
import type { LabOrderDetail } from '../../shop/lab.ts';
import { type FakeStripe, startFakeStripe } from '../support/fakeStripe.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { cartOf, uploadPrints } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';

const LAB = 'lab desk password for the stripe suite';
const WEBHOOK = '/m/api/payments/stripe/webhook';
const contact = { name: 'Ada Lovelace', mobile: '+44 7700 900123', email: 'ada@example.com' };
const postal = { ...contact, address: '12 Analytical Row', zipcode: 'SW1A 1AA', city: 'London' };

describe.each(databaseKinds())('Stripe payments on %s', (kind: DatabaseKind) => {
  let fake: FakeStripe;
  let settings: StripeSettings;
  let t: TestApp;
  let app: FastifyInstance;
  let storeUuid: string;
  let postageUuid: string;
  let stripeOption: string;
  const logs: string[] = [];

  beforeAll(async () => {
    // The app's address is known once it listens; the fake learns it then.
    fake = await startFakeStripe({ webhookUrl: 'http://127.0.0.1:9/' });
    settings = {
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      apiUrl: fake.url,
      // Short, so a hanging Stripe is given up on quickly; one retry, as the shop runs.
      timeoutMs: 1500,
      maxNetworkRetries: 1,
    };
    t = await startTestApp(kind, {
      payments: { stripe: settings },
      labPassword: LAB,
      logStream: { write: (line: string) => void logs.push(line) },
    });
    app = t.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    fake.webhookUrl = `http://127.0.0.1:${port}${WEBHOOK}`;
    const types = (await app.inject({ url: '/m/api/checkout/delivery-options' })).json() as DeliveryType[];
    storeUuid = types.find((d) => d.type === 'store-pickup')!.pickupLocations[0]!.uuid;
    postageUuid = types.find((d) => d.type === 'postage')!.deliveryOptions[0]!.uuid;
    const options = (
      await app.inject({ url: `/m/api/checkout/delivery-options/${storeUuid}/payment-options` })
    ).json() as PaymentOption[];
    stripeOption = options.find((o) => o.type === 'stripe')!.uuid;
  });
  afterEach(async () => {
    await fake.settled();
    fake.setWebhookMode('normal');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const db = () => t.db.database.db;
  const row = async (id: string) =>
    (await db().select().from(transactions).where(eq(transactions.uuid, id)))[0]!;
  const ordersOf = (id: string) => db().select().from(orders).where(eq(orders.transactionUuid, id));
  const eventsOf = (id: string) =>
    db().select().from(paymentEvents).where(eq(paymentEvents.transactionUuid, id));
  const state = async (id: string, cookie: string) =>
    (
      await app.inject({ url: `/m/api/checkout/transactions/${id}`, headers: { cookie } })
    ).json<TransactionState>();
  const fulfil = (id: string, cookie: string) =>
    app.inject({ method: 'POST', url: `/m/api/checkout/transactions/${id}/fulfil`, headers: { cookie } });
  const confirm = (cookie: string, delivery: 'store' | 'postage' = 'store') =>
    app.inject({
      method: 'POST',
      url: '/ajax/get_transaction.php',
      headers: { cookie },
      payload: {
        ...(delivery === 'postage' ? postal : contact),
        paymentoption: stripeOption,
        deliveryoption: delivery === 'postage' ? postageUuid : storeUuid,
        cartfallback: true,
        ordercomment: '',
      },
    });
  const sessionRequests = (id: string) =>
    fake.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/checkout/sessions' &&
        (r.body as { client_reference_id?: string }).client_reference_id === id,
    );
  const sessionsOf = (id: string) =>
    fake.requests
      .filter((r) => r.path === '/v1/checkout/sessions' && r.status === 200 && !r.replayed)
      .filter((r) => (r.body as { client_reference_id?: string }).client_reference_id === id);
  /** Separate instances of the providers on the same fake, for the jobs a test runs itself. */
  const deps = (now = () => new Date()): PaymentDeps => ({
    db: db(),
    providers: createProviders({ testCardSecret: null, stripe: settings }).providers,
    jobs: app.jobs,
    now,
    log: { info: () => {}, warn: () => {} },
  });

  /** A visitor with `lines` prints and a Stripe transaction whose Checkout Session is made. */
  async function pendingPayment(
    options: { lines?: number; rebate?: string; delivery?: 'store' | 'postage' } = {},
  ) {
    const cookie = await uploadPrints(app, options.lines ?? 2);
    if (options.rebate) {
      const applied = await app.inject({
        method: 'POST',
        url: '/m/api/checkout/rebate-codes/use-rebate-code',
        headers: { cookie },
        payload: { code: options.rebate },
      });
      expect(applied.statusCode).toBe(200);
    }
    const res = await confirm(cookie, options.delivery);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().transactionid as string;
    const tx = await row(id);
    expect(tx.providerRef).toMatch(/^cs_test_/);
    return { cookie, id, amount: tx.amount, session: tx.providerRef! };
  }

  /** The PaymentIntent the fake made for a session. */
  const intentOf = (session: string) => String(fake.session(session)!.payment_intent);

  /** An order paid through the hosted page's Pay, settled by the webhooks. */
  async function authorisedOrder(delivery: 'store' | 'postage' = 'store') {
    const payment = await pendingPayment({ delivery });
    fake.pay(payment.session);
    await fake.settled();
    const [order] = await ordersOf(payment.id);
    expect(order, 'the webhook made the order').toBeTruthy();
    return { ...payment, orderUuid: order!.uuid };
  }

  const lab = (method: 'GET' | 'POST', url: string, payload?: object, key?: string) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${LAB}`, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload ? { payload } : {}),
    });

  /** Signs a body as Stripe does, with the fake's webhook secret unless told otherwise. */
  const signed = (payload: string, secret = fake.webhookSecret) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const postWebhook = (payload: string, signature?: string) =>
    app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });

  it('offers Stripe instead of the test card, and makes one Checkout Session a transaction: manual capture, items summing to the total, its own idempotency key', async () => {
    const options = (
      await app.inject({ url: `/m/api/checkout/delivery-options/${storeUuid}/payment-options` })
    ).json() as PaymentOption[];
    expect(options.map((o) => o.type)).toContain('stripe');
    expect(options.map((o) => o.type)).not.toContain('test-card');

    const { cookie, id, amount, session } = await pendingPayment({ lines: 3 });
    expect(await state(id, cookie)).toEqual({ status: 'pending', redirectUrl: `${fake.url}/pay/${session}` });
    const [created, ...others] = sessionRequests(id).filter((r) => !r.replayed);
    expect(others).toEqual([]);
    expect(created).toMatchObject({ idempotencyKey: `checkout-${id}`, status: 200 });
    const body = created!.body as {
      mode: string;
      line_items: { quantity: string; price_data: { currency: string; unit_amount: string } }[];
      success_url: string;
      cancel_url: string;
      metadata: Record<string, string>;
      payment_intent_data: { capture_method: string; metadata: Record<string, string> };
    };
    expect(body.mode).toBe('payment');
    expect(body.payment_intent_data).toEqual({ capture_method: 'manual', metadata: { transaction: id } });
    expect(body.metadata).toEqual({ transaction: id });
    expect(created!.body).toMatchObject({ customer_email: contact.email, locale: 'en-GB' });
    expect(body.success_url).toBe(
      `http://localhost:80/m/cart/checkout/payment?transaction=${id}&result=stripe`,
    );
    expect(body.cancel_url).toBe(`http://localhost:80/m/api/payments/stripe/back?transaction=${id}`);
    // The three prints are items of their own, and the items come to exactly the server's total.
    expect(body.line_items.length).toBeGreaterThanOrEqual(3);
    expect(body.line_items.every((i) => i.price_data.currency === 'gbp')).toBe(true);
    const sum = body.line_items.reduce(
      (s, i) => s + Number(i.price_data.unit_amount) * Number(i.quantity),
      0,
    );
    expect(sum).toBe(amount);
    expect(fake.session(session)).toMatchObject({
      amount_total: amount,
      currency: 'gbp',
      client_reference_id: id,
    });

    // Reloading the hand-off or confirming again goes to the same page: no second session.
    expect(await state(id, cookie)).toMatchObject({ redirectUrl: `${fake.url}/pay/${session}` });
    const again = await confirm(cookie);
    expect(again.json().transactionid).toBe(id);
    expect(sessionsOf(id)).toHaveLength(1);
  });

  it('an order with a rebate is one line item for the whole amount', async () => {
    const { id, amount } = await pendingPayment({ lines: 2, rebate: 'SUMMER10' });
    const body = sessionRequests(id)[0]!.body as {
      line_items: { quantity: string; price_data: { unit_amount: string } }[];
    };
    expect(body.line_items).toHaveLength(1);
    expect(body.line_items[0]).toMatchObject({ quantity: '1', price_data: { unit_amount: String(amount) } });
  });

  it('Pay on the hosted page: the webhook makes the order once, the return finds it, events are recorded once', async () => {
    const { cookie, id, session } = await pendingPayment();
    const before = (await cartOf(app, cookie)).orderLines;
    expect(before).toHaveLength(2);
    const paid = await fetch(`${fake.url}/pay/${session}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://localhost:80/m/cart/checkout/payment?transaction=${id}&result=stripe`,
    );
    await fake.settled();
    const made = await ordersOf(id);
    expect(made).toHaveLength(1);
    expect(await row(id)).toMatchObject({
      status: 'authorised',
      amountCaptured: 0,
      orderUuid: made[0]!.uuid,
    });
    expect((await cartOf(app, cookie)).orderLines).toHaveLength(0);
    expect((await fulfil(id, cookie)).json()).toEqual({ status: 'paid', orderUuid: made[0]!.uuid });
    const recorded = await eventsOf(id);
    expect(recorded.map((e) => e.kind).sort()).toEqual([
      'checkout.session.completed',
      'payment_intent.amount_capturable_updated',
    ]);
    expect(recorded.every((e) => e.provider === 'stripe' && e.eventId.startsWith('evt_'))).toBe(true);
    // The same events again change nothing and are not recorded twice.
    const sent = fake.events.filter((e) => recorded.some((r) => r.eventId === e.id));
    for (const event of sent) expect(await fake.deliver(event.id)).toBe(200);
    expect(await eventsOf(id)).toHaveLength(2);
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it('authorised only when the PaymentIntent is requires_capture: a completed session still processing makes no order until it settles', async () => {
    const { cookie, id, session } = await pendingPayment();
    fake.pay(session, { outcome: 'processing' });
    await fake.settled();
    expect(fake.session(session)).toMatchObject({ status: 'complete' });
    expect(fake.intent(intentOf(session))).toMatchObject({ status: 'processing' });
    expect(await ordersOf(id)).toHaveLength(0);
    expect((await row(id)).status).toBe('pending');
    expect((await fulfil(id, cookie)).json()).toMatchObject({ status: 'pending' });
    expect((await cartOf(app, cookie)).orderLines).toHaveLength(2);

    fake.succeedAsync(session);
    await fake.settled();
    expect(await ordersOf(id)).toHaveLength(1);
    expect((await row(id)).status).toBe('authorised');
    expect((await eventsOf(id)).map((e) => e.kind)).toContain('checkout.session.async_payment_succeeded');
  });

  it('a bank debit that fails is declined: no order, the cart as it was', async () => {
    const { cookie, id, session } = await pendingPayment();
    const before = await cartOf(app, cookie);
    fake.pay(session, { outcome: 'processing' });
    fake.failAsync(session);
    await fake.settled();
    expect(await ordersOf(id)).toHaveLength(0);
    expect((await row(id)).status).toBe('declined');
    expect((await fulfil(id, cookie)).json()).toMatchObject({
      status: 'declined',
      error: expect.stringMatching(/declined/),
    });
    expect(await cartOf(app, cookie)).toEqual(before);
  });

  it('a card declined on the page leaves the payment pending; a session that expires ends it as expired', async () => {
    const { cookie, id, session } = await pendingPayment();
    fake.decline(session);
    await fake.settled();
    expect((await row(id)).status).toBe('pending');
    expect((await fulfil(id, cookie)).json()).toMatchObject({ status: 'pending' });
    fake.expire(session);
    await fake.settled();
    expect((await row(id)).status).toBe('expired');
    expect((await eventsOf(id)).map((e) => e.kind)).toContain('checkout.session.expired');
    expect((await fulfil(id, cookie)).json()).toMatchObject({ status: 'expired' });
    expect(await ordersOf(id)).toHaveLength(0);
    expect((await cartOf(app, cookie)).orderLines).toHaveLength(2);
  });

  it('20 concurrent deliveries of one webhook and the shopper’s return make exactly one order', async () => {
    const { cookie, id, session } = await pendingPayment({ lines: 3 });
    fake.setWebhookMode('lost');
    fake.pay(session);
    const completed = fake.events.find(
      (e) => e.type === 'checkout.session.completed' && e.data.object.id === session,
    )!;
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => fake.deliver(completed.id)),
      fulfil(id, cookie).then((r) => r.statusCode),
    ]);
    expect(answers).toEqual(Array(21).fill(200));
    expect(await ordersOf(id)).toHaveLength(1);
    const recorded = await eventsOf(id);
    expect(recorded.filter((e) => e.eventId === completed.id)).toHaveLength(1);
    expect((await cartOf(app, cookie)).orderLines).toHaveLength(0);
  });

  it('duplicated and out-of-order webhooks make one order', async () => {
    const twice = await pendingPayment();
    fake.setWebhookMode('duplicated');
    fake.pay(twice.session);
    await fake.settled();
    expect(await ordersOf(twice.id)).toHaveLength(1);

    const late = await pendingPayment();
    fake.setWebhookMode('out-of-order');
    fake.pay(late.session);
    await fake.settled();
    expect(await ordersOf(late.id)).toHaveLength(0);
    await fake.flush();
    expect(await ordersOf(late.id)).toHaveLength(1);
    expect((await row(late.id)).status).toBe('authorised');
  });

  it('a PaymentIntent for another amount makes no order: the transaction fails with amount_mismatch', async () => {
    const { cookie, id, amount, session } = await pendingPayment();
    fake.pay(session, { amount: amount - 1 });
    await fake.settled();
    expect(await ordersOf(id)).toHaveLength(0);
    const failed = await row(id);
    expect(failed.status).toBe('failed');
    expect(failed.problem).toMatch(/^amount_mismatch/);
    expect((await fulfil(id, cookie)).json()).toMatchObject({ status: 'failed' });
    expect((await cartOf(app, cookie)).orderLines).toHaveLength(2);
  });

  it('a lost webhook is reconciled: the pending payment is asked about and becomes the order', async () => {
    const { id, session } = await pendingPayment();
    fake.setWebhookMode('lost');
    fake.pay(session);
    await fake.settled();
    expect(await ordersOf(id)).toHaveLength(0);
    // Not yet due: payments younger than the wait are left alone.
    expect((await reconcilePayments(deps(), 600)).settled).toBe(0);
    expect(await ordersOf(id)).toHaveLength(0);
    const later = () => new Date(Date.now() + 601_000);
    const result = await reconcilePayments(deps(later), 600);
    expect(result.settled).toBeGreaterThanOrEqual(1);
    expect(await ordersOf(id)).toHaveLength(1);
    expect((await row(id)).status).toBe('authorised');
  });

  it('captures when the lab ships: the lab queues the capture, the job captures at Stripe with its key', async () => {
    const { id, amount, session, orderUuid } = await authorisedOrder('postage');
    await db().update(orders).set({ productionStatus: 'ready' }).where(eq(orders.uuid, orderUuid));
    expect((await lab('POST', `/lab/api/orders/${orderUuid}/status`, { status: 'printed' })).statusCode).toBe(
      200,
    );
    // Printed is not leaving: nothing is taken yet.
    expect(fake.requests.some((r) => r.path.endsWith('/capture'))).toBe(false);
    expect((await lab('POST', `/lab/api/orders/${orderUuid}/status`, { status: 'shipped' })).statusCode).toBe(
      200,
    );
    const [job] = await app.jobs.boss.fetch<{ transactionUuid: string }>(QUEUES.capture);
    expect(job?.data).toEqual({ transactionUuid: id });
    await capturePayment(deps(), job!.data.transactionUuid);
    await app.jobs.boss.complete(QUEUES.capture, job!.id);
    const pi = intentOf(session);
    // Carried out once; a retry after a slow answer would be a replay with the same key.
    const captures = fake.requests.filter((r) => r.path === `/v1/payment_intents/${pi}/capture`);
    expect(captures.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(captures.map((r) => r.idempotencyKey))).toEqual(new Set([`capture-${id}`]));
    expect(captures[0]).toMatchObject({
      idempotencyKey: `capture-${id}`,
      body: { amount_to_capture: String(amount) },
    });
    expect(fake.intent(pi)).toMatchObject({ status: 'succeeded', amount_received: amount });
    expect(await row(id)).toMatchObject({ status: 'captured', amountCaptured: amount });
    // The capture's own webhooks and a second run change nothing.
    await fake.settled();
    await capturePayment(deps(), id);
    expect(fake.requests.filter((r) => r.path.endsWith('/capture') && !r.replayed)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'captured', amountCaptured: amount });
  });

  it('refunds from the desk: a part, the rest, then 409; the same Idempotency-Key is one refund', async () => {
    const { id, amount, session, orderUuid } = await authorisedOrder();
    await capturePayment(deps(), id);
    const pi = intentOf(session);
    const refundsAtStripe = () =>
      fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && !r.replayed);

    const part = await lab('POST', `/lab/api/orders/${orderUuid}/refund`, { amount: 100 }, 'desk-press-0001');
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json<LabOrderDetail>().paymentDetail).toMatchObject({
      state: 'partly_refunded',
      refunded: 100,
    });
    expect(refundsAtStripe()).toHaveLength(1);
    expect(refundsAtStripe()[0]!.body).toEqual({ payment_intent: pi, amount: '100' });
    // Stripe is sent the desk's refund's own key, so a refund retried after a timeout is one refund.
    const [first] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.transactionUuid, id));
    expect(refundsAtStripe()[0]!.idempotencyKey).toBe(first!.uuid);
    const repeat = await lab(
      'POST',
      `/lab/api/orders/${orderUuid}/refund`,
      { amount: 100 },
      'desk-press-0001',
    );
    expect(repeat.statusCode).toBe(200);
    expect(refundsAtStripe()).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'partly_refunded', amountRefunded: 100 });

    const rest = await lab('POST', `/lab/api/orders/${orderUuid}/refund`, {}, 'desk-press-0002');
    expect(rest.statusCode, rest.body).toBe(200);
    expect(refundsAtStripe()).toHaveLength(2);
    expect(refundsAtStripe()[1]!.body).toMatchObject({ amount: String(amount - 100) });
    expect(await row(id)).toMatchObject({ status: 'refunded', amountRefunded: amount });
    expect(fake.charge(String(fake.intent(pi)!.latest_charge))).toMatchObject({
      amount_refunded: amount,
      refunded: true,
    });

    const nothing = await lab('POST', `/lab/api/orders/${orderUuid}/refund`, {}, 'desk-press-0003');
    expect(nothing.statusCode).toBe(409);
    expect(refundsAtStripe()).toHaveLength(2);
    // charge.refunded webhooks arrive after each refund and agree.
    await fake.settled();
    expect((await eventsOf(id)).filter((e) => e.kind === 'charge.refunded')).toHaveLength(2);
    expect(await row(id)).toMatchObject({ status: 'refunded', amountRefunded: amount });
  });

  it('a refund before capture releases the authorisation (cancel at Stripe); the order stays', async () => {
    const { id, session, orderUuid } = await authorisedOrder();
    const released = await lab('POST', `/lab/api/orders/${orderUuid}/refund`, {}, 'desk-release-001');
    expect(released.statusCode, released.body).toBe(200);
    const pi = intentOf(session);
    expect(
      fake.requests.filter((r) => r.path === `/v1/payment_intents/${pi}/cancel` && !r.replayed),
    ).toHaveLength(1);
    expect(fake.intent(pi)).toMatchObject({ status: 'canceled' });
    expect((await row(id)).status).toBe('cancelled');
    expect(await ordersOf(id)).toHaveLength(1);
    await fake.settled();
    expect((await row(id)).status).toBe('cancelled');
  });

  it('refunds and releases made in Stripe’s dashboard reach the shop by webhook', async () => {
    const captured = await authorisedOrder();
    await capturePayment(deps(), captured.id);
    fake.refundFromDashboard(intentOf(captured.session), 50);
    await fake.settled();
    expect(await row(captured.id)).toMatchObject({ status: 'partly_refunded', amountRefunded: 50 });
    // A charge without the transaction in its metadata is traced through its PaymentIntent.
    fake.setWebhookMode('lost');
    fake.refundFromDashboard(intentOf(captured.session), 25);
    const refunded = fake.events.at(-1)!;
    expect(refunded.type).toBe('charge.refunded');
    const bare = JSON.stringify({ ...refunded, data: { object: { ...refunded.data.object, metadata: {} } } });
    expect((await postWebhook(bare, signed(bare))).json()).toEqual({
      received: true,
      status: 'partly_refunded',
    });
    expect(await row(captured.id)).toMatchObject({ status: 'partly_refunded', amountRefunded: 75 });
    fake.setWebhookMode('normal');

    const held = await authorisedOrder();
    fake.cancelFromDashboard(intentOf(held.session));
    await fake.settled();
    expect((await row(held.id)).status).toBe('cancelled');
    expect((await eventsOf(held.id)).map((e) => e.kind)).toContain('payment_intent.canceled');
  });

  it('Stripe failing at checkout (5xx, a timeout, a lost answer) is a 503 with a clear message, no order, the cart unchanged; the retry uses the same key and makes one session', async () => {
    // 'drop': Stripe made the session but its answer never came back; only the same key finds it again.
    for (const failure of ['error', 'hang', 'drop'] as const) {
      const cookie = await uploadPrints(app, 2);
      const before = await cartOf(app, cookie);
      // The SDK's own retry fails too.
      fake.failNext(2, failure);
      const refused = await confirm(cookie);
      expect(refused.statusCode, failure).toBe(503);
      expect(refused.json()).toMatchObject({
        code: 'payment_provider_unavailable',
        error: expect.stringMatching(/cannot be reached.*Nothing was charged.*try again/),
      });
      expect(await cartOf(app, cookie)).toEqual(before);
      const [pending] = await db()
        .select()
        .from(transactions)
        .where(and(eq(transactions.provider, 'stripe'), isNull(transactions.redirectUrl)))
        .orderBy(desc(transactions.createdAt))
        .limit(1);
      expect(pending!.status).toBe('pending');
      expect(pending!.redirectUrl).toBeNull();
      expect(await ordersOf(pending!.uuid)).toHaveLength(0);

      const retried = await confirm(cookie);
      expect(retried.statusCode, retried.body).toBe(200);
      const id = retried.json().transactionid as string;
      expect(id).toBe(pending!.uuid);
      const tries = sessionRequests(id);
      // The SDK's try and its retry failed, the shop's retry was answered.
      expect(tries.slice(0, 2).map((r) => (failure === 'error' ? r.status === 500 : !r.answered))).toEqual([
        true,
        true,
      ]);
      expect(new Set(tries.map((r) => r.idempotencyKey))).toEqual(new Set([`checkout-${id}`]));
      expect(sessionsOf(id)).toHaveLength(1);
      expect(fake.session((await row(id)).providerRef!)).toMatchObject({ client_reference_id: id });
      expect(await ordersOf(id)).toHaveLength(0);
    }
  });

  it('a webhook with a bad signature is 400, logged, and changes nothing; a well-signed one then works', async () => {
    const { id, session } = await pendingPayment();
    fake.setWebhookMode('lost');
    fake.pay(session);
    const completed = fake.events.find(
      (e) => e.type === 'checkout.session.completed' && e.data.object.id === session,
    )!;
    const payload = JSON.stringify(completed);
    logs.length = 0;
    const forged = [
      await postWebhook(payload, signed(payload, 'whsec_not_the_secret')),
      await postWebhook(payload),
      await postWebhook(payload, 't=1,v1=00'),
      await postWebhook(payload.replace(session, 'cs_test_other'), signed(payload)),
      await postWebhook('not json', signed('not json')),
    ];
    expect(forged.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(forged[0]!.json()).toMatchObject({ code: 'bad_signature' });
    expect(logs.filter((l) => l.includes('Stripe webhook refused'))).toHaveLength(5);
    expect(await ordersOf(id)).toHaveLength(0);
    expect(await eventsOf(id)).toHaveLength(0);
    expect((await row(id)).status).toBe('pending');

    const genuine = await postWebhook(payload, signed(payload));
    expect(genuine.statusCode).toBe(200);
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it('acknowledges events it does not use and payments it did not make with 200', async () => {
    const other = JSON.stringify({
      id: 'evt_other_1',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const ignored = await postWebhook(other, signed(other));
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).toEqual({ received: true, handled: false });
    const stranger = JSON.stringify({
      id: 'evt_other_2',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_elsewhere',
          object: 'checkout.session',
          client_reference_id: '00000000-0000-4000-8000-000000000000',
        },
      },
    });
    logs.length = 0;
    const unknown = await postWebhook(stranger, signed(stranger));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ received: true, handled: false });
    expect(logs.some((l) => l.includes('Stripe webhook for an unknown payment'))).toBe(true);
    // A charge whose PaymentIntent Stripe does not know (another account or mode).
    const foreignCharge = JSON.stringify({
      id: 'evt_other_3',
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: { id: 'ch_elsewhere', object: 'charge', payment_intent: 'pi_elsewhere', metadata: {} },
      },
    });
    const foreign = await postWebhook(foreignCharge, signed(foreignCharge));
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ received: true, handled: false });
  });

  it('the back link from Stripe’s page expires the session and cancels the payment, for its own shopper only', async () => {
    const { cookie, id, session } = await pendingPayment();
    const stranger = await app.inject({ url: `/m/api/payments/stripe/back?transaction=${id}` });
    expect(stranger.statusCode).toBe(303);
    expect(fake.session(session)!.status).toBe('open');
    expect((await row(id)).status).toBe('pending');

    const back = await app.inject({
      url: `/m/api/payments/stripe/back?transaction=${id}`,
      headers: { cookie },
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/m/cart/checkout/payment?transaction=${id}&result=cancelled`);
    expect(fake.session(session)!.status).toBe('expired');
    expect((await row(id)).status).toBe('cancelled');
    expect((await fulfil(id, cookie)).json()).toMatchObject({ status: 'cancelled' });
    expect((await cartOf(app, cookie)).orderLines).toHaveLength(2);
    // A paid session cannot be expired: going back after paying keeps the order.
    const paid = await pendingPayment();
    fake.pay(paid.session);
    await app.inject({
      url: `/m/api/payments/stripe/back?transaction=${paid.id}`,
      headers: { cookie: paid.cookie },
    });
    await fake.settled();
    expect(await ordersOf(paid.id)).toHaveLength(1);
    expect((await row(paid.id)).status).toBe('authorised');
  });

  it('the back link’s expiry is a cancellation even when its webhook lands before the back link’s own write', async () => {
    const { cookie, id, session } = await pendingPayment();
    // Stripe expires the session and sends its event, but the answer is lost: the webhook is handled
    // first, and the back link writes only after its retry (the same key) is answered.
    fake.failNext(1, 'drop');
    const back = await app.inject({
      url: `/m/api/payments/stripe/back?transaction=${id}`,
      headers: { cookie },
    });
    await fake.settled();
    expect(back.headers.location).toBe(`/m/cart/checkout/payment?transaction=${id}&result=cancelled`);
    expect(fake.session(session)!.status).toBe('expired');
    // Carried out once, its lost answer replayed to the retry.
    const expiries = fake.requests.filter((r) => r.path.endsWith(`/${session}/expire`));
    expect(expiries.map((r) => r.replayed)).toEqual([false, true]);
    expect((await row(id)).status).toBe('cancelled');
    expect((await fulfil(id, cookie)).json()).toMatchObject({ status: 'cancelled' });
    // An expiry that the shop did not ask for (the session lapsed) stays an expiry.
    const lapsed = await pendingPayment();
    fake.expire(lapsed.session);
    await fake.settled();
    expect((await row(lapsed.id)).status).toBe('expired');
  });
});
