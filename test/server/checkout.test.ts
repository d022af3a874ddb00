import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  orders,
  paymentOptions,
  pickupLocations,
  rebateCodes,
  transactions,
} from '../../server/db/schema.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';
import { seedPortals } from '../../server/db/seed-data.ts';
import {
  type DeliveryType,
  EXPRESS_SUFFIX,
  isExpress,
  ORDER_INFO_TYPES,
  type OrderInfo,
  type PaymentOption,
  type Receipt,
  storeKey,
} from '../../shop/checkout.ts';
import { VALIDATION_MESSAGES } from '../../shop/customerForms.ts';
import { MAX_LINE_QUANTITY } from '../../shop/orderLimits.ts';
import { newSession, startTestApp, type TestApp } from './app-harness.ts';
import { cartOf, login, PASSWORD, registeredUser, uploadPrints } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds, openTestDatabase } from './databases.ts';

const T = ORDER_INFO_TYPES;

const pickupContact = { name: 'Ada Lovelace', mobile: '+44 7700 900123', email: 'ada@example.com' };
const postalAddress = {
  ...pickupContact,
  address: '12 Analytical Row',
  zipcode: 'SW1A 1AA',
  city: 'London',
};

describe.each(databaseKinds())('checkout on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let app: FastifyInstance;
  let types: DeliveryType[];
  let portalUuid: string;
  let pickup: DeliveryType;
  let postage: DeliveryType;
  /** The first standard store with an express twin, and the twin. */
  let store: DeliveryType['pickupLocations'][number];
  let express: DeliveryType['pickupLocations'][number];
  let standardPost: DeliveryType['deliveryOptions'][number];
  const payments = new Map<string, PaymentOption>();

  beforeAll(async () => {
    t = await startTestApp(kind);
    app = t.app;
    portalUuid = (await app.inject({ url: '/m/api/portal' })).json().portal.uuid;
    types = (await app.inject({ url: '/m/api/checkout/delivery-options' })).json();
    pickup = types.find((d) => d.type === 'store-pickup')!;
    postage = types.find((d) => d.type === 'postage')!;
    express = pickup.pickupLocations.find((l) => isExpress(l.uuid))!;
    store = pickup.pickupLocations.find(
      (l) => !isExpress(l.uuid) && storeKey(l.uuid) === storeKey(express.uuid),
    )!;
    standardPost = postage.deliveryOptions[0]!;
    const options = (
      await app.inject({ url: `/m/api/checkout/delivery-options/${store.uuid}/payment-options` })
    ).json() as PaymentOption[];
    for (const o of options) payments.set(o.type, o);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.db.database.db;
  const post = (url: string, cookie: string | null, payload: object) =>
    app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });
  const orderInfo = async (cookie: string | null, payload: object) =>
    (await post('/m/api/checkout/order-lines', cookie, payload)).json<OrderInfo>();
  const line = (info: OrderInfo, type: number) => info.orderLines.find((l) => l.type === type);
  const transaction = (cookie: string, payload: object) =>
    post('/ajax/get_transaction.php', cookie, { cartfallback: true, ordercomment: '', ...payload });

  describe('delivery and payment options', () => {
    it('lists store pickup first, then postage, each with its lowest price', () => {
      expect(types.map((d) => d.type)).toEqual(['store-pickup', 'postage']);
      expect(pickup.name).toBe('Store pickup');
      expect(pickup.price).toBe(Math.min(...pickup.pickupLocations.map((l) => l.price)));
      expect(postage.price).toBe(Math.min(...postage.deliveryOptions.map((o) => o.price)));
      expect(postage.deliveryOptions).toHaveLength(2);
      for (const o of postage.deliveryOptions) {
        expect(o).toEqual({
          uuid: expect.any(String),
          name: expect.any(String),
          price: expect.any(Number),
          deliverytime: expect.any(Number),
          // The day an order posted now arrives (issue 34).
          deliverydate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        });
      }
    });

    it('sends every store: 12 in 4 regions, one without a region, and express twins in hours', () => {
      const standard = pickup.pickupLocations.filter((l) => !isExpress(l.uuid));
      const twins = pickup.pickupLocations.filter((l) => isExpress(l.uuid));
      expect(standard.length).toBeGreaterThanOrEqual(13);
      expect(new Set(standard.map((l) => l.pickupregion).filter(Boolean)).size).toBe(4);
      expect(standard.filter((l) => l.pickupregion === '')).toHaveLength(1);
      expect(twins.length).toBeGreaterThanOrEqual(1);
      for (const twin of twins) {
        expect(twin.uuid.endsWith(EXPRESS_SUFFIX)).toBe(true);
        expect(twin.deliverytimeunit).toBe('h');
        expect(standard.some((s) => storeKey(s.uuid) === storeKey(twin.uuid))).toBe(true);
      }
      for (const s of standard) expect(s.deliverytimeunit).toBe('d');
      expect(store.description).toBe(express.description);
    });

    it('the regional portal offers two-hour pickup', async () => {
      const regional = (
        await app.inject({ url: '/m/api/checkout/delivery-options', headers: { host: 'no.localhost' } })
      ).json() as DeliveryType[];
      const twins = regional[0]!.pickupLocations.filter((l) => isExpress(l.uuid));
      expect(twins.length).toBeGreaterThan(0);
      expect(twins.every((l) => l.deliverytime === 2 && l.deliverytimeunit === 'h')).toBe(true);
      expect(regional[0]!.pickupLocations.some((l) => l.pickupregion === '')).toBe(true);
    });

    it('answers the payment options a delivery type allows: pay in store only for pickup', async () => {
      expect([...payments.keys()]).toEqual(['store', 'invoice', 'test-card']);
      expect(payments.get('store')!.title).toBe('Pay in store');
      expect(payments.get('invoice')!.title).toBe('Invoice');
      expect(payments.get('test-card')!.title).toBe('Card (test)');
      expect(payments.get('invoice')!.mobileDescription).toMatch(/<br ?\/?>/);
      const forPost = (
        await app.inject({ url: `/m/api/checkout/delivery-options/${standardPost.uuid}/payment-options` })
      ).json() as PaymentOption[];
      expect(forPost.map((o) => o.type)).toEqual(['invoice', 'test-card']);
    });

    it('answers 404 for an unknown, malformed or other portal’s delivery option', async () => {
      const unknown = await app.inject({
        url: '/m/api/checkout/delivery-options/00000000-0000-4000-8000-000000000000/payment-options',
      });
      expect(unknown.statusCode).toBe(404);
      expect(
        (await app.inject({ url: '/m/api/checkout/delivery-options/nope/payment-options' })).statusCode,
      ).toBe(404);
      const other = await app.inject({
        url: `/m/api/checkout/delivery-options/${store.uuid}/payment-options`,
        headers: { host: 'us.localhost' },
      });
      expect(other.statusCode).toBe(404);
    });
  });

  describe('rebate codes', () => {
    it('says active codes exist, applies a code in any case and keeps it on the cart', async () => {
      const have = await app.inject({ url: '/m/api/checkout/rebate-codes/have-active-rebate-codes' });
      expect(have.json()).toEqual({ haveActiveRebateCodes: true });
      const cookie = await uploadPrints(app, 1);
      const res = await post('/m/api/checkout/rebate-codes/use-rebate-code', cookie, { code: ' summer10 ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 'SUMMER10', text: expect.stringContaining('10 %') });
    });

    it('refuses unknown, inactive and used-up codes with an error', async () => {
      const cookie = await uploadPrints(app, 1);
      await db().insert(rebateCodes).values({
        portalUuid,
        code: 'ONCEONLY',
        text: 'Once',
        percentOff: 50,
        maxUses: 1,
        uses: 1,
      });
      for (const code of ['NOPE', 'SPRING20', 'onceonly']) {
        const res = await post('/m/api/checkout/rebate-codes/use-rebate-code', cookie, { code });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: expect.any(String) });
      }
      const empty = await post('/m/api/checkout/rebate-codes/use-rebate-code', cookie, { code: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'invalid_request' });
    });
  });

  describe('order lines', () => {
    it('products, the minimum-price adjustment, delivery, rebate and total, all from the server', async () => {
      const cookie = await uploadPrints(app, 1);
      const cart = await cartOf(app, cookie);
      const products = cart.summary.totalPrice;
      expect(products).toBeGreaterThan(0);
      expect(products).toBeLessThan(500);

      const bare = await orderInfo(cookie, { paymentOption: '', deliveryOption: '' });
      expect(bare.orderLines.filter((l) => l.type === 0)).toHaveLength(1);
      expect(line(bare, T.products)!.linePrice).toBe(products);
      expect(line(bare, T.minimum)!.linePrice).toBe(500 - products);
      expect(line(bare, T.delivery)).toBeUndefined();
      expect(line(bare, T.total)!.linePrice).toBe(500);

      const posted = await orderInfo(cookie, { paymentOption: '', deliveryOption: standardPost.uuid });
      expect(line(posted, T.delivery)!.linePrice).toBe(standardPost.price);
      expect(line(posted, T.total)!.linePrice).toBe(500 + standardPost.price);

      // A bigger cart: 100 prints of the line's format; then SUMMER10 takes 10 % of the products.
      const first = cart.orderLines[0]!;
      const put = await app.inject({
        method: 'PUT',
        url: `/m/api/webshop/cart/${first.uuid}`,
        headers: { cookie },
        payload: { ...first, quantity: 100, actualLinePrice: 1 },
      });
      expect(put.statusCode).toBe(200);
      const big = (await cartOf(app, cookie)).summary.totalPrice;
      expect(big).toBeGreaterThan(500);
      await post('/m/api/checkout/rebate-codes/use-rebate-code', cookie, { code: 'SUMMER10' });
      const rebated = await orderInfo(cookie, {
        paymentOption: payments.get('test-card')!.uuid,
        deliveryOption: express.uuid,
      });
      const rebate = Math.round(big / 10);
      expect(line(rebated, T.products)!.linePrice).toBe(big);
      expect(line(rebated, T.rebate)!.linePrice).toBe(-rebate);
      expect(line(rebated, T.rebate)!.description).toContain('SUMMER10');
      expect(line(rebated, T.minimum)).toBeUndefined();
      expect(line(rebated, T.delivery)!.linePrice).toBe(express.price);
      expect(line(rebated, T.total)!.linePrice).toBe(big - rebate + express.price);
      expect(rebated.orderLines.at(-1)!.type).toBe(T.total);
    });

    it('a rebate never takes the goods below the minimum price', async () => {
      const cookie = await uploadPrints(app, 1);
      const products = (await cartOf(app, cookie)).summary.totalPrice;
      await post('/m/api/checkout/rebate-codes/use-rebate-code', cookie, { code: 'SUMMER10' });
      const info = await orderInfo(cookie, {});
      const rebate = Math.round(products / 10);
      expect(line(info, T.rebate)!.linePrice).toBe(-rebate);
      expect(line(info, T.minimum)!.linePrice).toBe(500 - (products - rebate));
      expect(line(info, T.total)!.linePrice).toBe(500);
    });

    it('an empty cart or no session: zero, no adjustment; unknown options are 400', async () => {
      const none = await orderInfo(null, {});
      expect(none.orderLines).toEqual([
        { type: T.products, description: 'Products', linePrice: 0 },
        { type: T.total, description: 'Total', linePrice: 0 },
      ]);
      const cookie = await uploadPrints(app, 1);
      const bad = await post('/m/api/checkout/order-lines', cookie, { deliveryOption: 'not-a-uuid' });
      expect(bad.statusCode).toBe(400);
      const badPay = await post('/m/api/checkout/order-lines', cookie, {
        paymentOption: '00000000-0000-4000-8000-000000000000',
      });
      expect(badPay.statusCode).toBe(400);
      const wrongType = await post('/m/api/checkout/order-lines', cookie, { deliveryOption: 5 });
      expect(wrongType.statusCode).toBe(400);
    });

    it('delivery is free once the products reach the free-shipping threshold', async () => {
      const cookie = await uploadPrints(app, 1);
      const first = (await cartOf(app, cookie)).orderLines[0]!;
      await app.inject({
        method: 'PUT',
        url: `/m/api/webshop/cart/${first.uuid}`,
        headers: { cookie },
        payload: { ...first, quantity: MAX_LINE_QUANTITY },
      });
      const info = await orderInfo(cookie, { deliveryOption: standardPost.uuid });
      expect(line(info, T.products)!.linePrice).toBeGreaterThanOrEqual(4000);
      expect(line(info, T.delivery)!.linePrice).toBe(0);
      const listed = (
        await app.inject({ url: '/m/api/checkout/delivery-options', headers: { cookie } })
      ).json() as DeliveryType[];
      expect(listed.every((d) => d.price === 0)).toBe(true);
    });
  });

  describe('transactions', () => {
    it('validates the pickup contact with the S0 §5 rules: name with @, mobile with @, bad email', async () => {
      const cookie = await uploadPrints(app, 1);
      const res = await transaction(cookie, {
        name: 'ada@example.com',
        mobile: '07700@900',
        email: 'nope',
        paymentoption: payments.get('store')!.uuid,
        deliveryoption: store.uuid,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: expect.any(String),
        code: 'invalid_fields',
        fields: {
          name: VALIDATION_MESSAGES.nameParts,
          mobile: VALIDATION_MESSAGES.mobileNoAt,
          email: VALIDATION_MESSAGES.emailInvalid,
        },
        fieldKeys: { name: 'nameParts', mobile: 'mobileNoAt', email: 'emailInvalid' },
      });
      const oneWord = await transaction(cookie, {
        ...pickupContact,
        name: 'Ada',
        paymentoption: payments.get('store')!.uuid,
        deliveryoption: store.uuid,
      });
      expect(oneWord.json().fields).toEqual({ name: VALIDATION_MESSAGES.nameParts });
      expect(await db().select().from(transactions)).toHaveLength(0);
    });

    it('validates the postage address: every field required', async () => {
      const cookie = await uploadPrints(app, 1);
      const res = await transaction(cookie, {
        paymentoption: payments.get('invoice')!.uuid,
        deliveryoption: standardPost.uuid,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        name: VALIDATION_MESSAGES.nameRequired,
        address: VALIDATION_MESSAGES.addressRequired,
        postalCode: VALIDATION_MESSAGES.postalCodeRequired,
        city: VALIDATION_MESSAGES.cityRequired,
        mobile: VALIDATION_MESSAGES.mobilePhoneRequired,
        email: VALIDATION_MESSAGES.emailRequired,
      });
    });

    it('refuses pay in store with postage, unknown options, and an empty cart', async () => {
      const cookie = await uploadPrints(app, 1);
      const notAllowed = await transaction(cookie, {
        ...postalAddress,
        paymentoption: payments.get('store')!.uuid,
        deliveryoption: standardPost.uuid,
      });
      expect(notAllowed.statusCode).toBe(400);
      expect(notAllowed.json().code).toBe('payment_not_allowed');
      const unknown = await transaction(cookie, {
        ...postalAddress,
        paymentoption: 'x',
        deliveryoption: standardPost.uuid,
      });
      expect(unknown.statusCode).toBe(400);
      const missing = await transaction(cookie, { ...postalAddress });
      expect(missing.statusCode).toBe(400);

      const empty = await transaction(await newSession(t), {
        ...pickupContact,
        paymentoption: payments.get('store')!.uuid,
        deliveryoption: store.uuid,
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().code).toBe('empty_cart');
    });

    it('pay in store: the order is made at once, the cart emptied, the receipt shows the pickup box', async () => {
      const cookie = await uploadPrints(app, 2);
      const total = (await cartOf(app, cookie)).summary.totalPrice;
      const res = await transaction(cookie, {
        ...pickupContact,
        // A client's amounts are not read.
        amount: 1,
        total: 1,
        paymentoption: payments.get('store')!.uuid,
        deliveryoption: express.uuid,
      });
      expect(res.statusCode).toBe(200);
      const { transactionid } = res.json();
      expect(transactionid).toMatch(/^[0-9a-f-]{36}$/);
      const [row] = await db().select().from(transactions).where(eq(transactions.uuid, transactionid));
      expect(row!.amount).toBe(Math.max(total, 500) + express.price);

      const state = (
        await app.inject({ url: `/m/api/checkout/transactions/${transactionid}`, headers: { cookie } })
      ).json();
      expect(state).toEqual({ status: 'paid', orderUuid: expect.any(String) });
      expect((await cartOf(app, cookie)).orderLines).toHaveLength(0);

      const receipt = await app.inject({
        url: `/m/api/order/${state.orderUuid}/receipt`,
        headers: { cookie },
      });
      expect(receipt.statusCode).toBe(200);
      const body = receipt.json() as Receipt;
      expect(body.orderUuid).toBe(state.orderUuid);
      expect(body.payment).toEqual({ infoText: expect.stringContaining('collect'), title: 'Pay in store' });
      expect(body.delivery).toEqual({
        type: 0,
        pickupLocation: {
          name: express.description,
          address: [express.pickupaddress1, express.pickupaddress2].filter(Boolean).join(', '),
          postalCode: express.pickuppostalcode,
          city: express.pickupcity,
          deliveryTimeString: express.deliverytime === 1 ? '1 hour' : `${express.deliverytime} hours`,
        },
      });
      expect(line(body.orderInfo!, T.total)!.linePrice).toBe(row!.amount);

      // The order snapshots its lines, prices, customer and choices.
      const [order] = await db().select().from(orders).where(eq(orders.uuid, state.orderUuid));
      const snap = order!.snapshot as Record<string, unknown> & { lines: unknown[]; customer: object };
      expect(snap.lines).toHaveLength(2);
      expect(snap.customer).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', address: '' });
      expect(snap).toMatchObject({
        delivery: { uuid: express.uuid, express: true },
        payment: { provider: 'store' },
      });
      expect(order!.total).toBe(row!.amount);

      // Another session cannot read the receipt or the transaction.
      const stranger = await uploadPrints(app, 1);
      for (const url of [
        `/m/api/order/${state.orderUuid}/receipt`,
        `/m/api/checkout/transactions/${transactionid}`,
      ]) {
        expect((await app.inject({ url, headers: { cookie: stranger } })).statusCode).toBe(404);
        expect((await app.inject({ url })).statusCode).toBe(404);
      }
      const fulfil = await app.inject({
        method: 'POST',
        url: `/m/api/checkout/transactions/${transactionid}/fulfil`,
        headers: { cookie: stranger },
      });
      expect(fulfil.statusCode).toBe(404);
      expect(
        (await app.inject({ url: '/m/api/order/not-a-uuid/receipt', headers: { cookie } })).statusCode,
      ).toBe(400);
    });

    it('invoice with postage: the receipt shows the address box with business days', async () => {
      const cookie = await uploadPrints(app, 1);
      const res = await transaction(cookie, {
        ...postalAddress,
        paymentoption: payments.get('invoice')!.uuid,
        deliveryoption: standardPost.uuid,
      });
      const { orderUuid } = (
        await app.inject({
          url: `/m/api/checkout/transactions/${res.json().transactionid}`,
          headers: { cookie },
        })
      ).json();
      const receipt = (
        await app.inject({ url: `/m/api/order/${orderUuid}/receipt`, headers: { cookie } })
      ).json();
      expect(receipt.delivery).toEqual({
        type: 1,
        address: {
          name: 'Ada Lovelace',
          address: '12 Analytical Row',
          postalCode: 'SW1A 1AA',
          city: 'London',
          deliveryTimeString: `${standardPost.deliverytime} business days`,
        },
      });
      expect(receipt.payment.infoText).toMatch(/invoice/i);
    });

    it('a double-tapped confirm gets the same transaction and makes one order', async () => {
      const cookie = await uploadPrints(app, 2);
      const body = {
        ...pickupContact,
        paymentoption: payments.get('invoice')!.uuid,
        deliveryoption: store.uuid,
      };
      const answers = await Promise.all(Array.from({ length: 20 }, () => transaction(cookie, body)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      const ids = new Set(answers.map((a) => a.json().transactionid));
      expect(ids.size).toBe(1);
      const [id] = [...ids];
      expect(await db().select().from(orders).where(eq(orders.transactionUuid, id!))).toHaveLength(1);
      // Repeated later with the cart now empty: the same transaction, still one order.
      expect((await transaction(cookie, body)).json()).toEqual({ transactionid: id });
      const [made] = await db().select().from(transactions).where(eq(transactions.uuid, id!));
      expect(
        await db().select().from(transactions).where(eq(transactions.cartUuid, made!.cartUuid!)),
      ).toHaveLength(1);
    });

    it('a user’s receipt is theirs on any session; a guest’s receipt follows its session through login', async () => {
      const body = {
        ...pickupContact,
        paymentoption: payments.get('invoice')!.uuid,
        deliveryoption: store.uuid,
      };
      const receiptUrl = async (cookie: string) => {
        const id = (await transaction(cookie, body)).json().transactionid;
        const state = (
          await app.inject({ url: `/m/api/checkout/transactions/${id}`, headers: { cookie } })
        ).json();
        return `/m/api/order/${state.orderUuid}/receipt`;
      };
      const { email, cookie: userSession } = await registeredUser(app, '10.20.0.1');
      await uploadPrints(app, 1, userSession);
      const userReceipt = await receiptUrl(userSession);
      await app.inject({ method: 'POST', url: '/m/api/user/logout', headers: { cookie: userSession } });
      expect((await app.inject({ url: userReceipt, headers: { cookie: userSession } })).statusCode).toBe(404);

      const guest = await uploadPrints(app, 1);
      const guestReceipt = await receiptUrl(guest);
      const back = await login(app, email, PASSWORD, { cookie: guest, ip: '10.20.0.2' });
      for (const url of [userReceipt, guestReceipt]) {
        expect((await app.inject({ url, headers: { cookie: back.cookie! } })).statusCode).toBe(200);
      }
    });

    it('a rebate code used up since it was applied is taken off and the confirm refused', async () => {
      await db()
        .insert(rebateCodes)
        .values({ portalUuid, code: 'LASTONE', text: 'Last one', amountOff: 100, maxUses: 1 });
      const cookie = await uploadPrints(app, 1);
      expect(
        (await post('/m/api/checkout/rebate-codes/use-rebate-code', cookie, { code: 'LASTONE' })).statusCode,
      ).toBe(200);
      await db()
        .update(rebateCodes)
        .set({ uses: 1 })
        .where(and(eq(rebateCodes.portalUuid, portalUuid), eq(rebateCodes.code, 'LASTONE')));
      const body = {
        ...pickupContact,
        paymentoption: payments.get('invoice')!.uuid,
        deliveryoption: store.uuid,
      };
      const refused = await transaction(cookie, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('rebate_unavailable');
      expect(line(await orderInfo(cookie, {}), T.rebate)).toBeUndefined();
      expect((await transaction(cookie, body)).statusCode).toBe(200);
    });
  });

  it('a database seeded before checkout existed gets its checkout data at the next start', async () => {
    const other = await openTestDatabase(kind);
    try {
      const odb = other.database.db;
      await odb.delete(paymentOptions);
      await odb.delete(pickupLocations);
      expect(await seedIfEmpty(odb)).toBe(false);
      const seededOptions = seedPortals.reduce((n, p) => n + p.checkout.payment.length, 0);
      expect(await odb.select().from(paymentOptions)).toHaveLength(seededOptions);
      expect((await odb.select().from(pickupLocations)).length).toBeGreaterThanOrEqual(
        seedPortals.length * 14,
      );
      // Seeding again changes nothing.
      await seedIfEmpty(odb);
      expect(await odb.select().from(paymentOptions)).toHaveLength(seededOptions);
    } finally {
      await other.drop();
    }
  });
});
