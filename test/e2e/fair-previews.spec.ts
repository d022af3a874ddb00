/**
 * Fair previews (issue 18): the cart thumbnail of a landscape card is the whole card at 148 x 105,
 * not a square crop of it, and the template lists show every product at its preview sheet's shape
 * (engine/previewSheet.ts: a card or a mug at its own aspect ratio, a calendar's cover with a strip of
 * its pages), the picture never cropped. Templates are found by their shape, never by position.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { previewSheet } from '../../engine/previewSheet.ts';
import type { Cart } from '../../shop/contract.ts';
import { addPayload } from '../../src/features/editor/buy/buyRules.ts';
import { openStartPage } from './support.ts';
import { filled, templateOf, uploadPicture } from './templates.ts';

interface Listed {
  uuid: string;
  categories: string[];
  dimensions: { width: number; height: number };
  pages: { id: string; clientIgnore?: boolean }[];
}

const visible = (t: Listed) => t.pages.filter((p) => !p.clientIgnore).length;

async function listed(page: Page, type: string): Promise<Listed[]> {
  const res = await page.request.get(`/m/api/templates/${type}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Listed[];
}

/** The picture drawn: its rendered box and its own pixel size, once it has arrived. */
async function drawn(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  // Drawn by the server on first request (a worker thread): seconds on a busy CI.
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 45_000,
    })
    .toBeGreaterThan(0);
  const box = (await image.boundingBox())!;
  const natural = await image.evaluate((img: HTMLImageElement) => ({
    width: img.naturalWidth,
    height: img.naturalHeight,
    fit: getComputedStyle(img).objectFit,
  }));
  return { box, natural };
}

/** The box has the shape `aspect`, and the picture fills it without being cut (same shape). */
function expectFairBox(
  { box, natural }: Awaited<ReturnType<typeof drawn>>,
  aspect: number,
  tolerance = 0.03,
) {
  expect(Math.abs(box.width / box.height - aspect) / aspect).toBeLessThan(tolerance);
  const naturalAspect = natural.width / natural.height;
  expect(Math.abs(naturalAspect - box.width / box.height) / naturalAspect).toBeLessThan(tolerance);
}

test('a landscape card in the cart shows the whole card at 148 x 105, not a square', async ({ page }) => {
  await openStartPage(page);
  const picture = await uploadPicture(page);
  const card = (await listed(page, 'cards')).find(
    (t) => t.dimensions.width > t.dimensions.height && visible(t) === 1,
  );
  expect(card, 'a one-page landscape card').toBeTruthy();
  const template = await templateOf(page, card!.uuid);
  const added = await page.request.post('/m/api/webshop/cart', {
    data: addPayload(
      template,
      filled(template, picture, 'Hello'),
      template.product.uuid,
      { subProductUuids: [] },
      1,
    ),
  });
  expect(added.ok(), await added.text()).toBe(true);
  const line = ((await added.json()) as Cart).orderLines.at(-1)!;

  await page.goto('/m/cart');
  const row = page.locator(`[data-testid="template-line"][data-line="${line.uuid}"]`);
  const image = row.locator('img');
  const shown = await drawn(image);
  const aspect = template.dimensions.width / template.dimensions.height;
  expectFairBox(shown, aspect);
  expect(shown.box.width / shown.box.height).not.toBeCloseTo(1, 1);
  // The thumbnail's box is the picture's: nothing of it is hidden behind a square frame.
  const frame = (await row.locator('.cart-line__picture').boundingBox())!;
  expect(Math.abs(frame.height - shown.box.height)).toBeLessThan(1.5);
  expect(Math.abs(frame.width - shown.box.width)).toBeLessThan(1.5);
  // Still a thumbnail on a phone: the row keeps room for the name and the price.
  expect(shown.box.width).toBeLessThanOrEqual(100);
  expect(shown.box.width).toBeGreaterThan(60);
});

test('the template lists show every product at its own shape, the picture never cropped', async ({
  page,
}) => {
  const wanted: { type: string; template: Listed; what: string }[] = [];
  const cards = await listed(page, 'cards');
  const landscape = cards.find((t) => t.dimensions.width > t.dimensions.height && visible(t) === 1);
  expect(landscape, 'a one-page landscape card').toBeTruthy();
  wanted.push({ type: 'cards', template: landscape!, what: 'a landscape card' });
  const mug = (await listed(page, 'photogift')).find((t) => t.dimensions.width > 2 * t.dimensions.height);
  expect(mug, 'a mug (a wide wrap)').toBeTruthy();
  wanted.push({ type: 'photogift', template: mug!, what: 'a mug' });
  const calendar = (await listed(page, 'calendars')).find((t) => visible(t) > 4);
  expect(calendar, 'a calendar of many pages').toBeTruthy();
  wanted.push({ type: 'calendars', template: calendar!, what: 'a calendar' });

  for (const { type, template, what } of wanted) {
    const category = type === 'calendars' ? '' : `/${encodeURIComponent(template.categories[0]!)}`;
    await page.goto(`/m/products/${type}${category}`);
    const tile = page.locator(`[data-testid="template-tile"][data-template-uuid="${template.uuid}"]`);
    await expect(tile, what).toHaveAttribute('data-pages', String(visible(template)));
    const shown = await drawn(tile.locator('img'));
    const sheet = previewSheet(template);
    expectFairBox(shown, sheet.widthMm / sheet.heightMm);
    if (visible(template) === 1) {
      expect(sheet.widthMm / sheet.heightMm, what).toBeCloseTo(
        template.dimensions.width / template.dimensions.height,
        6,
      );
    } else {
      // A calendar's cover and a strip of its pages beside or under it: wider or taller than a page.
      expect(sheet.cells.length, what).toBeGreaterThan(1);
    }
    // Two tiles a row on a phone, each inside the screen.
    const viewport = page.viewportSize()!;
    expect(shown.box.width, what).toBeLessThan(viewport.width / 2);
  }
});
