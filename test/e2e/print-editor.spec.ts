import { randomUUID } from 'node:crypto';
import { type CDPSession, expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import type { CropRect } from '../../engine/image.ts';
import type { Cart, OrderLine, Product } from '../../shop/contract.ts';
import { linePrice } from '../../shop/pricing.ts';
import { analysed, openStartPage, pounds, press } from './support.ts';

async function cart(page: Page): Promise<Cart> {
  const answer = await page.request.get('/m/api/webshop/cart');
  expect(answer.ok()).toBe(true);
  return answer.json();
}

async function products(page: Page): Promise<Product[]> {
  const answer = await page.request.get('/m/api/products');
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { products: Product[] }).products;
}

/**
 * A print line made the way the upload page makes it: the real print upload, from the page's own
 * context so the line lands in this page's cart.
 */
async function printLine(page: Page, name: string, width: number, height: number): Promise<OrderLine> {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 170 } },
  })
    .jpeg()
    .toBuffer();
  const answer = await page.request.post(
    '/system/iframes/upload_internal.php?handleuploads=1&interface=HTML&redirect=&uploadtype=printsorder&json=1&thumbnails=640',
    { multipart: { 'images[]': { name, mimeType: 'image/jpeg', buffer } } },
  );
  expect(answer.ok()).toBe(true);
  const { files } = (await answer.json()) as { files: { uuid: string; error: string | null }[] };
  expect(files[0]?.error).toBeNull();
  await analysed(page);
  const line = (await cart(page)).orderLines.find((l) => l.files[0]?.uuid === files[0]!.uuid);
  expect(line).toBeDefined();
  return line!;
}

const cropOf = async (preview: Locator): Promise<CropRect> =>
  JSON.parse((await preview.getAttribute('data-crop')) ?? 'null') as CropRect;

async function openEditor(page: Page, line: OrderLine) {
  await page.goto(`/m/cart/edit/${line.uuid}`);
  await expect(page.getByRole('heading', { name: 'Paper copies', level: 1 })).toBeVisible();
  await expect(page.getByTestId('print-preview')).toBeVisible();
}

async function chooseFormat(page: Page, name: string) {
  await press(page.getByRole('button', { name: 'Format', exact: true }));
  await expect(page.getByRole('heading', { name: 'Format' })).toBeVisible();
  await press(page.getByRole('button', { name: new RegExp(`^${name}\\b`) }));
  await expect(page.getByTestId('line-format')).toContainText(name);
}

/**
 * Fingers that rest before they lift, as a careful shopper's do. Lifted while moving, Chromium
 * starts a fling, and the next tap only stops the fling instead of clicking.
 */
async function holdStill(page: Page, cdp: CDPSession, touchPoints: { x: number; y: number; id: number }[]) {
  await page.waitForTimeout(150);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints });
  await page.waitForTimeout(150);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Two fingers spread apart over the crop, as CDP touches (the only pinch headless Chromium has). */
async function pinchOut(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const fingers = (spread: number) => [
    { x: cx - spread, y: cy, id: 1 },
    { x: cx + spread, y: cy, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(30) });
  for (let spread = 35; spread <= 55; spread += 5) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
  }
  await holdStill(page, cdp, fingers(55));
  await cdp.detach();
}

async function touchDrag(page: Page, target: Locator, dx: number, dy: number) {
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
  for (let step = 1; step <= 6; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x + (dx * step) / 6, y: y + (dy * step) / 6, id: 1 }],
    });
  }
  await holdStill(page, cdp, [{ x: x + dx, y: y + dy, id: 1 }]);
  await cdp.detach();
}

async function mouseDrag(page: Page, target: Locator, dx: number, dy: number) {
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 6 });
  await page.mouse.up();
}

