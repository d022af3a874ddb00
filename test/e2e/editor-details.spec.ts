/**
 * The editor's details (S1 §2, §3, §4, §5, §9): the part selector strip with a check mark per
 * complete page (none on a one-page card), Change year on calendars only, the low-quality mark on a
 * picture too small for its slot, the crop warning on a stored crop that leaves a gap, the inbox's
 * 76 px thumbnails, and the buy screen's struck-through regular price beside the campaign price with
 * 'Add to cart' busy while the real cart call is held back; the editor closing 300 ms after Cancel and
 * the gesture hint hiding by itself after 10 s.
 */
import { expect, type Page, test } from '@playwright/test';
import { startingCrop } from '../../engine/image.ts';
import { createInstance, partFor } from '../../engine/instance.ts';
import type { Cart } from '../../shop/contract.ts';
import { linePrice } from '../../shop/pricing.ts';
import { addPayload } from '../../src/features/editor/buy/buyRules.ts';
import { covers, cropOf, jpeg, openStartPage, pounds, press } from './support.ts';
import { productOf, templateOf, uploadPicture } from './templates.ts';

interface Listed {
  uuid: string;
  name: Record<string, string>;
  categories: string[];
  supportedYears: number[];
  yearsAhead?: number;
  product: { uuid: string };
  pages: { id: string; clientIgnore?: boolean }[];
}

