/**
 * The fake Stripe API (test/support/fakeStripe.ts) checked with the official SDK itself: if the SDK
 * can make, read, capture and refund through it, and its webhooks pass `constructEvent`, the shop's
 * tests against it say something about the shop against Stripe.
 */
import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, parseStripeForm, startFakeStripe } from '../support/fakeStripe.ts';

const sdkFor = (fake: FakeStripe, options: { key?: string; retries?: number; timeout?: number } = {}) => {
  const url = new URL(fake.url);
  return new Stripe(options.key ?? fake.secretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: options.retries ?? 0,
    timeout: options.timeout ?? 5_000,
  });
};

const sessionParams = (reference: string): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [
    { quantity: 2, price_data: { currency: 'gbp', unit_amount: 250, product_data: { name: '10x15 print' } } },
    { quantity: 1, price_data: { currency: 'gbp', unit_amount: 199, product_data: { name: 'Delivery' } } },
  ],
  client_reference_id: reference,
  success_url: 'http://shop.test/m/cart/checkout/payment?transaction=t1&result=stripe',
  cancel_url: 'http://shop.test/back',
  metadata: { transaction: reference },
  payment_intent_data: { capture_method: 'manual', metadata: { transaction: reference } },
});

interface Received {
  event: Stripe.Event | null;
  error: string | null;
}

