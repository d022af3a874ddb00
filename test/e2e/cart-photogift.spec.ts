/**
 * Photo gift quantities in the cart (S0 §2, S1 §4; decisions: photo gift quantities in the cart): a
 * photo mug line made through the real add call is listed under 'Photo gifts' with a quantity
 * stepper; plus and minus save through PUT …/cart/{uuid} once the taps stop, showing '...' and then
 * 'Updating' and then the server's price; minus below the minimum asks to delete, Cancel keeps the
 * line; a reload shows the saved quantity. A card line stays read-only; a refused save puts the old
 * quantity back with the server's message.
 */
import { expect, type Page, type Request, test } from '@playwright/test';
import type { Cart, OrderLine, Product } from '../../shop/contract.ts';
import { addPayload } from '../../src/features/editor/buy/buyRules.ts';
import { openStartPage, pounds, press, serverCart } from './support.ts';
import { demoTemplate, filled, uploadPicture } from './templates.ts';

const serverLine = async (page: Page, uuid: string) =>
  (await serverCart(page)).orderLines.find((l) => l.uuid === uuid);

/** Adds a line of the template through the real add call, every user slot filled. */
async function addLine(
  page: Page,
  type: 'cards' | 'photogift',
  name: string,
  quantity: number,
): Promise<{ line: OrderLine; product: Product }> {
  const picture = await uploadPicture(page, { width: 1200, height: 600 });
  const { template, product } = await demoTemplate(page, type, name);
  const instance = filled(template, picture, 'Hi');
  const row = { subProductUuids: product.subproducts.slice(0, 1).map((s) => s.uuid) };
  const res = await page.request.post('/m/api/webshop/cart', {
    data: addPayload(template, instance, product.uuid, row, quantity),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { line: ((await res.json()) as Cart).orderLines.at(-1)!, product };
}

/** The quantity PUTs of one line the page sends, with their bodies. */
function watchPuts(page: Page, uuid: string) {
  const puts: { quantity: number; templates: unknown }[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'PUT' && request.url().endsWith(`/m/api/webshop/cart/${uuid}`)) {
      puts.push(request.postDataJSON() as { quantity: number; templates: unknown });
    }
  });
  return puts;
}

/** The line as the server has it once it reaches `quantity` (the page's saves may still be under way). */
async function savedAs(page: Page, uuid: string, quantity: number): Promise<OrderLine> {
  await expect.poll(async () => (await serverLine(page, uuid))?.quantity).toBe(quantity);
  return (await serverLine(page, uuid))!;
}

const putAnswered = (page: Page, uuid: string) =>
  page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith(`/m/api/webshop/cart/${uuid}`),
  );

