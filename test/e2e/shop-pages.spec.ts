/**
 * The pages a real shop has (issue 34), on the phone: the empty cart's own page in each language, a
 * footer whose links reach their pages (Delivery and Help with the checkout's own facts), and the
 * items with their thumbnails and the delivery date on the payment step and the receipt.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Cart } from '../../shop/contract.ts';
import { addPayload } from '../../src/features/editor/buy/buyRules.ts';
import { press, printsInCart, receiptOrderUuid, startCheckout } from './support.ts';
import { demoTemplate, filled, uploadPicture } from './templates.ts';

const port = Number(process.env.E2E_PORT ?? 8181);
const locale = (lang: string) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../public/locale/${lang}/common.json`), 'utf8'),
  );

test.describe.configure({ timeout: 90_000 });

/** Every picture of the list has arrived and is drawn (not a broken image). */
async function expectPicturesLoaded(items: Locator) {
  const images = items.locator('img');
  await expect(images).toHaveCount(await items.count());
  await expect
    .poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).naturalWidth > 0)), {
      timeout: 20_000,
    })
    .toBe(true);
}

test('an empty cart is a page of its own in every language, with the ways to fill it', async ({ page }) => {
  for (const [host, lang] of [
    ['localhost', 'en_GB'],
    ['no.localhost', 'nb_NO'],
    ['dk.localhost', 'da_DK'],
  ] as const) {
    const words = locale(lang).cart;
    await page.goto(`http://${host}:${port}/m/cart`);
    const empty = page.getByTestId('cart-empty');
    await expect(empty).toContainText(words.empty);
    await expect(page).toHaveURL(/\/m\/cart$/);
    await expect(empty.getByRole('link', { name: words.uploadPictures })).toHaveAttribute(
      'href',
      '/m/upload',
    );
    await expect(empty.getByRole('link', { name: words.seeProducts })).toHaveAttribute('href', '/m/products');
  }
  await press(page.getByTestId('cart-empty').getByRole('link', { name: 'Se alle produkter' }));
  await expect(page).toHaveURL(/\/m\/products$/);
});

test('the footer of every page reaches contact, delivery, help, terms, returns and privacy', async ({
  page,
}) => {
  const pages = [
    ['Contact us', 'contact', 'Contact us'],
    ['Delivery', 'delivery', 'Delivery'],
    ['Help', 'help', 'Help'],
    ['Terms of purchase', 'terms', 'Terms of purchase'],
    ['Returns and complaints', 'returns', 'Returns and complaints'],
    ['Privacy', 'privacy', 'Privacy'],
  ] as const;
  await page.goto('/m/upload');
  for (const [link, id, heading] of pages) {
    const footer = page.getByRole('navigation', { name: 'About the shop' });
    const target = footer.getByRole('link', { name: link, exact: true });
    await target.scrollIntoViewIfNeeded();
    // A target a finger can hit (the guide's 44 px).
    expect((await target.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await press(target);
    await expect(page).toHaveURL(new RegExp(`/m/pages/${id}$`));
    await expect(page.locator('.content-title').first()).toHaveText(heading);
  }

  // Delivery: the checkout's postage with prices and days, and the stores with their hours.
  await page.goto('/m/pages/delivery');
  const delivery = page.getByTestId('delivery-info');
  await expect(delivery.getByTestId('postage-info').first()).toHaveText(
    /^Standard post: £\d+\.\d\d, delivered in \d+ business days?$/,
  );
  const heathrow = delivery.getByTestId('store-info').filter({ hasText: 'Heathrow Terminal 5' });
  await expect(heathrow).toContainText('Open Monday–Sunday');
  await expect(heathrow).toContainText('Ready in 1 business day');
  const oxford = delivery.getByTestId('store-info').filter({ hasText: 'Oxford Street' });
  await expect(oxford).toContainText('Express: ready in 1 hour');
  await expect(oxford).toContainText('Open Monday–Saturday');
  // Help: the ways of paying this shop offers.
  await page.goto('/m/pages/help');
  await expect(page.getByTestId('payment-info')).toContainText('Invoice');
  await expect(page.getByTestId('payment-info')).toContainText('Pay in store');

  // The Norwegian footer and pages are Norwegian.
  await page.goto(`http://no.localhost:${port}/m/`);
  const norwegian = page.getByRole('navigation', { name: 'Om butikken' });
  await press(norwegian.getByRole('link', { name: 'Retur og reklamasjon' }));
  await expect(page.locator('.content-title').first()).toHaveText('Retur og reklamasjon');
});

/** A photo mug line through the real add call, every picture slot filled. */
async function addMug(page: Page) {
  const picture = await uploadPicture(page, { width: 1200, height: 600 });
  const { template, product } = await demoTemplate(page, 'photogift', 'Photo mug');
  const res = await page.request.post('/m/api/webshop/cart', {
    data: addPayload(template, filled(template, picture, 'Hi'), product.uuid, { subProductUuids: [] }, 1),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).orderLines.at(-1) as Cart['orderLines'][number];
}

test('the payment step and the receipt list the items with thumbnails, and the day the order is ready', async ({
  page,
}) => {
  await printsInCart(page, 40);
  const mug = await addMug(page);
  await startCheckout(page, 'No, print as they are');
  await press(page.getByRole('button', { name: 'Continue as guest' }));

  // The delivery choice: the chosen store's day.
  await press(page.getByRole('button', { name: 'Choose store' }));
  await press(page.getByTestId('store-selector').getByRole('button', { name: /^Camden/ }));
  const ready = page.getByTestId('chosen-store').getByTestId('ready-date');
  await expect(ready).toHaveText(/^Ready for pickup \w+day \d{1,2} \w+ \(2 business days\)$/);
  const day = (await ready.textContent())!.replace(/ \(.*\)$/, '');
  await expect(page.getByTestId('chosen-store')).toContainText('Open Monday–Saturday');
  await page.getByRole('textbox', { name: 'Full name' }).fill('Ada Lovelace');
  await page.getByRole('textbox', { name: 'Mobile phone' }).fill('07700 900123');
  await page.getByRole('textbox', { name: 'Email address' }).fill('ada@example.com');
  await press(page.getByRole('button', { name: 'Continue to payment' }));
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/payment-options$/);

  // The payment step: both lines with their thumbnails, names, quantities and prices; the same day.
  const items = page.getByTestId('order-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('40 pcs');
  await expect(items.nth(1)).toContainText(mug.description);
  await expect(items.nth(1)).toContainText('1 pc');
  await expectPicturesLoaded(items);
  await expect(page.getByTestId('summary-delivery-date')).toHaveText(day);

  await press(
    page
      .getByRole('group', { name: 'How would you like to pay?' })
      .getByRole('radio', { name: 'Card (test)' }),
  );
  await press(page.getByRole('button', { name: 'Confirm order' }));
  await expect(page).toHaveURL(/\/payments\/test-card\//);
  await press(page.getByRole('button', { name: 'Pay', exact: true }));
  await receiptOrderUuid(page);

  // The receipt: the same items, drawn from the order (their lines have left the cart), and the day.
  const receiptItems = page.getByTestId('order-item');
  await expect(receiptItems).toHaveCount(2);
  await expect(receiptItems.nth(1)).toContainText(mug.description);
  await expectPicturesLoaded(receiptItems);
  await expect(page.getByTestId('receipt-delivery-date')).toHaveText(day);
  // Prints and a mug: the receipt speaks of the order, not of prints.
  await expect(page.locator('.order-status__step')).toHaveText(/preparing your order|In production|Printed/);
  await expect(page.locator('.order-status__step')).not.toContainText('your prints');
});