describe('the fake Stripe API, through the official SDK', () => {
  let fake: FakeStripe;
  let stripe: Stripe;
  let receiver: Server;
  let received: Received[] = [];
  let answer = 200;

  beforeAll(async () => {
    // A webhook endpoint that checks each delivery as a shop does.
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        try {
          const event = stripe.webhooks.constructEvent(
            raw,
            String(request.headers['stripe-signature']),
            fake.webhookSecret,
          );
          received.push({ event, error: null });
        } catch (error) {
          received.push({ event: null, error: (error as Error).message });
        }
        response.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as { port: number };
    fake = await startFakeStripe({ webhookUrl: `http://127.0.0.1:${port}/webhook` });
    stripe = sdkFor(fake);
  });
  afterEach(async () => {
    await fake.settled();
    fake.setWebhookMode('normal');
    received = [];
    answer = 200;
  });
  afterAll(async () => {
    await fake?.close();
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  it('gives the shop its environment', () => {
    expect(fake.env).toEqual({
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_URL: fake.url,
    });
    expect(fake.secretKey).toMatch(/^sk_test_/);
    expect(fake.webhookSecret).toMatch(/^whsec_/);
  });

  it('a session round trip: create, pay on the hosted page, read with expand, capture, refund', async () => {
    const made = await stripe.checkout.sessions.create(sessionParams('ref-1'), { idempotencyKey: 'k-round' });
    expect(made).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      amount_total: 699,
      currency: 'gbp',
      client_reference_id: 'ref-1',
      payment_intent: null,
      url: `${fake.url}/pay/${made.id}`,
    });
    expect(made.id).toMatch(/^cs_test_/);
    // The SDK sent Stripe's bracket notation, parsed back to what it was given.
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', idempotencyKey: 'k-round' });
    expect(sent.body).toMatchObject({
      line_items: [
        { quantity: '2', price_data: { unit_amount: '250', product_data: { name: '10x15 print' } } },
        { quantity: '1', price_data: { unit_amount: '199' } },
      ],
      payment_intent_data: { capture_method: 'manual', metadata: { transaction: 'ref-1' } },
    });

    const pagePage = await fetch(made.url!);
    expect(pagePage.status).toBe(200);
    expect(await pagePage.text()).toContain('6.99 GBP');
    const paid = await fetch(made.url!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(made.success_url);

    const read = await stripe.checkout.sessions.retrieve(made.id, {
      expand: ['payment_intent', 'payment_intent.latest_charge'],
    });
    expect(read.status).toBe('complete');
    const pi = read.payment_intent as Stripe.PaymentIntent;
    expect(pi).toMatchObject({
      object: 'payment_intent',
      status: 'requires_capture',
      amount: 699,
      amount_capturable: 699,
      currency: 'gbp',
      metadata: { transaction: 'ref-1' },
    });
    expect((pi.latest_charge as Stripe.Charge).object).toBe('charge');

    const captured = await stripe.paymentIntents.capture(pi.id, { amount_to_capture: 699 });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 699 });
    await stripe.refunds.create({ payment_intent: pi.id, amount: 200 });
    const after = await stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] });
    expect((after.latest_charge as Stripe.Charge).amount_refunded).toBe(200);
    await expect(stripe.refunds.create({ payment_intent: pi.id, amount: 500 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_large',
    });
    await fake.settled();
    expect(received.map((r) => r.event?.type)).toEqual([
      'payment_intent.amount_capturable_updated',
      'checkout.session.completed',
      'charge.captured',
      'payment_intent.succeeded',
      'refund.created',
      'charge.refunded',
    ]);
    // Every delivery passed constructEvent with the webhook secret.
    expect(received.every((r) => r.error === null)).toBe(true);
    const completed = received[1]!.event!;
    expect((completed.data.object as Stripe.Checkout.Session).client_reference_id).toBe('ref-1');
    // With another secret the same signature is refused.
    expect(() =>
      stripe.webhooks.constructEvent(
        JSON.stringify(completed),
        stripe.webhooks.generateTestHeaderString({ payload: '{}', secret: 'whsec_other' }),
        fake.webhookSecret,
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('replays by Idempotency-Key, refuses the key with other parameters, and checks the key', async () => {
    const first = await stripe.checkout.sessions.create(sessionParams('ref-2'), { idempotencyKey: 'k-same' });
    const second = await stripe.checkout.sessions.create(sessionParams('ref-2'), {
      idempotencyKey: 'k-same',
    });
    expect(second.id).toBe(first.id);
    expect(fake.requests.at(-1)!.replayed).toBe(true);
    await expect(
      stripe.checkout.sessions.create(sessionParams('ref-other'), { idempotencyKey: 'k-same' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(
      sdkFor(fake, { key: 'sk_test_wrong' }).checkout.sessions.retrieve(first.id),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(stripe.checkout.sessions.retrieve('cs_test_nothing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('fails on demand: 500 retried by the SDK with the same key, then given up; a hang ends in the timeout', async () => {
    const retrying = sdkFor(fake, { retries: 1 });
    fake.failNext(1);
    const before = fake.requests.length;
    const made = await retrying.checkout.sessions.create(sessionParams('ref-3'), {
      idempotencyKey: 'k-retry',
    });
    const tries = fake.requests.slice(before);
    expect(tries.map((r) => [r.status, r.idempotencyKey])).toEqual([
      [500, 'k-retry'],
      [200, 'k-retry'],
    ]);
    fake.failNext(2);
    await expect(retrying.checkout.sessions.retrieve(made.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeAPIError,
    );
    fake.failNext(1, 'hang');
    await expect(sdkFor(fake, { timeout: 200 }).checkout.sessions.retrieve(made.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeConnectionError,
    );
    // The next request is answered again.
    expect((await stripe.checkout.sessions.retrieve(made.id)).id).toBe(made.id);
  });

  it('sends webhooks duplicated, out of order, lost or delayed, and retries a shop that refuses', async () => {
    const session = () => stripe.checkout.sessions.create(sessionParams('ref-4'));

    fake.setWebhookMode('duplicated');
    const twice = await session();
    fake.pay(twice.id);
    await fake.settled();
    const completed = received.filter((r) => r.event?.type === 'checkout.session.completed');
    expect(completed).toHaveLength(2);
    expect(completed[0]!.event!.id).toBe(completed[1]!.event!.id);

    received = [];
    fake.setWebhookMode('out-of-order');
    const late = await session();
    fake.pay(late.id);
    await fake.settled();
    expect(received).toEqual([]);
    await fake.flush();
    expect(received.map((r) => r.event?.type)).toEqual([
      'checkout.session.completed',
      'payment_intent.amount_capturable_updated',
    ]);

    received = [];
    fake.setWebhookMode('lost');
    const lost = await session();
    fake.expire(lost.id);
    await fake.settled();
    expect(received).toEqual([]);
    const expired = fake.events.at(-1)!;
    expect(expired.type).toBe('checkout.session.expired');
    expect(fake.deliveries.at(-1)).toEqual({
      eventId: expired.id,
      type: expired.type,
      attempt: 0,
      status: 'lost',
    });
    // Sent later by hand, as Stripe's retry would.
    expect(await fake.deliver(expired.id)).toBe(200);
    expect(received.map((r) => r.event?.id)).toEqual([expired.id]);

    received = [];
    fake.setWebhookMode('delayed', { delayMs: 300 });
    const slow = await session();
    const started = Date.now();
    fake.expire(slow.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([]);
    await fake.settled();
    expect(received).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);

    received = [];
    fake.setWebhookMode('normal');
    answer = 503;
    const refused = await session();
    fake.expire(refused.id);
    await fake.settled();
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.event?.id)).size).toBe(1);
  });

  it('a bank debit stays processing until it settles or fails; Decline keeps the session open', async () => {
    const later = await stripe.checkout.sessions.create(sessionParams('ref-5'));
    fake.pay(later.id, { outcome: 'processing' });
    const processing = await stripe.checkout.sessions.retrieve(later.id, { expand: ['payment_intent'] });
    expect(processing.status).toBe('complete');
    expect((processing.payment_intent as Stripe.PaymentIntent).status).toBe('processing');
    fake.succeedAsync(later.id);
    const settled = await stripe.checkout.sessions.retrieve(later.id, { expand: ['payment_intent'] });
    expect((settled.payment_intent as Stripe.PaymentIntent).status).toBe('requires_capture');

    const declined = await stripe.checkout.sessions.create(sessionParams('ref-6'));
    const page = await fetch(declined.url!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=decline',
    });
    expect(await page.text()).toContain('Your card was declined.');
    const open = await stripe.checkout.sessions.retrieve(declined.id, { expand: ['payment_intent'] });
    expect(open.status).toBe('open');
    expect((open.payment_intent as Stripe.PaymentIntent).status).toBe('requires_payment_method');
    const back = await fetch(declined.url!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=cancel',
      redirect: 'manual',
    });
    expect(back.headers.get('location')).toBe('http://shop.test/back');
    expect((await stripe.checkout.sessions.expire(declined.id)).status).toBe('expired');
    await expect(stripe.checkout.sessions.expire(declined.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });
});

describe("Stripe's form encoding", () => {
  it('reads nested brackets as objects and arrays', () => {
    expect(
      parseStripeForm(
        'mode=payment&expand[0]=payment_intent&expand[1]=payment_intent.latest_charge&line_items[0][price_data][unit_amount]=5&line_items[0][quantity]=1&metadata[transaction]=a%20b+c',
      ),
    ).toEqual({
      mode: 'payment',
      expand: ['payment_intent', 'payment_intent.latest_charge'],
      line_items: [{ price_data: { unit_amount: '5' }, quantity: '1' }],
      metadata: { transaction: 'a b c' },
    });
  });

  it('refuses names that would reach an object prototype', () => {
    expect(() => parseStripeForm('__proto__[polluted]=1')).toThrow(/Invalid parameter/);
    expect(() => parseStripeForm('a[constructor][prototype]=1')).toThrow(/Invalid parameter/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
