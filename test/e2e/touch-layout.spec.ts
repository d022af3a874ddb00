/**
 * Touch and layout on a phone (issue 34): targets a finger can hit, the bulk bar on the screen, a
 * switch that shows its state, the bulk format dialog in the app's style with prices, and the start
 * page's headline clear of its picture, at the narrowest and widest phones the app is made for.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { linesInCart, openStartPage, press } from './support.ts';

const TAP = 44;

type Box = { x: number; y: number; width: number; height: number };
const box = async (target: Locator): Promise<Box> => {
  const b = await target.boundingBox();
  expect(b, 'a box on the screen').not.toBeNull();
  return b!;
};
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function listed(page: Page, type: string) {
  const res = await page.request.get(`/m/api/templates/${type}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as {
    uuid: string;
    product: { uuid: string };
    pages: unknown[];
    supportedYears: number[];
    yearsAhead?: number;
  }[];
}

for (const width of [360, 412]) {
  test(`the start page's headline sits clear of its picture at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openStartPage(page);
    const slide = page.locator('[data-testid="slider"] .slide.active');
    const title = slide.locator('.slide-title');
    await expect(title).toBeVisible();
    const picture = await box(slide.locator('.slide-background'));
    for (const words of [title, slide.locator('.slide-text'), slide.locator('.slide-button')]) {
      if ((await words.count()) === 0) continue;
      expect(overlaps(await box(words), picture), 'words over the picture').toBe(false);
    }
    // Nothing wider than the phone: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('the bulk bar stays on the screen over a long cart, and its format dialog shows prices in the app’s style', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await linesInCart(page, 8);
  await page.goto('/m/cart');
  await expect(page.getByTestId('print-line')).toHaveCount(8);
  await press(page.getByRole('button', { name: 'Adjust multiple pictures' }));
  const toolbar = page.getByTestId('bulk-toolbar');
  const viewport = page.viewportSize()!;
  // At the top of the cart and scrolled to the middle: the bar is at the bottom of the screen.
  for (const scrolled of [0, 400]) {
    await page.evaluate((y) => window.scrollTo(0, y), scrolled);
    await expect(toolbar).toBeInViewport({ ratio: 1 });
    const bar = await box(toolbar);
    expect(Math.round(bar.y + bar.height)).toBeLessThanOrEqual(viewport.height);
    expect(Math.round(bar.y + bar.height)).toBeGreaterThanOrEqual(viewport.height - 1);
  }
  for (const button of await toolbar.getByRole('button').all()) {
    expect((await box(button)).height).toBeGreaterThanOrEqual(TAP);
  }

  await press(page.getByRole('button', { name: 'Select all' }));
  await press(toolbar.getByRole('button', { name: 'Format' }));
  const dialog = page.getByTestId('bulk-choice');
  const options = dialog.locator('.choice-list__option');
  await expect(options.first()).toBeVisible();
  for (const option of await options.all()) {
    // Each format says what a print costs ('Prices from £0.29 for 50 or more').
    await expect(option.locator('.choice-list__price')).toContainText('£');
    expect((await box(option)).height).toBeGreaterThanOrEqual(TAP);
    // The app's radio, not the browser's.
    const radio = option.getByRole('radio');
    expect(await radio.evaluate((r) => getComputedStyle(r).appearance)).toBe('none');
  }
  await press(dialog.getByText('13x18', { exact: true }));
  await expect(dialog.getByRole('radio', { name: /13x18/ })).toBeChecked();
  await expect(
    dialog.locator('.choice-list__option', { has: page.getByRole('radio', { checked: true }) }),
  ).toHaveCSS('background-color', 'rgb(232, 244, 243)');
});

test('the calendar editor: page buttons and the dates screen’s controls are 44 px, and the holidays switch has a knob that moves', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openStartPage(page);
  const calendar = (await listed(page, 'calendars')).find(
    (t) => t.supportedYears.length === 0 && t.yearsAhead === undefined && t.pages.length === 13,
  );
  expect(calendar, 'a demo calendar for any year').toBeTruthy();
  await page.goto(`/m/products/calendars/${calendar!.product.uuid}/${calendar!.uuid}`);
  await expect(page.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });

  const strip = page.getByRole('navigation', { name: 'Pages' });
  const pages = strip.getByRole('button');
  await expect(pages).toHaveCount(13);
  for (const button of (await pages.all()).slice(0, 4)) {
    const b = await box(button);
    expect(b.width).toBeGreaterThanOrEqual(TAP);
    expect(b.height).toBeGreaterThanOrEqual(TAP);
  }

  const menu = page.getByRole('navigation', { name: 'Editor menu' });
  await press(menu.getByRole('button', { name: 'Dates' }));
  const dates = page.getByTestId('dates-screen');
  const yearly = dates.getByRole('checkbox', { name: 'Every year' });
  const row = dates.locator('label', { has: page.getByRole('checkbox', { name: 'Every year' }) });
  expect((await box(row)).height).toBeGreaterThanOrEqual(TAP);
  expect((await box(yearly)).width).toBeGreaterThanOrEqual(24);
  // The row is the target: a tap on its words ticks the box.
  const before = await yearly.isChecked();
  await press(row.getByText('Every year'));
  expect(await yearly.isChecked()).toBe(!before);

  const holidays = dates.getByRole('switch', { name: 'Public holidays' });
  const knob = () =>
    holidays.evaluate((input) => {
      const style = getComputedStyle(input, '::before');
      return {
        transform: style.transform,
        width: style.width,
        background: getComputedStyle(input).backgroundColor,
      };
    });
  const on = await holidays.isChecked();
  const first = await knob();
  expect(Number.parseFloat(first.width)).toBeGreaterThan(0);
  // The switch's words are its label, and the row is a finger's size.
  expect(
    (await box(dates.locator('label', { has: page.getByRole('switch', { name: 'Public holidays' }) })))
      .height,
  ).toBeGreaterThanOrEqual(TAP);
  await press(dates.getByText('Public holidays'));
  await expect(holidays).toBeChecked({ checked: !on });
  // The knob slides (a CSS transition): wait for it to arrive rather than read it mid-way.
  await expect.poll(async () => (await knob()).transform).not.toBe(first.transform);
  await expect.poll(async () => (await knob()).background).not.toBe(first.background);
});