test('a photo gift line: plus and minus save the quantity with the server’s price; below the minimum asks to delete', async ({
  page,
}) => {
  await openStartPage(page);
  const card = await addLine(page, 'cards', 'Balloon party', 1);
  const { line, product } = await addLine(page, 'photogift', 'Photo mug', 2);
  expect(line.type).toBe(89);
  const minimum = Math.max(1, product.minQuantity);
  const puts = watchPuts(page, line.uuid);

  await page.goto('/m/cart');
  const gifts = page.getByRole('region', { name: 'Photo gifts' });
  await expect(gifts.getByRole('heading', { name: 'Photo gifts' })).toBeVisible();
  const row = gifts.getByTestId('template-line');
  await expect(row).toHaveCount(1);
  await expect(row.locator('.cart-line__name')).toHaveText(line.description);
  const field = row.getByRole('spinbutton', { name: `Quantity: ${line.description}` });
  await expect(field).toHaveValue('2');
  const price = row.getByTestId('line-price');
  await expect(price).toHaveText(pounds(line.actualLinePrice));
  const more = row.getByRole('button', { name: `More: ${line.description}` });
  const fewer = row.getByRole('button', { name: `Fewer: ${line.description}` });
  // Touch targets of at least 40 px on the phone and the desktop alike.
  for (const button of [more, fewer]) {
    const box = await button.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(40);
    expect(box!.height).toBeGreaterThanOrEqual(40);
  }

  // Cards and calendars keep the read-only '%d pcs': their quantity changes in the editor.
  const cards = page.getByRole('region', { name: 'Cards and calendars' });
  await expect(cards.getByTestId('template-line').locator('.cart-line__quantity')).toHaveText('1 pc');
  await expect(cards.getByRole('spinbutton')).toHaveCount(0);
  expect(card.line.type).toBe(1);

  // Quick taps are saved together once they stop (the unit tests time it: one save, 400 ms after the
  // last tap); the answer is held back here long enough to see 'Updating'.
  await page.route(`**/m/api/webshop/cart/${line.uuid}`, async (route) => {
    if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await press(more);
  await press(more);
  // Chosen: the old price is no longer the line's. '...' shows until the save goes out, 400 ms after
  // the last tap, then 'Updating'; a loaded machine's first look can come after the 400 ms.
  await expect(price).toHaveText(/^(\.\.\.|Updating)$/);
  await expect(field).toHaveValue('4');
  await expect(price).toHaveText('Updating');
  await expect(row).toHaveAttribute('aria-busy', 'true');
  let saved = await savedAs(page, line.uuid, 4);
  await page.unroute(`**/m/api/webshop/cart/${line.uuid}`);
  expect(saved.actualLinePrice).not.toBe(line.actualLinePrice);
  await expect(price).toHaveText(pounds(saved.actualLinePrice));
  await expect(field).toHaveValue('4');
  await expect(page.getByTestId('cart-total')).toHaveText(
    pounds((await serverCart(page)).summary.totalPrice),
  );
  // Two taps, at most two saves; only the quantity is sent: the server keeps the line's design.
  expect(puts.length).toBeLessThanOrEqual(2);
  expect(puts.at(-1)).toMatchObject({ quantity: 4, templates: [] });

  // Minus down to the minimum.
  for (let q = 4; q > minimum; q--) await press(fewer);
  await expect(field).toHaveValue(String(minimum));
  saved = await savedAs(page, line.uuid, minimum);
  await expect(price).toHaveText(pounds(saved.actualLinePrice));
  expect(puts.at(-1)).toMatchObject({ quantity: minimum, templates: [] });
  const sent = puts.length;

  // Once more: a line of 0 pieces makes no sense, so the cart asks to delete it; Cancel keeps it.
  await press(fewer);
  const dialog = page.getByTestId('delete-dialog');
  await expect(dialog.getByRole('heading', { name: 'Delete product?' })).toBeVisible();
  await press(dialog.getByRole('button', { name: 'Cancel' }));
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);
  await expect(field).toHaveValue(String(minimum));
  await expect(price).toHaveText(pounds(saved.actualLinePrice));
  // Nothing more is sent: the quantity stays as saved.
  await page.waitForTimeout(600);
  expect(puts).toHaveLength(sent);
  expect((await serverLine(page, line.uuid))?.quantity).toBe(minimum);

  // A reload shows what the server saved.
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: `Quantity: ${line.description}` })).toHaveValue(
    String(minimum),
  );
  await expect(page.getByRole('region', { name: 'Photo gifts' }).getByTestId('line-price')).toHaveText(
    pounds(saved.actualLinePrice),
  );
});

test('a refused quantity save puts the saved quantity back and shows the server’s message', async ({
  page,
}) => {
  await openStartPage(page);
  const { line } = await addLine(page, 'photogift', 'Photo mug', 2);
  await page.goto('/m/cart');
  const row = page.getByRole('region', { name: 'Photo gifts' }).getByTestId('template-line');
  const field = row.getByRole('spinbutton', { name: `Quantity: ${line.description}` });
  await expect(field).toHaveValue('2');

  const message = 'The minimum quantity of Photo mug is 5';
  await page.route(`**/m/api/webshop/cart/${line.uuid}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 400, json: { error: message, code: 'below_minimum' } })
      : route.continue(),
  );
  const answered = putAnswered(page, line.uuid);
  await press(row.getByRole('button', { name: `More: ${line.description}` }));
  await expect(field).toHaveValue('3');
  await answered;
  await expect(row.getByRole('alert')).toHaveText(`The quantity was not changed: ${message}`);
  await expect(field).toHaveValue('2');
  await expect(row.getByTestId('line-price')).toHaveText(pounds(line.actualLinePrice));
  expect((await serverLine(page, line.uuid))?.quantity).toBe(2);
});