test(
  'edits a print line: format, crop, filter and quantity, saved with the server price',
  { tag: '@desktop' },
  async ({ page }, testInfo) => {
    await openStartPage(page);
    const line = await printLine(page, 'harbour.jpg', 2000, 1500);
    const before = line.image!.cropRect!;
    const p13x18 = (await products(page)).find((p) => p.name === '13x18')!;
    await openEditor(page, line);
    await expect(page.getByRole('button', { name: /prices from £\d+\.\d\d/i })).toBeVisible();

    await chooseFormat(page, '13x18');

    await press(page.getByRole('button', { name: 'Crop', exact: true }));
    await expect(page.getByRole('heading', { name: 'Crop' })).toBeVisible();
    const preview = page.getByTestId('print-preview');
    await preview.scrollIntoViewIfNeeded();
    await expect(page.getByRole('switch', { name: 'Landscape orientation' })).toBeChecked();
    // No white-border twin of 13x18 and not the regional portal: no toggle.
    await expect(page.getByRole('switch', { name: 'Hvit kant' })).toHaveCount(0);
    const start = await cropOf(preview);
    // The 13x18 print lies like the landscape picture, fill-in: the whole width of the picture.
    expect(start.width).toBeCloseTo(1, 9);

    const touch = testInfo.project.name === 'mobile';
    if (touch) {
      await pinchOut(page, preview);
    } else {
      const box = (await preview.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let notch = 0; notch < 4; notch++) {
        await page.mouse.wheel(0, -100);
        await expect.poll(async () => (await cropOf(preview)).width).toBeCloseTo(1.1 ** -(notch + 1), 6);
      }
    }
    await expect.poll(async () => (await cropOf(preview)).width).toBeLessThan(0.9);
    const zoomed = await cropOf(preview);
    // Zoomed about the middle, so it is still about centred.
    expect(zoomed.x + zoomed.width / 2).toBeCloseTo(0.5, 1);

    // The picture moves right, so the window onto it moves left.
    await (touch ? touchDrag(page, preview, 40, 0) : mouseDrag(page, preview, 40, 0));
    await expect.poll(async () => (await cropOf(preview)).x).toBeLessThan(zoomed.x - 0.01);
    const cropped = await cropOf(preview);
    expect(cropped.width).toBeCloseTo(zoomed.width, 9);
    await expect(page.getByTestId('low-quality')).toHaveCount(0);
    await expect(page.getByTestId('fit-warning')).toHaveCount(0);
    await press(page.getByRole('button', { name: 'Done' }));
    await expect(page.getByRole('button', { name: 'Crop', exact: true })).toBeVisible();
    expect(await cropOf(page.getByTestId('print-preview'))).toEqual(cropped);

    await press(page.getByRole('button', { name: 'Filter', exact: true }));
    await press(page.getByRole('button', { name: 'Sepia' }));
    await expect(page.getByTestId('print-preview').locator('img')).toHaveAttribute('src', /type=2/);

    await press(page.getByRole('button', { name: 'Quantity', exact: true }));
    const field = page.getByRole('spinbutton', { name: 'Quantity' });
    await expect(field).toHaveValue('1');
    await press(page.getByRole('button', { name: 'More', exact: true }));
    await press(page.getByRole('button', { name: 'More', exact: true }));
    await expect(field).toHaveValue('3');
    await press(page.getByRole('button', { name: 'Done' }));
    await expect(page.getByTestId('line-quantity')).toHaveText('3 pcs');

    const expected = linePrice(p13x18, 3);
    // Before saving, the editor previews the price with the same rules the server uses.
    await expect(page.getByTestId('line-price')).toHaveText(pounds(expected));

    await press(page.getByRole('button', { name: 'Done' }));
    await expect(page).toHaveURL(new RegExp(`/m/cart/view/${line.uuid}$`));

    const saved = (await cart(page)).orderLines.find((l) => l.uuid === line.uuid)!;
    expect(saved.product.uuid).toBe(p13x18.uuid);
    expect(saved.quantity).toBe(3);
    expect(saved.actualLinePrice).toBe(expected);
    expect(saved.image!.filter).toBe('sepia');
    expect(saved.image!.adaption).toBe(0);
    const stored = saved.image!.cropRect!;
    for (const key of ['x', 'y', 'width', 'height'] as const) {
      expect(stored[key]).toBeCloseTo(cropped[key], 12);
    }
    expect(stored).not.toEqual(before);
    await expect(page.locator(`#line-${line.uuid} .cart-line__price`)).toHaveText(
      pounds(saved.actualLinePrice),
    );
    await expect(page.locator(`#line-${line.uuid} .cart-line__format`)).toHaveText('13x18');
  },
);