const listed = async (page: Page, type: 'cards' | 'calendars'): Promise<Listed[]> => {
  const res = await page.request.get(`/m/api/templates/${type}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Listed[];
};

const drawn = (page: Page) =>
  expect(page.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });

/** A demo card by its English name, opened by its editor URL. */
async function openCard(page: Page, name: string): Promise<Listed> {
  const card = (await listed(page, 'cards')).find((t) => t.name.en_GB === name);
  expect(card, `the demo card ${name}`).toBeTruthy();
  await page.goto(
    `/m/products/cards/${encodeURIComponent(card!.categories[0]!)}/${card!.product.uuid}/${card!.uuid}`,
  );
  await drawn(page);
  return card!;
}

/** The 13-page demo calendar that may be made for any year (Classic A4). */
async function openCalendar(page: Page): Promise<Listed> {
  const calendar = (await listed(page, 'calendars')).find(
    (t) => t.supportedYears.length === 0 && t.yearsAhead === undefined && t.pages.length === 13,
  );
  expect(calendar, 'a demo calendar for any year').toBeTruthy();
  await page.goto(`/m/products/calendars/${calendar!.product.uuid}/${calendar!.uuid}`);
  await drawn(page);
  return calendar!;
}

// Today is the browser's today: the default year moves on after June (S1 §4).
const now = new Date();
const startYear = now.getFullYear() + (now.getMonth() >= 6 ? 1 : 0);

test('the page strip marks complete pages; a one-page card has no strip', async ({ page }) => {
  test.setTimeout(90_000);
  // A picture already in the shopper's inbox: picking it fills one slot only (no autofill).
  await openStartPage(page);
  await uploadPicture(page, { width: 1200, height: 900 });
  await openCalendar(page);

  const strip = page.getByRole('navigation', { name: 'Pages' });
  const pages = strip.getByRole('button');
  await expect(pages).toHaveCount(13);
  /** Every page's mark and name: 'Page N, complete' with a check mark, else 'Page N'. */
  const expectComplete = async (done: ReadonlySet<number>) => {
    for (let n = 1; n <= 13; n++) {
      const button = pages.nth(n - 1);
      await expect(button).toHaveAttribute('data-complete', String(done.has(n)));
      await expect(button).toHaveAccessibleName(done.has(n) ? `Page ${n}, complete` : `Page ${n}`);
      await expect(button.locator('svg')).toHaveCount(done.has(n) ? 1 : 0);
    }
  };
  await expectComplete(new Set());

  const menu = page.getByRole('navigation', { name: 'Editor menu' });
  const editor = page.getByTestId('image-editor');
  const thumbs = editor.getByTestId('image-inbox').locator('.image-inbox__thumb');
  /** Insert image (one slot per page opens it at once), the inbox's only picture, Done. */
  const pickThePicture = async () => {
    await press(menu.getByRole('button', { name: 'Insert image' }));
    await expect(thumbs).toHaveCount(1);
    await press(thumbs.first());
    await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'true');
    await press(editor.getByRole('button', { name: 'Done' }));
    await expect(editor).toHaveCount(0);
  };

  await pickThePicture();
  await expectComplete(new Set([1]));
  await press(strip.getByRole('button', { name: 'Page 3', exact: true }));
  await expect(strip.getByRole('button', { name: 'Page 3', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await pickThePicture();
  await expectComplete(new Set([1, 3]));
  await expect(menu.getByRole('button', { name: 'Add to cart' })).toHaveAttribute('data-ready', 'false');

  // An upload through the inbox autofills every empty picture slot: every page is complete.
  await press(strip.getByRole('button', { name: 'Page 5', exact: true }));
  await press(menu.getByRole('button', { name: 'Insert image' }));
  await page.getByTestId('image-inbox-file').setInputFiles([await jpeg('new.jpg', 900, 1200, '#c04040')]);
  await expect(page.getByTestId('upload-status-dialog')).toBeHidden({ timeout: 45_000 });
  await expect(thumbs).toHaveCount(2);
  await expect(editor.getByRole('button', { name: 'Done' })).toBeEnabled();
  await press(editor.getByRole('button', { name: 'Done' }));
  await expectComplete(new Set(Array.from({ length: 13 }, (_, i) => i + 1)));
  await expect(menu.getByRole('button', { name: 'Add to cart' })).toHaveAttribute('data-ready', 'true');

  // One visible page: no strip at all.
  await openCard(page, 'Balloon party');
  await expect(page.getByRole('navigation', { name: 'Editor menu' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  await expect(page.locator('.editor-strip')).toHaveCount(0);
});

test('Change year shows on a calendar with its year, never on a card', async ({ page }) => {
  await openCard(page, 'Balloon party');
  const menu = page.getByRole('navigation', { name: 'Editor menu' });
  await expect(menu.getByRole('button', { name: 'Preview' })).toBeVisible();
  await expect(menu.getByRole('button', { name: /Change year/ })).toHaveCount(0);

  await openCalendar(page);
  const changeYear = menu.getByRole('button', { name: /Change year/ });
  await expect(changeYear).toHaveCount(1);
  await expect(changeYear).toHaveAccessibleName(`Change year ${startYear}`);
  await expect(changeYear).toBeEnabled();
});

test('a picture too small for its slot shows the low-quality mark; a large one shows a good one', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openCard(page, 'Balloon party');
  await press(
    page.getByRole('navigation', { name: 'Editor menu' }).getByRole('button', { name: 'Insert image' }),
  );
  const editor = page.getByTestId('image-editor');
  const slot = page.getByTestId('image-slot');
  const mark = slot.getByTestId('quality-mark');
  const badge = editor.getByTestId('quality-badge');
  const thumbs = editor.getByTestId('image-inbox').locator('.image-inbox__thumb');

  // 60 x 40 px on a 78 x 85 mm slot: far below the pixels the print needs.
  await page.getByTestId('image-inbox-file').setInputFiles([await jpeg('tiny.jpg', 60, 40, '#c04040')]);
  await expect(page.getByTestId('upload-status-dialog')).toBeHidden({ timeout: 45_000 });
  await expect(thumbs).toHaveCount(1);
  await expect(slot).toHaveAttribute('data-crop', /.+/);
  await expect(mark).toHaveAttribute('data-level', 'low');
  await expect(mark).toHaveText(/^Too low · \d+ dpi$/);
  // The menu's badge says it in words a screen reader hears, and explains on a tap.
  await expect(badge.getByRole('button')).toHaveText(/^Too low for a sharp print · \d+ dpi$/);
  await expect(badge.getByTestId('quality-why')).toContainText('may print blurred');
  const tiny = (await thumbs.first().getAttribute('data-uuid'))!;

  // 2400 x 1800 px: enough. The slot is full, so the new picture waits in the inbox until chosen.
  await page.getByTestId('image-inbox-file').setInputFiles([await jpeg('big.jpg', 2400, 1800, '#4060c0')]);
  await expect(page.getByTestId('upload-status-dialog')).toBeHidden({ timeout: 45_000 });
  await expect(thumbs).toHaveCount(2);
  await expect(mark).toHaveAttribute('data-level', 'low');
  const bigUuid = (await thumbs.evaluateAll(
    (buttons, known) => buttons.map((b) => b.getAttribute('data-uuid')).find((u) => u !== known),
    tiny,
  ))!;
  const big = thumbs.and(page.locator(`[data-uuid="${bigUuid}"]`));
  await press(big);
  await expect(big).toHaveAttribute('aria-pressed', 'true');
  await expect(slot.locator('img')).toHaveAttribute('src', new RegExp(`uuid=${bigUuid}`));
  await expect(mark).toHaveAttribute('data-level', 'good');
  await expect(badge.getByRole('button')).toHaveText(/^Good quality · \d+ dpi$/);

  // Back to the small one: the low mark is back.
  await press(thumbs.and(page.locator(`[data-uuid="${tiny}"]`)));
  await expect(slot.locator('img')).toHaveAttribute('src', new RegExp(`uuid=${tiny}`));
  await expect(mark).toHaveAttribute('data-level', 'low');
});

test('a stored crop that leaves a gap shows the crop warning until the picture covers the slot', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // No demo template has a fit-in picture slot and every gesture snaps a fill-in crop back to
  // cover, so the editor itself never stores a gap. A cart line may carry one (the server records it
  // as fit-in): one is added through the real add call and opened in update mode.
  await openStartPage(page);
  const picture = await uploadPicture(page, { width: 1200, height: 900 });
  const card = (await listed(page, 'cards')).find((t) => t.name.en_GB === 'Balloon party')!;
  const template = await templateOf(page, card.uuid);
  const instance = createInstance(template, new Date());
  for (const [fullId, value] of Object.entries(instance.resources)) {
    if (value.type !== 'IMAGE') continue;
    const size = partFor(template, fullId)!.part.size;
    instance.resources[fullId] = {
      type: 'IMAGE',
      image: {
        ...picture,
        rotation: 0,
        effect: 'original',
        cropRect: startingCrop(picture, 0, { widthMm: size.width, heightMm: size.height }, 'fit-in'),
      },
    };
  }
  const product = await productOf(page, template.product.uuid);
  const added = await page.request.post('/m/api/webshop/cart', {
    data: addPayload(
      template,
      instance,
      product.uuid,
      { subProductUuids: [product.subproducts[0]!.uuid] },
      1,
    ),
  });
  expect(added.ok(), await added.text()).toBe(true);
  const line = ((await added.json()) as Cart).orderLines.at(-1)!;

  await page.goto(`/m/cart/edit/${line.uuid}`);
  await drawn(page);
  await press(
    page.getByRole('navigation', { name: 'Editor menu' }).getByRole('button', { name: 'Insert image' }),
  );
  const editor = page.getByTestId('image-editor');
  const slot = page.getByTestId('image-slot');
  await expect(slot).toHaveAttribute('data-crop', /.+/);
  expect(covers(await cropOf(slot))).toBe(false);
  const warning = editor.getByRole('alert');
  await expect(warning).toHaveText(
    'Your picture does not fit the print format perfectly, and may get white borders. Resize the picture to avoid this.',
  );

  // Rotate recomputes the crop for the fill-in slot: it covers, and the warning goes.
  await press(editor.getByRole('tab', { name: 'Edit image' }));
  await press(editor.getByRole('button', { name: 'Rotate' }));
  await expect(slot.locator('img')).toHaveAttribute('src', /rotation=90/);
  await expect.poll(async () => covers(await cropOf(slot))).toBe(true);
  await expect(editor.getByText('Your picture does not fit the print format perfectly')).toHaveCount(0);
});

test('the inbox thumbnails are 76 px squares', async ({ page }) => {
  test.setTimeout(60_000);
  await openCard(page, 'Balloon party');
  await press(
    page.getByRole('navigation', { name: 'Editor menu' }).getByRole('button', { name: 'Insert image' }),
  );
  await page
    .getByTestId('image-inbox-file')
    .setInputFiles([
      await jpeg('wide.jpg', 1200, 600, '#c04040'),
      await jpeg('tall.jpg', 600, 1200, '#4060c0'),
    ]);
  await expect(page.getByTestId('upload-status-dialog')).toBeHidden({ timeout: 45_000 });
  const thumbs = page.getByTestId('image-inbox').locator('.image-inbox__thumb');
  await expect(thumbs).toHaveCount(2);
  for (const thumb of await thumbs.all()) {
    await expect(thumb).toBeVisible();
    // The picture inside has loaded (the box does not depend on it, but a broken one would show).
    await expect
      .poll(() => thumb.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const box = (await thumb.boundingBox())!;
    expect(box.width).toBe(76);
    expect(box.height).toBe(76);
  }
});

test('the buy screen strikes through the regular price beside the campaign price and waits for the cart', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // A 10x15 Christmas card: its product runs a campaign for the CHRISTMAS category.
  const card = await openCard(page, 'Holly greetings');
  expect(card.categories).toContain('CHRISTMAS');
  const template = await templateOf(page, card.uuid);
  const product = await productOf(page, card.product.uuid);
  expect(product.campaignrequirement).toBe('CHRISTMAS');
  const christmas = (requirement: string) => template.categories.includes(requirement);

  // Its only user slot is a text with a suggested greeting: the card is ready to buy as it opens.
  const menu = page.getByRole('navigation', { name: 'Editor menu' });
  await expect(menu.getByRole('button', { name: 'Add to cart' })).toHaveAttribute('data-ready', 'true');
  await press(menu.getByRole('button', { name: 'Add to cart' }));
  const buy = page.getByTestId('buy-screen');
  await expect(buy.getByRole('heading', { name: 'Select quantity' })).toBeVisible();
  await expect(buy.getByTestId('buy-row')).toHaveCount(product.subproducts.length);

  for (const sub of product.subproducts) {
    const row = buy.getByTestId('buy-row').filter({ hasText: sub.name });
    const regular = linePrice(product, 1, [sub.uuid]);
    const campaign = linePrice(product, 1, [sub.uuid], christmas);
    expect(campaign).toBeLessThan(regular);
    const old = row.getByTestId('buy-old-price');
    await expect(old).toHaveText(pounds(regular));
    expect(await old.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('line-through');
    await expect(row.getByTestId('buy-price')).toHaveText(`${pounds(campaign)} each`);
    expect(
      await row.getByTestId('buy-price').evaluate((el) => getComputedStyle(el).textDecorationLine),
    ).not.toContain('line-through');
  }

  // The real cart call, observed and held back until released.
  const sub = product.subproducts[0]!;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let posts = 0;
  await page.route('**/m/api/webshop/cart', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts += 1;
    await held;
    await route.continue();
  });
  // The first option already holds the minimum (issue 34): one card.
  await expect(buy.getByRole('textbox', { name: `Quantity: ${sub.name}` })).toHaveValue('1');
  await expect(buy.getByTestId('buy-sum')).toHaveText(
    `Sum ${pounds(linePrice(product, 1, [sub.uuid], christmas))}`,
  );
  await press(buy.getByRole('button', { name: 'Add to cart' }));

  const adding = buy.getByRole('button', { name: 'Adding to cart…' });
  await expect(adding).toBeVisible();
  await expect(adding).toBeDisabled();
  await expect(adding).toHaveAttribute('aria-busy', 'true');
  await expect(buy.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  await expect(buy.getByRole('button', { name: `More: ${sub.name}` })).toBeDisabled();
  await expect.poll(() => posts).toBe(1);
  await expect(page).not.toHaveURL(/\/m\/cart$/);

  release();
  await expect(page).toHaveURL(/\/m\/cart$/);
  await expect(page.getByTestId('template-line')).toHaveCount(1);
  const cart = (await (await page.request.get('/m/api/webshop/cart')).json()) as Cart;
  expect(cart.orderLines.map((l) => [l.subProductUuids, l.quantity, l.actualLinePrice])).toEqual([
    [[sub.uuid], 1, linePrice(product, 1, [sub.uuid], christmas)],
  ]);
});

/**
 * Times in the page, not in the test runner: when the shopper's tap arrived and when the app
 * navigated (the Navigation API sees the router's history changes), so the runner's own delays
 * never count.
 */
async function watchTapAndNavigation(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __tap?: number; __navigated?: number };
    document.addEventListener('click', () => (w.__tap ??= performance.now()), { capture: true });
    (window as unknown as { navigation: EventTarget }).navigation.addEventListener('navigate', () => {
      w.__navigated ??= performance.now();
    });
  });
  return async () =>
    page.evaluate(() => {
      const w = window as unknown as { __tap?: number; __navigated?: number };
      return w.__tap !== undefined && w.__navigated !== undefined ? w.__navigated - w.__tap : null;
    });
}

test('the editor closes 300 ms after Cancel (S1 §4)', async ({ page }) => {
  await openCalendar(page);
  const elapsed = await watchTapAndNavigation(page);
  await press(page.getByRole('navigation', { name: 'Editor menu' }).getByRole('button', { name: 'Cancel' }));
  await expect(page).toHaveURL(/\/m\/products\/calendars$/);
  const ms = await elapsed();
  expect(ms).not.toBeNull();
  expect(ms!).toBeGreaterThanOrEqual(300);
  expect(ms!).toBeLessThan(2000);
});

test('the gesture hint hides by itself after 10 s (S1 §9)', async ({ page }) => {
  test.setTimeout(60_000);
  await openCard(page, 'Balloon party');
  await press(
    page.getByRole('navigation', { name: 'Editor menu' }).getByRole('button', { name: 'Insert image' }),
  );
  const hint = page.getByTestId('image-hint');
  await expect(hint).toBeVisible();
  const shownAt = Date.now();
  // Still there well before 10 s, gone after: nobody tapped.
  await page.waitForTimeout(8000 - (Date.now() - shownAt));
  await expect(hint).toBeVisible();
  await expect(hint).toHaveCount(0, { timeout: 5000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(9000);
});
