import { expect, type Page, test } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
const portalUrl = (host: string, path: string) => `http://${host}:${port}${path}`;

/** The regional portal sends its products page to an external site; this machine has no internet, so answer for it. */
async function stubExternalSites(page: Page) {
  await page.route(/^https:\/\/[a-z.]*example\.(no|com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>External site</h1>' }),
  );
}

test.describe('start page', () => {
  test('shows the slider, the category tiles and the other modules', async ({ page }) => {
    await page.goto('/m/');
    const slider = page.getByTestId('slider');
    await expect(slider).toBeVisible();
    await expect(slider.getByText('Your photos, printed beautifully')).toBeVisible();
    const tiles = page.getByTestId('category-tile');
    await expect(tiles).toHaveCount(5);
    await expect(page.getByRole('heading', { name: 'Welcome to Print Shop' })).toBeVisible();
    const paragraph = page.locator('[data-module-id="paragraph-1"] p');
    await expect(paragraph).toHaveCount(3);
    await expect(page.locator('[data-module-id="paragraph-2"] strong')).toHaveText('premium photo paper');
    await expect(page.locator('[data-module-id="image-1"] a')).toHaveAttribute('href', '/m/upload');
    // No placeholder site: photo books are hidden until the shop makes them (docs/decisions.md).
    await expect(page.locator('.content-page a[href*="example.com"]')).toHaveCount(0);
    await expect(page.locator('[data-module-id="richtext-1"] li')).toHaveCount(2);
    // Demo content a shopper sees: every picture loads, no test material.
    await expect(page.locator('.content-page img[src="x"]')).toHaveCount(0);
  });

  test('sanitises content HTML: no script, handler or javascript: link runs', async ({ page }) => {
    // A test-only page (test/fixtures/content-pages.ts) with hostile HTML in a RichText and a Paragraph.
    await page.goto('/m/pages/e2e-sanitiser');
    for (const id of ['richtext-hostile', 'paragraph-hostile']) {
      const rich = page.locator(`[data-module-id="${id}"]`);
      await expect(rich.locator('li').first()).toBeVisible();
      await expect(rich.locator('script, iframe, [onerror], [onclick], [style]')).toHaveCount(0);
      const href = await rich.getByText('More').getAttribute('href');
      expect(href ?? '').not.toContain('javascript:');
      await expect(rich.getByText('Away')).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await expect(page.locator('[data-module-id="image-external"] a')).toHaveAttribute('target', '_blank');
  });

  test('an unknown content module is skipped and logged, never shown', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/m/pages/e2e-sanitiser');
    await expect(page.locator('[data-module-id="richtext-hostile"] li').first()).toBeVisible();
    await expect(page.locator('[data-module-id="countdown-1"]')).toHaveCount(0);
    await expect(page.getByText('countdown-1')).toHaveCount(0);
    expect(warnings.some((w) => w.includes('countdown-1') && w.includes('Countdown'))).toBe(true);
  });

  test('the slider advances by itself', async ({ page }) => {
    await page.goto('/m/');
    const active = page.locator('[data-testid="slider"] [aria-current="true"]');
    await expect(active).toContainText('Your photos, printed beautifully');
    await expect(active).toContainText('Cards that say it your way', { timeout: 8_000 });
  });

  test('an empty cart shows no badge, and the banner the free-delivery threshold', async ({ page }) => {
    await page.goto('/m/');
    await expect(page.getByRole('link', { name: 'Shopping cart', exact: true })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    await expect(page.getByTestId('free-shipping-banner')).toHaveText(
      'Free delivery when you spend over £40.00',
    );
  });

  test("each portal formats the banner's money its own way", async ({ page }) => {
    await page.goto(portalUrl('us.localhost', '/m/'));
    await expect(page.getByTestId('free-shipping-banner')).toHaveText(
      'Free delivery when you spend over $35.00',
    );
    await page.goto(portalUrl('no.localhost', '/m/'));
    await expect(page.getByTestId('free-shipping-banner')).toContainText('kr 499,00');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb-NO');
    // This portal's logo links to the company's own site rather than home.
    await expect(page.getByRole('link', { name: 'Fotobutikken' })).toHaveAttribute(
      'href',
      'https://www.example.no/',
    );
    // Danish kroner put the currency after the number, with a dot between thousands.
    await page.goto(portalUrl('dk.localhost', '/m/'));
    await expect(page.getByTestId('free-shipping-banner')).toContainText('349,00 kr.');
    await expect(page.locator('html')).toHaveAttribute('lang', 'da-DK');
    await expect(page.getByRole('img', { name: 'Fotoshoppen' })).toBeVisible();
  });

  test('the header is 70 px high', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/m/');
    const box = await page.locator('header').first().boundingBox();
    expect(box?.height).toBe(70);
  });
});

test.describe('menu drawer', () => {
  test('opens three levels and follows an in-app link', async ({ page }) => {
    await page.goto('/m/');
    await page.getByTestId('menu-button').click();
    const drawer = page.getByTestId('menu-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Christmas cards')).toBeHidden();
    await drawer.getByRole('button', { name: 'Show more under Products' }).click();
    await expect(drawer.getByRole('link', { name: 'Photo prints' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Show more under Cards', exact: true }).click();
    await expect(drawer.getByRole('link', { name: 'Christmas cards' })).toBeVisible();
    // Collapsing a level hides its children again.
    await drawer.getByRole('button', { name: 'Show more under Cards', exact: true }).click();
    await expect(drawer.getByRole('link', { name: 'Christmas cards' })).toBeHidden();
    await drawer.getByRole('link', { name: 'About us' }).click();
    await expect(page).toHaveURL(/\/m\/pages\/about$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'About us', level: 2 })).toBeVisible();
  });
});

test.describe('content pages', () => {
  test('an unknown page shows Page not found', async ({ page }) => {
    await page.goto('/m/pages/nope');
    await expect(page.getByText('Page not found')).toBeVisible();
  });

  test('scrolls to the top on a route change', async ({ page }) => {
    await page.goto('/m/');
    await expect(page.locator('[data-module-id="richtext-1"] li').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.locator('[data-module-id="image-1"] a').click();
    await expect(page).toHaveURL(/\/m\/upload$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('products page', () => {
  test('category tiles lead where S0 §2 says', async ({ page }) => {
    await page.goto('/m/products');
    const links = page.getByTestId('category-link');
    await expect(links).toHaveCount(5);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      '/m/upload',
      '/m/products/cards',
      '/m/products/calendars',
      '/m/products/photogift/MUG',
      '/m/products/photogift/CANVAS',
    ]);
    await links.nth(1).click();
    // The card list opens on its default category (S1 §2).
    await expect(page).toHaveURL(/\/m\/products\/cards\/[A-Z]+$/);
  });

  test('the regional portal sends its products page to the gift site', async ({ page }) => {
    await stubExternalSites(page);
    await page.goto(portalUrl('no.localhost', '/m/products'));
    await expect(page).toHaveURL('https://gaver.example.no/');
  });

  test('sizes are in cm on a metric portal and in inches on the US portal', async ({ page }) => {
    await page.goto('/m/products');
    await expect(page.getByTestId('size-range')).toContainText('8.9 x 12.7 cm');
    await page.goto(portalUrl('us.localhost', '/m/products'));
    await expect(page.getByTestId('size-range')).toContainText('3.5 x 5 in');
    await expect(page.getByTestId('size-range')).toContainText('12 x 18 in');
  });
});

test.describe('layouts', { tag: '@desktop' }, () => {
  test('/m2/ is the same mobile app, and a path outside /m is the desktop layout', async ({ page }) => {
    await page.goto('/m2/pages/about');
    await expect(page.getByRole('heading', { name: 'About us', level: 2 })).toBeVisible();
    await expect(page.locator('.layout-mobile')).toHaveCount(1);
    await page.goto('/pages/about');
    await expect(page.getByRole('heading', { name: 'About us', level: 2 })).toBeVisible();
    await expect(page.locator('.layout-desktop')).toHaveCount(1);
  });

  test('nothing is wider than the screen', async ({ page }) => {
    await page.goto('/m/');
    await expect(page.locator('[data-module-id="richtext-1"] li').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('Konva and the editor load with the editor route only, never with the start page or a list', async ({
  page,
}) => {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push({ url: response.url(), body: response.text().catch(() => '') });
  });
  const withKonva = async () => {
    const found: string[] = [];
    for (const s of scripts) if (/\bKonva\b/.test(await s.body)) found.push(s.url);
    return found;
  };

  await page.goto('/m/');
  await expect(page.getByTestId('slider')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(await withKonva()).toEqual([]);

  await page.goto('/m/products/cards/BIRTHDAY');
  await expect(page.getByTestId('template-tile').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await withKonva()).toEqual([]);

  await page.getByTestId('template-tile').first().click();
  await expect(page.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
  expect((await withKonva()).length).toBeGreaterThan(0);
});
