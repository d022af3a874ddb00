/**
 * The confirmation mail (issue 14), against a real SMTP server in the test: one mail per order, in the
 * portal's language, however many confirms race for it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../server/db/schema.ts';
import type { PaymentOption } from '../../shop/checkout.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { uploadPrints } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { waitFor } from './production-helpers.ts';
import { startSmtp } from './smtp.ts';

describe.each(databaseKinds())('the confirmation mail on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(kind, {
      smtpUrl: smtp.url,
      jobs: { work: true, timing: { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('arrives once, even with 20 concurrent confirms of the same cart', async () => {
    const { app } = t;
    const cookie = await uploadPrints(app, 2);
    const types = (await app.inject({ url: '/m/api/checkout/delivery-options' })).json();
    const store = types.find((d: { type: string }) => d.type === 'store-pickup').pickupLocations[0];
    const options = (
      await app.inject({ url: `/m/api/checkout/delivery-options/${store.uuid}/payment-options` })
    ).json() as PaymentOption[];
    const email = `mail.${Date.now().toString(36)}@example.com`;
    const body = {
      cartfallback: true,
      ordercomment: '',
      name: 'Ada Lovelace',
      mobile: '+44 7700 900123',
      email,
      paymentoption: options.find((o) => o.type === 'invoice')!.uuid,
      deliveryoption: store.uuid,
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({ method: 'POST', url: '/ajax/get_transaction.php', headers: { cookie }, payload: body }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const id = answers[0]!.json().transactionid as string;
    const state = (
      await app.inject({ url: `/m/api/checkout/transactions/${id}`, headers: { cookie } })
    ).json();
    const reference = (state.orderUuid as string).slice(0, 8);

    const rows = await waitFor('the mail to be sent', async () => {
      const r = await t.db.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.orderUuid, state.orderUuid));
      return r.every((x) => x.sentAt) && r.length ? r : null;
    });
    expect(rows).toHaveLength(1);
    // Time for a duplicate to show, were one on its way.
    await new Promise((r) => setTimeout(r, 1500));
    const mine = smtp.received.filter((m) => m.to && JSON.stringify(m.to).includes(email));
    expect(mine).toHaveLength(1);
    const mail = mine[0]!;
    expect(mail.subject).toContain(reference);
    expect(mail.text).toContain(reference);
    expect(mail.html).toBeTruthy();
    expect(rows[0]!.messageId).toBeTruthy();
  });
});
