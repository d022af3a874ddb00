import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * The template lists of S1 §2 on the demo templates: Birthday has Big number (Card 15x15) and
 * Balloon party and Party collage (Card 10x15, 1 and 3 pictures); two calendars; mugs and canvases.
 */

const tiles = (page: Page) => page.getByTestId('template-tile');
const groupNames = (page: Page) => page.getByTestId('template-group').locator('h2');
/** A tap on the touch phone (Pixel 7), a click on the desktop. */
const press = (target: Locator, isMobile: boolean) => (isMobile ? target.tap() : target.click());

test.describe('template lists', () => {
  test('cards: the default category, its bar, the product sort and editor links', async ({ page }) => {
    await page.goto('/m/products/cards');
    await expect(page).toHaveURL(/\/m\/products\/cards\/BIRTHDAY$/);
    const bar = page.getByTestId('category-bar');
    await expect(bar.getByRole('link')).toHaveText(['Birthday', 'Christmas', 'Thank you']);
    await expect(bar.getByRole('link', { name: 'Birthday' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
    await expect(tiles(page)).toHaveCount(3);
    // S1 §9: 15x15 first.
    await expect(groupNames(page)).toHaveText(['Card 15x15', 'Card 10x15']);
    await expect(tiles(page).first()).toContainText('Big number');
    await expect(tiles(page).first()).toHaveAttribute(
      'href',
      /^\/m\/products\/cards\/BIRTHDAY\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/,
    );
    // The preview picture is served and drawn.
    const image = tiles(page).first().locator('img');
    await expect(image).toHaveAttribute('src', /^\/templates2\/all\/.+\.png$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await bar.getByRole('link', { name: 'Christmas' }).click();
    await expect(page).toHaveURL(/\/m\/products\/cards\/CHRISTMAS$/);
    await expect(tiles(page)).toHaveText([/Snowy frame/, /Holly greetings/]);
    // Card 10x15 runs a Christmas campaign (seed): the campaign wording in its own category only.
    await expect(page.getByTestId('template-group').nth(1)).toContainText('Campaign prices from');
  });

  test('filters through the dialog, as chips, kept in the URL through reload, back and forward', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/m/products/cards/BIRTHDAY');
    await expect(tiles(page)).toHaveCount(3);

    await press(page.getByTestId('open-filters'), isMobile);
    const dialog = page.getByTestId('filter-dialog');
    await expect(dialog.getByRole('heading', { name: 'Filter selection' })).toBeVisible();
    // Two formats and two picture counts are offered; every card has one page, so no page filter.
    await expect(dialog.locator('fieldset[data-filter="format"]')).toBeVisible();
    await expect(dialog.locator('fieldset[data-filter="images"]')).toBeVisible();
    await expect(dialog.locator('fieldset[data-filter="text"]')).toBeVisible();
    await expect(dialog.locator('fieldset[data-filter="pages"]')).toHaveCount(0);
    await expect(dialog.getByTestId('apply-filters')).toHaveText('Show 3 templates');

    const formats = dialog.locator('fieldset[data-filter="format"]').getByRole('radio');
    await expect(formats).toHaveCount(3); // All, 15x15, 10x15 (largest first)
    const smallFormat = formats.nth(2);
    const label = (await dialog.locator('fieldset[data-filter="format"] label').nth(2).innerText()).trim();
    await smallFormat.check();
    await expect(dialog.getByTestId('apply-filters')).toHaveText('Show 2 templates');
    await dialog.getByRole('radio', { name: '3 images' }).check();
    await expect(dialog.getByTestId('apply-filters')).toHaveText('Show 1 template');
    await dialog.locator('fieldset[data-filter="images"]').getByRole('radio', { name: 'All' }).check();
    await expect(dialog.getByTestId('apply-filters')).toHaveText('Show 2 templates');
    await press(dialog.getByTestId('apply-filters'), isMobile);

    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/[?&]format=148x105(&|$)/);
    await expect(tiles(page)).toHaveText([/Balloon party/, /Party collage/]);
    const chip = page.getByTestId('filter-chips').getByRole('button');
    await expect(chip).toHaveText(label);
    await expect(chip).toHaveAccessibleName(`Remove filter ${label}`);

    await page.reload();
    await expect(tiles(page)).toHaveCount(2);
    await expect(chip).toHaveText(label);

    await page.goBack();
    await expect(page).toHaveURL(/\/BIRTHDAY$/);
    await expect(tiles(page)).toHaveCount(3);
    await expect(page.getByTestId('filter-chips')).toHaveCount(0);
    await page.goForward();
    await expect(tiles(page)).toHaveCount(2);
    await expect(chip).toHaveText(label);

    // The dialog opens on the applied filters; closing it without applying changes nothing.
    await page.getByTestId('open-filters').click();
    await expect(formats.nth(2)).toBeChecked();
    await dialog.getByRole('radio', { name: 'Without text' }).check();
    await expect(dialog.getByTestId('apply-filters')).toHaveText('Show 0 templates');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(tiles(page)).toHaveCount(2);

    await press(chip, isMobile);
    await expect(page.getByTestId('filter-chips')).toHaveCount(0);
    await expect(tiles(page)).toHaveCount(3);
    expect(new URL(page.url()).search).toBe('');
  });

  test('a shared link with filters lists the filtered templates; nothing matching says so', async ({
    page,
  }) => {
    await page.goto('/m/products/cards/BIRTHDAY?images=3&text=with');
    await expect(tiles(page)).toHaveText([/Party collage/]);
    await expect(page.getByTestId('filter-chips').getByRole('button')).toHaveText(['3 images', 'With text']);
    await page.goto('/m/products/cards/BIRTHDAY?text=without');
    await expect(page.getByTestId('templates-empty')).toHaveText('No templates match the filters.');
  });

  test('calendars: no category bar, 20x30 first, a Prices dialog with tier labels', async ({ page }) => {
    await page.goto('/m/products/calendars');
    await expect(page.getByRole('heading', { level: 1, name: 'Calendars' })).toBeVisible();
    await expect(tiles(page)).toHaveCount(2);
    await expect(page.getByTestId('category-bar')).toHaveCount(0);
    await expect(groupNames(page)).toHaveText(['Calendar 20x30 (12 months)', 'Calendar A4 (12 months)']);
    await expect(tiles(page).first()).toHaveAttribute(
      'href',
      /^\/m\/products\/calendars\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/,
    );

    await page.getByTestId('open-prices').first().click();
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
    await expect(tiles(page)).toHaveCount(2);
    await expect(tiles(page).first()).toHaveAttribute('href', /^\/m\/products\/photogift\/MUG\//);
  });

  test('skeletons while loading: 5 categories, 10 tiles', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/m/api/templates/cards/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/m/products/cards');
    await expect(page.getByTestId('category-skeleton')).toHaveCount(5);
    await expect(page.getByTestId('template-skeleton')).toHaveCount(10);
    release();
    await expect(tiles(page)).toHaveCount(3);
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
    await page.goto('/m/products/calendars');
    await expect(page.getByTestId('templates-empty')).toBeVisible();
    await expect(tiles(page)).toHaveCount(0);
    expect(errors.some((e) => e.includes('calendars templates could not be loaded'))).toBe(true);
  });

  test('the grid has 2 columns on a phone, 3 from 600 px, 4 from 1200 px', async ({ page }) => {
    await page.goto('/m/products/cards/BIRTHDAY');
    await expect(tiles(page)).toHaveCount(3);
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
