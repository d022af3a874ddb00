/**
 * Issue 34's words on the Norwegian portal, as a shopper on a phone reads them: a print's product name
 * in Norwegian in the cart (the demo stores it in English, '10x15 white border'), its price named for
 * what it is, and sizes with a decimal comma.
 *
 * The expected words come from the nb_NO locale file and Intl, never from the code under test.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Product } from '../../shop/index.ts';
import { printsInCart } from './support.ts';

const common = JSON.parse(
  readFileSync(new URL('../../public/locale/nb_NO/common.json', import.meta.url), 'utf8'),
) as { productNames: Record<string, string>; cart: Record<string, string>; upload: Record<string, string> };

/** The regional portal is chosen by host; only the browser resolves *.localhost. */
const norwegianPortal = (baseURL: string | undefined) => `http://no.localhost:${new URL(baseURL!).port}`;

/** A length in cm as Norwegian writes it: Intl's decimal comma. */
const cm = (mm: number) => new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 1 }).format(mm / 10);

test('the Norwegian cart names a white-border print in Norwegian; sizes have a decimal comma', async ({
  page,
  baseURL,
}) => {
  const portal = norwegianPortal(baseURL);
  const cart = await printsInCart(page, 1, portal);
  const products = await page.evaluate(
    async () => ((await (await fetch('/m/api/products')).json()) as { products: Product[] }).products,
  );
  const bordered = products.find((p) => p.producttype === 0 && p.whiteBorder);
  expect(bordered, 'a white-border print format on the regional portal').toBeTruthy();
  const norwegianName = common.productNames[bordered!.name];
  expect(norwegianName, `a Norwegian name for "${bordered!.name}"`).toBeTruthy();
  expect(norwegianName).not.toBe(bordered!.name);

  // The line becomes a white-border print, as the print editor's switch makes it.
  const line = cart.orderLines[0]!;
  const changed = await page.evaluate(
    async ({ line, product }) =>
      (
        await fetch(`/m/api/webshop/cart/${line.uuid}`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ ...line, product: { ...line.product, uuid: product } }),
        })
      ).status,
    { line, product: bordered!.uuid },
  );
  expect(changed).toBe(200);

  await page.goto(`${portal}/m/cart`);
  const printLine = page.getByTestId('print-line');
  await expect(printLine).toContainText(norwegianName!);
  await expect(printLine).not.toContainText(bordered!.name);
  // Its price is named for what it is: the line's price for its one print.
  const price = common.cart.linePrice_one!.replace('{{count}}', '1');
  await expect(printLine.getByRole('link')).toHaveAccessibleName(new RegExp(`${price} `));

  // The sizes on the upload page: the smallest and largest print formats, with a decimal comma.
  const prints = products.filter((p) => p.producttype === 0);
  const area = (p: Product) => p.printareasize[0] * p.printareasize[1];
  const smallest = prints.reduce((a, b) => (area(b) < area(a) ? b : a));
  const size = (p: Product) => `${cm(p.printareasize[0])} x ${cm(p.printareasize[1])} cm`;
  expect(size(smallest)).toContain(',');
  await page.goto(`${portal}/m/upload`);
  await expect(page.getByText(size(smallest))).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/\d\.\d cm/);
});
