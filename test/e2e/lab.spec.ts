/**
 * The lab's order desk (issue 14), on the desktop profile: a shopper's order shows up with its print
 * files made by the real production job (a folded card's with how it goes onto the sheet), the lab
 * downloads them as one zip and marks the order printed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import type { PaymentOption } from '../../shop/checkout.ts';
import { addPayload } from '../../src/features/editor/buy/buyRules.ts';
import { printsInCart } from './support.ts';
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
  const types = await (await page.request.get('/m/api/checkout/delivery-options')).json();
  const store = types.find((d: { type: string }) => d.type === 'store-pickup').pickupLocations[0];
  const options = (await (
    await page.request.get(`/m/api/checkout/delivery-options/${store.uuid}/payment-options`)
  ).json()) as PaymentOption[];
  const confirm = await page.request.post('/ajax/get_transaction.php', {
    form: {
      cartfallback: 'true',
      ordercomment: '',
      name: 'Lab Tester',
      mobile: '+44 7700 900123',
      email: 'lab.tester@example.com',
      paymentoption: options.find((o) => o.type === 'invoice')!.uuid,
      deliveryoption: store.uuid,
    },
  });
  expect(confirm.ok()).toBe(true);
  const { transactionid } = await confirm.json();
  const state = await (await page.request.get(`/m/api/checkout/transactions/${transactionid}`)).json();
  expect(state.orderUuid).toBeTruthy();
  return state.orderUuid as string;
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
