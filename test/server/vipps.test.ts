/**
 * Vipps MobilePay (issue 29) against the fake Vipps API (test/support/fakeVipps.ts), which speaks the
 * ePayment API's routes and JSON and signs its webhooks as the Webhooks API does. The shop listens on
 * a port of its own here, so the fake's webhooks arrive over real HTTP; the shopper's side is injected
 * with the Norwegian (no.localhost) and Danish (dk.localhost) portals' hosts.
 *
 * Covered: the access token and the payment's start (amount in minor units, WALLET, WEB_REDIRECT, the
 * reference and Idempotency-Key from the transaction, the Vipps-System-* headers); each state through
 * webhooks, duplicated, out of order, delayed and lost; a wrong amount; capture when the order leaves
 * the lab; refunds and the release of an authorisation; Vipps down or hanging at the start; the
 * webhook's signature (secret, content hash, host, headers, a trusted proxy's X-Forwarded-Host).
 */
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { orders, paymentEvents, transactions } from '../../server/db/schema.ts';
import { providerTransaction } from '../../server/services/checkout/orders.ts';
import { createProviders } from '../../server/services/payments/index.ts';
import {
  capturePayment,
  type PaymentDeps,
  paymentOfOrder,
  reconcilePayments,
} from '../../server/services/payments/operations.ts';
import { ProviderRefused } from '../../server/services/payments/provider.ts';
import {
  signVippsWebhook,
  VIPPS_WEBHOOK_PATH,
  vippsProvider,
  vippsReference,
} from '../../server/services/payments/vipps.ts';
import type { DeliveryType, PaymentOption, TransactionState } from '../../shop/checkout.ts';
import type { LabOrderDetail } from '../../shop/lab.ts';
import { type FakeVipps, type RecordedRequest, startFakeVipps } from '../support/fakeVipps.ts';
import { cookieOf, startTestApp, type TestApp, testConfig } from './app-harness.ts';
import { PRINT_UPLOAD } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { multipartBody } from './multipart.ts';

const NO = 'no.localhost';
const DK = 'dk.localhost';
const LAB = 'vipps lab desk password';
const lab = { authorization: `Bearer ${LAB}` };
const contact = { name: 'Kari Nordmann', mobile: '+47 912 34 567', email: 'kari@example.com' };
const DAY = 24 * 3600 * 1000;