test('warns about low print quality for a small picture on a large format only', async ({ page }) => {
  await openStartPage(page);
  const small = await printLine(page, 'small.jpg', 300, 200);
  const big = await printLine(page, 'big.jpg', 1200, 800);

  await openEditor(page, big);
  await expect(page.getByTestId('line-format')).toContainText('10x15');
  await expect(page.getByTestId('low-quality')).toHaveCount(0);

  await openEditor(page, small);
  await chooseFormat(page, '30x45');
  const icon = page.getByTestId('low-quality');
  await expect(icon).toBeVisible();
  await expect(icon).toHaveAccessibleName(/too few pixels/);
  // The crop page warns while the shopper works on it, too.
  await press(page.getByRole('button', { name: 'Crop', exact: true }));
  await expect(page.getByRole('heading', { name: 'Crop' })).toBeVisible();
  await expect(page.getByTestId('low-quality')).toBeVisible();
});

test('Cancel with unsaved changes asks first; discarding leaves the line as it was', async ({ page }) => {
  await openStartPage(page);
  const line = await printLine(page, 'meadow.jpg', 1200, 900);
  const before = (await cart(page)).orderLines.find((l) => l.uuid === line.uuid);

  // Nothing changed: straight back to the cart.
  await openEditor(page, line);
  await press(page.getByRole('button', { name: 'Cancel' }));
  await expect(page).toHaveURL(/\/m\/cart$/);

  await openEditor(page, line);
  await press(page.getByRole('button', { name: 'Filter', exact: true }));
  await press(page.getByRole('button', { name: 'Black/White' }));
  await press(page.getByRole('button', { name: 'Quantity', exact: true }));
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('7');
  await press(page.getByRole('button', { name: 'Done' }));
  await expect(page.getByTestId('line-quantity')).toHaveText('7 pcs');

  await press(page.getByRole('button', { name: 'Cancel' }));
  const dialog = page.getByTestId('discard-dialog');
  await expect(dialog.getByRole('heading', { name: 'Discard your changes?' })).toBeVisible();
  await expect(dialog).toContainText('Leave without saving the changes?');
  await press(dialog.getByRole('button', { name: 'Keep editing' }));
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/m/cart/edit/${line.uuid}$`));
  await expect(page.getByTestId('line-quantity')).toHaveText('7 pcs');

  await press(page.getByRole('button', { name: 'Cancel' }));
  await press(dialog.getByRole('button', { name: 'Discard' }));
  await expect(page).toHaveURL(/\/m\/cart$/);
  expect((await cart(page)).orderLines.find((l) => l.uuid === line.uuid)).toEqual(before);
});

test('unsaved changes outlive a reload; the phone’s Back asks first, steps out of a sub-page, and Done leaves nothing behind', async ({
  page,
}) => {
  await openStartPage(page);
  const line = await printLine(page, 'harbour.jpg', 1200, 900);
  const before = (await cart(page)).orderLines.find((l) => l.uuid === line.uuid);
  // From the cart, as a shopper comes: Back has somewhere to go.
  await page.goto('/m/cart');
  await press(page.locator(`#line-${line.uuid}`).getByRole('link'));
  await expect(page.getByRole('heading', { name: 'Paper copies', level: 1 })).toBeVisible();

  await press(page.getByRole('button', { name: 'Filter', exact: true }));
  await press(page.getByRole('button', { name: 'Black/White' }));
  await press(page.getByRole('button', { name: 'Quantity', exact: true }));
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('7');
  await press(page.getByRole('button', { name: 'Done' }));
  await expect(page.getByTestId('line-quantity')).toHaveText('7 pcs');

  // A reload keeps the changes, unsaved.
  await page.reload();
  await expect(page.getByTestId('line-quantity')).toHaveText('7 pcs');
  await expect(page.getByText('Black/White')).toBeVisible();
  expect((await cart(page)).orderLines.find((l) => l.uuid === line.uuid)).toEqual(before);

  // Back on a sub-page returns to the editor's main page.
  await press(page.getByRole('button', { name: 'Format', exact: true }));
  await expect(page.getByRole('heading', { name: 'Format' })).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('line-quantity')).toHaveText('7 pcs');
  await expect(page).toHaveURL(new RegExp(`/m/cart/edit/${line.uuid}$`));

  // Back with changes asks; Keep editing stays.
  await page.goBack();
  const dialog = page.getByTestId('discard-dialog');
  await expect(dialog.getByRole('heading', { name: 'Discard your changes?' })).toBeVisible();
  await press(dialog.getByRole('button', { name: 'Keep editing' }));
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/m/cart/edit/${line.uuid}$`));
  await expect(page.getByTestId('line-quantity')).toHaveText('7 pcs');

  // Asked again, Discard leaves for the cart with the line as it was, and nothing is kept.
  await page.goBack();
  await press(dialog.getByRole('button', { name: 'Discard' }));
  await expect(page).toHaveURL(/\/m\/cart$/);
  expect((await cart(page)).orderLines.find((l) => l.uuid === line.uuid)).toEqual(before);
  await page.goto(`/m/cart/edit/${line.uuid}`);
  await expect(page.getByTestId('line-quantity')).toHaveText('1 pc');

  // Saved with Done, a reload shows the saved line and no draft.
  await press(page.getByRole('button', { name: 'Quantity', exact: true }));
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('3');
  await press(page.getByRole('button', { name: 'Done' }));
  await press(page.getByRole('button', { name: 'Done' }));
  await expect(page).toHaveURL(new RegExp(`/m/cart/view/${line.uuid}$`));
  expect((await cart(page)).orderLines.find((l) => l.uuid === line.uuid)?.quantity).toBe(3);
  await page.goto(`/m/cart/edit/${line.uuid}`);
  await expect(page.getByTestId('line-quantity')).toHaveText('3 pcs');
  expect(await page.evaluate((uuid) => sessionStorage.getItem(`printEditor:${uuid}`), line.uuid)).toBeNull();
  // Unchanged, Back simply leaves.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/edit\//);
  await expect(page.getByTestId('discard-dialog')).toHaveCount(0);
});

test('a line that is not in the cart sends the shopper to the cart, which says when it is empty', async ({
  page,
}) => {
  await openStartPage(page);
  await page.goto(`/m/cart/edit/${randomUUID()}`);
  await expect(page).toHaveURL(/\/m\/cart$/);
  await expect(page.getByTestId('cart-empty')).toBeVisible();

  await printLine(page, 'one.jpg', 800, 600);
  await page.goto(`/m/cart/edit/${randomUUID()}`);
  await expect(page).toHaveURL(/\/m\/cart$/);
  await expect(page.getByTestId('print-line')).toHaveCount(1);
});

test('in the regional portal the white-border toggle switches to the white-border format', async ({
  page,
}, testInfo) => {
  // The regional portal is chosen by host; only the browser resolves *.localhost, so the calls of
  // this test run in the page.
  const regional = `http://no.localhost:${new URL(testInfo.project.use.baseURL!).port}`;
  await page.goto(`${regional}/m/`);
  const buffer = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  const line = await page.evaluate(async (base64) => {
    const form = new FormData();
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    form.append('images[]', new Blob([bytes], { type: 'image/jpeg' }), 'fjord.jpg');
    const query = 'handleuploads=1&interface=HTML&redirect=&uploadtype=printsorder&json=1&thumbnails=640';
    await fetch(`/system/iframes/upload_internal.php?${query}`, { method: 'POST', body: form });
    return ((await (await fetch('/m/api/webshop/cart')).json()) as Cart).orderLines[0]!;
  }, buffer.toString('base64'));

  await page.goto(`${regional}/m/cart/edit/${line.uuid}`);
  await expect(page.getByRole('heading', { name: 'Papirbilder', level: 1 })).toBeVisible();
  await press(page.getByRole('button', { name: 'Beskjær', exact: true }));
  const border = page.getByRole('switch', { name: 'Hvit kant' });
  await expect(border).not.toBeChecked();
  const preview = page.getByTestId('print-preview');
  const without = await preview.boundingBox();
  await press(border);
  await expect(border).toBeChecked();
  // The picture now sits inside a white margin of 5 % of the print's shorter side.
  const inside = (await preview.boundingBox())!;
  expect(inside.width).toBeLessThan(without!.width - 10);
  await press(page.getByRole('button', { name: 'Ferdig' }));
  await expect(page.getByTestId('line-format')).toHaveText('10x15 hvit kant (10,2 x 15,2 cm)');
  await press(page.getByRole('button', { name: 'Ferdig' }));
  await expect(page).toHaveURL(new RegExp(`/m/cart/view/${line.uuid}$`));
  const saved = await page.evaluate(async (uuid) => {
    const cart = (await (await fetch('/m/api/webshop/cart')).json()) as Cart;
    return cart.orderLines.find((l) => l.uuid === uuid)!;
  }, line.uuid);
  const products = await page.evaluate(
    async () => ((await (await fetch('/m/api/products')).json()) as { products: Product[] }).products,
  );
  const twin = products.find((p) => p.uuid === saved.product.uuid)!;
  expect(twin.whiteBorder).toBe(true);
  expect(saved.actualLinePrice).toBe(linePrice(twin, 1));
});
