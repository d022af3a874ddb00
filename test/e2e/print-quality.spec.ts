import { expect, type Page, test } from '@playwright/test';
import type { Cart, OrderLine, Product } from '../../shop/contract.ts';
import { formatChoices } from '../../shop/printEdit.ts';
import { lineQuality, MIN_PRINT_DPI, sharperFormat } from '../../shop/printQuality.ts';
import { jpeg, press, serverCart, startCheckout } from './support.ts';

async function products(page: Page): Promise<Product[]> {
  const answer = await page.request.get('/m/api/products');
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { products: Product[] }).products;
}

const lineNamed = (cart: Cart, name: string): OrderLine => {
  const line = cart.orderLines.find((l) => l.description === name);
  expect(line, name).toBeDefined();
  return line!;
};

test('a photo with too few pixels is named as such on the upload grid, in the cart, in the print editor and at checkout', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/m/upload');
  const chooser = page.waitForEvent('filechooser');
  await press(page.getByRole('button', { name: 'Upload now' }));
  await (await chooser).setFiles([
    await jpeg('tiny.jpg', 400, 300, '#3a7'),
    await jpeg('fine.jpg', 2400, 1600, '#a37'),
  ]);
  await expect(page.locator('.upload-page')).toHaveAttribute('data-phase', 'UPLOAD_COMPLETE', {
    timeout: 30_000,
  });

  // What the shop's one rule says of each line, from the server's cart and price list.
  const catalogue = await products(page);
  const cart = await serverCart(page);
  const tiny = lineNamed(cart, 'tiny.jpg');
  const fine = lineNamed(cart, 'fine.jpg');
  const tinyQuality = lineQuality(tiny, catalogue, { width: 400, height: 300 })!;
  expect(tinyQuality.low).toBe(true);
  expect(lineQuality(fine, catalogue, { width: 2400, height: 1600 })!.low).toBe(false);
  const words = `Low resolution: may print blurred (${tinyQuality.dpi} dpi)`;

  // The upload grid.
  const tiles = page.getByTestId('upload-thumb');
  await expect(tiles.filter({ has: page.getByAltText('tiny.jpg') }).getByTestId('quality-low')).toHaveText(
    words,
  );
  await expect(tiles.filter({ has: page.getByAltText('fine.jpg') }).getByTestId('quality-low')).toHaveCount(
    0,
  );

  // The cart line.
  await press(page.getByRole('link', { name: 'Adjust and order' }));
  await expect(page.locator(`#line-${tiny.uuid}`).getByTestId('quality-low')).toHaveText(words);
  await expect(page.locator(`#line-${fine.uuid}`).getByTestId('quality-low')).toHaveCount(0);

  // The print editor: the triangle opens the explanation with the dpi and what to do.
  await page.goto(`/m/cart/edit/${tiny.uuid}`);
  const explanation = page.getByTestId('quality-explanation');
  await expect(explanation.getByRole('button', { name: words })).toHaveAttribute('aria-expanded', 'false');
  await press(page.getByTestId('low-quality'));
  const product = catalogue.find((p) => p.uuid === tiny.product.uuid)!;
  await expect(explanation).toContainText(
    `This picture has too few pixels for a sharp ${product.name} print: it prints at ${tinyQuality.dpi} dpi, and prints are sharp from ${MIN_PRINT_DPI} dpi.`,
  );
  const sharper = sharperFormat({ width: 400, height: 300 }, product, formatChoices(catalogue));
  await expect(explanation).toContainText(
    sharper
      ? `Choose a smaller format, such as ${sharper.name}, for a sharp print.`
      : 'No format makes this picture sharp: that takes a larger original.',
  );
  await press(explanation.getByRole('button', { name: words }));
  await expect(explanation.getByText(/too few pixels/)).toBeHidden();

  // Checkout: above the minimum price, as a guest by post, to the payment step.
  const more = await page.request.put(`/m/api/webshop/cart/${fine.uuid}`, {
    data: { ...fine, quantity: 40 },
  });
  expect(more.ok()).toBe(true);
  await startCheckout(page, 'No, print as they are');
  await press(page.getByRole('button', { name: 'Continue as guest' }));
  await press(page.getByRole('radio', { name: 'Postage' }));
  await page.getByRole('textbox', { name: 'Full name' }).fill('Ada Lovelace');
  await page.getByRole('textbox', { name: 'Mobile phone' }).fill('07700 900123');
  await page.getByRole('textbox', { name: 'Email address' }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Harbour Road');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('YO1 7HH');
  await page.getByRole('textbox', { name: 'City' }).fill('York');
  await press(
    page.getByRole('group', { name: 'Delivery by post' }).getByRole('radio', { name: /Standard post/ }),
  );
  await press(page.getByRole('button', { name: 'Continue to payment' }));
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/payment-options$/);
  const notice = page.getByTestId('quality-notice');
  await expect(notice.getByRole('heading')).toHaveText('One picture may print blurred');
  await expect(notice.getByRole('listitem')).toHaveText([
    `tiny.jpg (${product.name}): ${tinyQuality.dpi} dpi`,
  ]);
  await expect(notice.getByRole('link', { name: 'Change them in the cart' })).toHaveAttribute(
    'href',
    '/m/cart',
  );
});
