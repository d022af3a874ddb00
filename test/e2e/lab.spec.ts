/**
 * The lab's order desk (issue 14), on the desktop profile: a shopper's order shows up with its print
 * files made by the real production job (a folded card's with how it goes onto the sheet), the lab
 * downloads them as one zip and marks the order printed. A card order's payment (issue 29): the lab
 * readies it (the capture job takes the money), refunds a part, and the desk shows the new state and
 * history; the shopper's receipt on a phone shows the refund.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { devices, expect, type Page, test } from '@playwright/test';
import { addPayload } from '../../src/features/editor/buy/buyRules.ts';
import { confirmByCalls, orderByCalls, pounds, printsInCart } from './support.ts';
import { filled, productOf, templateOf, uploadPicture } from './templates.ts';

/** Set by playwright.config.ts for the e2e server. */
const LAB_PASSWORD = process.env.E2E_LAB_PASSWORD!;

/** A folded card printed on both sides, found by its shape, filled with one upload, into the cart. */
async function foldedCardInCart(page: Page) {
  const cards = (await (await page.request.get('/m/api/templates/cards')).json()) as {
    uuid: string;
    printLayout?: string;
    folds?: unknown[];
  }[];
  const folded = cards.find((c) => c.printLayout === 'duplex' && c.folds?.length);
  expect(folded, 'the catalogue has a folded card printed on both sides').toBeTruthy();
  const template = await templateOf(page, folded!.uuid);
  const product = await productOf(page, template.product.uuid);
  const instance = filled(template, await uploadPicture(page), 'Hi');
  const res = await page.request.post('/m/api/webshop/cart', {
    data: addPayload(template, instance, product.uuid, { subProductUuids: [] }, 1),
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * An order placed through the shop's calls in this page's session: 30 prints and a folded card, store
 * pickup, invoice.
 */
async function placeOrder(page: Page): Promise<string> {
  await printsInCart(page, 30);
  await foldedCardInCart(page);
  return orderByCalls(page, { name: 'Lab Tester', email: 'lab.tester@example.com' });
}

test('the lab lists a new order, downloads its files as a zip and marks it printed', {
  tag: '@desktop',
}, async ({ page }) => {
  test.setTimeout(90_000);
  const orderUuid = await placeOrder(page);
  const reference = orderUuid.slice(0, 8);

  await page.goto('/lab');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The password is wrong.');
  await page.getByLabel('Password').fill(LAB_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  const order = page.getByRole('article', { name: `Order ${reference}` });
  await expect(order).toBeVisible();
  await expect(order).toContainText('Lab Tester');
  // The production job renders the prints; the list refreshes on demand until they are ready.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(order.getByRole('list', { name: 'Status' })).toContainText('Ready', { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });

  // The folded card's PDF says how the lab prints it.
  const layout = order.getByTestId('print-layout');
  await expect(layout).toHaveCount(1);
  await expect(layout).toContainText('both sides of one sheet, page 1 the outside, page 2 the inside');
  await expect(layout).toContainText(/vertical fold \d+(\.\d+)? mm from the left/);

  await order.getByRole('button', { name: 'Show details' }).click();
  const actions = order.getByRole('group', { name: `Actions for order ${reference}` });
  const downloading = page.waitForEvent('download');
  await actions.getByRole('button', { name: 'Download files' }).click();
  const download = await downloading;
  const dir = mkdtempSync(path.join(tmpdir(), 'lab-zip-'));
  try {
    const zip = path.join(dir, download.suggestedFilename());
    await download.saveAs(zip);
    expect(download.suggestedFilename()).toBe(`order-${reference}.zip`);
    const listing = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n');
    expect(listing).toContain('manifest.json');
    expect(listing.filter((n) => n.endsWith('.jpg'))).toHaveLength(1);
    expect(listing.filter((n) => n.endsWith('.pdf'))).toHaveLength(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  await actions.getByRole('button', { name: 'Mark printed' }).click();
  await expect(order.getByRole('list', { name: 'Status' })).toContainText('Printed');
  await expect(actions.getByRole('button', { name: 'Ready for pickup' })).toBeEnabled();
});

/** Axe's serious and critical findings on the page as it is (accessibility.spec.ts's rule set). */
async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe on ${screen}`).toEqual([]);
}

/** Prints paid with the test card (its page's Pay), store pickup: answers the order and its amount. */
async function placeCardOrder(page: Page): Promise<{ orderUuid: string; amount: number }> {
  await printsInCart(page, 30);
  const transactionid = await confirmByCalls(
    page,
    { name: 'Card Shopper', email: 'card.shopper@example.com', mobile: '+44 7700 900456' },
    'test-card',
  );
  const paid = await page.request.post(`/payments/test-card/${transactionid}`, {
    form: { result: 'paid' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const state = await (await page.request.get(`/m/api/checkout/transactions/${transactionid}`)).json();
  expect(state.orderUuid).toBeTruthy();
  const receipt = await (await page.request.get(`/m/api/order/${state.orderUuid}/receipt`)).json();
  expect(receipt.paymentStatus).toMatchObject({ state: 'authorised' });
  return { orderUuid: state.orderUuid as string, amount: receipt.paymentStatus.amount as number };
}

test(
  'the lab readies a card order, refunds a part, sees the new state and history; the shopper’s receipt shows the refund',
  {
    tag: '@desktop',
  },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(200_000);
    // The shopper pays on a phone; the lab works at its desktop.
    const phone = await browser.newContext({
      ...devices['Pixel 7'],
      hasTouch: true,
      isMobile: true,
      baseURL: testInfo.project.use.baseURL,
    });
    try {
      const shopper = await phone.newPage();
      const { orderUuid, amount } = await placeCardOrder(shopper);
      const reference = orderUuid.slice(0, 8);

      await page.goto('/lab');
      await page.getByLabel('Password').fill(LAB_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const order = page.getByRole('article', { name: `Order ${reference}` });
      await expect(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        await expect(order.getByRole('list', { name: 'Status' })).toContainText('Ready', { timeout: 1_000 });
      }).toPass({ timeout: 60_000 });

      await order.getByRole('button', { name: 'Show details' }).click();
      const payment = order.getByRole('region', { name: 'Payment', exact: true });
      await expect(payment.getByTestId('payment-state')).toHaveText('Authorised: not taken yet');
      // Before capture the button releases the whole authorisation, and says so.
      await expect(payment.getByRole('button', { name: `Release ${pounds(amount)}` })).toBeVisible();
      await expect(payment).toContainText('this releases the whole authorisation');
      await expect(payment.getByTestId('payment-history')).toContainText('Authorised: not taken yet');

      const actions = order.getByRole('group', { name: `Actions for order ${reference}` });
      await actions.getByRole('button', { name: 'Mark printed' }).click();
      await expect(order.getByRole('list', { name: 'Status' })).toContainText('Printed');
      await actions.getByRole('button', { name: 'Ready for pickup' }).click();
      await expect(order.getByRole('list', { name: 'Status' })).toContainText('Ready for pickup');
      // The capture is a job: the desk shows it once taken (a pg-boss job, picked up within seconds,
      // later on a CI machine busy with the other worker's print files).
      await expect(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        await expect(payment.getByTestId('payment-state')).toHaveText('Captured', { timeout: 1_000 });
      }).toPass({ timeout: 60_000 });
      await expect(payment.getByTestId('payment-taken')).toHaveText(pounds(amount));

      const field = payment.getByRole('textbox', { name: 'Amount to refund' });
      await expect(field).toHaveValue((amount / 100).toFixed(2));
      await field.fill('1.5');
      await payment.getByRole('button', { name: 'Refund £1.50' }).click();
      await expect(payment.getByRole('status')).toHaveText('Refunded £1.50.', { timeout: 15_000 });
      await expect(payment.getByTestId('payment-state')).toHaveText('Partly refunded');
      await expect(payment.getByTestId('payment-given-back')).toHaveText('£1.50');
      await expect(payment.getByTestId('payment-history')).toContainText(/Refund of £1\.50: done/);
      // The field now offers what is left.
      await expect(field).toHaveValue(((amount - 150) / 100).toFixed(2));
      await expectAccessible(page, 'the desk with an order’s payment');

      // The shopper's receipt, on the phone.
      await shopper.goto(`/m/cart/checkout/receipt/${orderUuid}`);
      const status = shopper.getByTestId('payment-status');
      await expect(status).toContainText(`Paid: ${pounds(amount)}`);
      await expect(status).toContainText(/Refunded £1\.50 on \d{1,2} \w{3,4} \d{4}/);
      await expectAccessible(shopper, 'the receipt with a refund');
    } finally {
      await phone.close();
    }
  },
);
