import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PAYMENT_TEST_SECRET } from '../../server/config.ts';
import {
  orders,
  paymentOptions as paymentOptionsTable,
  rebateCodes,
  transactions,
} from '../../server/db/schema.ts';
import { signBody } from '../../server/services/payments/signature.ts';
import {
  type DeliveryType,
  isExpress,
  type PaymentOption,
  type TransactionState,
} from '../../shop/checkout.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { cartOf, uploadPrints } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';

const SECRET = 'test-card-secret-for-the-suite';
const CALLBACK = '/m/api/payments/test-card/callback';
const contact = { name: 'Ada Lovelace', mobile: '+44 7700 900123', email: 'ada@example.com' };

describe.each(databaseKinds())('test card payments on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let app: FastifyInstance;
  let portalUuid: string;
  let storeUuid: string;
  let cardUuid: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { paymentTestSecret: SECRET });
    app = t.app;
    portalUuid = (await app.inject({ url: '/m/api/portal' })).json().portal.uuid;
    const types = (await app.inject({ url: '/m/api/checkout/delivery-options' })).json() as DeliveryType[];
    storeUuid = types[0]!.pickupLocations.find((l) => !isExpress(l.uuid))!.uuid;
    const options = (
      await app.inject({ url: `/m/api/checkout/delivery-options/${storeUuid}/payment-options` })
    ).json() as PaymentOption[];
    cardUuid = options.find((o) => o.type === 'test-card')!.uuid;
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.db.database.db;

  /** A visitor with `lines` prints and a pending test card transaction for them. */
  async function pendingPayment(lines = 2, rebate?: string) {
    const cookie = await uploadPrints(app, lines);
    if (rebate) {
      const applied = await app.inject({
        method: 'POST',
        url: '/m/api/checkout/rebate-codes/use-rebate-code',
        headers: { cookie },
        payload: { code: rebate },
      });
      expect(applied.statusCode).toBe(200);
    }
    const res = await app.inject({
      method: 'POST',
      url: '/ajax/get_transaction.php',
      headers: { cookie },
      payload: {
        ...contact,
        paymentoption: cardUuid,
        deliveryoption: storeUuid,
        cartfallback: true,
        ordercomment: '',
      },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().transactionid as string;
    const [row] = await db().select().from(transactions).where(eq(transactions.uuid, id));
    return { cookie, id, amount: row!.amount };
  }

  const callback = (body: object, signature?: string) => {
    const raw = JSON.stringify(body);
    return app.inject({
      method: 'POST',
      url: CALLBACK,
      headers: { 'content-type': 'application/json', 'x-signature': signature ?? signBody(SECRET, raw) },
      payload: raw,
    });
  };
  /** The provider page's form, answered as the shopper's browser posts it. */
  const answerPage = (id: string, payload: string) =>
    app.inject({
      method: 'POST',
      url: `/payments/test-card/${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      payload,
    });
  const fulfil = (id: string, cookie: string) =>
    app.inject({ method: 'POST', url: `/m/api/checkout/transactions/${id}/fulfil`, headers: { cookie } });
  const state = async (id: string, cookie: string) =>
    (
      await app.inject({ url: `/m/api/checkout/transactions/${id}`, headers: { cookie } })
    ).json<TransactionState>();
  const ordersOf = (id: string) => db().select().from(orders).where(eq(orders.transactionUuid, id));
  const usesOf = async (code: string) =>
    (
      await db()
        .select()
        .from(rebateCodes)
        .where(and(eq(rebateCodes.portalUuid, portalUuid), eq(rebateCodes.code, code)))
    )[0]!.uses;

  it('sends the shopper to the provider page, which shows the amount with Pay, Decline and Cancel', async () => {
    const { cookie, id } = await pendingPayment(1);
    expect(await state(id, cookie)).toEqual({ status: 'pending', redirectUrl: `/payments/test-card/${id}` });
    const page = await app.inject({ url: `/payments/test-card/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('name="viewport"');
    expect(page.body).toContain('£5.00');
    for (const result of ['paid', 'declined', 'cancelled']) expect(page.body).toContain(`value="${result}"`);
    expect(page.body).not.toMatch(/<script|https?:\/\//);
    expect((await app.inject({ url: '/payments/test-card/not-a-transaction' })).statusCode).toBe(404);
    expect(page.body).toContain('<html lang="en-GB">');
    expect(page.body).toContain('>Test card payment</h1>');
  });

  it("speaks the portal's language (issue 34): the page of a Danish order in Danish, a missing one in the host's", async () => {
    const { id } = await pendingPayment(1);
    // The page reads the language from the transaction's portal, as a provider is told it.
    await db()
      .update(transactions)
      .set({ request: sql`jsonb_set(${transactions.request}, '{portal,locale}', '"da_DK"')` })
      .where(eq(transactions.uuid, id));
    const page = await app.inject({ url: `/payments/test-card/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="da-DK">');
    for (const word of [
      'Betaling med testkort',
      'Der trækkes ingen penge',
      '>Betal<',
      '>Afvis<',
      '>Annuller<',
    ]) {
      expect(page.body).toContain(word);
    }
    expect(page.body).not.toMatch(/>(Pay|Decline|Cancel)</);
    const missing = await app.inject({
      url: '/payments/test-card/not-a-transaction',
      headers: { host: 'no.localhost' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Fant ikke betalingen');
    const wrong = await answerPage(id, 'result=maybe');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Vælg Betal, Afvis eller Annuller');
  });

  it('Pay sends a signed callback, redirects back with 303, and the return gets the order', async () => {
    const { cookie, id } = await pendingPayment(2);
    const pay = await answerPage(id, 'result=paid');
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/m/cart/checkout/payment?transaction=${id}&result=paid`);
    // The callback already settled it: one order, cart empty.
    expect(await ordersOf(id)).toHaveLength(1);
    expect((await cartOf(app, cookie)).orderLines).toHaveLength(0);
    const back = await fulfil(id, cookie);
    expect(back.statusCode).toBe(200);
    const [order] = await ordersOf(id);
    expect(back.json()).toEqual({ status: 'paid', orderUuid: order!.uuid });
    expect(
      (await app.inject({ url: `/m/api/order/${order!.uuid}/receipt`, headers: { cookie } })).statusCode,
    ).toBe(200);
    // The page of a finished payment has no buttons; posting again only redirects.
    const again = await app.inject({ url: `/payments/test-card/${id}` });
    expect(again.body).not.toContain('value="paid"');
    const repost = await app.inject({
      method: 'POST',
      url: `/payments/test-card/${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=declined',
    });
    expect(repost.statusCode).toBe(303);
    expect(repost.headers.location).toContain('result=paid');
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it('a declined payment makes no order and leaves the cart intact; a new attempt can pay', async () => {
    const { cookie, id } = await pendingPayment(2);
    const before = await cartOf(app, cookie);
    const decline = await app.inject({
      method: 'POST',
      url: `/payments/test-card/${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=declined',
    });
    expect(decline.statusCode).toBe(303);
    expect(decline.headers.location).toBe(`/m/cart/checkout/payment?transaction=${id}&result=declined`);
    const back = await fulfil(id, cookie);
    expect(back.json()).toEqual({ status: 'declined', error: expect.stringMatching(/declined/i) });
    expect(await ordersOf(id)).toHaveLength(0);
    expect(await cartOf(app, cookie)).toEqual(before);

    const retry = await app.inject({
      method: 'POST',
      url: '/ajax/get_transaction.php',
      headers: { cookie },
      payload: { ...contact, paymentoption: cardUuid, deliveryoption: storeUuid },
    });
    const second = retry.json().transactionid as string;
    expect(second).not.toBe(id);
    const cancel = await app.inject({
      method: 'POST',
      url: `/payments/test-card/${second}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=cancelled',
    });
    expect(cancel.headers.location).toContain('result=cancelled');
    expect((await fulfil(second, cookie)).json()).toMatchObject({ status: 'cancelled' });
    expect(await cartOf(app, cookie)).toEqual(before);
  });

  it('refuses a callback with a bad or missing signature (401) and changes nothing', async () => {
    const { cookie, id, amount } = await pendingPayment(1);
    const body = { transactionId: id, result: 'paid', amount };
    expect((await callback(body, signBody('not-the-secret', JSON.stringify(body)))).statusCode).toBe(401);
    expect((await callback(body, 'sha256=00')).statusCode).toBe(401);
    const unsigned = await app.inject({
      method: 'POST',
      url: CALLBACK,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(unsigned.statusCode).toBe(401);
    // Signed, but for a body other than the one sent.
    const tampered = await app.inject({
      method: 'POST',
      url: CALLBACK,
      headers: {
        'content-type': 'application/json',
        'x-signature': signBody(SECRET, JSON.stringify({ ...body, result: 'declined' })),
      },
      payload: JSON.stringify(body),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await ordersOf(id)).toHaveLength(0);
    expect(await state(id, cookie)).toMatchObject({ status: 'pending' });
    expect((await cartOf(app, cookie)).orderLines).toHaveLength(1);
    // The return before any callback: still pending, nothing made.
    expect((await fulfil(id, cookie)).json()).toEqual({
      status: 'pending',
      redirectUrl: `/payments/test-card/${id}`,
    });
    expect(await ordersOf(id)).toHaveLength(0);
    // A signed callback for another amount is taken (the provider said it), but makes no order: the
    // transaction fails with the mismatch kept for the lab, and the cart is as it was.
    const wrongAmount = await callback({ ...body, amount: amount - 1 });
    expect(wrongAmount.statusCode).toBe(200);
    expect(wrongAmount.json()).toEqual({ received: true, status: 'failed' });
    expect(await ordersOf(id)).toHaveLength(0);
    const [row] = await db().select().from(transactions).where(eq(transactions.uuid, id));
    expect(row!.problem).toMatch(/^amount_mismatch/);
    expect(await state(id, cookie)).toMatchObject({ status: 'failed' });
    expect((await cartOf(app, cookie)).orderLines).toHaveLength(1);
    // The right amount afterwards does not undo the lab's case.
    await callback(body);
    expect(await ordersOf(id)).toHaveLength(0);
  });

  it('20 concurrent returns and 20 concurrent callbacks make exactly one order, empty the cart once, count the rebate once', async () => {
    const { cookie, id, amount } = await pendingPayment(3, 'SUMMER10');
    const usesBefore = await usesOf('SUMMER10');
    // A line added after the transaction was made is not paid for and stays in the cart.
    await uploadPrints(app, 1, cookie);
    const later = (await cartOf(app, cookie)).orderLines.at(-1)!;

    const body = { transactionId: id, result: 'paid', amount };
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? callback(body) : fulfil(id, cookie))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(200));
    const made = await ordersOf(id);
    expect(made).toHaveLength(1);
    const orderUuid = made[0]!.uuid;
    for (const [i, a] of answers.entries()) {
      if (i % 2 === 0) expect(a.json()).toEqual({ received: true, status: 'authorised' });
      else
        expect([`pending`, `paid:${orderUuid}`]).toContain(
          a.json().status === 'paid' ? `paid:${a.json().orderUuid}` : a.json().status,
        );
    }
    expect((await cartOf(app, cookie)).orderLines.map((l) => l.uuid)).toEqual([later.uuid]);
    expect(await usesOf('SUMMER10')).toBe(usesBefore + 1);
    expect((made[0]!.snapshot as { rebate: { code: string } }).rebate.code).toBe('SUMMER10');

    // And 20 more of each after the fact change nothing.
    const more = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? callback(body) : fulfil(id, cookie))),
    );
    for (const [i, a] of more.entries()) {
      expect(a.json()).toEqual(
        i % 2 === 0 ? { received: true, status: 'authorised' } : { status: 'paid', orderUuid },
      );
    }
    expect(await ordersOf(id)).toHaveLength(1);
    expect(await usesOf('SUMMER10')).toBe(usesBefore + 1);
    expect((await cartOf(app, cookie)).orderLines).toHaveLength(1);
  });

  it('20 concurrent returns that arrive before the callback make no order, then one when it comes', async () => {
    const { cookie, id, amount } = await pendingPayment(1);
    const early = await Promise.all(Array.from({ length: 20 }, () => fulfil(id, cookie)));
    expect(early.every((a) => a.json().status === 'pending')).toBe(true);
    expect(await ordersOf(id)).toHaveLength(0);
    const storm = await Promise.all(
      Array.from({ length: 20 }, () => callback({ transactionId: id, result: 'paid', amount })),
    );
    expect(storm.every((a) => a.statusCode === 200)).toBe(true);
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it('a paid transaction stays paid: a later declined callback changes nothing', async () => {
    const { cookie, id, amount } = await pendingPayment(1);
    expect((await callback({ transactionId: id, result: 'paid', amount })).statusCode).toBe(200);
    const late = await callback({ transactionId: id, result: 'declined', amount });
    expect(late.json()).toEqual({ received: true, status: 'authorised' });
    expect(await state(id, cookie)).toMatchObject({ status: 'paid' });
  });

  it('a callback for an unknown transaction is 404; a malformed signed body is 400', async () => {
    const unknown = await callback({
      transactionId: '00000000-0000-4000-8000-000000000000',
      result: 'paid',
      amount: 1,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await callback({ transactionId: 'x', result: 'maybe' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe.each(databaseKinds())(
  'the test card switched off (production without a secret of its own), on %s',
  (kind: DatabaseKind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { paymentTestSecret: null });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('is not offered, cannot be chosen, and its page and callback are not served', async () => {
      const types = (
        await t.app.inject({ url: '/m/api/checkout/delivery-options' })
      ).json() as DeliveryType[];
      const store = types[0]!.pickupLocations[0]!.uuid;
      const options = (
        await t.app.inject({ url: `/m/api/checkout/delivery-options/${store}/payment-options` })
      ).json() as PaymentOption[];
      expect(options.length).toBeGreaterThan(0);
      expect(options.map((o) => o.type)).not.toContain('test-card');

      const [cardOption] = await t.db.database.db
        .select()
        .from(paymentOptionsTable)
        .where(eq(paymentOptionsTable.provider, 'test-card'));
      const cookie = await uploadPrints(t.app, 1);
      const chosen = await t.app.inject({
        method: 'POST',
        url: '/ajax/get_transaction.php',
        headers: { cookie },
        payload: {
          ...contact,
          paymentoption: cardOption!.uuid,
          deliveryoption: store,
          cartfallback: true,
          ordercomment: '',
        },
      });
      expect(chosen.statusCode).toBe(400);
      expect(chosen.json()).toMatchObject({ code: 'unknown_payment_option' });
      expect((await cartOf(t.app, cookie)).orderLines).toHaveLength(1);

      const raw = JSON.stringify({ transactionId: cardOption!.uuid, result: 'paid', amount: 1 });
      const forged = await t.app.inject({
        method: 'POST',
        url: CALLBACK,
        headers: {
          'content-type': 'application/json',
          'x-signature': signBody(DEV_PAYMENT_TEST_SECRET, raw),
        },
        payload: raw,
      });
      expect(forged.statusCode).toBe(404);
    });
  },
);
