import { expect, type Locator, test } from '@playwright/test';
import { hasTouch, linesInCart, pounds, press, serverCart } from './support.ts';

/** A finger (or the mouse) resting on the element for 0.8 s. */
async function longPress(target: Locator) {
  const page = target.page();
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (await hasTouch(page)) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await page.waitForTimeout(800);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } else {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.waitForTimeout(800);
    await page.mouse.up();
  }
}

test('lists the print lines with the server’s prices; delete asks first; order more offers both ways', async ({
  page,
}) => {
  const before = await linesInCart(page, 3);
  await page.goto('/m/cart');
  const lines = page.getByTestId('print-line');
  await expect(lines).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Prints' })).toBeVisible();
  await expect(lines.getByTestId('line-price')).toHaveText(
    before.orderLines.map((l) => pounds(l.actualLinePrice)),
  );
  await expect(page.getByTestId('cart-products')).toHaveText('3 products');
  await expect(page.getByTestId('cart-total')).toHaveText(pounds(before.summary.totalPrice));
  // Each thumbnail is the print as it will come out: the line's own crop on paper turned its way.
  for (const [i, line] of before.orderLines.entries()) {
    await expect(lines.nth(i).locator('[data-crop]')).toHaveAttribute(
      'data-crop',
      JSON.stringify(line.image!.cropRect),
    );
  }
  const paper = await lines.first().locator('.print-preview__print').boundingBox();
  expect(paper!.width).toBeGreaterThan(paper!.height);
  // Each line opens its editor.
  await expect(page.getByRole('link', { name: /^Edit .*\bphoto-1\.jpg\b/ })).toHaveAttribute(
    'href',
    `/m/cart/edit/${before.orderLines[0]!.uuid}`,
  );

  // Delete: Cancel keeps the line, Delete removes it on the server.
  await press(page.getByRole('button', { name: 'Delete photo-2.jpg' }));
  const dialog = page.getByTestId('delete-dialog');
  await expect(dialog.getByRole('heading', { name: 'Delete product?' })).toBeVisible();
  await expect(dialog).toContainText('Are you sure you want to delete the product from the shopping cart?');
  await press(dialog.getByRole('button', { name: 'Cancel' }));
  await expect(dialog).toBeHidden();
  await expect(lines).toHaveCount(3);
  await press(page.getByRole('button', { name: 'Delete photo-2.jpg' }));
  await press(dialog.getByRole('button', { name: 'Delete' }));
  await expect(lines).toHaveCount(2);
  await expect(lines.locator('.cart-line__name')).toHaveText(['photo-1.jpg', 'photo-3.jpg']);
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  const after = await serverCart(page);
  expect(after.orderLines.map((l) => l.description)).toEqual(['photo-1.jpg', 'photo-3.jpg']);
  await expect(page.getByTestId('cart-total')).toHaveText(pounds(after.summary.totalPrice));
  // The free-shipping banner follows the total.
  await expect(page.getByTestId('free-shipping-banner')).toContainText('more and get free delivery!');

  await press(page.getByRole('button', { name: 'Order more' }));
  const more = page.getByTestId('order-more-dialog');
  await expect(more.getByRole('button', { name: 'Order other products' })).toBeVisible();
  await press(more.getByRole('button', { name: 'Upload more pictures' }));
  await expect(page).toHaveURL(/\/m\/upload$/);
});

