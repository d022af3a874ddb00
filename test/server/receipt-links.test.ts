/**
 * Receipt links (issue 34): the confirmation mail links to the receipt with a signed, expiring key
 * that opens it without the session that ordered (without its pictures); a tampered, foreign, stretched
 * or expired key is the same 404 as no key or no order, so a key tells nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../server/db/schema.ts';
import { RECEIPT_LINK_DAYS } from '../../server/services/identity/receiptLinks.ts';
import type { PaymentOption } from '../../shop/checkout.ts';
import { SetClock } from '../../shop/clock.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { uploadPrints } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { waitFor } from './production-helpers.ts';
import { startSmtp } from './smtp.ts';

const DAY_MS = 24 * 3600 * 1000;

describe.each(databaseKinds())('receipt links on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const clock = new SetClock(Date.now());

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(kind, {
      smtpUrl: smtp.url,
      clock,
      jobs: { work: true, timing: { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** A guest's invoice order; answers its uuid and the receipt link of its confirmation mail. */
  async function guestOrder(): Promise<{ orderUuid: string; link: URL }> {
    const { app } = t;
    const cookie = await uploadPrints(app, 1);
    const types = (await app.inject({ url: '/m/api/checkout/delivery-options' })).json();
    const store = types.find((d: { type: string }) => d.type === 'store-pickup').pickupLocations[0];
    const options = (
      await app.inject({ url: `/m/api/checkout/delivery-options/${store.uuid}/payment-options` })
    ).json() as PaymentOption[];
    const email = `link.${Math.random().toString(36).slice(2)}@example.com`;
    const answer = await app.inject({
      method: 'POST',
      url: '/ajax/get_transaction.php',
      headers: { cookie },
      payload: {
        cartfallback: true,
        ordercomment: '',
        name: 'Ada Lovelace',
        mobile: '+44 7700 900123',
        email,
        paymentoption: options.find((o) => o.type === 'invoice')!.uuid,
        deliveryoption: store.uuid,
      },
    });
    expect(answer.statusCode).toBe(200);
    const id = answer.json().transactionid as string;
    const state = (
      await app.inject({ url: `/m/api/checkout/transactions/${id}`, headers: { cookie } })
    ).json();
    const orderUuid = state.orderUuid as string;
    await waitFor('the mail to be sent', async () => {
      const r = await t.db.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderUuid, orderUuid));
      return r.length && r.every((x) => x.sentAt) ? r : null;
    });
    const mail = await waitFor('the mail to arrive', async () =>
      smtp.received.find((m) => JSON.stringify(m.to).includes(email)),
    );
    const found = mail.text?.match(/https?:\/\/\S*\/receipt\/\S+/)?.[0];
    expect(found, 'the mail links to the receipt').toBeTruthy();
    return { orderUuid, link: new URL(found!) };
  }

  const receipt = (orderUuid: string, key?: string) =>
    t.app.inject({
      url: `/m/api/order/${orderUuid}/receipt${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`,
    });

  it('opens the receipt without the session, and refuses tampered, foreign and missing keys', async () => {
    const first = await guestOrder();
    const second = await guestOrder();
    const key = first.link.searchParams.get('key')!;
    expect(first.link.pathname).toBe(`/m/cart/checkout/receipt/${first.orderUuid}`);

    const opened = await receipt(first.orderUuid, key);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().orderUuid).toBe(first.orderUuid);
    expect(opened.json().openedByLink).toBe(true);

    // No session and no key: the owner check's 404, as before.
    expect((await receipt(first.orderUuid)).statusCode).toBe(404);
    // One character of the signature changed.
    const last = key.at(-1) === 'A' ? 'B' : 'A';
    const tampered = await receipt(first.orderUuid, `${key.slice(0, -1)}${last}`);
    expect(tampered.statusCode).toBe(404);
    // A later expiry with the old signature.
    const [expires, signature] = key.split('.') as [string, string];
    const extended = `${Number(expires) + DAY_MS / 1000}.${signature}`;
    expect((await receipt(first.orderUuid, extended)).statusCode).toBe(404);
    // The other order's key does not open this one.
    const foreign = await receipt(first.orderUuid, second.link.searchParams.get('key')!);
    expect(foreign.statusCode).toBe(404);
    // Garbage is a 404 (or a 400 for the too long), never a 500.
    expect((await receipt(first.orderUuid, 'not-a-key')).statusCode).toBe(404);
    expect((await receipt(first.orderUuid, 'x'.repeat(500))).statusCode).toBe(400);
  });

  it('refuses the link once it has expired', async () => {
    const { orderUuid, link } = await guestOrder();
    const key = link.searchParams.get('key')!;
    clock.advance((RECEIPT_LINK_DAYS - 1) * DAY_MS);
    expect((await receipt(orderUuid, key)).statusCode).toBe(200);
    clock.advance(2 * DAY_MS);
    expect((await receipt(orderUuid, key)).statusCode).toBe(404);
  });

  it('find my order: a match gets the order’s mail again with its link; the answer never tells', async () => {
    const { orderUuid } = await guestOrder();
    const [outbox] = await t.db.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.orderUuid, orderUuid));
    const email = outbox!.toAddress;
    const find = (payload: Record<string, unknown>, ip = '198.51.100.7') =>
      t.app.inject({ method: 'POST', url: '/m/api/orders/find', payload, remoteAddress: ip });
    const mailsTo = () => smtp.received.filter((m) => JSON.stringify(m.to).includes(email)).length;
    expect(mailsTo()).toBe(1);

    // No match: the same answer, and no mail.
    const wrong = await find({ email, reference: orderUuid.startsWith('0') ? '11111111' : '00000000' });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ result: 'OK' });
    const stranger = await find({ email: 'someone.else@example.com', reference: orderUuid.slice(0, 8) });
    expect(stranger.json()).toEqual({ result: 'OK' });

    // A match (the address as the shopper types it): the mail comes again, with the receipt link.
    const found = await find({
      email: ` ${email.toUpperCase()} `,
      reference: orderUuid.slice(0, 8).toUpperCase(),
    });
    expect(found.json()).toEqual({ result: 'OK' });
    await waitFor('the mail again', async () => (mailsTo() === 2 ? true : null));
    const again = smtp.received.filter((m) => JSON.stringify(m.to).includes(email)).at(-1)!;
    expect(again.text).toContain(`/receipt/${orderUuid}?key=`);
    // Asked again within the hour: one mail, not a flood.
    await find({ email, reference: orderUuid.slice(0, 8) });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailsTo()).toBe(2);

    // Bad input is a 400 with a message; an address asking too often is held.
    const bad = await find({ email: 'not-an-address', reference: 'xyz' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTruthy();
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push((await find({ email, reference: '00000000' }, '198.51.100.99')).statusCode);
    expect(answers.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});