describe.each(databaseKinds())('Vipps MobilePay on %s', (kind: DatabaseKind) => {
  let fake: FakeVipps;
  let t: TestApp;
  let app: FastifyInstance;
  let deps: PaymentDeps;
  const logs: string[] = [];

  beforeAll(async () => {
    fake = await startFakeVipps({ webhookUrl: 'http://127.0.0.1:9/not-yet' });
    t = await startTestApp(kind, {
      labPassword: LAB,
      // A hung Vipps is given up on sooner here (10 s in the shop); not much sooner, as the fake
      // shares this process's event loop with the shop's busy moments (20 webhooks at once).
      payments: { vipps: { ...fake.settings, timeoutMs: 5000 } },
      logStream: { write: (line: string) => void logs.push(line) },
    });
    app = t.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    fake.setWebhookUrl(`http://127.0.0.1:${port}${VIPPS_WEBHOOK_PATH}`);
    // The lab's jobs and the reconciliation as the app runs them, with a provider of their own.
    const { providers } = createProviders({ testCardSecret: null, vipps: fake.settings });
    deps = {
      db: t.db.database.db,
      providers,
      jobs: app.jobs,
      now: () => app.clock.now(),
      log: app.log,
    };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const db = () => t.db.database.db;
  const on = (host: string, options: InjectOptions) =>
    app.inject({ ...options, headers: { host, ...options.headers } });
  /** The requests the fake received for a path (and, for a payment's, its reference). */
  const sent = (path: string): RecordedRequest[] => fake.requests.filter((r) => r.path === path);
  const rowOf = async (id: string) =>
    (await db().select().from(transactions).where(eq(transactions.uuid, id)))[0]!;
  const ordersOf = (id: string) => db().select().from(orders).where(eq(orders.transactionUuid, id));
  const eventsOf = (id: string) =>
    db().select().from(paymentEvents).where(eq(paymentEvents.transactionUuid, id));

  let shade = 0;
  /** A new visitor on `host` with `count` print lines; answers the session's cookie. */
  async function prints(host: string, count = 2): Promise<string> {
    const files = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        shade = (shade + 7) % 250;
        return {
          field: 'images[]',
          name: `photo${i}.jpg`,
          bytes: await sharp({
            create: { width: 60, height: 40, channels: 3, background: { r: shade, g: 120, b: i * 30 } },
          })
            .jpeg()
            .toBuffer(),
        };
      }),
    );
    const body = multipartBody(files);
    const res = await on(host, {
      method: 'POST',
      url: PRINT_UPLOAD,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return cookieOf(res.headers['set-cookie']);
  }

  /** The portal's first store and its payment options there. */
  async function optionsOn(host: string) {
    const types = (await on(host, { url: '/m/api/checkout/delivery-options' })).json() as DeliveryType[];
    const store = types.find((d) => d.type === 'store-pickup')!.pickupLocations[0]!.uuid;
    const options = (
      await on(host, { url: `/m/api/checkout/delivery-options/${store}/payment-options` })
    ).json() as PaymentOption[];
    return { store, options };
  }

  const confirm = async (host: string, cookie: string) => {
    const { store, options } = await optionsOn(host);
    return on(host, {
      method: 'POST',
      url: '/ajax/get_transaction.php',
      headers: { cookie },
      payload: {
        ...contact,
        paymentoption: options.find((o) => o.type === 'vipps')!.uuid,
        deliveryoption: store,
        cartfallback: true,
        ordercomment: '',
      },
    });
  };

  /** A shopper's Vipps payment for their prints, started (the fake has it as CREATED). */
  async function pending(host = NO, lines = 2) {
    const cookie = await prints(host, lines);
    const res = await confirm(host, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().transactionid as string;
    const row = await rowOf(id);
    return { cookie, id, amount: row.amount, reference: vippsReference(id), host };
  }

  const stateOf = async (p: { id: string; cookie: string; host: string }) =>
    (
      await on(p.host, { url: `/m/api/checkout/transactions/${p.id}`, headers: { cookie: p.cookie } })
    ).json<TransactionState>();
  const fulfil = (p: { id: string; cookie: string; host: string }) =>
    on(p.host, {
      method: 'POST',
      url: `/m/api/checkout/transactions/${p.id}/fulfil`,
      headers: { cookie: p.cookie },
    });
  const cartLines = async (p: { cookie: string; host: string }) =>
    (await on(p.host, { url: '/m/api/webshop/cart', headers: { cookie: p.cookie } })).json().orderLines
      .length as number;

  /** A payment approved in the app, its webhook handled: the order exists. */
  async function paid(host = NO) {
    const p = await pending(host);
    fake.approve(p.reference);
    await fake.settled();
    const [order] = await ordersOf(p.id);
    expect(order, 'the order of an approved payment').toBeTruthy();
    return { ...p, orderUuid: order!.uuid };
  }

  /** The order's print files ready, then marked printed and ready for pickup: it has left the lab. */
  async function pickedUp(orderUuid: string) {
    await db()
      .update(orders)
      .set({ productionStatus: 'ready', productionFinishedAt: new Date() })
      .where(eq(orders.uuid, orderUuid));
    for (const status of ['printed', 'ready-for-pickup']) {
      const res = await app.inject({
        method: 'POST',
        url: `/lab/api/orders/${orderUuid}/status`,
        headers: lab,
        payload: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  const refund = (orderUuid: string, body: object, key: string) =>
    app.inject({
      method: 'POST',
      url: `/lab/api/orders/${orderUuid}/refund`,
      headers: { ...lab, 'idempotency-key': key },
      payload: body,
    });

  /** The same provider as the shop's, as Vipps's merchant portal would act: its answer is not applied. */
  const portal = () => vippsProvider(fake.settings);

  it('offers Vipps on the Norwegian portal and MobilePay on the Danish one, never beside the test card', async () => {
    for (const [host, title] of [
      [NO, 'Vipps'],
      [DK, 'MobilePay'],
    ] as const) {
      const { options } = await optionsOn(host);
      expect(options.find((o) => o.type === 'vipps')?.title, host).toBe(title);
      expect(
        options.map((o) => o.type),
        host,
      ).not.toContain('test-card');
    }
    // The English portal has no Vipps option: its test card stays.
    const { options } = await optionsOn('localhost');
    expect(options.map((o) => o.type)).toContain('test-card');
    expect(options.map((o) => o.type)).not.toContain('vipps');
  });

  it('starts the payment with a token, the amount in øre, WALLET, WEB_REDIRECT, the reference, one key and the system headers', async () => {
    const p = await pending(NO);
    expect(await stateOf(p)).toEqual({ status: 'pending', redirectUrl: `${fake.url}/pay/${p.reference}` });

    const tokens = sent('/accesstoken/get');
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) {
      expect(token.headers).toMatchObject({
        client_id: fake.credentials.clientId,
        client_secret: fake.credentials.clientSecret,
        'ocp-apim-subscription-key': fake.credentials.subscriptionKey,
        'merchant-serial-number': fake.credentials.msn,
      });
    }
    const creates = sent('/epayment/v1/payments').filter(
      (r) => (r.body as { reference?: string }).reference === p.reference,
    );
    expect(creates).toHaveLength(1);
    const create = creates[0]!;
    expect(create.body).toEqual({
      amount: { currency: 'NOK', value: p.amount },
      paymentMethod: { type: 'WALLET' },
      userFlow: 'WEB_REDIRECT',
      reference: p.reference,
      returnUrl: `http://${NO}/m/cart/checkout/payment?transaction=${p.id}`,
      paymentDescription: expect.stringContaining('Fotobutikken'),
    });
    // Minor units: the Norwegian portal's smallest order is kr 49,00, so at least 4900 øre.
    expect(Number.isInteger(p.amount) && p.amount >= 4900).toBe(true);
    expect(create.headers).toMatchObject({
      authorization: expect.stringMatching(/^Bearer \S+$/),
      'idempotency-key': `start-${p.id}`,
      'ocp-apim-subscription-key': fake.credentials.subscriptionKey,
      'merchant-serial-number': fake.credentials.msn,
      'vipps-system-name': expect.any(String),
      'vipps-system-version': expect.any(String),
      'vipps-system-plugin-name': expect.any(String),
      'vipps-system-plugin-version': expect.any(String),
    });
    expect(fake.payments.get(p.reference)).toMatchObject({ state: 'CREATED', amount: { value: p.amount } });

    // The token is kept for the next payment; once Vipps says it ran out, one new one is fetched.
    const kept = sent('/accesstoken/get').length;
    await pending(NO, 1);
    expect(sent('/accesstoken/get')).toHaveLength(kept);
    fake.expireTokens();
    const renewed = await pending(NO, 1);
    expect(sent('/accesstoken/get')).toHaveLength(kept + 1);
    expect(await stateOf(renewed)).toMatchObject({ status: 'pending' });
  });

  it('the Danish portal pays in DKK with MobilePay, back to its own host', async () => {
    const p = await pending(DK);
    const payment = fake.payments.get(p.reference)!;
    expect(payment.amount).toEqual({ currency: 'DKK', value: p.amount });
    expect(payment.returnUrl).toBe(`http://${DK}/m/cart/checkout/payment?transaction=${p.id}`);
    expect(payment.paymentDescription).toContain('Fotoshoppen');
    expect((await rowOf(p.id)).currencyCode).toBe('DKK');
  });

  it('an approval reaches the shop by the AUTHORIZED webhook: one order, the cart emptied, the return finds it', async () => {
    const p = await pending(NO);
    fake.approve(p.reference);
    await fake.settled();
    const made = await ordersOf(p.id);
    expect(made).toHaveLength(1);
    expect(await rowOf(p.id)).toMatchObject({ status: 'authorised', orderUuid: made[0]!.uuid });
    expect(await cartLines(p)).toBe(0);
    expect((await eventsOf(p.id)).map((e) => [e.kind, e.reported])).toEqual([
      ['epayments.payment.authorized.v1', 'authorised'],
    ]);
    expect((await fulfil(p)).json()).toEqual({ status: 'paid', orderUuid: made[0]!.uuid });
    expect(fake.deliveries.filter((d) => d.event.reference === p.reference).map((d) => d.status)).toEqual([
      200,
    ]);
  });

  it('a rejection (ABORTED), an expiry (EXPIRED) and a termination (TERMINATED) end it without an order, the cart kept', async () => {
    const rejected = await pending(NO);
    fake.reject(rejected.reference);
    const expired = await pending(NO);
    fake.expire(expired.reference);
    const terminated = await pending(NO);
    // The merchant stops the payment before the shopper acts (in the Vipps portal, say).
    await portal().cancel!(providerTransaction(await rowOf(terminated.id)));
    await fake.settled();
    for (const [p, status] of [
      [rejected, 'cancelled'],
      [expired, 'expired'],
      [terminated, 'cancelled'],
    ] as const) {
      expect((await rowOf(p.id)).status, status).toBe(status);
      expect(await ordersOf(p.id)).toHaveLength(0);
      expect(await cartLines(p)).toBe(2);
      expect(await stateOf(p)).toMatchObject({ status });
    }
    expect((await eventsOf(terminated.id)).map((e) => e.kind)).toEqual(['epayments.payment.terminated.v1']);
  });

  it('a capture, refunds and a release made at Vipps reach the shop by their webhooks, with the totals asked for', async () => {
    const p = await paid(NO);
    const vipps = portal();
    await vipps.capture!(providerTransaction(await rowOf(p.id)), p.amount);
    await fake.settled();
    expect(await rowOf(p.id)).toMatchObject({ status: 'captured', amountCaptured: p.amount });
    await vipps.refund!(providerTransaction(await rowOf(p.id)), 100, 'portal-refund-1');
    await fake.settled();
    expect(await rowOf(p.id)).toMatchObject({ status: 'partly_refunded', amountRefunded: 100 });
    await vipps.refund!(providerTransaction(await rowOf(p.id)), p.amount - 100, 'portal-refund-2');
    await fake.settled();
    expect(await rowOf(p.id)).toMatchObject({ status: 'refunded', amountRefunded: p.amount });
    // Each event once, by its own pspReference: two refunds are two events.
    expect((await eventsOf(p.id)).map((e) => e.kind).sort()).toEqual([
      'epayments.payment.authorized.v1',
      'epayments.payment.captured.v1',
      'epayments.payment.refunded.v1',
      'epayments.payment.refunded.v1',
    ]);

    const released = await paid(NO);
    await vipps.cancel!(providerTransaction(await rowOf(released.id)));
    await fake.settled();
    expect(await rowOf(released.id)).toMatchObject({ status: 'cancelled', orderUuid: released.orderUuid });
  });

  it('20 concurrent deliveries of one webhook and 20 returns at once make exactly one order', async () => {
    const p = await pending(NO, 3);
    fake.setWebhookMode('duplicated', { copies: 20 });
    try {
      fake.approve(p.reference);
      const [returns] = await Promise.all([
        Promise.all(Array.from({ length: 20 }, () => fulfil(p))),
        fake.settled(),
      ]);
      expect(returns.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    } finally {
      fake.setWebhookMode('normal');
    }
    expect(await ordersOf(p.id)).toHaveLength(1);
    expect(await eventsOf(p.id)).toHaveLength(1);
    const deliveries = fake.deliveries.filter((d) => d.event.reference === p.reference);
    expect(deliveries).toHaveLength(20);
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
    expect(await cartLines(p)).toBe(0);
  });

  it('out of order: the capture’s webhook before the authorisation’s makes the order once, captured; the late one changes nothing', async () => {
    const p = await pending(NO);
    fake.setWebhookMode('out-of-order', { delayMs: 60_000 });
    try {
      fake.approve(p.reference);
      await portal().capture!(
        { ...providerTransaction(await rowOf(p.id)), providerRef: p.reference },
        p.amount,
      );
      expect(await ordersOf(p.id)).toHaveLength(0);
      await fake.flushWebhooks();
    } finally {
      fake.setWebhookMode('normal', { delayMs: 1500 });
    }
    const names = fake.deliveries.filter((d) => d.event.reference === p.reference).map((d) => d.event.name);
    expect(names).toEqual(['CAPTURED', 'AUTHORIZED']);
    expect(await ordersOf(p.id)).toHaveLength(1);
    expect(await rowOf(p.id)).toMatchObject({ status: 'captured', amountCaptured: p.amount });
  });

  it('a delayed webhook after the shopper’s return changes nothing', async () => {
    const p = await pending(NO);
    fake.setWebhookMode('delayed', { delayMs: 60_000 });
    try {
      fake.approve(p.reference);
      const back = await fulfil(p);
      const [order] = await ordersOf(p.id);
      expect(back.json()).toEqual({ status: 'paid', orderUuid: order!.uuid });
      await fake.flushWebhooks();
    } finally {
      fake.setWebhookMode('normal', { delayMs: 1500 });
    }
    expect(fake.deliveries.find((d) => d.event.reference === p.reference)?.status).toBe(200);
    expect(await ordersOf(p.id)).toHaveLength(1);
    expect((await rowOf(p.id)).status).toBe('authorised');
  });

  it('an amount other than the transaction’s makes no order: failed, amount_mismatch, the cart kept', async () => {
    const p = await pending(NO);
    fake.approve(p.reference, { amount: p.amount - 100 });
    await fake.settled();
    expect(await ordersOf(p.id)).toHaveLength(0);
    const row = await rowOf(p.id);
    expect(row.status).toBe('failed');
    expect(row.problem).toMatch(/^amount_mismatch/);
    expect(await cartLines(p)).toBe(2);
    expect((await fulfil(p)).json()).toMatchObject({ status: 'failed' });
    expect(await ordersOf(p.id)).toHaveLength(0);
  });

  it('a lost webhook is reconciled: the approval becomes the order, the expiry ends the payment', async () => {
    const approved = await pending(NO);
    const lapsed = await pending(NO);
    fake.setWebhookMode('lost');
    try {
      fake.approve(approved.reference);
      fake.expire(lapsed.reference);
    } finally {
      fake.setWebhookMode('normal');
    }
    await fake.settled();
    expect((await rowOf(approved.id)).status).toBe('pending');
    const later = { ...deps, now: () => new Date(app.clock.now().getTime() + 60_000) };
    await reconcilePayments(later, 30);
    expect(await ordersOf(approved.id)).toHaveLength(1);
    expect((await rowOf(approved.id)).status).toBe('authorised');
    expect((await rowOf(lapsed.id)).status).toBe('expired');
    expect(await cartLines(lapsed)).toBe(2);
  });

  it('captures when the order leaves the lab, once, with its own key', async () => {
    const p = await paid(NO);
    expect(sent(`/epayment/v1/payments/${p.reference}/capture`)).toHaveLength(0);
    await pickedUp(p.orderUuid);
    const queued = await db().execute(
      sql`select count(*)::int as n from pgboss.job where name = 'payment-capture' and data->>'transactionUuid' = ${p.id}`,
    );
    expect((queued as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    await capturePayment(deps, p.id);
    const captures = sent(`/epayment/v1/payments/${p.reference}/capture`);
    expect(captures).toHaveLength(1);
    expect(captures[0]!.body).toEqual({ modificationAmount: { currency: 'NOK', value: p.amount } });
    expect(captures[0]!.headers['idempotency-key']).toBe(`capture-${p.id}`);
    expect(await rowOf(p.id)).toMatchObject({ status: 'captured', amountCaptured: p.amount });
    expect(fake.payments.get(p.reference)!.aggregate.capturedAmount.value).toBe(p.amount);
    // A retried job finds it captured and asks nothing.
    await capturePayment(deps, p.id);
    expect(sent(`/epayment/v1/payments/${p.reference}/capture`)).toHaveLength(1);
    await fake.settled();
    expect(await rowOf(p.id)).toMatchObject({ status: 'captured', amountCaptured: p.amount });
  });

  it('refunds a part and then the rest, each once by the desk’s key; then nothing is left (409)', async () => {
    const p = await paid(NO);
    await pickedUp(p.orderUuid);
    await capturePayment(deps, p.id);
    const refunds = () => sent(`/epayment/v1/payments/${p.reference}/refund`);

    const part = await refund(p.orderUuid, { amount: 100 }, 'vipps-press-one');
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json<LabOrderDetail>().paymentDetail).toMatchObject({
      state: 'partly_refunded',
      refunded: 100,
    });
    const again = await refund(p.orderUuid, { amount: 100 }, 'vipps-press-one');
    expect(again.json<LabOrderDetail>().paymentDetail).toMatchObject({ refunded: 100 });
    expect(refunds()).toHaveLength(1);
    expect(refunds()[0]!.body).toEqual({ modificationAmount: { currency: 'NOK', value: 100 } });
    expect(refunds()[0]!.headers['idempotency-key']).toMatch(/^refund-/);

    const rest = await refund(p.orderUuid, {}, 'vipps-press-two');
    expect(rest.json<LabOrderDetail>().paymentDetail).toMatchObject({
      state: 'refunded',
      refunded: p.amount,
    });
    expect(refunds()).toHaveLength(2);
    expect(new Set(refunds().map((r) => r.headers['idempotency-key'])).size).toBe(2);
    expect(fake.payments.get(p.reference)!.aggregate.refundedAmount.value).toBe(p.amount);

    const none = await refund(p.orderUuid, {}, 'vipps-press-three');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'nothing_to_refund' });
    expect(refunds()).toHaveLength(2);
    await fake.settled();
    expect((await rowOf(p.id)).status).toBe('refunded');
  });

  it('before capture the desk releases the whole authorisation (a cancel at Vipps); the order stays', async () => {
    const p = await paid(NO);
    const released = await refund(p.orderUuid, {}, 'vipps-release');
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json<LabOrderDetail>().paymentDetail).toMatchObject({ state: 'cancelled' });
    const cancels = sent(`/epayment/v1/payments/${p.reference}/cancel`);
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.headers['idempotency-key']).toBe(`cancel-${p.id}`);
    expect(fake.payments.get(p.reference)!.state).toBe('TERMINATED');
    await fake.settled();
    expect(await rowOf(p.id)).toMatchObject({ status: 'cancelled', orderUuid: p.orderUuid });
    // A capture queued before the release finds nothing to take.
    await capturePayment(deps, p.id);
    expect(sent(`/epayment/v1/payments/${p.reference}/capture`)).toHaveLength(0);
  });

  for (const failure of [503, 500, 'hang', 'reset'] as const) {
    it(`Vipps ${failure === 'hang' ? 'hanging' : failure === 'reset' ? 'dropping the connection' : `answering ${failure}`} at the start: 503, no order, the same Idempotency-Key on the retry`, async () => {
      const cookie = await prints(NO, 2);
      fake.failNext(failure, { path: '/epayment/v1/payments' });
      const first = await confirm(NO, cookie);
      expect(first.statusCode, first.body).toBe(503);
      expect(first.json()).toMatchObject({ code: 'payment_provider_unavailable' });
      expect(await cartLines({ cookie, host: NO })).toBe(2);
      // The shopper tries again: the same transaction, started with the same key.
      const second = await confirm(NO, cookie);
      expect(second.statusCode, second.body).toBe(200);
      const id = second.json().transactionid as string;
      const keys = sent('/epayment/v1/payments')
        .filter((r) => r.headers['idempotency-key'] === `start-${id}`)
        .map((r) => (r.body as { reference?: string }).reference);
      expect(keys).toEqual([vippsReference(id), vippsReference(id)]);
      expect(fake.payments.has(vippsReference(id))).toBe(true);
      expect(await ordersOf(id)).toHaveLength(0);
      expect(await stateOf({ id, cookie, host: NO })).toMatchObject({ status: 'pending' });
    });
  }

  it('keeps the token until shortly before it expires, then fetches a new one unasked', async () => {
    const short = await startFakeVipps({ webhookUrl: 'http://127.0.0.1:9/', tokenSeconds: 3 });
    try {
      const vipps = vippsProvider(short.settings);
      const tokens = () => short.requests.filter((r) => r.path === '/accesstoken/get').length;
      const calls = () => short.requests.filter((r) => r.path.startsWith('/epayment/')).length;
      // A payment the fake never saw: 404, a refusal; what counts here is the token it was asked with.
      const ask = () => expect(vipps.statusOf('ps-never-made-here')).rejects.toBeInstanceOf(ProviderRefused);
      await ask();
      await ask();
      expect(tokens()).toBe(1);
      // Three seconds of life, renewed a tenth early: after 2.8 s the next call fetches another
      // before the fake would refuse the old one.
      await new Promise((resolve) => setTimeout(resolve, 2800));
      await ask();
      expect(tokens()).toBe(2);
      // Three calls, none refused for an expired token (a 401 is retried with a new token: a fourth).
      expect(calls()).toBe(3);
    } finally {
      await short.close();
    }
  });

  it('flags an authorisation on the desk a day before MobilePay’s 14 days run out', async () => {
    const p = await paid(DK);
    const row = await rowOf(p.id);
    const at = (days: number) => ({ ...deps, now: () => new Date(row.authorisedAt!.getTime() + days * DAY) });
    expect(await paymentOfOrder(at(12), p.orderUuid)).toMatchObject({
      state: 'authorised',
      lapsingSoon: false,
      lapsesAt: new Date(row.authorisedAt!.getTime() + 14 * DAY).toISOString(),
    });
    expect((await paymentOfOrder(at(13.5), p.orderUuid))!.lapsingSoon).toBe(true);
  });

  it('Vipps refusing the keys (4xx) is a refusal, not an outage', async () => {
    const p = await pending(NO, 1);
    const wrong = vippsProvider({ ...fake.settings, clientSecret: 'not-the-secret' });
    await expect(wrong.status(providerTransaction(await rowOf(p.id)))).rejects.toBeInstanceOf(
      ProviderRefused,
    );
  });

  describe('the webhook’s signature', () => {
    const url = `http://localhost${VIPPS_WEBHOOK_PATH}`;
    const authorised = (p: { reference: string; amount: number }) =>
      JSON.stringify({
        msn: fake.credentials.msn,
        reference: p.reference,
        pspReference: '7686f7788898767977',
        name: 'AUTHORIZED',
        amount: { currency: 'NOK', value: p.amount },
        timestamp: new Date().toISOString(),
        idempotencyKey: null,
        success: true,
      });
    const post = (target: FastifyInstance, body: string, headers: Record<string, string>) =>
      target.inject({
        method: 'POST',
        url: VIPPS_WEBHOOK_PATH,
        headers: { host: 'localhost', 'content-type': 'application/json', ...headers },
        payload: body,
      });

    it('refuses a wrong secret, a changed body, another host and a missing header (401, logged), and changes nothing', async () => {
      const p = await pending(NO, 1);
      const body = authorised(p);
      const good = signVippsWebhook(fake.credentials.webhookSecret, url, body);
      const refusedBefore = logs.filter((l) => l.includes('Vipps webhook refused')).length;
      const attempts: [string, string, Record<string, string>][] = [
        ['a wrong secret', body, signVippsWebhook('not the secret', url, body)],
        ['a changed body', body.replace(`"value":${p.amount}`, `"value":${p.amount - 1}`), good],
        [
          'a changed body with its own hash',
          body.replace(`"value":${p.amount}`, `"value":${p.amount - 1}`),
          {
            ...good,
            'x-ms-content-sha256': signVippsWebhook(
              'x',
              url,
              body.replace(`"value":${p.amount}`, `"value":1`),
            )['x-ms-content-sha256'],
          },
        ],
        [
          'another host',
          body,
          signVippsWebhook(fake.credentials.webhookSecret, `http://shop.example${VIPPS_WEBHOOK_PATH}`, body),
        ],
        ['another path', body, signVippsWebhook(fake.credentials.webhookSecret, `${url}?again=1`, body)],
      ];
      for (const name of ['x-ms-date', 'x-ms-content-sha256', 'authorization'] as const) {
        const { [name]: _, ...rest } = good;
        attempts.push([`no ${name}`, body, rest]);
      }
      for (const [what, payload, headers] of attempts) {
        const res = await post(app, payload, headers);
        expect(res.statusCode, what).toBe(401);
        expect(res.json(), what).toMatchObject({ code: 'bad_signature' });
      }
      expect(await eventsOf(p.id)).toHaveLength(0);
      expect(await rowOf(p.id)).toMatchObject({ status: 'pending', orderUuid: null });
      expect(logs.filter((l) => l.includes('Vipps webhook refused')).length).toBe(
        refusedBefore + attempts.length,
      );

      // The very same request signed right is taken, once.
      const accepted = await post(app, body, good);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(await ordersOf(p.id)).toHaveLength(1);
      expect((await post(app, body, good)).statusCode).toBe(200);
      expect(await eventsOf(p.id)).toHaveLength(1);
    });

    it('behind a trusted proxy the signed host is X-Forwarded-Host; without the trust it is the Host header', async () => {
      const behind = await buildApp(
        testConfig(t.dataDir, {
          trustProxy: 1,
          logLevel: 'silent',
          vipps: fake.settings,
          paymentTestSecret: null,
        }),
        { database: t.db.database, jobs: { work: false } },
      );
      try {
        const p = await pending(NO, 1);
        fake.setWebhookMode('lost');
        try {
          fake.approve(p.reference);
        } finally {
          fake.setWebhookMode('normal');
        }
        const body = authorised(p);
        const forwarded = signVippsWebhook(
          fake.credentials.webhookSecret,
          `https://shop.example${VIPPS_WEBHOOK_PATH}`,
          body,
        );
        const viaProxy = {
          host: '127.0.0.1:8080',
          'x-forwarded-host': 'shop.example',
          'x-forwarded-proto': 'https',
        };
        // The app that believes no proxy signs with the Host header it got.
        expect((await post(app, body, { ...forwarded, ...viaProxy })).statusCode).toBe(401);
        // Signed for the proxy's own address, it is refused by the app that reads the forwarded host.
        const forProxy = signVippsWebhook(
          fake.credentials.webhookSecret,
          `http://127.0.0.1:8080${VIPPS_WEBHOOK_PATH}`,
          body,
        );
        expect((await post(behind, body, { ...forProxy, ...viaProxy })).statusCode).toBe(401);
        expect(await ordersOf(p.id)).toHaveLength(0);
        const res = await post(behind, body, { ...forwarded, ...viaProxy });
        expect(res.statusCode, res.body).toBe(200);
        expect(await ordersOf(p.id)).toHaveLength(1);
      } finally {
        await behind.close();
      }
    });

    it('answers no signed body with a 5xx, whatever it holds (and changes nothing it should not)', async () => {
      const p = await pending(NO, 1);
      const event = fc.record(
        {
          msn: fc.oneof(fc.constant(fake.credentials.msn), fc.string()),
          reference: fc.oneof(
            fc.constant(p.reference),
            fc.uuid().map((u) => `ps-${u}`),
            fc.string({ maxLength: 80 }),
          ),
          pspReference: fc.oneof(fc.stringMatching(/^\d{10}$/), fc.string({ maxLength: 120 })),
          name: fc.oneof(
            fc.constantFrom(
              'CREATED',
              'ABORTED',
              'EXPIRED',
              'CANCELLED',
              'CAPTURED',
              'REFUNDED',
              'TERMINATED',
            ),
            fc.string(),
          ),
          amount: fc.record({
            currency: fc.constantFrom('NOK', 'DKK', 'EUR', '', 'nok'),
            value: fc.oneof(fc.integer(), fc.double(), fc.constant(p.amount)),
          }),
          timestamp: fc.oneof(
            fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
            fc.string(),
          ),
          idempotencyKey: fc.option(fc.string()),
          success: fc.oneof(fc.boolean(), fc.constant('yes')),
        },
        { requiredKeys: [] },
      );
      const body = fc.oneof(
        event.map((e) => JSON.stringify(e)),
        fc.json(),
        fc.string(),
        fc.jsonValue().map((v) => JSON.stringify({ reference: p.reference, name: 'CAPTURED', extra: v })),
      );
      await fc.assert(
        fc.asyncProperty(body, async (raw) => {
          const res = await post(app, raw, signVippsWebhook(fake.credentials.webhookSecret, url, raw));
          expect(res.statusCode, raw).toBeLessThan(500);
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
      );
      // Nothing authorised it (AUTHORIZED is left out above): no order.
      expect(await ordersOf(p.id)).toHaveLength(0);
    });

    it('acknowledges a signed event for a payment this shop did not make, and answers junk with 4xx', async () => {
      const body = JSON.stringify({
        msn: fake.credentials.msn,
        reference: 'someone-elses-order-42',
        pspReference: '1',
        name: 'AUTHORIZED',
        amount: { currency: 'NOK', value: 100 },
        timestamp: new Date().toISOString(),
        success: true,
      });
      const res = await post(app, body, signVippsWebhook(fake.credentials.webhookSecret, url, body));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ignored: 'unknown_payment' });
      const junk = '{"name":"AUTHORIZED"';
      const bad = await post(app, junk, signVippsWebhook(fake.credentials.webhookSecret, url, junk));
      expect(bad.statusCode).toBe(400);
      const wrongShape = '{"name":"PAID"}';
      expect(
        (await post(app, wrongShape, signVippsWebhook(fake.credentials.webhookSecret, url, wrongShape)))
          .statusCode,
      ).toBe(400);
    });
  });

  it('without Vipps keys the webhook is not served and the portals keep the test card', async () => {
    const off = await startTestApp(kind, { database: t.db, dataDir: t.dataDir, paymentTestSecret: 'x' });
    try {
      expect(
        (await off.app.inject({ method: 'POST', url: VIPPS_WEBHOOK_PATH, payload: {} })).statusCode,
      ).toBe(404);
      const types = (
        await off.app.inject({ url: '/m/api/checkout/delivery-options', headers: { host: DK } })
      ).json() as DeliveryType[];
      const store = types[0]!.pickupLocations[0]!.uuid;
      const options = (
        await off.app.inject({
          url: `/m/api/checkout/delivery-options/${store}/payment-options`,
          headers: { host: DK },
        })
      ).json() as PaymentOption[];
      expect(options.map((o) => o.type)).toContain('test-card');
      expect(options.map((o) => o.type)).not.toContain('vipps');
    } finally {
      await off.close();
    }
  });
});
