/**
 * Paying with Vipps MobilePay on the phone (issue 29), on the payments shop whose Vipps is the fake
 * (test/support/fakeVipps.ts, the ePayment API with a hosted page standing in for the app):
 *
 * - Norway: the shopper checks out with Vipps, approves on the fake's page and lands on the receipt
 *   with one order; the lab prints and ships it, which captures the payment at Vipps; a refund from
 *   the desk reaches Vipps and the shopper's receipt.
 * - Denmark: MobilePay, in kroner; a rejection brings the shopper back to the payment page with the
 *   cart as it was, and a second try pays.
 *
 * The portals are chosen by host (no.localhost, dk.localhost: only the browser resolves them), on the
 * payments shop's port.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Cart } from '../../../shop/contract.ts';
import type { LabOrderDetail, LabOrderPage } from '../../../shop/lab.ts';
import { formatMoney } from '../../../shop/money.ts';
import type { FakePayment, RecordedRequest } from '../../support/fakeVipps.ts';
import { press, printsInCart, receiptOrderUuid } from '../support.ts';

/** Set by playwright.config.ts for the e2e servers. */
const LAB = { authorization: `Bearer ${process.env.E2E_LAB_PASSWORD}` };

/** The fakes' addresses, written by scripts/e2e-server.mjs beside the payments shop's data. */
const fakeVippsUrl = () =>
  (
    JSON.parse(readFileSync(path.join(process.env.E2E_PAYMENTS_DATA_DIR!, 'payment-fakes.json'), 'utf8')) as {
      vipps: string;
    }
  ).vipps;

/** A portal of the payments shop by its host. */
const portalOrigin = (baseURL: string | undefined, host: string) =>
  `http://${host}:${new URL(baseURL!).port}`;

async function vippsRequests(request: APIRequestContext): Promise<RecordedRequest[]> {
  const res = await request.get(`${fakeVippsUrl()}/_fake/requests`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as RecordedRequest[];
}

async function vippsPayment(request: APIRequestContext, reference: string): Promise<FakePayment> {
  const res = await request.get(`${fakeVippsUrl()}/_fake/payments/${reference}`);
  expect(res.ok(), `the fake's payment ${reference}`).toBe(true);
  return (await res.json()) as FakePayment;
}

/** The cart as the server has it, asked by the page itself (its portal's host and session cookie). */
const portalCart = (page: Page): Promise<Cart> =>
  page.evaluate(async () => {
    const res = await fetch('/m/api/webshop/cart');
    if (!res.ok) throw new Error(`cart ${res.status}`);
    return (await res.json()) as Cart;
  });

const labOrder = async (request: APIRequestContext, orderUuid: string) => {
  const res = await request.get(`/lab/api/orders/${orderUuid}`, { headers: LAB });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as LabOrderDetail;
};

/** The words of a portal's checkout, from its locale files (never from the code under test). */
const words = (language: string) => {
  const read = (file: string) =>
    JSON.parse(readFileSync(new URL(`../../../public/locale/${language}/${file}`, import.meta.url), 'utf8'));
  return { common: read('common.json'), server: read('server.json') };
};

/** A guest's postal delivery up to the payment options, in the portal's language. */
async function postageCheckout(
  page: Page,
  origin: string,
  language: string,
  askAutoCorrection: boolean,
  customer: {
    name: string;
    mobile: string;
    email: string;
    address: string;
    postalCode: string;
    city: string;
  },
) {
  const { common, server } = words(language);
  await page.goto(`${origin}/m/cart/checkout`);
  if (askAutoCorrection) {
    const question = page.getByTestId('auto-correction-dialog');
    await press(question.getByRole('button', { name: common.checkout.autoCorrectionNo }));
    await expect(question).toBeHidden();
  }
  await press(page.getByRole('button', { name: common.checkout.guestSubmit }));
  // The type's name and its price: "Post kr 49,00".
  await press(page.getByRole('radio', { name: new RegExp(`^${server.checkout.postage} `) }));
  await press(page.getByRole('group', { name: common.delivery.postageTitle }).getByRole('radio').first());
  const field = common.delivery.field;
  await page.getByRole('textbox', { name: field.name }).fill(customer.name);
  await page.getByRole('textbox', { name: field.mobile }).fill(customer.mobile);
  await page.getByRole('textbox', { name: field.email }).fill(customer.email);
  await page.getByRole('textbox', { name: field.address, exact: true }).fill(customer.address);
  await page.getByRole('textbox', { name: field.postalCode }).fill(customer.postalCode);
  await page.getByRole('textbox', { name: field.city }).fill(customer.city);
  await press(page.getByRole('button', { name: common.delivery.submit }));
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/payment-options$/);
  return common;
}

