/**
 * The catalogue (issue 18): a card of each kind (a flat card, a folded card printed on both sides of
 * one sheet, a four-page folded booklet) opens, is filled by a shopper on the phone (one upload fills
 * every picture slot on every page, a text is typed), its Preview says how it prints, and it goes into
 * the cart. The cards are found by their shape in the served list, never by name or position, so the
 * catalogue can grow.
 */
import { expect, type Page, test } from '@playwright/test';
import type { Cart } from '../../shop/contract.ts';
import { jpeg, press, serverCart } from './support.ts';

interface Listed {
  uuid: string;
  name: Record<string, string>;
  categories: string[];
  product: { uuid: string };
  hasUserText: boolean;
  numUserImages: number;
  folds?: unknown[];
  printLayout?: 'duplex' | 'booklet';
  pages: { clientIgnore?: boolean }[];
}

const visiblePages = (t: Listed) => t.pages.filter((p) => !p.clientIgnore).length;

/** `prints`: what the Preview says of how the card prints (issue 18: which page is which side). */
const KINDS: { kind: string; is: (t: Listed) => boolean; prints: string | null }[] = [
  {
    kind: 'a flat card',
    is: (t) => !t.folds?.length && !t.printLayout && visiblePages(t) === 1,
    prints: null,
  },
  {
    kind: 'a folded card printed on both sides',
    is: (t) => t.printLayout === 'duplex' && !!t.folds?.length,
    prints:
      'Printed on both sides of one sheet and folded: page 1 is the outside (back and front), page 2 the inside.',
  },
  {
    kind: 'a four-page folded booklet',
    is: (t) => t.printLayout === 'booklet' && visiblePages(t) === 4,
    prints:
      'Printed on both sides of one sheet and folded in the middle: page 1 is the front, pages 2 and 3 the inside, page 4 the back.',
  },
];

/** Uploads one picture through Insert image: autofill puts it in every empty picture slot. */
async function fillPictures(page: Page) {
  const menu = page.getByRole('navigation', { name: 'Editor menu' });
  await press(menu.getByRole('button', { name: 'Insert image' }));
  const choose = page.getByTestId('choose-image');
  const editor = page.getByTestId('image-editor');
  await expect(choose.or(editor)).toBeVisible();
  if (await choose.isVisible()) await press(choose.getByRole('button', { name: 'Picture 1' }));
  await page.getByTestId('image-inbox-file').setInputFiles([await jpeg('family.jpg', 1200, 900, '#3a7ca5')]);
  await expect(page.getByTestId('upload-status-dialog')).toBeHidden({ timeout: 45_000 });
  await expect(page.getByTestId('image-slot')).toHaveAttribute('data-crop', /.+/);
  await press(editor.getByRole('button', { name: 'Done' }));
  await expect(editor).toHaveCount(0);
}

/** Types a text into the first text slot. */
async function fillText(page: Page, words: string) {
  const menu = page.getByRole('navigation', { name: 'Editor menu' });
  await press(menu.getByRole('button', { name: 'Insert text' }));
  const choose = page.getByTestId('choose-text');
  const text = page.getByTestId('text-editor');
  await expect(choose.or(text)).toBeVisible();
  if (await choose.isVisible()) await press(choose.getByRole('button', { name: 'Text 1' }));
  await press(text.getByRole('button', { name: 'Enter text' }));
  await text.getByRole('textbox', { name: 'Your text' }).fill(words);
  await press(text.getByRole('button', { name: 'Done' }));
  await expect(text).toHaveAttribute('data-text', words);
  await press(text.getByRole('button', { name: 'Done' }));
  await expect(text).toHaveCount(0);
}

for (const { kind, is, prints } of KINDS) {
  test(`${kind} from the catalogue opens, is filled and goes into the cart`, async ({ page }) => {
    test.setTimeout(90_000);
    const listed = (await (await page.request.get('/m/api/templates/cards')).json()) as Listed[];
    const card = listed.find(is);
    expect(card, `the catalogue has ${kind}`).toBeTruthy();
    await page.goto(
      `/m/products/cards/${encodeURIComponent(card!.categories[0]!)}/${card!.product.uuid}/${card!.uuid}`,
    );
    await expect(page.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
    const menu = page.getByRole('navigation', { name: 'Editor menu' });
    const add = menu.getByRole('button', { name: 'Add to cart' });
    if (card!.numUserImages > 0) {
      await expect(add).toHaveAttribute('data-ready', 'false');
      await fillPictures(page);
    }
    const words = 'With love from all of us';
    if (card!.hasUserText) await fillText(page, words);
    await expect(add).toHaveAttribute('data-ready', 'true');

    // The Preview says how a folded card prints, and a flat card says nothing.
    await press(menu.getByRole('button', { name: 'Preview' }));
    await expect(
      page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Preview' }),
    ).toBeVisible();
    const layout = page.getByTestId('print-layout');
    if (prints) await expect(layout).toHaveText(prints);
    else await expect(layout).toHaveCount(0);
    await press(page.getByRole('button', { name: 'Done' }));
    await expect(
      page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Preview' }),
    ).toBeHidden();

    await press(add);
    const buy = page.getByTestId('buy-screen');
    await expect(buy.getByRole('heading', { name: 'Select quantity' })).toBeVisible();
    await press(buy.getByRole('button', { name: /^More: / }).first());
    await press(buy.getByRole('button', { name: 'Add to cart' }));
    await expect(page).toHaveURL(/\/m\/cart$/);
    await expect(page.getByTestId('template-line')).toHaveCount(1);

    const cart: Cart = await serverCart(page);
    expect(cart.orderLines).toHaveLength(1);
    const line = cart.orderLines[0]!;
    expect(line.templates[0]!.template).toBe(card!.uuid);
    const resources = line.templates[0]!.resources as { type: string; text?: string; pictureUuid?: string }[];
    expect(resources.filter((r) => r.type === 'IMAGE')).toHaveLength(card!.numUserImages);
    if (card!.hasUserText) expect(resources.map((r) => r.text)).toContain(words);
  });
}