test('bulk mode by long press: select all, set quantity, mark for deletion, Done; a reload shows it', async ({
  page,
}) => {
  const before = await linesInCart(page, 3);
  await page.goto('/m/cart');
  const lines = page.getByTestId('print-line');
  await expect(lines).toHaveCount(3);

  await longPress(lines.nth(1));
  const toolbar = page.getByTestId('bulk-toolbar');
  await expect(toolbar).toContainText('1 selected picture');
  await expect(page).toHaveURL(/\/m\/cart$/);
  await expect(page.getByRole('checkbox', { name: /^Select .*\bphoto-2\.jpg\b/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  await press(page.getByRole('button', { name: 'Select all' }));
  await expect(toolbar).toContainText('3 selected pictures');

  await press(toolbar.getByRole('button', { name: 'Quantity' }));
  const quantity = page.getByTestId('bulk-quantity');
  await quantity.getByRole('spinbutton', { name: 'Quantity' }).fill('5');
  await press(quantity.getByRole('button', { name: 'More' }));
  await press(quantity.getByRole('button', { name: 'Done' }));
  // Changed but not sent: the prices are unknown.
  await expect(lines.getByTestId('line-price')).toHaveText(['...', '...', '...']);
  await expect(lines.locator('.cart-line__quantity')).toHaveText(['6 pcs', '6 pcs', '6 pcs']);

  // Only the third line: Select all again clears, then a tap selects it.
  await press(page.getByRole('button', { name: 'Select all' }));
  await expect(toolbar).toContainText('0 selected pictures');
  await press(page.getByRole('checkbox', { name: /^Select .*\bphoto-3\.jpg\b/ }));
  await press(toolbar.getByRole('button', { name: 'Delete' }));
  await expect(lines.nth(2)).toContainText('Marked for deletion');
  await expect(page.getByText('Marked for deletion')).toHaveCount(1);

  // Done sends the dirty lines in one PUT, and the lines show updating until it answers.
  const puts: string[] = [];
  let release: () => void = () => {};
  await page.route('**/m/api/webshop/cart', async (route) => {
    if (route.request().method() === 'PUT') {
      puts.push(route.request().postData() ?? '');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    }
    await route.continue();
  });
  await press(toolbar.getByRole('button', { name: 'Done' }));
  await expect(lines.first().getByTestId('line-price')).toHaveText('Updating');
  // The request is held at the network: let it go once it is there.
  await expect.poll(() => puts.length).toBe(1);
  release();
  await expect(lines).toHaveCount(2);
  expect(puts).toHaveLength(1);
  const sent = JSON.parse(puts[0]!) as { uuid: string; quantity: number; deleted?: boolean }[];
  expect(sent.map((l) => [l.uuid, l.quantity, l.deleted ?? false])).toEqual([
    [before.orderLines[0]!.uuid, 6, false],
    [before.orderLines[1]!.uuid, 6, false],
    [before.orderLines[2]!.uuid, 6, true],
  ]);

  const after = await serverCart(page);
  expect(after.orderLines.map((l) => [l.description, l.quantity])).toEqual([
    ['photo-1.jpg', 6],
    ['photo-2.jpg', 6],
  ]);
  await page.reload();
  await expect(lines).toHaveCount(2);
  await expect(lines.locator('.cart-line__quantity')).toHaveText(['6 pcs', '6 pcs']);
  await expect(lines.getByTestId('line-price')).toHaveText(
    after.orderLines.map((l) => pounds(l.actualLinePrice)),
  );
  expect(after.orderLines[0]!.actualLinePrice).toBeGreaterThan(before.orderLines[0]!.actualLinePrice);
  await expect(page.getByTestId('cart-total')).toHaveText(pounds(after.summary.totalPrice));
});

test('Cancel in bulk mode restores every line and sends nothing', async ({ page }) => {
  const before = await linesInCart(page, 2);
  await page.goto('/m/cart');
  const lines = page.getByTestId('print-line');
  let puts = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT') puts++;
  });
  await press(page.getByRole('button', { name: 'Adjust multiple pictures' }));
  await press(page.getByRole('button', { name: 'Select all' }));
  const toolbar = page.getByTestId('bulk-toolbar');
  await press(toolbar.getByRole('button', { name: 'Filter' }));
  const choice = page.getByTestId('bulk-choice');
  // Every selected line has the same filter: it is the one chosen to begin with.
  await expect(choice.getByRole('radio', { name: 'Original' })).toBeChecked();
  await press(choice.getByText('Sepia'));
  await press(choice.getByRole('button', { name: 'Done' }));
  await expect(lines.first().locator('img')).toHaveAttribute('src', /type=2/);
  await press(toolbar.getByRole('button', { name: 'Format' }));
  await press(choice.getByText('13x18'));
  await press(choice.getByRole('button', { name: 'Done' }));
  await expect(lines.locator('.cart-line__format')).toHaveText(['13x18', '13x18']);
  await press(toolbar.getByRole('button', { name: 'Delete' }));
  await expect(page.getByText('Marked for deletion')).toHaveCount(2);

  await press(toolbar.getByRole('button', { name: 'Cancel' }));
  await expect(toolbar).toBeHidden();
  await expect(page.getByText('Marked for deletion')).toHaveCount(0);
  await expect(lines.locator('.cart-line__format')).toHaveText(['10x15', '10x15']);
  await expect(lines.getByTestId('line-price')).toHaveText(
    before.orderLines.map((l) => pounds(l.actualLinePrice)),
  );
  await expect(lines.first().locator('img')).not.toHaveAttribute('src', /type=2/);
  expect(puts).toBe(0);
  expect(await serverCart(page)).toEqual(before);
});

test('/cart/view/{uuid} brings that line into view; a cart emptied says so and offers the way back', async ({
  page,
}) => {
  const cart = await linesInCart(page, 10);
  const last = cart.orderLines[9]!;
  await page.goto(`/m/cart/view/${last.uuid}`);
  const line = page.locator(`[data-line="${last.uuid}"]`);
  await expect(line).toBeInViewport();
  await expect(line).toHaveClass(/is-highlighted/);
  await expect(page.locator(`[data-line="${cart.orderLines[0]!.uuid}"]`)).not.toBeInViewport();

  for (const l of cart.orderLines) await page.request.delete(`/m/api/webshop/cart/${l.uuid}`);
  await page.goto('/m/cart');
  await expect(page).toHaveURL(/\/m\/cart$/);
  await expect(page.getByTestId('cart-empty')).toContainText('Your shopping cart is empty.');
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await page.getByRole('link', { name: 'Upload pictures' }).tap();
  await expect(page).toHaveURL(/\/m\/upload$/);
});
