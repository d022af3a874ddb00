/**
 * What a shopper sees of an order after placing it (issue 14): the Terms of purchase from the payment
 * step and back, the production status on the receipt, My orders in the menu, and Log out.
 */
import { expect, test } from '@playwright/test';
import { press, printsInCart, receiptOrderUuid, startCheckout } from './support.ts';

test.describe.configure({ timeout: 90_000 });

test('a logged-in shopper follows an order on the receipt and in My orders, then logs out', async ({
  page,
}, testInfo) => {
  const email = `orders.${testInfo.project.name}.${Date.now()}@example.com`;
  await page.goto('/m/');
  const signedUp = await page.request.post('/ajax/create.php', {
    form: { name: 'Mary Somerville', mobile: '+44 7700 900789', email, password: 'a long enough secret' },
  });
  expect(signedUp.ok()).toBe(true);

  await printsInCart(page, 40);
  await startCheckout(page, 'No, print as they are');
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/delivery-options$/);
  await press(page.getByRole('radio', { name: 'Postage' }));
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('3 Observatory Lane');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('EH1 1AA');
  await page.getByRole('textbox', { name: 'City' }).fill('Edinburgh');
  await press(
    page.getByRole('group', { name: 'Delivery by post' }).getByRole('radio', { name: /Standard post/ }),
  );
  await press(page.getByRole('button', { name: 'Continue to payment' }));
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/payment-options$/);

  // The terms open as a page of the shop, and Back returns to the payment step as it was.
  const payment = page.getByRole('group', { name: 'How would you like to pay?' });
  await press(payment.getByRole('radio', { name: 'Invoice' }));
  await press(page.locator('.checkout-terms').getByRole('link', { name: 'Terms of purchase' }));
  await expect(page).toHaveURL(/\/m\/pages\/terms$/);
  await expect(page.getByRole('heading', { name: 'Terms of purchase', level: 2 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/payment-options$/);
  await expect(payment.getByRole('radio', { name: 'Invoice' })).toBeChecked();
  await press(page.getByRole('button', { name: 'Confirm order' }));

  // The receipt says where the order stands; the print files are made at once, so it moves on.
  const orderUuid = await receiptOrderUuid(page);
  const reference = orderUuid.slice(0, 8);
  const status = page.getByRole('region', { name: 'Order status' });
  // An order of prints only: the receipt speaks of prints (shop/orderKind.ts).
  await expect(status.getByRole('status')).toHaveText(/Received: we are preparing your prints|In production/);
  // The receipt asks again every 10 s; a reload is the same question without the wait.
  await expect(async () => {
    await page.reload();
    await expect(status.getByRole('status')).toHaveText('In production', { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });

  // My orders, from the menu: the order with its reference, total and status, opening its receipt.
  await press(page.getByTestId('menu-button'));
  const menu = page.getByTestId('menu-drawer');
  await press(menu.getByRole('link', { name: 'My orders' }));
  await expect(page).toHaveURL(/\/m\/orders$/);
  const order = page.getByRole('article', { name: `Order ${reference}` });
  await expect(order).toContainText('40 × 10x15');
  await expect(order.getByRole('status')).toHaveText('In production');
  await press(order.getByRole('link', { name: `Order ${reference}` }));
  await expect(page.getByTestId('order-reference')).toHaveText(reference);

  // Log out: the menu shows the anonymous shop, and My orders asks to log in.
  await press(page.getByTestId('menu-button'));
  await press(menu.getByRole('button', { name: 'Log out' }));
  await expect(page).toHaveURL(/\/m\/?$/);
  await press(page.getByTestId('menu-button'));
  await expect(page.getByTestId('menu-drawer').getByRole('link', { name: 'My orders' })).toHaveCount(0);
  await page.goto('/m/orders');
  await expect(page.getByText('Log in to see your orders')).toBeVisible();
});
