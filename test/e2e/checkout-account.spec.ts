import { expect, test } from '@playwright/test';
import { postageDetails, press, printsInCart, receiptOrderUuid, startCheckout } from './support.ts';

test('after registering in a browser where a guest ordered, checkout pre-fills the account’s details, not the guest’s', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = `${testInfo.project.name}.${Date.now()}`;
  const guest = { name: 'Guest Shopper', mobile: '07700 900001', email: `guest.${stamp}@example.com` };

  // A guest order, paid by invoice.
  await printsInCart(page, 40);
  await startCheckout(page, 'No, print as they are');
  await press(page.getByRole('button', { name: 'Continue as guest' }));
  await postageDetails(page, guest);
  await press(page.getByRole('button', { name: 'Continue to payment' }));
  await press(
    page.getByRole('group', { name: 'How would you like to pay?' }).getByRole('radio', { name: 'Invoice' }),
  );
  await press(page.getByRole('button', { name: 'Confirm order' }));
  await receiptOrderUuid(page);

  // The same tab: a new order, and this time the shopper creates an account.
  await printsInCart(page, 40);
  await startCheckout(page, 'No, print as they are');
  const signUp = page.getByRole('form', { name: 'Create an account' });
  const account = { name: 'Grace Hopper', mobile: '07700 900456', email: `grace.${stamp}@example.com` };
  await signUp.getByRole('textbox', { name: 'Name' }).fill(account.name);
  await signUp.getByRole('textbox', { name: 'Mobile number' }).fill(account.mobile);
  await signUp.getByRole('textbox', { name: 'Email address' }).fill(account.email);
  await signUp.getByLabel('Password').fill('a long enough secret');
  await press(signUp.getByRole('button', { name: 'Create account' }));
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/delivery-options$/);

  await press(page.getByRole('radio', { name: 'Postage' }));
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(account.email);
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue(account.name);
  await expect(page.getByRole('textbox', { name: 'Mobile phone' })).toHaveValue(account.mobile);
  // The guest's address is not carried into the account's order either.
  await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('');

  // A reload keeps what the account's shopper typed.
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('2 Mill Lane');
  await page.reload();
  await press(page.getByRole('radio', { name: 'Postage' }));
  await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('2 Mill Lane');
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(account.email);
});

test('what the shopper typed to create an account stays when the cart is read again (back online)', async ({
  page,
  context,
}) => {
  await printsInCart(page, 40);
  await startCheckout(page, 'No, print as they are');
  const signUp = page.getByRole('form', { name: 'Create an account' });
  await signUp.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
  await signUp.getByRole('textbox', { name: 'Mobile number' }).fill('07700 900789');

  // The signal drops and returns: the shop reads the cart again to show what changed meanwhile.
  await context.setOffline(true);
  const read = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/m/api/webshop/cart' && r.request().method() === 'GET',
  );
  await context.setOffline(false);
  await read;

  await expect(signUp.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada Lovelace');
  await expect(signUp.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('07700 900789');
});
