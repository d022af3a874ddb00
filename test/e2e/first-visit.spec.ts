/**
 * The first visit (issue 15): the HTML brings what the first screen needs, so the start page and the
 * product list draw with every API call and translation file blocked after the HTML has arrived;
 * the start page never fetches Konva or the editor.
 */
import { expect, type Page, test } from '@playwright/test';
import { initialJs } from '../../bench/initial-js.ts';
import { press, printsInCart } from './support.ts';

const port = Number(process.env.E2E_PORT ?? 8181);

/** Everything but the HTML, the app's code and its pictures fails from now on. */
async function blockCalls(page: Page): Promise<string[]> {
  const blocked: string[] = [];
  await page.route(/\/(m|m2)\/api\/|\/locale\//, (route) => {
    blocked.push(route.request().url());
    return route.abort('failed');
  });
  return blocked;
}

test("the start page's JavaScript is at most 80 KB gzip, and the page it hydrates answers a tap (issue 31)", async ({
  page,
}) => {
  // The build the e2e shop serves: React's DOM and hooks come from Preact's compat layer in the
  // browser (vite.config.ts); with React's own react-dom this was 109 KB.
  const { gzip, files } = initialJs();
  expect(gzip, files.join(', ')).toBeLessThanOrEqual(80 * 1024);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/m/');
  await page.getByTestId('menu-button').tap();
  const drawer = page.getByTestId('menu-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Show more under Products' }).tap();
  await drawer.getByRole('link', { name: 'Photo prints' }).tap();
  // Photo prints begin with the upload (S0).
  await expect(page).toHaveURL(/\/m\/upload$/);
  await expect(page.getByRole('heading', { name: 'Upload pictures', level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the start page draws its content with the API calls blocked', async ({ page }) => {
  const blocked = await blockCalls(page);
  await page.goto('/m/');
  await expect(page.getByTestId('slider').getByText('Your photos, printed beautifully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to Print Shop' })).toBeVisible();
  await expect(page.getByTestId('category-tile').filter({ hasText: 'Cards' })).toBeVisible();
  // The calls it would have made were not needed: none for the page, none for translations.
  expect(blocked.filter((url) => /legacy-pages|\/locale\//.test(url))).toEqual([]);
});

test('the Norwegian start page draws in Norwegian with the API calls blocked', async ({ page }) => {
  const blocked = await blockCalls(page);
  await page.goto(`http://no.localhost:${port}/m/`);
  await expect(page.getByRole('heading', { name: 'Velkommen til Fotobutikken' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb-NO');
  // The shell's own words come from the inlined nb_NO translations, not from a file.
  await expect(page.getByRole('link', { name: /handlekurv/i }).first()).toBeVisible();
  expect(blocked.filter((url) => url.includes('/locale/'))).toEqual([]);
});

test('the product list draws its categories with the API calls blocked', async ({ page }) => {
  const blocked = await blockCalls(page);
  await page.goto('/m/products');
  await expect(page.getByTestId('category-link').filter({ hasText: 'Photo prints' })).toBeVisible();
  await expect(page.getByTestId('size-range')).toBeVisible();
  expect(blocked.filter((url) => /\/products|\/locale\//.test(url))).toEqual([]);
});

test('the card list draws its default category’s cards, with their prices, with the API calls blocked (issue 31)', async ({
  page,
}) => {
  const blocked = await blockCalls(page);
  await page.goto('/m/products/cards');
  // The address follows the category drawn, as the redirect did before the list was drawn at once.
  await expect(page).toHaveURL(/\/m\/products\/cards\/[A-Za-z0-9_-]+$/);
  const active = page.getByTestId('category-bar').locator('[aria-current="page"]');
  await expect(active).toHaveCount(1);
  await expect(page.getByTestId('template-tile').first()).toBeVisible();
  await expect(page.getByTestId('template-group').first().locator('.template-group__from')).toBeVisible();
  // The first tiles' pictures are asked for at once and first.
  await expect(page.getByTestId('template-tile').first().locator('img')).toHaveAttribute(
    'fetchpriority',
    'high',
  );
  expect(blocked.filter((url) => /\/templates\/|\/products|\/locale\//.test(url))).toEqual([]);
  // A tile opens the editor of the category shown.
  const category = new URL(page.url()).pathname.split('/').pop();
  await expect(page.getByTestId('template-tile').first()).toHaveAttribute(
    'href',
    new RegExp(`/m/products/cards/${category}/`),
  );
});

test('the cart opens with its lines, or says it is empty, from the page itself (issues 31, 34)', async ({
  page,
}) => {
  const blocked: string[] = [];
  await page.route(/\/m\/api\/webshop\/cart$/, (route) => {
    blocked.push(route.request().url());
    return route.abort('failed');
  });
  // No cart yet: the empty cart's page, with the two ways to fill it, and no call made.
  await page.goto('/m/cart');
  await expect(page.getByTestId('cart-empty')).toContainText('Your shopping cart is empty.');
  await page.getByRole('link', { name: 'See all products' }).tap();
  await expect(page).toHaveURL(/\/m\/products$/);
  await expect(page.getByTestId('category-link').first()).toBeVisible();
  expect(blocked).toEqual([]);
  await page.unroute(/\/m\/api\/webshop\/cart$/);

  const cart = await printsInCart(page, 3);
  await page.route(/\/m\/api\/webshop\/cart$/, (route) => {
    blocked.push(route.request().url());
    return route.abort('failed');
  });
  await page.goto('/m/cart');
  await expect(page.getByTestId('line-price')).toHaveCount(cart.orderLines.length);
  await expect(page.getByTestId('cart-products')).toBeVisible();
  // The cart came with the page: its call was never made.
  expect(blocked).toEqual([]);
});

test('the inlined data serves the first screen only: coming back asks the server again', async ({ page }) => {
  const go = (path: string) =>
    page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  await page.goto('/m/products');
  await expect(page.getByTestId('category-link').first()).toBeVisible();
  await go('/m/pages/help');
  await expect(page.getByRole('heading', { name: 'Help' }).first()).toBeVisible();
  const asked = page.waitForRequest((request) => request.url().endsWith('/m/api/products/categories'));
  await go('/m/products');
  await asked;
  await expect(page.getByTestId('category-link').first()).toBeVisible();
});

test('the first slide is asked for first and never lazily; every picture has its size before it loads', async ({
  page,
}) => {
  await page.goto('/m/');
  const first = page.locator('.slide').first().locator('img');
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).toHaveAttribute('loading', 'eager');
  // The HTML itself asked for it, before the app ran.
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveAttribute('fetchpriority', 'high');
  expect(await preload.getAttribute('href')).toBe(await first.getAttribute('src'));
  // Content pictures carry the size the server read from the file, so nothing moves when they arrive.
  const photo = page.locator('[data-module-id="image-1"] .lazy-image');
  await photo.scrollIntoViewIfNeeded();
  await expect(photo.locator('img')).toHaveAttribute('width', /^\d+$/);
  await expect(photo.locator('img')).toHaveAttribute('loading', 'lazy');
  expect(await photo.getAttribute('style')).toMatch(/aspect-ratio/);
});

test('the shop can be installed: its manifest names the portal and starts under /m/', async ({ page }) => {
  await page.goto(`http://no.localhost:${port}/m/`);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  // Fetched by the page itself: no.localhost resolves only in the browser.
  const manifest = await page.evaluate(async (url) => (await fetch(url!)).json(), href);
  expect(manifest).toMatchObject({ name: 'Fotobutikken', start_url: '/m/', display: 'standalone' });
});

test.describe('drawn by the server', () => {
  test.use({ javaScriptEnabled: false });

  test('the start page and the product list show their content before any JavaScript runs', async ({
    page,
  }) => {
    await page.goto('/m/');
    await expect(page.getByRole('heading', { name: 'Welcome to Print Shop' })).toBeVisible();
    await expect(page.getByTestId('slider').getByText('Your photos, printed beautifully')).toBeVisible();
    await expect(page.getByTestId('category-tile').filter({ hasText: 'Cards' })).toBeVisible();
    await page.goto('/m/products');
    await expect(page.getByTestId('category-link').filter({ hasText: 'Photo prints' })).toBeVisible();
    await expect(page.getByTestId('size-range')).toBeVisible();
    // The first card's picture is in the HTML, asked for at once.
    await expect(page.getByTestId('category-link').first().locator('img')).toHaveAttribute(
      'fetchpriority',
      'high',
    );
    await page.goto(`http://no.localhost:${port}/m/`);
    await expect(page.getByRole('heading', { name: 'Velkommen til Fotobutikken' })).toBeVisible();
    await expect(page.getByTestId('menu-button')).toHaveAttribute('aria-label', 'Meny');
  });

  test('the template lists and the upload page show their content before any JavaScript runs (issue 31)', async ({
    page,
  }) => {
    for (const path of ['/m/products/cards', '/m/products/calendars']) {
      await page.goto(path);
      await expect(page.getByTestId('template-tile').first(), path).toBeVisible();
      await expect(page.getByTestId('template-skeleton'), path).toHaveCount(0);
      await expect(
        page.getByTestId('template-group').first().locator('.template-group__from'),
        path,
      ).toBeVisible();
    }
    // Without a category, the cards of the default one, its link marked as the one shown.
    await page.goto('/m/products/cards');
    await expect(page.getByTestId('category-bar').locator('[aria-current="page"]')).toHaveCount(1);
    // The upload page names the print sizes before any JavaScript runs.
    await page.goto('/m/upload');
    await expect(page.getByRole('heading', { name: 'Upload pictures', level: 1 })).toBeVisible();
    await expect(page.getByTestId('upload-size-range')).toBeVisible();
  });
});

test('the app takes over the server’s drawing without drawing it again', async ({ page }) => {
  const problems: string[] = [];
  let current = '';
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${current}: ${message.text().slice(0, 120)}`);
  });
  page.on('pageerror', (error) => problems.push(`${current}: ${error.message}`));
  for (const path of [
    '/m/',
    '/m/products',
    '/m/pages/help',
    '/m2/',
    '/m/products/cards',
    '/m/products/calendars',
  ]) {
    current = path;
    await page.goto(path);
    await expect(page.locator('#root [data-testid="menu-button"]')).toBeVisible();
    // Hydrated: the menu opens.
    await press(page.getByTestId('menu-button'));
    await expect(page.getByTestId('menu-drawer')).toBeVisible();
  }
  expect(problems).toEqual([]);
});
