/**
 * What the lab and the shopper see of a payment (issue 29), with the test card and the real jobs: the
 * shopper's receipt and My orders follow it (reserved, taken when the order leaves, each refund with
 * its date, released); each refund mails the shopper once, in the portal's language, through a real
 * SMTP server; the desk lists payment problems (a mismatch has no order to show it on) and marks the
 * orders whose payment needs the lab.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEV_PAYMENT_TEST_SECRET } from '../../server/config.ts';
import { emailOutbox, orders, transactions } from '../../server/db/schema.ts';
import { seedPortals } from '../../server/db/seed-data.ts';
import type { Mailer } from '../../server/mail/mailer.ts';
import { sendOutboxMail, UnknownMailKind } from '../../server/production/email.ts';
import { createProviders } from '../../server/services/payments/index.ts';
import { captureGaveUp, type PaymentDeps } from '../../server/services/payments/operations.ts';
import { signBody } from '../../server/services/payments/signature.ts';
import type { DeliveryType, MyOrder, PaymentOption, Receipt } from '../../shop/checkout.ts';
import { SetClock } from '../../shop/clock.ts';
import type { LabOrderDetail, LabOrderPage, LabPaymentProblems } from '../../shop/lab.ts';
import { cookieOf, startTestApp, type TestApp } from './app-harness.ts';
import { PRINT_UPLOAD, registeredUser } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { multipartBody } from './multipart.ts';
import { waitFor } from './production-helpers.ts';
import { startSmtp } from './smtp.ts';

const LAB = 'payment views lab password';
const lab = { authorization: `Bearer ${LAB}` };
const DAY = 24 * 3600 * 1000;
/** The default portal's name: the mail's sender and its subject's end. */
const SHOP = seedPortals.find((p) => p.isDefault)!.name;
/** Orders that leave the lab wait for their print files and the capture job. */
const LEAVES_TIMEOUT = 120_000;

