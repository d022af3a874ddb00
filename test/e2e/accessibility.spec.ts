/**
 * Every screen a shopper passes through, checked by axe-core on the phone profile (issue 15): no
 * serious or critical violation, including 'label-content-name-mismatch' (axe keeps it behind a flag:
 * a control's accessible name must contain its visible text, or voice control cannot reach it).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { press, printsInCart, receiptOrderUuid, startCheckout } from './support.ts';

test.describe.configure({ timeout: 120_000 });

async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe on ${screen}`).toEqual([]);
}

test('the start page, content and product lists', async ({ page }) => {
  await page.goto('/m/');
  await expect(page.getByTestId('slider')).toBeVisible();
  await expectAccessible(page, 'the start page');

  await press(page.getByTestId('menu-button'));
  await expect(page.getByTestId('menu-drawer')).toBeVisible();
  await expectAccessible(page, 'the menu');

  await page.goto('/m/products');
  await expect(page.getByTestId('category-link').first()).toBeVisible();
  await expectAccessible(page, 'the product list');

  for (const list of ['/m/products/cards', '/m/products/calendars', '/m/products/photogift/MUG']) {
    await page.goto(list);
    await expect(page.getByTestId('template-tile').first()).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page, list);
  }
});

test('upload and the empty cart', async ({ page }) => {
  await page.goto('/m/upload');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'upload');
  await page.goto('/m/cart');
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  await expectAccessible(page, 'the empty cart');
});

test('the cart, the print editor, every checkout step and the receipt', async ({ page }) => {
  const cart = await printsInCart(page, 40);
  await page.goto('/m/cart');
  await expect(page.getByRole('link', { name: 'Proceed to payment' })).toBeVisible();
  await expectAccessible(page, 'the cart');

  await page.goto(`/m/cart/edit/${cart.orderLines[0]!.uuid}`);
  await expect(page.getByRole('heading', { name: 'Paper copies', level: 1 })).toBeVisible();
  await expect(page.getByTestId('print-preview')).toBeVisible();
  await expectAccessible(page, 'the print editor');
  await press(page.getByRole('button', { name: 'Format', exact: true }));
  await expect(page.getByRole('heading', { name: 'Format' })).toBeVisible();
  await expectAccessible(page, 'the print editor: formats');

  await page.goto('/m/cart');
  await press(page.getByRole('link', { name: 'Proceed to payment' }));
  await expect(page.getByTestId('auto-correction-dialog')).toBeVisible();
  await expectAccessible(page, 'checkout: the auto-correction question');
  await startCheckout(page, 'No, print as they are');
  await expectAccessible(page, 'checkout: log in, create an account or pay as guest');

  await press(page.getByRole('button', { name: 'Continue as guest' }));
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/delivery-options$/);
  await expectAccessible(page, 'checkout: delivery');
  await press(page.getByRole('button', { name: 'Choose store' }));
  await expect(page.getByTestId('store-selector')).toBeVisible();
  await expectAccessible(page, 'checkout: the store selector');
  await press(page.getByTestId('store-selector').getByRole('button', { name: /^Brighton/ }));
  await page.getByRole('textbox', { name: 'Full name' }).fill('Grace Hopper');
  await page.getByRole('textbox', { name: 'Mobile phone' }).fill('07700 900789');
  await page.getByRole('textbox', { name: 'Email address' }).fill('grace@example.com');
  await press(page.getByRole('button', { name: 'Continue to payment' }));
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/payment-options$/);
  await expectAccessible(page, 'checkout: payment');

  await press(page.getByRole('radio', { name: 'Invoice' }));
  await press(page.getByRole('button', { name: 'Confirm order' }));
  await receiptOrderUuid(page);
  await expect(page.getByRole('region', { name: 'Order status' })).toBeVisible();
  await expectAccessible(page, 'the receipt');
});

test('the template editor', async ({ page }) => {
  const res = await page.request.get('/m/api/templates/calendars');
  const list = (await res.json()) as { uuid: string; product: { uuid: string }; pages: unknown[] }[];
  const calendar = list.find((t) => t.pages.length === 13);
  expect(calendar, 'a 13-page demo calendar').toBeTruthy();
  await page.goto(`/m/products/calendars/${calendar!.product.uuid}/${calendar!.uuid}`);
  await expect(page.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
  await expectAccessible(page, 'the template editor');
});