/** Chooses the wallet among the payment options and confirms; answers the fake's page's reference. */
async function payWith(
  page: Page,
  title: string,
  options: string[],
  common: ReturnType<typeof words>['common'],
) {
  const group = page.getByRole('group', { name: common.payment.optionsTitle });
  await expect(group.locator('.choice-list__label')).toHaveText(options);
  await press(group.getByRole('radio', { name: title }));
  await press(page.getByRole('button', { name: common.payment.confirm }));
  const fake = fakeVippsUrl();
  await expect(page).toHaveURL(new RegExp(`^${fake}/pay/ps-[0-9a-f-]{36}$`), { timeout: 15_000 });
  return new URL(page.url()).pathname.split('/').pop()!;
}

test('Vipps in Norway: approve in the app, one order; the lab ships it (captured at Vipps); a refund reaches the receipt', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const origin = portalOrigin(baseURL, 'no.localhost');
  const email = `kari.${Date.now().toString(36)}@example.com`;
  await printsInCart(page, 30, origin);
  const common = await postageCheckout(page, origin, 'nb_NO', false, {
    name: 'Kari Nordmann',
    mobile: '912 34 567',
    email,
    address: 'Storgata 1',
    postalCode: '0155',
    city: 'Oslo',
  });
  // Vipps serves this portal: the test card is not offered beside it.
  const reference = await payWith(page, 'Vipps', ['Faktura', 'Vipps'], common);
  const payment = await vippsPayment(request, reference);
  expect(payment).toMatchObject({ state: 'CREATED', paymentMethod: 'WALLET', userFlow: 'WEB_REDIRECT' });
  expect(payment.amount.currency).toBe('NOK');
  await expect(page.getByRole('heading', { name: 'Vipps' })).toBeVisible();
  await press(page.getByRole('button', { name: 'Approve' }));

  const orderUuid = await receiptOrderUuid(page);
  expect(page.url().startsWith(origin)).toBe(true);
  await expect(page.getByRole('heading', { name: common.receipt.thanks })).toBeVisible();
  await expect(page.getByTestId('payment-info')).toHaveText(
    'Betalt med Vipps. Beløpet trekkes når bestillingen er klar.',
  );
  const nok = (minor: number) => formatMoney(minor, 'kr # ##0,00');
  await expect(page.getByTestId('payment-status')).toHaveText(
    common.orders.payment.reserved.replace('{{amount}}', nok(payment.amount.value)),
  );
  expect((await portalCart(page)).orderLines).toHaveLength(0);

  // One payment at Vipps for this transaction, one order for this shopper.
  const creates = (await vippsRequests(request)).filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/epayment/v1/payments' &&
      (r.body as { reference?: string }).reference === reference,
  );
  expect(creates).toHaveLength(1);
  const listed = (await (
    await request.get('/lab/api/orders?limit=100', { headers: LAB })
  ).json()) as LabOrderPage;
  expect(listed.orders.filter((o) => o.shopper.email === email).map((o) => o.uuid)).toEqual([orderUuid]);
  const authorised = await labOrder(request, orderUuid);
  expect(authorised.paymentDetail).toMatchObject({
    provider: 'vipps',
    state: 'authorised',
    amount: payment.amount.value,
  });

  // The lab: production finishes (the real job), then printed, then shipped.
  await expect
    .poll(async () => (await labOrder(request, orderUuid)).production.status, { timeout: 90_000 })
    .toBe('ready');
  for (const status of ['printed', 'shipped']) {
    const res = await request.post(`/lab/api/orders/${orderUuid}/status`, { headers: LAB, data: { status } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  // Shipping queued the capture; the job captures at Vipps, once, the whole amount.
  await expect
    .poll(async () => (await vippsPayment(request, reference)).aggregate.capturedAmount.value, {
      timeout: 30_000,
    })
    .toBe(payment.amount.value);
  const captures = (await vippsRequests(request)).filter(
    (r) => r.path === `/epayment/v1/payments/${reference}/capture`,
  );
  expect(captures).toHaveLength(1);
  expect(captures[0]!.body).toEqual({ modificationAmount: { currency: 'NOK', value: payment.amount.value } });
  await expect.poll(async () => (await labOrder(request, orderUuid)).paymentDetail?.state).toBe('captured');

  // A part refunded from the desk: Vipps is asked once, and the shopper's receipt says so.
  const refund = await request.post(`/lab/api/orders/${orderUuid}/refund`, {
    headers: { ...LAB, 'idempotency-key': `e2e-refund-${reference.slice(-12)}` },
    data: { amount: 100 },
  });
  expect(refund.ok(), await refund.text()).toBe(true);
  expect((await refund.json()).paymentDetail).toMatchObject({ state: 'partly_refunded', refunded: 100 });
  const refunds = (await vippsRequests(request)).filter(
    (r) => r.path === `/epayment/v1/payments/${reference}/refund`,
  );
  expect(refunds.map((r) => r.body)).toEqual([{ modificationAmount: { currency: 'NOK', value: 100 } }]);
  expect((await vippsPayment(request, reference)).aggregate.refundedAmount.value).toBe(100);

  await page.reload();
  const status = page.getByTestId('payment-status');
  await expect(status).toContainText(
    common.orders.payment.taken.replace('{{amount}}', nok(payment.amount.value)),
  );
  await expect(status).toContainText(
    common.orders.payment.refundedOn.replace('{{amount}}', nok(100)).split('{{date}}')[0].trim(),
  );
});

test('MobilePay in Denmark: in kroner; a rejection keeps the cart, a second try pays', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = portalOrigin(baseURL, 'dk.localhost');
  await printsInCart(page, 30, origin);
  const customer = {
    name: 'Karen Jensen',
    mobile: '20 12 34 56',
    email: `karen.${Date.now().toString(36)}@example.com`,
    address: 'Vestergade 3',
    postalCode: '1456',
    city: 'København K',
  };
  const common = await postageCheckout(page, origin, 'da_DK', true, customer);
  const first = await payWith(page, 'MobilePay', ['Faktura', 'MobilePay'], common);
  const payment = await vippsPayment(request, first);
  expect(payment.amount.currency).toBe('DKK');
  await expect(page.getByRole('heading', { name: 'MobilePay' })).toBeVisible();
  await expect(
    page.getByText(`${(payment.amount.value / 100).toFixed(2).replace('.', ',')} DKK`),
  ).toBeVisible();
  await press(page.getByRole('button', { name: 'Reject' }));

  // Back on the payment page with the reason, nothing ordered, the cart as it was.
  await expect(page).toHaveURL(new RegExp(`^${origin}/m/cart/checkout/payment-options$`));
  await expect(page.getByTestId('payment-error')).toBeVisible();
  expect((await portalCart(page)).orderLines).toHaveLength(1);
  expect((await vippsPayment(request, first)).state).toBe('ABORTED');

  // A second try is a new payment at Vipps, approved this time.
  const second = await payWith(page, 'MobilePay', ['Faktura', 'MobilePay'], common);
  expect(second).not.toBe(first);
  await press(page.getByRole('button', { name: 'Approve' }));
  await receiptOrderUuid(page);
  await expect(page.getByRole('heading', { name: common.receipt.thanks })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText(
    common.orders.payment.reserved.replace('{{amount}}', formatMoney(payment.amount.value, '#.##0,00 kr.')),
  );
  expect((await portalCart(page)).orderLines).toHaveLength(0);
});