describe.each(databaseKinds())(
  'payments as the lab and the shopper see them, on %s',
  (kind: DatabaseKind) => {
    let t: TestApp;
    let app: FastifyInstance;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    const clock = new SetClock(Date.now());
    let deps: PaymentDeps;

    beforeAll(async () => {
      smtp = await startSmtp();
      t = await startTestApp(kind, {
        labPassword: LAB,
        clock,
        smtpUrl: smtp.url,
        jobs: { work: true, timing: { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 } },
      });
      app = t.app;
      const { providers } = createProviders({ testCardSecret: DEV_PAYMENT_TEST_SECRET });
      deps = { db: t.db.database.db, providers, jobs: app.jobs, now: () => clock.now(), log: app.log };
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    const db = () => t.db.database.db;
    let shade = 0;
    let shoppers = 0;

    /** One print line in the session `cookie` (a new one on `host` without it); answers the cookie. */
    async function printInCart(host: string, cookie?: string): Promise<string> {
      shade = (shade + 7) % 250;
      const bytes = await sharp({
        create: { width: 60, height: 40, channels: 3, background: { r: shade, g: 80, b: 120 } },
      })
        .jpeg()
        .toBuffer();
      const body = multipartBody([{ field: 'images[]', name: 'photo.jpg', bytes }]);
      const res = await app.inject({
        method: 'POST',
        url: PRINT_UPLOAD,
        headers: { host, 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return cookie ?? cookieOf(res.headers['set-cookie']);
    }

    /** A transaction for a print, store pickup, with `type`; the test card's is paid unless `pay` is false. */
    async function checkout(
      options: { host?: string; cookie?: string; type?: 'test-card' | 'invoice'; pay?: boolean } = {},
    ) {
      const host = options.host ?? 'localhost';
      const cookie = await printInCart(host, options.cookie);
      const types = (
        await app.inject({ url: '/m/api/checkout/delivery-options', headers: { host } })
      ).json() as DeliveryType[];
      const store = types.find((d) => d.type === 'store-pickup')!.pickupLocations[0]!.uuid;
      const paymentOptions = (
        await app.inject({
          url: `/m/api/checkout/delivery-options/${store}/payment-options`,
          headers: { host },
        })
      ).json() as PaymentOption[];
      const email = `views.${++shoppers}.${Date.now().toString(36)}@example.com`;
      const res = await app.inject({
        method: 'POST',
        url: '/ajax/get_transaction.php',
        headers: { host, cookie },
        payload: {
          name: 'Ada Lovelace',
          mobile: '+44 7700 900123',
          email,
          paymentoption: paymentOptions.find((o) => o.type === (options.type ?? 'test-card'))!.uuid,
          deliveryoption: store,
          cartfallback: true,
          ordercomment: '',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const transactionUuid = res.json().transactionid as string;
      if ((options.type ?? 'test-card') === 'test-card' && options.pay !== false) {
        const paid = await app.inject({
          method: 'POST',
          url: `/payments/test-card/${transactionUuid}`,
          headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'result=paid',
        });
        expect(paid.statusCode).toBe(303);
      }
      const row = async () =>
        (await db().select().from(transactions).where(eq(transactions.uuid, transactionUuid)))[0]!;
      return { cookie, host, email, transactionUuid, row, orderUuid: (await row()).orderUuid };
    }

    /** The order leaves the lab once its print files are made: printed, ready for pickup, captured. */
    async function leaves(order: { orderUuid: string | null; row: () => Promise<{ status: string }> }) {
      const orderUuid = order.orderUuid!;
      await waitFor('the print files', async () => {
        const [o] = await db().select().from(orders).where(eq(orders.uuid, orderUuid));
        return o!.productionStatus === 'ready';
      });
      for (const status of ['printed', 'ready-for-pickup']) {
        const res = await app.inject({
          method: 'POST',
          url: `/lab/api/orders/${orderUuid}/status`,
          headers: lab,
          payload: { status },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      await waitFor('the capture job', async () => (await order.row()).status === 'captured');
    }

    const refund = (orderUuid: string, body: object, key: string) =>
      app.inject({
        method: 'POST',
        url: `/lab/api/orders/${orderUuid}/refund`,
        headers: { ...lab, 'idempotency-key': key },
        payload: body,
      });
    const receipt = async (order: { orderUuid: string | null; cookie: string; host: string }) => {
      const res = await app.inject({
        url: `/m/api/order/${order.orderUuid}/receipt`,
        headers: { cookie: order.cookie, host: order.host },
      });
      expect(res.statusCode).toBe(200);
      return res.json<Receipt>();
    };
    const myOrder = async (cookie: string, orderUuid: string) =>
      (await app.inject({ url: '/m/api/orders', headers: { cookie } }))
        .json<{ orders: MyOrder[] }>()
        .orders.find((o) => o.orderUuid === orderUuid)!;
    const mailsTo = (email: string) =>
      smtp.received.filter((m) => JSON.stringify(m.to ?? '').includes(email));

    it(
      'the receipt and My orders follow the payment: reserved, taken, refunded in part with its date, then in full',
      async () => {
        const { cookie } = await registeredUser(app, '10.40.0.1');
        const order = await checkout({ cookie });
        const { amount } = await order.row();
        const reserved = { state: 'authorised', amount, captured: 0, refunded: 0, refunds: [] };
        expect((await receipt(order)).paymentStatus).toEqual(reserved);
        expect((await myOrder(cookie, order.orderUuid!)).paymentStatus).toEqual(reserved);

        await leaves(order);
        expect((await receipt(order)).paymentStatus).toMatchObject({ state: 'captured', captured: amount });

        const before = clock.now().getTime();
        expect((await refund(order.orderUuid!, { amount: 100 }, 'views-part-one')).statusCode).toBe(200);
        const part = (await receipt(order)).paymentStatus!;
        expect(part).toMatchObject({ state: 'partly_refunded', captured: amount, refunded: 100 });
        expect(part.refunds).toEqual([{ amount: 100, at: expect.any(String) }]);
        expect(Date.parse(part.refunds[0]!.at)).toBeGreaterThanOrEqual(before);
        expect((await myOrder(cookie, order.orderUuid!)).paymentStatus).toEqual(part);

        clock.advance(60_000);
        expect((await refund(order.orderUuid!, {}, 'views-the-rest')).statusCode).toBe(200);
        const full = (await receipt(order)).paymentStatus!;
        expect(full).toMatchObject({ state: 'refunded', refunded: amount });
        expect(full.refunds.map((r) => r.amount)).toEqual([100, amount - 100]);
      },
      LEAVES_TIMEOUT,
    );

    it('a release before capture shows as released, and an invoice shows no payment state', async () => {
      const { cookie } = await registeredUser(app, '10.40.0.2');
      const card = await checkout({ cookie });
      expect((await refund(card.orderUuid!, {}, 'views-release')).statusCode).toBe(200);
      expect((await receipt(card)).paymentStatus).toMatchObject({ state: 'cancelled', refunds: [] });

      const invoice = await checkout({ cookie, type: 'invoice' });
      expect(invoice.orderUuid).toBeTruthy();
      expect((await receipt(invoice)).paymentStatus).toBeNull();
      expect((await myOrder(cookie, invoice.orderUuid!)).paymentStatus).toBeNull();
      expect((await myOrder(cookie, card.orderUuid!)).paymentStatus).toMatchObject({ state: 'cancelled' });
    });

    it(
      'mails the shopper once per refund, by the outbox row’s kind, with the amount and what stays paid',
      async () => {
        const order = await checkout();
        const { amount } = await order.row();
        const reference = order.orderUuid!.slice(0, 8);
        await leaves(order);
        const res = await refund(order.orderUuid!, { amount: 250 }, 'views-mail-part');
        expect(res.statusCode).toBe(200);
        // The same press again is the same refund: no second row, no second mail.
        expect((await refund(order.orderUuid!, { amount: 250 }, 'views-mail-part')).statusCode).toBe(200);

        const rows = await waitFor('the mails to be sent', async () => {
          const r = await db().select().from(emailOutbox).where(eq(emailOutbox.orderUuid, order.orderUuid!));
          return r.length === 3 && r.every((x) => x.sentAt) ? r : null;
        });
        // Ready for collection has its own mail (issue 34); the refund's is one more, not two.
        expect(rows.map((r) => r.kind.replace(/:.*/, '')).sort()).toEqual([
          'order-confirmation',
          'order-status',
          'payment-refund',
        ]);
        await new Promise((r) => setTimeout(r, 1500));
        const mails = mailsTo(order.email);
        expect(mails.map((m) => m.subject).sort()).toEqual([
          `Order confirmation ${reference} – ${SHOP}`,
          `Refund for order ${reference} – ${SHOP}`,
          `Your order ${reference} is ready for collection – ${SHOP}`,
        ]);
        const mail = mails.find((m) => m.subject!.startsWith('Refund'))!;
        expect(mail.text).toContain(`We refunded £2.50 of your payment for order ${reference}`);
        expect(mail.text).toContain(`£${((amount - 250) / 100).toFixed(2)} of your payment stays paid.`);
        expect(mail.html).toContain(reference);
        // Like every mail of the order, it opens the receipt on any device (issue 34).
        expect(mail.text).toContain(`/receipt/${order.orderUuid}?key=`);
      },
      LEAVES_TIMEOUT,
    );

    it('mails a release on the Norwegian portal in Norwegian', async () => {
      const order = await checkout({ host: 'no.localhost' });
      const reference = order.orderUuid!.slice(0, 8);
      expect((await refund(order.orderUuid!, {}, 'views-release-nb')).statusCode).toBe(200);
      const mail = await waitFor('the release mail', async () =>
        mailsTo(order.email).find((m) => m.subject?.startsWith('Betalingen er frigitt')),
      );
      expect(mail.subject).toMatch(new RegExp(`^Betalingen er frigitt for bestilling ${reference} – `));
      expect(mail.text).toContain('Vi frigjorde de kr ');
      expect(mail.text).toContain('Ingenting ble trukket fra kontoen din.');
    });

    it('a mail of a kind nobody composes is not sent, and says why', async () => {
      const order = await checkout({ type: 'invoice' });
      const [row] = await db()
        .insert(emailOutbox)
        .values({ orderUuid: order.orderUuid!, kind: 'payment-refund:not-a-uuid', toAddress: order.email })
        .returning();
      const send = vi.fn<Mailer['send']>();
      const mailer: Mailer = { send, close: () => undefined };
      await expect(sendOutboxMail({ db: db(), mailer, clock }, row!.uuid)).rejects.toBeInstanceOf(
        UnknownMailKind,
      );
      expect(send).not.toHaveBeenCalled();
      const [after] = await db().select().from(emailOutbox).where(eq(emailOutbox.uuid, row!.uuid));
      expect(after).toMatchObject({ sentAt: null, lastError: expect.stringContaining('not-a-uuid') });
    });

    it('lists payment problems for the desk: a mismatch with no order, a failed capture with its order', async () => {
      // A signed callback for another amount: no order, the mismatch kept for the lab.
      const mismatch = await checkout({ pay: false });
      const { amount } = await mismatch.row();
      const raw = JSON.stringify({
        transactionId: mismatch.transactionUuid,
        result: 'paid',
        amount: amount - 1,
      });
      const callback = await app.inject({
        method: 'POST',
        url: '/m/api/payments/test-card/callback',
        headers: {
          'content-type': 'application/json',
          'x-signature': signBody(DEV_PAYMENT_TEST_SECRET, raw),
        },
        payload: raw,
      });
      expect(callback.statusCode).toBe(200);
      expect((await mismatch.row()).orderUuid).toBeNull();

      clock.advance(1000);
      const failed = await checkout();
      await captureGaveUp(deps, failed.transactionUuid);

      const res = await app.inject({ url: '/lab/api/payments/problems', headers: lab });
      expect(res.statusCode).toBe(200);
      const { problems } = res.json<LabPaymentProblems>();
      const byTransaction = new Map(problems.map((p) => [p.transactionUuid, p]));
      expect(byTransaction.get(mismatch.transactionUuid)).toMatchObject({
        orderUuid: null,
        reference: mismatch.transactionUuid.slice(0, 8),
        portal: { name: SHOP, currencyFormat: '£#,##0.00' },
        provider: 'test-card',
        state: 'failed',
        amount,
        currency: 'GBP',
        problem: expect.stringMatching(/^amount_mismatch: /),
        shopper: { name: 'Ada Lovelace', email: mismatch.email },
      });
      expect(byTransaction.get(failed.transactionUuid)).toMatchObject({
        orderUuid: failed.orderUuid,
        reference: failed.orderUuid!.slice(0, 8),
        state: 'authorised',
        problem: expect.stringMatching(/^capture_failed: /),
      });
      // Newest first, and no more than asked for.
      expect(problems.findIndex((p) => p.transactionUuid === failed.transactionUuid)).toBeLessThan(
        problems.findIndex((p) => p.transactionUuid === mismatch.transactionUuid),
      );
      const one = await app.inject({ url: '/lab/api/payments/problems?limit=1', headers: lab });
      expect(one.json<LabPaymentProblems>().problems.map((p) => p.transactionUuid)).toEqual([
        failed.transactionUuid,
      ]);
      const bad = await app.inject({ url: '/lab/api/payments/problems?limit=0', headers: lab });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'invalid_request' });
      expect((await app.inject({ url: '/lab/api/payments/problems' })).statusCode).toBe(401);
      expect(
        (await app.inject({ url: '/lab/api/payments/problems', headers: { authorization: 'Bearer wrong' } }))
          .statusCode,
      ).toBe(403);
    });

    it('marks in the order list the orders whose payment has a problem or lapses within a day', async () => {
      const failed = await checkout();
      await captureGaveUp(deps, failed.transactionUuid);
      const fresh = await checkout();
      const invoice = await checkout({ type: 'invoice' });
      const summaries = async () => {
        const page = (
          await app.inject({ url: '/lab/api/orders?limit=200', headers: lab })
        ).json<LabOrderPage>();
        return new Map(page.orders.map((o) => [o.uuid, o.paymentSummary]));
      };
      const now = await summaries();
      expect(now.get(failed.orderUuid!)).toEqual({ state: 'authorised', flag: 'problem' });
      expect(now.get(fresh.orderUuid!)).toEqual({ state: 'authorised', flag: null });
      expect(now.get(invoice.orderUuid!)).toEqual({ state: 'authorised', flag: null });

      // The test card holds an authorisation 7 days, as a card does: within a day of that it is flagged.
      clock.advance(6.5 * DAY);
      try {
        const later = await summaries();
        expect(later.get(fresh.orderUuid!)).toEqual({ state: 'authorised', flag: 'lapsing' });
        expect(later.get(invoice.orderUuid!)).toEqual({ state: 'authorised', flag: null });
        const detail = (
          await app.inject({ url: `/lab/api/orders/${fresh.orderUuid}`, headers: lab })
        ).json<LabOrderDetail>();
        expect(detail.paymentSummary).toEqual({ state: 'authorised', flag: 'lapsing' });
      } finally {
        clock.advance(-6.5 * DAY);
      }
    });
  },
);
