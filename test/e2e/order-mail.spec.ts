import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { devices, expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { postageDetails, press, printsInCart, receiptOrderUuid, startCheckout } from './support.ts';

/** The mail sent to `to` whose subject matches: the server writes its mail to DATA_DIR/outbox/ (no SMTP here). */
async function mailTo(to: string, subject: RegExp) {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let found: Awaited<ReturnType<typeof simpleParser>> | undefined;
  await expect
    .poll(
      async () => {
        let files: string[] = [];
        try {
          files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
        } catch {
          return false;
        }
        for (const file of files) {
          const mail = await simpleParser(readFileSync(path.join(outbox, file)));
          if (JSON.stringify(mail.to).includes(to) && subject.test(mail.subject ?? '')) found = mail;
        }
        return Boolean(found);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

test('a guest follows the order from the confirmation mail’s link in a fresh browser; a forged link opens nothing', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = `guest.${testInfo.project.name}.${Date.now()}@example.com`;
  await printsInCart(page, 40);
  await startCheckout(page, 'No, print as they are');
  await press(page.getByRole('button', { name: 'Continue as guest' }));
  await postageDetails(page, { name: 'Guest Shopper', mobile: '07700 900001', email });
  await press(page.getByRole('button', { name: 'Continue to payment' }));
  await press(
    page.getByRole('group', { name: 'How would you like to pay?' }).getByRole('radio', { name: 'Invoice' }),
  );
  await press(page.getByRole('button', { name: 'Confirm order' }));
  const orderUuid = await receiptOrderUuid(page);

  const mail = await mailTo(email, new RegExp(orderUuid.slice(0, 8)));
  const link = mail.text?.match(/https?:\/\/\S+\/receipt\/\S+/)?.[0];
  expect(link).toContain(`/m/cart/checkout/receipt/${orderUuid}?key=`);

  // Another phone: no cookies of the order's session.
  const other = await browser.newContext({ ...devices['Pixel 7'], hasTouch: true, isMobile: true });
  const phone = await other.newPage();
  await phone.goto(link!);
  await expect(phone.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(phone.getByTestId('order-reference')).toHaveText(orderUuid.slice(0, 8));
  await expect(phone.getByTestId('delivery-box')).toContainText('Guest Shopper');
  // The items by name and price, without the shopper's pictures: a forwarded mail hands out no photos.
  await expect(phone.getByTestId('order-item')).toHaveCount(1);
  await expect(phone.getByTestId('order-item').locator('img')).toHaveCount(0);

  // Without the key, or with one changed, the receipt is not there.
  const url = new URL(link!);
  await phone.goto(url.pathname);
  await expect(phone.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  const key = url.searchParams.get('key')!;
  url.searchParams.set('key', `${key.slice(0, -2)}${key.endsWith('AA') ? 'BB' : 'AA'}`);
  await phone.goto(url.toString());
  await expect(phone.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await other.close();
});
