/**
 * The order's limits in the cart (issue 16): the quantity field stops at 999 and says why, and a bulk
 * change that would take the order past 5,000 pieces is refused by the server and the cart says so,
 * with every line as it was.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { openStartPage, PRINT_UPLOAD, press, serverCart } from './support.ts';

test('the cart says when a line or the order reaches its limit', async ({ page }) => {
  await openStartPage(page);
  for (let i = 0; i < 6; i++) {
    const buffer = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const res = await page.request.post(PRINT_UPLOAD, {
      multipart: { 'images[]': { name: `photo-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer } },
    });
    expect(res.ok()).toBe(true);
  }
  const before = await serverCart(page);
  expect(before.orderLines).toHaveLength(6);

  await page.goto('/m/cart');
  await expect(page.getByTestId('print-line')).toHaveCount(6);
  await press(page.getByRole('button', { name: 'Adjust multiple pictures' }));
  await press(page.getByRole('button', { name: 'Select all' }));
  const toolbar = page.getByTestId('bulk-toolbar');
  await press(toolbar.getByRole('button', { name: 'Quantity' }));
  const dialog = page.getByTestId('bulk-quantity');
  const field = dialog.getByRole('spinbutton', { name: 'Quantity' });

  // Typing past the line's cap: the field says so, and keeps 999 when it is left.
  await expect(dialog.getByTestId('quantity-maximum')).toHaveCount(0);
  await field.fill('5000');
  await expect(dialog.getByTestId('quantity-maximum')).toHaveText('You can order at most 999 of one item');
  await field.blur();
  await expect(field).toHaveValue('999');
  await expect(dialog.getByRole('button', { name: 'More' })).toBeDisabled();
  await expect(dialog.getByTestId('quantity-maximum')).toBeVisible();
  await press(dialog.getByRole('button', { name: 'Done' }));

  // Six lines of 999 are 5,994 pieces: the server refuses, the cart says why, nothing changed.
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/m/api/webshop/cart') && r.request().method() === 'PUT',
  );
  await press(toolbar.getByRole('button', { name: 'Done' }));
  expect((await refused).status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText(
    'An order can hold at most 5,000 prints and products. Lower some quantities, or order the rest separately.',
  );
  expect((await serverCart(page)).orderLines.map((l) => l.quantity)).toEqual(
    before.orderLines.map((l) => l.quantity),
  );
});
