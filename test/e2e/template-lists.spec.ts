import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * The template lists of S1 §2 on the demo templates: Birthday has Big number (Card 15x15) and
 * Balloon party and Party collage (Card 10x15, 1 and 3 pictures); calendars; mugs and canvases.
 * The tests find templates by name and count what the server lists, so another template in the
 * catalogue changes no expectation here.
 */

interface Listed {
  name: { en_GB: string };
  numUserImages: number;
  hasUserText: boolean;
  product: { name: string; formatSize: { widthMm: number; heightMm: number } };
  pages: { clientIgnore?: boolean }[];
}

/** A list as the server answers it (a category of cards, or a whole type). */
async function listed(page: Page, path: string): Promise<Listed[]> {
  const res = await page.request.get(`/m/api/templates/${path}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Listed[];
}

const is10x15 = (t: Listed) => Math.round(t.product.formatSize.widthMm) === 148;
const showing = (n: number) => `Show ${n} template${n === 1 ? '' : 's'}`;

const tiles = (page: Page) => page.getByTestId('template-tile');
const tile = (page: Page, name: string) => tiles(page).filter({ hasText: name });
const groupNames = (page: Page) => page.getByTestId('template-group').locator('h2');
/**
 * Opens `path` inside the app, as a link would: the lists a first visit opens come drawn in the HTML
 * with their data (issue 31), so what a list does while it fetches is seen on a later screen.
 */
async function openInApp(page: Page, path: string) {
  await page.goto('/m/pages/help');
  await expect(page.locator('#root [data-testid="menu-button"]')).toBeVisible();
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** A tap on the touch phone (Pixel 7), a click on the desktop. */
const press = (target: Locator, isMobile: boolean) => (isMobile ? target.tap() : target.click());

test.describe('template lists', () => {
  test('cards: the default category, its bar, the product sort and editor links', async ({ page }) => {
    await page.goto('/m/products/cards');
    await expect(page).toHaveURL(/\/m\/products\/cards\/BIRTHDAY$/);
    const bar = page.getByTestId('category-bar');
    // The bar lists the portal's card categories in their order, Birthday (the default) first.
    const { categories } = (await (await page.request.get('/m/api/templates/cards/categories')).json()) as {
      categories: { names: { en_GB: string } }[];
    };
    const names = categories.map((c) => c.names.en_GB);
    expect(names.slice(0, 3)).toEqual(['Birthday', 'Christmas', 'Thank you']);
    await expect(bar.getByRole('link')).toHaveText(names);
    await expect(bar.getByRole('link', { name: 'Birthday' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
    await expect(tiles(page)).toHaveCount((await listed(page, 'cards/categories/BIRTHDAY')).length);
    // S1 §9: the larger 15x15 before the 10x15.
    const groups = await groupNames(page).allTextContents();
    expect(groups.indexOf('Card 15x15')).toBeGreaterThanOrEqual(0);
    expect(groups.indexOf('Card 15x15')).toBeLessThan(groups.indexOf('Card 10x15'));
    const bigNumber = tile(page, 'Big number');
    await expect(
      page.getByTestId('template-group').filter({ hasText: 'Card 15x15' }).getByTestId('template-tile'),
    ).toContainText(['Big number']);
    await expect(bigNumber).toHaveAttribute(
      'href',
      /^\/m\/products\/cards\/BIRTHDAY\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/,
    );
    // The preview picture is served and drawn.
    const image = bigNumber.locator('img');
    await expect(image).toHaveAttribute('src', /^\/templates2\/all\/.+\.png$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await bar.getByRole('link', { name: 'Christmas' }).click();
    await expect(page).toHaveURL(/\/m\/products\/cards\/CHRISTMAS$/);
    for (const name of ['Snowy frame', 'Holly greetings']) await expect(tile(page, name)).toHaveCount(1);
    await expect(tiles(page)).toHaveCount((await listed(page, 'cards/categories/CHRISTMAS')).length);
    // Card 10x15 runs a Christmas campaign (seed): the campaign wording in its own category only.
    await expect(page.getByTestId('template-group').filter({ hasText: 'Card 10x15' })).toContainText(
      'Campaign prices from',
    );
  });

  test('filters through the dialog, as chips, kept in the URL through reload, back and forward', {
    tag: '@desktop',
  }, async ({ page, isMobile }) => {
    const birthday = await listed(page, 'cards/categories/BIRTHDAY');
    const small = birthday.filter(is10x15);
    const smallWithThree = small.filter((t) => t.numUserImages === 3);
    const smallWithoutText = small.filter((t) => !t.hasUserText);
    const smallNames = small.map((t) => t.name.en_GB);
    expect(smallNames).toEqual(expect.arrayContaining(['Balloon party', 'Party collage']));
    await page.goto('/m/products/cards/BIRTHDAY');
    await expect(tiles(page)).toHaveCount(birthday.length);

    await press(page.getByTestId('open-filters'), isMobile);
    const dialog = page.getByTestId('filter-dialog');
    await expect(dialog.getByRole('heading', { name: 'Filter selection' })).toBeVisible();
    // Formats and picture counts are offered; the page filter only when the cards' page counts differ.
    await expect(dialog.locator('fieldset[data-filter="format"]')).toBeVisible();
    await expect(dialog.locator('fieldset[data-filter="images"]')).toBeVisible();
    await expect(dialog.locator('fieldset[data-filter="text"]')).toBeVisible();
    const pageCounts = new Set(birthday.map((t) => t.pages.filter((p) => !p.clientIgnore).length));
    await expect(dialog.locator('fieldset[data-filter="pages"]')).toHaveCount(pageCounts.size > 1 ? 1 : 0);
    await expect(dialog.getByTestId('apply-filters')).toHaveText(showing(birthday.length));

    // The 10x15 format (14.8 x 10.5 cm), found by its size rather than its place in the list.
    const smallLabel = dialog
      .locator('fieldset[data-filter="format"] label')
      .filter({ hasText: /14[.,]8\D+10[.,]5/ });
    const smallFormat = smallLabel.getByRole('radio');
    const label = (await smallLabel.innerText()).trim();
    await smallFormat.check();
    await expect(dialog.getByTestId('apply-filters')).toHaveText(showing(small.length));
    await dialog.getByRole('radio', { name: '3 images' }).check();
    await expect(dialog.getByTestId('apply-filters')).toHaveText(showing(smallWithThree.length));
    await dialog.locator('fieldset[data-filter="images"]').getByRole('radio', { name: 'All' }).check();
    await expect(dialog.getByTestId('apply-filters')).toHaveText(showing(small.length));
    await press(dialog.getByTestId('apply-filters'), isMobile);

    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/[?&]format=148x105(&|$)/);
    await expect(tiles(page)).toHaveCount(small.length);
    for (const name of smallNames) await expect(tile(page, name)).toHaveCount(1);
    const chip = page.getByTestId('filter-chips').getByRole('button');
    await expect(chip).toHaveText(label);
    await expect(chip).toHaveAccessibleName(`Remove filter ${label}`);

    await page.reload();
    await expect(tiles(page)).toHaveCount(small.length);
    await expect(chip).toHaveText(label);

    await page.goBack();
    await expect(page).toHaveURL(/\/BIRTHDAY$/);
    await expect(tiles(page)).toHaveCount(birthday.length);
    await expect(page.getByTestId('filter-chips')).toHaveCount(0);
    await page.goForward();
    await expect(tiles(page)).toHaveCount(small.length);
    await expect(chip).toHaveText(label);

    // The dialog opens on the applied filters; closing it without applying changes nothing.
    await page.getByTestId('open-filters').click();
    await expect(smallFormat).toBeChecked();
    await dialog.getByRole('radio', { name: 'Without text' }).check();
    await expect(dialog.getByTestId('apply-filters')).toHaveText(showing(smallWithoutText.length));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(tiles(page)).toHaveCount(small.length);

    await press(chip, isMobile);
    await expect(page.getByTestId('filter-chips')).toHaveCount(0);
    await expect(tiles(page)).toHaveCount(birthday.length);
    expect(new URL(page.url()).search).toBe('');
  });

  test('a shared link with filters lists the filtered templates; nothing matching says so', async ({
    page,
  }) => {
    const matching = (await listed(page, 'cards/categories/BIRTHDAY')).filter(
      (t) => t.numUserImages === 3 && t.hasUserText,
    );
    await page.goto('/m/products/cards/BIRTHDAY?images=3&text=with');
    await expect(tiles(page)).toHaveCount(matching.length);
    await expect(tile(page, 'Party collage')).toHaveCount(1);
    await expect(page.getByTestId('filter-chips').getByRole('button')).toHaveText(['3 images', 'With text']);
    // No format has a 1 mm card: nothing matches, whatever the catalogue holds.
    await page.goto('/m/products/cards/BIRTHDAY?format=1x1');
    await expect(page.getByTestId('templates-empty')).toHaveText('No templates match the filters.');
  });

  test('the first screen’s previews are fetched at once and first, the rest as they come near (issue 31)', async ({
    page,
  }) => {
    await page.goto('/m/products/cards');
    const tiles = page.getByTestId('template-tile');
    await expect(tiles.first().locator('img')).toBeVisible();
    const count = await tiles.count();
    expect(count).toBeGreaterThan(4);
    for (let i = 0; i < 4; i++) {
      const img = tiles.nth(i).locator('img');
      await expect(img).toHaveAttribute('loading', 'eager');
      await expect(img).toHaveAttribute('fetchpriority', 'high');
    }
    // Beyond the first screen: asked for as it comes near, at the normal priority.
    const fifth = tiles.nth(4);
    await fifth.scrollIntoViewIfNeeded();
    await expect(fifth.locator('img')).toHaveAttribute('loading', 'lazy');
    await expect(fifth.locator('img')).not.toHaveAttribute('fetchpriority', 'high');
  });

  test('calendars: no category bar, 20x30 first, a Prices dialog with tier labels', async ({ page }) => {
    await page.goto('/m/products/calendars');
    await expect(page.getByRole('heading', { level: 1, name: 'Calendars' })).toBeVisible();
    await expect(tiles(page)).toHaveCount((await listed(page, 'calendars')).length);
    await expect(page.getByTestId('category-bar')).toHaveCount(0);
    const groups = await groupNames(page).allTextContents();
    expect(groups.indexOf('Calendar 20x30 (12 months)')).toBeGreaterThanOrEqual(0);
    expect(groups.indexOf('Calendar 20x30 (12 months)')).toBeLessThan(
      groups.indexOf('Calendar A4 (12 months)'),
    );
    await expect(tile(page, 'Modern 20x30')).toHaveAttribute(
      'href',
      /^\/m\/products\/calendars\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/,
    );

    await page
      .getByTestId('template-group')
      .filter({ hasText: 'Calendar 20x30 (12 months)' })
      .getByTestId('open-prices')
      .click();
    const prices = page.getByTestId('price-table');
    await expect(prices.getByRole('heading', { name: 'Prices' })).toBeVisible();
    await expect(prices.locator('caption')).toHaveText('Calendar 20x30 (12 months)');
    await expect(prices.locator('tbody th')).toHaveText(['1-9', '10-49', '50+']);
    await expect(prices.locator('tbody td').first()).toHaveText('£22.99');
    await prices.getByRole('button', { name: 'Close' }).click();
    await expect(prices).toBeHidden();
  });

  test('photo gifts show the category title', async ({ page }) => {
    await page.goto('/m/products/photogift/MUG');
    await expect(page.getByRole('heading', { level: 1, name: 'Mugs' })).toBeVisible();
    await expect(page.getByTestId('category-bar')).toHaveCount(0);
    await expect(tiles(page)).toHaveCount((await listed(page, 'photogift/categories/MUG')).length);
    await expect(tile(page, 'Photo mug')).toHaveAttribute('href', /^\/m\/products\/photogift\/MUG\//);
  });

  test('skeletons while loading: 5 categories, 10 tiles', async ({ page }) => {
    const birthday = await listed(page, 'cards/categories/BIRTHDAY');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/m/api/templates/cards/**', async (route) => {
      await held;
      await route.continue();
    });
    await openInApp(page, '/m/products/cards');
    await expect(page.getByTestId('category-skeleton')).toHaveCount(5);
    await expect(page.getByTestId('template-skeleton')).toHaveCount(10);
    release();
    await expect(tiles(page)).toHaveCount(birthday.length);
    await expect(page.getByTestId('template-skeleton')).toHaveCount(0);
  });

  test('a failed list fetch is logged and the list stays empty', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/m/api/templates/calendars', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
    );
    await openInApp(page, '/m/products/calendars');
    await expect(page.getByTestId('templates-empty')).toBeVisible();
    await expect(tiles(page)).toHaveCount(0);
    expect(errors.some((e) => e.includes('calendars templates could not be loaded'))).toBe(true);
  });

  test('the grid has 2 columns on a phone, 3 from 600 px, 4 from 1200 px', { tag: '@desktop' }, async ({
    page,
  }) => {
    await page.goto('/m/products/cards/BIRTHDAY');
    await expect(tile(page, 'Big number')).toBeVisible();
    const columns = () =>
      page
        .locator('.template-grid')
        .first()
        .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
    await page.setViewportSize({ width: 390, height: 800 });
    await expect.poll(columns).toBe(2);
    await page.setViewportSize({ width: 700, height: 800 });
    await expect.poll(columns).toBe(3);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(columns).toBe(4);
  });

  test('an unknown list type is not found', async ({ page }) => {
    await page.goto('/m/products/posters');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
