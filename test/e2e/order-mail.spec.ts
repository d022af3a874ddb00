import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { devices, expect, type Page, test } from '@playwright/test';
import {
  mailsTo,
  mailTo,
  postageDetails,
  press,
  printsInCart,
  receiptOrderUuid,
  startCheckout,
} from './support.ts';

/** A guest's order by post, paid by invoice, up to its receipt: the order's uuid. */
async function guestInvoiceOrder(page: Page, email: string): Promise<string> {
  await printsInCart(page, 40);
  await startCheckout(page, 'No, print as they are');
  await press(page.getByRole('button', { name: 'Continue as guest' }));
  await postageDetails(page, { name: 'Guest Shopper', mobile: '07700 900001', email });
  await press(page.getByRole('button', { name: 'Continue to payment' }));
  await press(
    page.getByRole('group', { name: 'How would you like to pay?' }).getByRole('radio', { name: 'Invoice' }),
  );
  await press(page.getByRole('button', { name: 'Confirm order' }));
  return receiptOrderUuid(page);
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

test('invoice payment sends the invoice: a PDF with the amount, the due date, the reference and how to pay', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = `invoice.${testInfo.project.name}.${Date.now()}@example.com`;
  const orderUuid = await guestInvoiceOrder(page, email);
  const reference = orderUuid.slice(0, 8);
  const total = (await page.getByTestId('order-total').locator('dd').textContent())!.trim();
  await expect(page.getByTestId('payment-info')).toContainText(
    'An invoice has been sent to your email address.',
  );

  const mail = await mailTo(email, new RegExp(reference));
  // Due 14 days after the order's day (the demo portal's terms), said the same in the mail and the PDF.
  const dueDays = [0, 1].map((late) =>
    new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(Date.now() - late * 86_400_000 + 14 * 86_400_000),
    ),
  );
  const due = dueDays.find((d) => mail.text?.includes(`${total} to pay by ${d}`));
  expect(due, mail.text).toBeDefined();
  expect(mail.text).toContain(`with the payment reference ${reference}`);
  const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
  expect(pdf?.filename).toBe(`invoice-${reference}.pdf`);
  const dir = mkdtempSync(path.join(tmpdir(), 'invoice-'));
  writeFileSync(path.join(dir, 'invoice.pdf'), pdf!.content);
  const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'invoice.pdf'), '-'], {
    encoding: 'utf8',
  });
  rmSync(dir, { recursive: true, force: true });
  expect(text).toContain('Invoice');
  expect(text).toMatch(new RegExp(`Invoice number\\s+${reference}`));
  expect(text).toMatch(new RegExp(`Due date\\s+${due}`));
  expect(text).toMatch(new RegExp(`Amount due\\s+${total.replace(/[.$£]/g, '\\$&')}`));
  expect(text).toContain(`Payment reference: ${reference}`);
  expect(text).toContain('sort code');
  expect(text).toContain('Guest Shopper');
});

test('a guest on another phone finds the order from the menu’s Log in: email and reference bring the link by mail', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = `finder.${testInfo.project.name}.${Date.now()}@example.com`;
  const orderUuid = await guestInvoiceOrder(page, email);
  const reference = orderUuid.slice(0, 8);
  await mailTo(email, new RegExp(reference));

  const other = await browser.newContext({ ...devices['Pixel 7'], hasTouch: true, isMobile: true });
  const phone = await other.newPage();
  await phone.goto('/m/');
  await press(phone.getByRole('button', { name: 'Menu' }));
  await press(phone.getByRole('link', { name: 'Log in' }));
  await expect(phone).toHaveURL(/\/m\/orders$/);
  await expect(phone.getByRole('form', { name: 'Log in' })).toBeVisible();
  const find = phone.getByRole('form', { name: 'Find my order' });
  await find.getByRole('textbox', { name: 'Email address' }).fill(email);
  await find.getByRole('textbox', { name: 'Order reference (8 characters)' }).fill(reference);
  await press(find.getByRole('button', { name: 'Send me the link' }));
  await expect(find.getByTestId('find-order-sent')).toHaveText(
    'If an order matches, a link to it is on its way to that email address.',
  );
  // The order's mail comes again (a second one to this address), and its link opens the receipt here.
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(email);
        link = mails.at(-1)?.text?.match(/https?:\/\/\S+\/receipt\/\S+/)?.[0];
        return mails.length;
      },
      { timeout: 30_000 },
    )
    .toBe(2);
  await phone.goto(link!);
  await expect(phone.getByTestId('order-reference')).toHaveText(reference);
  await other.close();
});
