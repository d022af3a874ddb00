/**
 * Template lines in the cart and the editor's buy and update flows (S1 §3, §4; S0 §2): a calendar
 * line made through the real add call shows in the cart with the server's thumbnail and price, opens
 * from the cart in update mode, and 'Update cart' saves a new year; the buy screen adds a card in two
 * subproducts as two lines with the server's prices; a picture of the page that fails to load is
 * tried again every 3 s (S1 §4).
 */
import { expect, test } from '@playwright/test';
import type { Cart, Product } from '../../shop/contract.ts';
import { linePrice } from '../../shop/pricing.ts';
import { templateLinePrice } from '../../shop/templateLine.ts';
import { addPayload } from '../../src/features/editor/buy/buyRules.ts';
import { lineStorageKey, serialiseInstance, storageKey } from '../../src/features/editor/editorRules.ts';
import { openStartPage, pounds, press, serverCart } from './support.ts';
import { demoTemplate, filled, productOf, templateOf, uploadPicture } from './templates.ts';

const now = new Date();
const startYear = now.getFullYear() + (now.getMonth() >= 6 ? 1 : 0);

test('a calendar line: listed with its thumbnail and price, opened in update mode, a new year saved', async ({
  page,
}) => {
  await openStartPage(page);
  const picture = await uploadPicture(page);
  const list = (await (await page.request.get('/m/api/templates/calendars')).json()) as {
    uuid: string;
    supportedYears: number[];
    yearsAhead?: number;
    pages: unknown[];
  }[];
  const listed = list.find(
    (t) => t.supportedYears.length === 0 && t.yearsAhead === undefined && t.pages.length === 13,
  )!;
  const template = await templateOf(page, listed.uuid);
  const instance = filled(template, picture, 'Our year');
  instance.year = startYear;
  const added = await page.request.post('/m/api/webshop/cart', {
    data: addPayload(template, instance, template.product.uuid, { subProductUuids: [] }, 2),
  });
  expect(added.ok(), await added.text()).toBe(true);
  const line = ((await added.json()) as Cart).orderLines.at(-1)!;
  expect(line.type).toBe(2);
  const product = await productOf(page, template.product.uuid);
  expect(line.actualLinePrice).toBe(templateLinePrice(product, template, 2, []));

  await page.goto('/m/cart');
  await expect(page.getByRole('heading', { name: 'Cards and calendars' })).toBeVisible();
  const row = page.getByTestId('template-line');
  await expect(row).toHaveCount(1);
  await expect(row.locator('.cart-line__name')).toHaveText(line.description);
  await expect(row.locator('.cart-line__quantity')).toHaveText('2 pcs');
  await expect(row.getByTestId('line-price')).toHaveText(pounds(line.actualLinePrice));
  const thumbnail = row.locator('img');
  await expect(thumbnail).toHaveAttribute(
    'src',
    new RegExp(`/m/api/webshop/cart/${line.uuid}/preview\\.jpg\\?width=320`),
  );
  // Drawn by the server on first request (a worker thread renders the page): seconds on a busy CI.
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 45_000,
    })
    .toBeGreaterThan(0);
  const oldSrc = (await thumbnail.getAttribute('src'))!;
  // Prints keep their own section and bulk mode; a cart of template lines has no 'Prints'.
  await expect(page.getByRole('heading', { name: 'Prints' })).toHaveCount(0);

  await press(
    row.getByRole('link', {
      name: new RegExp(`^Edit ${line.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    }),
  );
  await expect(page).toHaveURL(new RegExp(`/m/cart/edit/${line.uuid}$`));
  await expect(page.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
  const menu = page.getByRole('navigation', { name: 'Editor menu' });
  await expect(menu.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  const update = menu.getByRole('button', { name: 'Update cart' });
  await expect(update).toBeEnabled();
  await expect(menu.getByRole('button', { name: /Change year/ })).toContainText(String(startYear));

  await press(menu.getByRole('button', { name: /Change year/ }));
  await press(page.getByRole('button', { name: 'Next year' }));
  await press(page.getByRole('button', { name: 'Done' }));
  await expect(menu.getByRole('button', { name: /Change year/ })).toContainText(String(startYear + 1));
  // A reload in the middle of the update keeps it, under the line's own key; a new design of the
  // same template (none here) is left alone.
  await page.reload();
  await expect(page.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
  await expect(menu.getByRole('button', { name: /Change year/ })).toContainText(String(startYear + 1));
  expect(await page.evaluate((key) => localStorage.getItem(key), lineStorageKey(line.uuid))).not.toBeNull();
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKey(template.uuid))).toBeNull();
  await press(update);

  await expect(page).toHaveURL(new RegExp(`/m/cart/view/${line.uuid}$`));
  await expect(page.getByTestId('template-line')).toHaveCount(1);
  const after = (await serverCart(page)).orderLines.find((l) => l.uuid === line.uuid)!;
  expect(after.templates[0]!.year).toBe(startYear + 1);
  expect(after.quantity).toBe(2);
  expect(after.actualLinePrice).toBe(line.actualLinePrice);
  // Saved to the cart: the kept work is forgotten.
  expect(await page.evaluate((key) => localStorage.getItem(key), lineStorageKey(line.uuid))).toBeNull();
  // The thumbnail follows the line's new content.
  await expect(page.getByTestId('template-line').locator('img')).not.toHaveAttribute('src', oldSrc);
});

test('the buy screen adds a card in two subproducts as two lines with the server’s prices', async ({
  page,
}) => {
  await openStartPage(page);
  const picture = await uploadPicture(page);
  const { template, product } = await demoTemplate(page, 'cards', 'Balloon party');
  expect(product.subproducts.length).toBeGreaterThanOrEqual(2);
  const [white, kraft] = product.subproducts as [Product['subproducts'][0], Product['subproducts'][0]];

  // The shopper's finished work, as the editor saved it (S1: the work survives a reload).
  const work = serialiseInstance(filled(template, picture, 'Happy day, Anna'));
  await page.evaluate(
    ([key, value]) => window.localStorage.setItem(key!, value!),
    [storageKey(template.uuid), work],
  );
  await page.goto(`/m/products/cards/${template.categories[0]}/${product.uuid}/${template.uuid}`);
  await expect(page.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
  await press(
    page.getByRole('navigation', { name: 'Editor menu' }).getByRole('button', { name: 'Add to cart' }),
  );

  const buy = page.getByTestId('buy-screen');
  await expect(buy.getByRole('heading', { name: 'Select quantity' })).toBeVisible();
  await expect(buy.getByTestId('buy-row')).toHaveCount(product.subproducts.length);
  const add = buy.getByRole('button', { name: 'Add to cart' });
  // The first option starts at the product's minimum and can be bought at once; the others at 0
  // (issue 34). Options read as options of the card, prices as the price of each.
  const minimum = Math.max(1, product.minQuantity);
  const whiteField = buy.getByRole('textbox', { name: `Quantity: ${white.name}` });
  await expect(whiteField).toHaveValue(String(minimum));
  await expect(buy.getByRole('textbox', { name: `Quantity: ${kraft.name}` })).toHaveValue('0');
  await expect(add).toBeEnabled();
  await expect(buy.getByTestId('buy-row').first().locator('.buy__name')).toHaveText(
    `with ${white.name[0]!.toLowerCase()}${white.name.slice(1)}`,
  );
  await expect(buy.getByTestId('buy-price').first()).toHaveText(/ each$/);
  // Nothing chosen: Add to cart is grey and says why.
  while ((await whiteField.inputValue()) !== '0')
    await press(buy.getByRole('button', { name: `Fewer: ${white.name}` }));
  await expect(add).toBeDisabled();
  await expect(buy.getByTestId('buy-why')).toHaveText(`Choose how many you want: at least ${minimum}.`);
  await expect(add).toHaveAccessibleDescription(`Choose how many you want: at least ${minimum}.`);
  const step = await buy.getByRole('button', { name: `More: ${white.name}` }).boundingBox();
  expect(step?.width).toBe(40);
  expect(step?.height).toBe(40);

  for (let i = 0; i < 3; i++) await press(buy.getByRole('button', { name: `More: ${white.name}` }));
  await press(buy.getByRole('button', { name: `Fewer: ${white.name}` }));
  await press(buy.getByRole('button', { name: `More: ${white.name}` }));
  await expect(buy.getByRole('textbox', { name: `Quantity: ${white.name}` })).toHaveValue('3');
  const kraftField = buy.getByRole('textbox', { name: `Quantity: ${kraft.name}` });
  await kraftField.fill('12');
  await kraftField.blur();
  await expect(kraftField).toHaveValue('12');
  await expect(buy.getByTestId('buy-pieces')).toHaveText('15 pcs');
  const expected = [
    templateLinePrice(product, template, 3, [white.uuid]),
    templateLinePrice(product, template, 12, [kraft.uuid]),
  ];
  await expect(buy.getByTestId('buy-sum')).toHaveText(`Sum ${pounds(expected[0]! + expected[1]!)}`);
  await expect(add).toBeEnabled();
  await press(add);

  await expect(page).toHaveURL(/\/m\/cart$/);
  const rows = page.getByTestId('template-line');
  await expect(rows).toHaveCount(2);
  const cart = await serverCart(page);
  expect(cart.orderLines.map((l) => [l.subProductUuids, l.quantity, l.actualLinePrice])).toEqual([
    [[white.uuid], 3, expected[0]],
    [[kraft.uuid], 12, expected[1]],
  ]);
  expect(expected[1]).toBeGreaterThan(linePrice(product, 12));
  await expect(rows.getByTestId('line-price')).toHaveText(expected.map(pounds));
  await expect(page.getByTestId('cart-total')).toHaveText(pounds(cart.summary.totalPrice));
  // Delete asks first, as for prints.
  await press(rows.first().getByRole('button', { name: `Delete ${cart.orderLines[0]!.description}` }));
  await press(page.getByTestId('delete-dialog').getByRole('button', { name: 'Delete' }));
  await expect(rows).toHaveCount(1);
  expect((await serverCart(page)).orderLines.map((l) => l.uuid)).toEqual([cart.orderLines[1]!.uuid]);
  // The finished work is in the cart: the editor forgets it.
  expect(
    await page.evaluate((key) => window.localStorage.getItem(key), storageKey(template.uuid)),
  ).toBeNull();
});

test('a picture of the page that fails to load is tried again 3 s later and then drawn', async ({ page }) => {
  await openStartPage(page);
  const picture = await uploadPicture(page);
  const { template } = await demoTemplate(page, 'cards', 'Balloon party');
  await page.evaluate(
    ([key, value]) => window.localStorage.setItem(key!, value!),
    [storageKey(template.uuid), serialiseInstance(filled(template, picture, 'Hello'))],
  );
  // The network drops the page's picture twice (observed and delayed, the real server answers after).
  const tries: number[] = [];
  await page.route(
    (url) => url.pathname === '/system/XPhoto.php' && url.searchParams.get('uuid') === picture.uuid,
    async (route) => {
      tries.push(Date.now());
      if (tries.length <= 2) await route.abort('connectionreset');
      else await route.continue();
    },
  );
  await page.goto(`/m/products/cards/${template.categories[0]}/${template.product.uuid}/${template.uuid}`);
  const view = page.getByTestId('editor-page');
  // Drawn without the picture first (the art and the text do not wait for it) …
  await expect(view).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
  await expect(view).toHaveAttribute('data-pictures-missing', '1');
  // … then with it, after two retries 3 s apart.
  await expect(view).toHaveAttribute('data-pictures-missing', '0', { timeout: 15_000 });
  expect(tries.length).toBeGreaterThanOrEqual(3);
  expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(2900);
  expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(2900);
});
