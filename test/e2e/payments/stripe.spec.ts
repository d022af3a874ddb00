/**
 * Paying with Stripe on the phone (issue 29), on the payments shop whose Stripe is the fake
 * (test/support/fakeStripe.ts): the shopper checks out with 'Card, Apple Pay or Google Pay', pays on
 * the fake's hosted Checkout page and lands on the receipt, with one order; the lab prints and ships
 * it, which captures the payment at Stripe; a refund from the desk reaches Stripe and the receipt.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { LabOrderDetail, LabOrderPage } from '../../../shop/lab.ts';
import type { RecordedRequest } from '../../support/fakeStripe.ts';
import { press, printsInCart, receiptOrderUuid, serverCart, startCheckout } from '../support.ts';

/** Set by playwright.config.ts for the e2e servers. */
const LAB = { authorization: `Bearer ${process.env.E2E_LAB_PASSWORD}` };

/** The fakes' addresses, written by scripts/e2e-server.mjs beside the payments shop's data. */
const fakeStripeUrl = () =>
  (
    JSON.parse(readFileSync(path.join(process.env.E2E_PAYMENTS_DATA_DIR!, 'payment-fakes.json'), 'utf8')) as {
      stripe: string;
    }
  ).stripe;

/** What the fake Stripe API was asked, through its control route. */
async function stripeRequests(request: APIRequestContext): Promise<RecordedRequest[]> {
  const res = await request.get(`${fakeStripeUrl()}/_fake/requests`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as RecordedRequest[];
}

const labOrder = async (request: APIRequestContext, orderUuid: string) => {
  const res = await request.get(`/lab/api/orders/${orderUuid}`, { headers: LAB });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as LabOrderDetail;
};

/** A guest's postal delivery up to the payment options. */
async function postageCheckout(page: Page, email: string) {
  await press(page.getByRole('button', { name: 'Continue as guest' }));
  await press(page.getByRole('radio', { name: 'Postage' }));
  await press(
    page.getByRole('group', { name: 'Delivery by post' }).getByRole('radio', { name: /Standard post/ }),
  );
  await page.getByRole('textbox', { name: 'Full name' }).fill('Mary Somerville');
  await page.getByRole('textbox', { name: 'Mobile phone' }).fill('07700 900321');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('3 Observatory Lane');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('EH9 3HJ');
  await page.getByRole('textbox', { name: 'City' }).fill('Edinburgh');
  await press(page.getByRole('button', { name: 'Continue to payment' }));
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/payment-options$/);
}

test('pay by card on Stripe Checkout, one order; the lab ships it (captured at Stripe); a refund reaches the receipt', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const email = `mary.${Date.now().toString(36)}@example.com`;
  await printsInCart(page, 30);
  await startCheckout(page, 'No, print as they are');
  await postageCheckout(page, email);

  // Stripe serves this portal: the test card is not offered beside it.
  const options = page.getByRole('group', { name: 'How would you like to pay?' });
  await expect(options.locator('.choice-list__label')).toHaveText([
    'Invoice',
    'Card, Apple Pay or Google Pay',
  ]);
  await press(options.getByRole('radio', { name: 'Card, Apple Pay or Google Pay' }));
  await press(page.getByRole('button', { name: 'Confirm order' }));

  // The fake's hosted Checkout page, on its own origin.
  const stripeUrl = fakeStripeUrl();
  await expect(page).toHaveURL(new RegExp(`^${stripeUrl}/pay/cs_test_\\w+$`), { timeout: 15_000 });
  const sessionId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await press(page.getByRole('button', { name: 'Pay', exact: true }));

  const orderUuid = await receiptOrderUuid(page);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByTestId('payment-info')).toHaveText(
    'Paid by card. The amount is taken from your card when your order is ready.',
  );
  await expect(page.getByTestId('payment-status')).toContainText(
    'is reserved: it is taken when your order is ready',
  );
  expect((await serverCart(page)).orderLines).toHaveLength(0);

  // One session for the transaction, made with manual capture; one order for this shopper.
  const made = (await stripeRequests(request)).filter(
    (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && !r.replayed && r.status === 200,
  );
  const ours = made.filter((r) => (r.body as { customer_email?: string }).customer_email === email);
  expect(ours).toHaveLength(1);
  expect(ours[0]!.body).toMatchObject({ payment_intent_data: { capture_method: 'manual' } });
  const listed = (await (
    await request.get('/lab/api/orders?limit=100', { headers: LAB })
  ).json()) as LabOrderPage;
  expect(listed.orders.filter((o) => o.shopper.email === email).map((o) => o.uuid)).toEqual([orderUuid]);
  expect((await labOrder(request, orderUuid)).paymentDetail).toMatchObject({
    provider: 'stripe',
    state: 'authorised',
  });

  // The lab: production finishes (the real job), then printed, then shipped.
  await expect
    .poll(async () => (await labOrder(request, orderUuid)).production.status, { timeout: 90_000 })
    .toBe('ready');
  for (const status of ['printed', 'shipped']) {
    const res = await request.post(`/lab/api/orders/${orderUuid}/status`, { headers: LAB, data: { status } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  // Shipping queued the capture; the job captures at Stripe.
  await expect
    .poll(async () => (await stripeRequests(request)).filter((r) => r.path.endsWith('/capture')).length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  const captures = (await stripeRequests(request)).filter((r) => r.path.endsWith('/capture') && !r.replayed);
  expect(captures).toHaveLength(1);
  await expect.poll(async () => (await labOrder(request, orderUuid)).paymentDetail?.state).toBe('captured');
  const { total } = await labOrder(request, orderUuid);

  // A part refunded from the desk: Stripe is asked once, and the shopper's receipt says so.
  const refund = await request.post(`/lab/api/orders/${orderUuid}/refund`, {
    headers: { ...LAB, 'idempotency-key': `e2e-refund-${sessionId.slice(-12)}` },
    data: { amount: 100 },
  });
  expect(refund.ok(), await refund.text()).toBe(true);
  expect((await refund.json()).paymentDetail).toMatchObject({ state: 'partly_refunded', refunded: 100 });
  const refunds = (await stripeRequests(request)).filter(
    (r) => r.method === 'POST' && r.path === '/v1/refunds',
  );
  expect(refunds.map((r) => r.body.amount)).toEqual(['100']);

  await page.reload();
  const status = page.getByTestId('payment-status');
  await expect(status).toContainText(`Paid: £${(total / 100).toFixed(2)}`);
  await expect(status).toContainText('Refunded £1.00 on');
});
