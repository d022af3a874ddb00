import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Cart } from '../../shop/contract.ts';
import { press, printsInCart, receiptOrderUuid, startCheckout } from './support.ts';

const port = Number(process.env.E2E_PORT ?? 8181);

const serverCart = async (page: Page) =>
  page.evaluate(async () => (await fetch('/m/api/webshop/cart')).json() as Promise<Cart>);

/** Types into a field and leaves it, as a shopper moving on to the next one. */
async function fillAndLeave(field: Locator, value: string) {
  await field.fill(value);
  await field.blur();
}

test.describe.configure({ timeout: 60_000 });

test('guest checkout with store pickup: validation, an express store, the test card paid, the receipt', {
  tag: '@desktop',
}, async ({ page }) => {
  await printsInCart(page, 40);
  await startCheckout(page, 'Yes, enhance them');
  // Worth more than the minimum: no warning.
  await expect(page.getByTestId('minimum-price-dialog')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await press(page.getByRole('button', { name: 'Continue as guest' }));
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/delivery-options$/);

  // Store pickup is listed first and preselected; no store is chosen while there are several.
  const types = page.getByRole('group', { name: 'How would you like your order?' });
  await expect(types.getByRole('radio')).toHaveCount(2);
  await expect(types.locator('.choice-list__option').first()).toContainText('Store pickup');
  await expect(types.getByRole('radio', { name: 'Store pickup' })).toBeChecked();
  await expect(page.getByTestId('chosen-store')).toHaveCount(0);

  // The contact form: messages appear as the shopper leaves each field.
  const name = page.getByRole('textbox', { name: 'Full name' });
  const mobile = page.getByRole('textbox', { name: 'Mobile phone' });
  const email = page.getByRole('textbox', { name: 'Email address' });
  await name.fill('Ada');
  await expect(page.getByTestId('error-name')).toHaveCount(0);
  await name.blur();
  await expect(page.getByTestId('error-name')).toHaveText('Minimum two parts, only characters allowed');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await fillAndLeave(name, 'Ada@Lovelace King');
  await expect(page.getByTestId('error-name')).toHaveText('Minimum two parts, only characters allowed');
  await fillAndLeave(mobile, '07700@900123');
  await expect(page.getByTestId('error-mobile')).toHaveText("Cannot contain the '@' symbol");
  // The untouched email shows nothing yet.
  await expect(page.getByTestId('error-email')).toHaveCount(0);

  // A submit shows every message, and asks for a store.
  await press(page.getByRole('button', { name: 'Continue to payment' }));
  await expect(page.getByRole('alert')).toHaveText('Choose the store where you will collect your order.');
  await expect(page.getByTestId('error-email')).toHaveText('Email address is required');
  await expect(page).toHaveURL(/delivery-options$/);

  // The selector: regions sorted, the regionless store last, express entries left out.
  await press(page.getByRole('button', { name: 'Choose store' }));
  const selector = page.getByTestId('store-selector');
  await expect(selector.getByRole('heading', { name: 'Choose store' })).toBeVisible();
  await expect(selector.locator('.store-group__region')).toHaveText([
    'London',
    'North West',
    'Scotland',
    'South East',
    'Other stores',
  ]);
  await expect(selector.locator('.store-button')).toHaveCount(13);
  await expect(
    selector.getByRole('region', { name: 'North West' }).locator('.store-button__name'),
  ).toHaveText(['Chester', 'Liverpool One', 'Manchester Arndale']);
  // The close X leaves without a choice.
  await press(selector.getByRole('button', { name: 'Close' }));
  await expect(selector).toBeHidden();
  await press(page.getByRole('button', { name: 'Choose store' }));
  await press(selector.getByRole('button', { name: /^Oxford Street/ }));
  await expect(selector).toBeHidden();

  const chosen = page.getByTestId('chosen-store');
  await expect(chosen).toContainText('Oxford Street');
  await expect(chosen).toContainText('120 Oxford Street');
  await expect(chosen).toContainText('W1D 1LT London');
  // The store has an express twin: standard (business days) or express (hours), singular and plural.
  const speed = page.getByRole('group', { name: 'When would you like to collect?' });
  await expect(speed.getByRole('radio', { name: /Standard/ })).toBeChecked();
  // Each with its day (shop/deliveryDates.ts) and its lead time.
  await expect(speed.getByTestId('ready-date')).toHaveText([
    /^Ready for pickup \w+day \d{1,2} \w+ \(2 business days\)$/,
    /^Ready for pickup \w+day \d{1,2} \w+ \(1 hour\)$/,
  ]);
  await expect(speed).toContainText('£1.99');
  await press(speed.getByRole('radio', { name: /Express/ }));
  await expect(speed.getByRole('radio', { name: /Express/ })).toBeChecked();

  await fillAndLeave(name, 'Ada Lovelace');
  await fillAndLeave(mobile, '07700 900123');
  await fillAndLeave(email, 'ada@example');
  await expect(page.getByTestId('error-email')).toHaveText('Invalid email format');
  await fillAndLeave(email, 'ada@example.com');
  await expect(page.locator('.field__error')).toHaveCount(0);

  // A reload loses nothing: the choice and the details are kept for the tab.
  await page.reload();
  await expect(page.getByRole('radio', { name: /Express/ })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ada Lovelace');

  await press(page.getByRole('button', { name: 'Continue to payment' }));
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/payment-options$/);
  const options = page.getByRole('group', { name: 'How would you like to pay?' });
  await expect(options.getByRole('radio')).toHaveCount(3);
  await expect(options.locator('.choice-list__label')).toHaveText(['Pay in store', 'Invoice', 'Card (test)']);
  // mobileDescription keeps its line break and its link.
  await expect(options.locator('.payment-option__description br').first()).toBeAttached();
  await expect(options.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/m/pages/help');
  await expect(page.getByRole('button', { name: 'Confirm order' })).toBeDisabled();
  const summary = page.getByTestId('order-summary');
  await expect(summary).toContainText('£1.99');
  await expect(page.getByTestId('order-total')).toContainText('Total');

  await press(options.getByRole('radio', { name: 'Card (test)' }));
  await press(page.getByRole('button', { name: 'Confirm order' }));

  // The test card provider's hosted page, outside the app.
  await expect(page).toHaveURL(/\/payments\/test-card\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Test card payment' })).toBeVisible();
  await press(page.getByRole('button', { name: 'Pay', exact: true }));

  const orderUuid = await receiptOrderUuid(page);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByTestId('order-reference')).toHaveText(orderUuid.slice(0, 8));
  await expect(page.getByTestId('payment-info')).toHaveText(
    'Paid by card (test payment: no money was taken).',
  );
  const box = page.getByTestId('delivery-box');
  await expect(box.getByRole('heading', { name: 'Collect in store' })).toBeVisible();
  await expect(box).toContainText('Oxford Street');
  await expect(box).toContainText('120 Oxford Street');
  await expect(box).toContainText('W1D 1LT London');
  await expect(box.getByTestId('receipt-delivery-date')).toHaveText(/^Ready for pickup \w+day \d{1,2} \w+$/);
  // The cart is empty now, here (no badge) and on the server.
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  expect((await serverCart(page)).orderLines).toHaveLength(0);
  // The receipt survives a reload.
  await page.reload();
  await expect(page.getByTestId('order-reference')).toHaveText(orderUuid.slice(0, 8));
});

test('registering during checkout, postage, a rebate code and invoice; Confirm sends once', async ({
  page,
}, testInfo) => {
  await printsInCart(page, 40);
  await startCheckout(page, 'No, print as they are');

  // A refused login shows the server's answer in an alert above the login button.
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByRole('textbox', { name: 'Email or username' }).fill('nobody@example.com');
  await login.getByLabel('Password').fill('not the password');
  await press(login.getByRole('button', { name: 'Log in' }));
  const refused = login.getByRole('alert');
  await expect(refused).toHaveText('Wrong email address or password');
  const alertBox = (await refused.boundingBox())!;
  expect(alertBox.y).toBeLessThan((await login.getByRole('button', { name: 'Log in' }).boundingBox())!.y);
  await expect(page).toHaveURL(/\/m\/cart\/checkout$/);

  const signUp = page.getByRole('form', { name: 'Create an account' });
  const submit = signUp.getByRole('button', { name: 'Create account' });
  await expect(submit).toBeDisabled();
  await fillAndLeave(signUp.getByRole('textbox', { name: 'Name' }), '  ');
  await expect(signUp.getByTestId('error-name')).toHaveText('Name is required');
  await fillAndLeave(signUp.getByRole('textbox', { name: 'Name' }), 'Grace Hopper');
  await fillAndLeave(signUp.getByRole('textbox', { name: 'Mobile number' }), '07700 900456');
  const address = `grace.${testInfo.project.name}.${Date.now()}@example.com`;
  await fillAndLeave(signUp.getByRole('textbox', { name: 'Email address' }), address);
  const password = signUp.getByLabel('Password');
  await fillAndLeave(password, 'short');
  await expect(signUp.getByTestId('error-password')).toHaveText('The password must be at least 8 characters');
  await expect(submit).toBeDisabled();
  await fillAndLeave(password, 'a long enough secret');
  await expect(submit).toBeEnabled();
  await press(submit);
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/delivery-options$/);

  // The new user's details are the form's defaults.
  await press(page.getByRole('radio', { name: 'Postage' }));
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Grace Hopper');
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(address);
  // Two postage options: none is chosen for the shopper.
  const postage = page.getByRole('group', { name: 'Delivery by post' });
  await expect(postage.getByRole('radio')).toHaveCount(2);
  await expect(postage.getByRole('radio', { name: /Standard post/ })).not.toBeChecked();
  await expect(postage.getByTestId('delivery-date')).toHaveText([
    /^Delivered \w+day \d{1,2} \w+ \(3 business days\)$/,
    /^Delivered \w+day \d{1,2} \w+ \(1 business day\)$/,
  ]);
  await press(postage.getByRole('radio', { name: /Standard post/ }));

  // Submit shows every message of the address form.
  await press(page.getByRole('button', { name: 'Continue to payment' }));
  await expect(page.getByTestId('error-address')).toHaveText('Address is required');
  await expect(page.getByTestId('error-postalCode')).toHaveText('Postal code is required');
  await expect(page.getByTestId('error-city')).toHaveText('City is required');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Harbour Road');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('YO1 7HH');
  await page.getByRole('textbox', { name: 'City' }).fill('York');
  await expect(page.locator('.field__error')).toHaveCount(0);
  await press(page.getByRole('button', { name: 'Continue to payment' }));
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/payment-options$/);

  // Postage offers no 'Pay in store'.
  const options = page.getByRole('group', { name: 'How would you like to pay?' });
  await expect(options.locator('.choice-list__label')).toHaveText(['Invoice', 'Card (test)']);
  await expect(page.getByTestId('order-summary')).toContainText('£2.99');
  const totalBefore = await page.getByTestId('order-total').textContent();

  // The rebate code: a refused code's error under the field, cleared on edit; then an applied one.
  const rebate = page.getByRole('textbox', { name: 'Code' });
  await rebate.fill('NOT-A-CODE');
  await press(page.getByRole('button', { name: 'Use code' }));
  await expect(page.getByTestId('error-rebateCode')).toBeVisible();
  await rebate.fill('SUMMER1');
  await expect(page.getByTestId('error-rebateCode')).toHaveCount(0);
  await rebate.fill('SUMMER10');
  const recomputed = page.waitForResponse((r) => r.url().endsWith('/m/api/checkout/order-lines'));
  await press(page.getByRole('button', { name: 'Use code' }));
  await expect(page.getByTestId('rebate-applied')).toHaveText('Summer offer: 10 % off your prints');
  await recomputed;
  await expect(page.getByTestId('order-total')).not.toHaveText(totalBefore ?? '');

  await press(options.getByRole('radio', { name: 'Invoice' }));
  const transactions: string[] = [];
  page.on('request', (r) => r.url().includes('/ajax/get_transaction.php') && transactions.push(r.url()));
  // Two taps in the same moment, before the page can redraw the button as disabled.
  await page.getByRole('button', { name: 'Confirm order' }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });

  const orderUuid = await receiptOrderUuid(page);
  expect(transactions).toHaveLength(1);
  await expect(page.getByTestId('order-reference')).toHaveText(orderUuid.slice(0, 8));
  await expect(page.getByTestId('payment-info')).toHaveText(
    'An invoice has been sent to your email address. Please pay within 14 days.',
  );
  const box = page.getByTestId('delivery-box');
  await expect(box.getByRole('heading', { name: 'Delivery by post' })).toBeVisible();
  await expect(box).toContainText('Grace Hopper');
  await expect(box).toContainText('1 Harbour Road');
  await expect(box).toContainText('YO1 7HH York');
  await expect(box.getByTestId('receipt-delivery-date')).toHaveText(/^Delivered \w+day \d{1,2} \w+$/);
  expect((await serverCart(page)).orderLines).toHaveLength(0);

  // The next order of the logged-in shopper skips the three cards; the details are remembered.
  await printsInCart(page, 40);
  await startCheckout(page, 'No, print as they are');
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/delivery-options$/);
  await expect(page.getByRole('radio', { name: 'Postage' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('1 Harbour Road');
  // Back goes to the cart, not to checkout start (which would send the shopper forward again).
  await page.goBack();
  await expect(page).toHaveURL(/\/m\/cart$/);
});

test('a declined card returns to the payment page with the error and the cart intact', async ({ page }) => {
  const before = await printsInCart(page, 30);
  await startCheckout(page, 'No, print as they are');
  await press(page.getByRole('button', { name: 'Continue as guest' }));
  await press(page.getByRole('button', { name: 'Choose store' }));
  await press(page.getByTestId('store-selector').getByRole('button', { name: /^Brighton/ }));
  // No express twin: no speed choice, the store's own delivery time.
  await expect(page.getByRole('group', { name: 'When would you like to collect?' })).toHaveCount(0);
  await expect(page.getByTestId('chosen-store')).toContainText('(2 business days)');
  await page.getByRole('textbox', { name: 'Full name' }).fill('Alan Turing');
  await page.getByRole('textbox', { name: 'Mobile phone' }).fill('07700 900789');
  await page.getByRole('textbox', { name: 'Email address' }).fill('alan@example.com');
  await press(page.getByRole('button', { name: 'Continue to payment' }));

  await press(page.getByRole('radio', { name: 'Card (test)' }));
  await press(page.getByRole('button', { name: 'Confirm order' }));
  await expect(page).toHaveURL(/\/payments\/test-card\/[0-9a-f-]{36}$/);
  await press(page.getByRole('button', { name: 'Decline' }));

  await expect(page).toHaveURL(/\/m\/cart\/checkout\/payment-options$/);
  await expect(page.getByTestId('payment-error')).toHaveText(
    'The payment was declined. Your cart is unchanged: try again or choose another payment option.',
  );
  await expect(page.getByRole('radio', { name: 'Card (test)' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Confirm order' })).toBeEnabled();
  const after = await serverCart(page);
  expect(after.orderLines.map((l) => [l.uuid, l.quantity])).toEqual(
    before.orderLines.map((l) => [l.uuid, l.quantity]),
  );
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // Choosing again clears the error.
  await press(page.getByRole('radio', { name: 'Invoice' }));
  await expect(page.getByTestId('payment-error')).toHaveCount(0);
});

test('the minimum-price warning: Shop more goes home, Approve goes on', async ({ page }) => {
  const cart = await printsInCart(page, 1);
  const pounds = `£${(cart.summary.totalPrice / 100).toFixed(2)}`;
  await page.goto('/m/cart/checkout');
  const warning = page.getByTestId('minimum-price-dialog');
  await expect(warning.getByRole('heading', { name: 'Minimum price warning' })).toBeVisible();
  await expect(warning).toContainText(
    `You have placed an order for ${pounds}, while the minimum price is £5.00. The order price will be adjusted to this amount.`,
  );
  // Nothing else is offered until the shopper answers.
  await expect(page.getByTestId('auto-correction-dialog')).toBeHidden();
  await press(warning.getByRole('button', { name: 'Shop more' }));
  await expect(page).toHaveURL(/\/m\/?$/);

  await page.goto('/m/cart/checkout');
  await press(warning.getByRole('button', { name: 'Approve minimum price' }));
  await expect(warning).toBeHidden();
  const question = page.getByTestId('auto-correction-dialog');
  await press(question.getByRole('button', { name: 'No, print as they are' }));
  await expect(page.getByRole('button', { name: 'Continue as guest' })).toBeVisible();
  // Approved once for this total: coming back does not ask again.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Continue as guest' })).toBeVisible();
  await expect(warning).toBeHidden();
});

test('the regional variant hides stores without a region and advertises pickup from the stores’ data', async ({
  page,
}) => {
  const origin = `http://no.localhost:${port}`;
  await printsInCart(page, 40, origin);
  await page.goto(`${origin}/m/cart/checkout`);
  await press(page.getByRole('button', { name: 'Fortsett som gjest' }));
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/delivery-options$/);
  // The fastest express of the listed stores (Oslo City, Bergen Storsenter: 2 hours), not a fixed string.
  await expect(page.getByTestId('pickup-promise')).toHaveText(
    'Hent bestillingen i butikken på bare 2 timer med ekspress.',
  );
  await press(page.getByRole('button', { name: 'Velg butikk' }));
  const selector = page.getByTestId('store-selector');
  await expect(selector.locator('.store-group__region')).toHaveText([
    'Oslo',
    'Rogaland',
    'Trøndelag',
    'Vestland',
  ]);
  await expect(selector.locator('.store-button')).toHaveCount(12);
  await expect(selector.getByText('Longyearbyen')).toHaveCount(0);
  await press(selector.getByRole('button', { name: /^Oslo City/ }));
  const speed = page.getByRole('group', { name: 'Når vil du hente?' });
  await expect(speed).toContainText('(2 timer)');
  await expect(speed).toContainText('(2 virkedager)');
  await expect(speed.getByTestId('ready-date').first()).toHaveText(
    /^Klar til henting \p{L}+dag \d{1,2}\. \p{L}+ /u,
  );
  // The chosen store's own promise.
  await expect(page.getByTestId('pickup-promise')).toHaveText(
    'Hent bestillingen i butikken på bare 2 timer med ekspress.',
  );
  // A store without express promises its own day.
  await press(page.getByRole('button', { name: 'Bytt butikk' }));
  await press(selector.getByRole('button', { name: /^Storo/ }));
  await expect(page.getByTestId('pickup-promise')).toHaveText(
    /^Hent bestillingen i butikken fra \p{L}+dag \d{1,2}\. \p{L}+\.$/u,
  );
});
