/**
 * The customisation editor's foundation (S1 §2, §4, §5): a demo calendar opened by its editor URL,
 * page navigation, the year screen and the month pages following the year, a reload keeping the
 * work, Cancel with and without changes, and the preview of every page.
 */
import { expect, type Page, test } from '@playwright/test';
import { monthGrid } from '../../engine/calendar.ts';
import { addPayload } from '../../src/features/editor/buy/buyRules.ts';
import { press } from './support.ts';
import { filled, templateOf, uploadPicture } from './templates.ts';

interface Listed {
  uuid: string;
  name: Record<string, string>;
  supportedYears: number[];
  yearsAhead?: number;
  product: { uuid: string };
  pages: { id: string; clientIgnore?: boolean }[];
}

const weeksOf = (year: number, month: number) =>
  monthGrid(year, month)
    .weeks.map((w) => w.isoWeek)
    .join(',');

/** The 13-page demo calendar that may be made for any year (Classic A4). */
async function anyYearCalendar(page: Page): Promise<Listed> {
  const res = await page.request.get('/m/api/templates/calendars');
  expect(res.ok()).toBe(true);
  const list = (await res.json()) as Listed[];
  const calendar = list.find(
    (t) => t.supportedYears.length === 0 && t.yearsAhead === undefined && t.pages.length === 13,
  );
  expect(calendar, 'a demo calendar for any year').toBeTruthy();
  return calendar!;
}

async function openEditor(page: Page): Promise<Listed> {
  const calendar = await anyYearCalendar(page);
  await page.goto(`/m/products/calendars/${calendar.product.uuid}/${calendar.uuid}`);
  await expect(page.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
  return calendar;
}

// Today is the browser's today: the default year moves on after June (S1 §4).
const now = new Date();
const thisYear = now.getFullYear();
const startYear = thisYear + (now.getMonth() >= 6 ? 1 : 0);

test('pages navigate with the arrows and the strip; the first and last page hide an arrow', async ({
  page,
}) => {
  await openEditor(page);
  const current = page.getByTestId('editor-page');
  const previous = page.getByRole('button', { name: 'Previous page' });
  const next = page.getByRole('button', { name: 'Next page' });
  await expect(current).toHaveAttribute('data-page-id', 'cover');
  await expect(previous).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('button')).toHaveCount(13);

  await press(next);
  await expect(current).toHaveAttribute('data-weeks', weeksOf(startYear, 1));
  await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(previous).toBeVisible();

  await press(page.getByRole('button', { name: 'Page 13', exact: true }));
  await expect(current).toHaveAttribute('data-weeks', weeksOf(startYear, 12));
  await expect(next).toHaveCount(0);
  await press(previous);
  await expect(current).toHaveAttribute('data-weeks', weeksOf(startYear, 11));

  // Main menu: pictures are required, so Add to cart waits for them; every calendar has a title to
  // change (issue 34).
  const menu = page.getByRole('navigation', { name: 'Editor menu' });
  await expect(menu.getByRole('button', { name: 'Add to cart' })).toHaveAttribute('data-ready', 'false');
  await expect(menu.getByRole('button', { name: 'Insert text' })).toBeEnabled();
  await expect(menu.getByRole('button', { name: 'Insert image' })).toBeEnabled();
});

test('the year screen: minus stops at this year, a bad year resets on blur, Done moves the months', async ({
  page,
}) => {
  await openEditor(page);
  const changeYear = page.getByRole('button', { name: /Change year/ });
  await expect(changeYear).toContainText(String(startYear));
  await press(changeYear);

  const field = page.getByRole('textbox', { name: 'Year' });
  await expect(field).toHaveValue(String(startYear));
  const minus = page.getByRole('button', { name: 'Previous year' });
  for (let y = startYear; y > thisYear; y--) await press(minus);
  await expect(field).toHaveValue(String(thisYear));
  await expect(minus).toBeDisabled();

  await field.fill('abc');
  await field.blur();
  await expect(field).toHaveValue(String(thisYear));

  // Cancel leaves the year as it was.
  await press(page.getByRole('button', { name: 'Next year' }));
  await press(page.getByRole('button', { name: 'Cancel' }));
  await expect(changeYear).toContainText(String(startYear));

  const target = startYear + 1;
  await press(changeYear);
  await press(page.getByRole('button', { name: 'Next year' }));
  await expect(field).toHaveValue(String(target));
  await press(page.getByRole('button', { name: 'Done' }));
  await expect(changeYear).toContainText(String(target));

  const current = page.getByTestId('editor-page');
  await press(page.getByRole('button', { name: 'Page 2', exact: true }));
  await expect(current).toHaveAttribute('data-year', String(target));
  await expect(current).toHaveAttribute('data-weeks', weeksOf(target, 1));

  // A reload keeps the work: the year and the page.
  await page.reload();
  await expect(current).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
  await expect(current).toHaveAttribute('data-weeks', weeksOf(target, 1));
  await expect(changeYear).toContainText(String(target));
});

test('a calendar starting in September shows September to August across two years, with their ISO weeks', async ({
  page,
}) => {
  await openEditor(page);
  const changeYear = page.getByRole('button', { name: /Change year/ });
  await press(changeYear);
  await page.getByRole('combobox', { name: 'Start month' }).selectOption({ label: 'September' });
  await expect(page.getByTestId('calendar-span')).toHaveText(
    `The calendar shows September ${startYear} to August ${startYear + 1}.`,
  );
  await press(page.getByRole('button', { name: 'Done' }));
  await expect(changeYear).toContainText(`${startYear}–${startYear + 1}`);

  const current = page.getByTestId('editor-page');
  const shows = async (pageNumber: number, year: number, month: number, title: string) => {
    await press(page.getByRole('button', { name: `Page ${pageNumber}`, exact: true }));
    await expect(current).toHaveAttribute('data-weeks', weeksOf(year, month));
    expect(((await current.getAttribute('data-texts')) ?? '').split('\n')).toContain(title);
  };
  await shows(2, startYear, 9, `September ${startYear}`);
  await shows(5, startYear, 12, `December ${startYear}`);
  await shows(6, startYear + 1, 1, `January ${startYear + 1}`);
  await shows(13, startYear + 1, 8, `August ${startYear + 1}`);

  // One step back with Undo: the calendar starts in January again.
  await press(page.getByRole('button', { name: 'Undo' }));
  await expect(changeYear).toContainText(String(startYear));
  await expect(changeYear).not.toContainText('–');
  await expect(current).toHaveAttribute('data-weeks', weeksOf(startYear, 12));
});

test('Cancel with changes asks; Continue editing keeps them; Close without saving goes to the list', async ({
  page,
}) => {
  const calendar = await openEditor(page);
  await press(page.getByRole('button', { name: /Change year/ }));
  await press(page.getByRole('button', { name: 'Next year' }));
  await press(page.getByRole('button', { name: 'Done' }));

  const menu = page.getByRole('navigation', { name: 'Editor menu' });
  await press(menu.getByRole('button', { name: 'Cancel' }));
  const dialog = page.getByTestId('unsaved-dialog');
  await expect(dialog).toContainText('Do you want to abort without saving the changes?');
  // Neither Escape nor the backdrop dismisses it.
  await page.keyboard.press('Escape');
  await page.mouse.click(2, 2);
  await expect(dialog.getByRole('button', { name: 'Continue editing' })).toBeVisible();
  await press(dialog.getByRole('button', { name: 'Continue editing' }));
  await expect(dialog.getByRole('button', { name: 'Continue editing' })).toBeHidden();
  await expect(page.getByRole('button', { name: /Change year/ })).toContainText(String(startYear + 1));

  await press(menu.getByRole('button', { name: 'Cancel' }));
  await press(dialog.getByRole('button', { name: 'Close without saving' }));
  await expect(page).toHaveURL(/\/m\/products\/calendars$/);

  // Nothing was kept: the calendar opens on its default year again.
  await page.goto(`/m/products/calendars/${calendar.product.uuid}/${calendar.uuid}`);
  await expect(page.getByRole('button', { name: /Change year/ })).toContainText(String(startYear));
});

test('Cancel without changes leaves at once', async ({ page }) => {
  await openEditor(page);
  await press(page.getByRole('button', { name: 'Next page' }));
  await press(page.getByRole('navigation', { name: 'Editor menu' }).getByRole('button', { name: 'Cancel' }));
  await expect(page).toHaveURL(/\/m\/products\/calendars$/);
  await expect(page.getByTestId('unsaved-dialog').getByRole('button')).toHaveCount(0);
});

test('Preview: the overview of every page, the Preview dialog with page navigation', {
  tag: '@desktop',
}, async ({ page }) => {
  await openEditor(page);
  await press(page.getByRole('button', { name: 'Preview' }));
  await expect(
    page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Preview' }),
  ).toBeVisible();
  const pages = page.getByTestId('overview-page');
  await expect(pages).toHaveCount(13);
  await expect(page.locator('[data-testid="overview-page"][data-drawn="true"]')).toHaveCount(13, {
    timeout: 45_000,
  });
  const columns = Number(await page.getByTestId('preview-overview').getAttribute('data-columns'));
  // The lists' breakpoints (600 and 1200 px): 2 columns on the phone, 4 on the 1280 px desktop.
  expect(columns).toBe((page.viewportSize()?.width ?? 0) >= 1200 ? 4 : 2);

  await press(page.getByTestId('preview-overview').getByRole('button', { name: 'Page 2', exact: true }));
  const dialog = page.getByTestId('preview-dialog');
  await expect(dialog.getByRole('heading', { name: 'Preview' })).toBeVisible();
  const shown = dialog.getByTestId('preview-page');
  await expect(shown).toHaveAttribute('data-weeks', weeksOf(startYear, 1));
  await press(dialog.getByRole('button', { name: 'Next page' }));
  await expect(shown).toHaveAttribute('data-weeks', weeksOf(startYear, 2));
  await expect(dialog).toContainText('Page 3 of 13');
  await press(dialog.getByRole('button', { name: 'Close' }));
  await expect(dialog.getByRole('heading', { name: 'Preview' })).toBeHidden();

  await press(page.getByRole('button', { name: 'Done' }));
  await expect(
    page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Preview' }),
  ).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Editor menu' })).toBeVisible();
});

test('a card without picture slots: Insert image says there is no picture to change', async ({ page }) => {
  await page.goto('/m/products/cards/CHRISTMAS');
  await press(page.getByTestId('template-tile').filter({ hasText: 'Holly greetings' }));
  await expect(page.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
  await press(
    page.getByRole('navigation', { name: 'Editor menu' }).getByRole('button', { name: 'Insert image' }),
  );
  const choose = page.getByTestId('choose-image');
  await expect(choose.getByText('There is no picture to change on this page.')).toBeVisible();
  await expect(choose.getByRole('button', { name: /^Picture \d$/ })).toHaveCount(0);
  await press(choose.getByRole('button', { name: 'Cancel' }));
  await expect(page.getByRole('navigation', { name: 'Editor menu' })).toBeVisible();
});

test("a logged-in shopper's yearly dates are kept and offered in the next calendar", async ({
  page,
}, testInfo) => {
  await page.goto('/m/');
  const email = `dates.${testInfo.project.name}.${Date.now()}@example.com`;
  const signedUp = await page.request.post('/ajax/create.php', {
    form: { name: 'Ada Lovelace', mobile: '+44 7700 900123', email, password: 'a long enough secret' },
  });
  expect(signedUp.ok()).toBe(true);
  const calendar = await anyYearCalendar(page);
  // Last year's calendar, as the cart keeps it: a birthday every year and a party once.
  const picture = await uploadPicture(page);
  const template = await templateOf(page, calendar.uuid);
  const instance = {
    ...filled(template, picture, 'Our year'),
    year: startYear,
    personalDates: [
      { day: 24, month: 12, text: 'Grandma 80', yearly: true },
      { day: 3, month: 3, text: 'Party', yearly: false },
    ],
  };
  const added = await page.request.post('/m/api/webshop/cart', {
    data: addPayload(template, instance, template.product.uuid, { subProductUuids: [] }, 1),
  });
  expect(added.ok(), await added.text()).toBe(true);

  await page.goto(`/m/products/calendars/${calendar.product.uuid}/${calendar.uuid}`);
  const current = page.getByTestId('editor-page');
  await expect(current).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
  await press(page.getByRole('navigation', { name: 'Editor menu' }).getByRole('button', { name: 'Dates' }));
  const dates = page.getByTestId('dates-screen');
  await press(dates.getByRole('button', { name: 'Add your saved date' }));
  // The day as English writes it (issue 34): '24 December', not '24. December'.
  await expect(dates.getByRole('list', { name: 'Your dates' })).toContainText('24 December: Grandma 80');
  await expect(dates.getByRole('list', { name: 'Your dates' })).not.toContainText('Party');
  await expect(dates.getByRole('button', { name: /saved date/ })).toHaveCount(0);
  await press(dates.getByRole('button', { name: 'Done' }));
  await press(page.getByRole('button', { name: 'Page 13', exact: true }));
  await expect.poll(async () => (await current.getAttribute('data-texts')) ?? '').toContain('Grandma 80');
});

test('the page is drawn at most 2 canvas pixels per CSS pixel, and sharp on a phone', async ({ page }) => {
  await openEditor(page);
  const ratio = await page
    .getByTestId('editor-page')
    .locator('canvas')
    .first()
    .evaluate((c: HTMLCanvasElement) => ({
      drawn: c.width / c.clientWidth,
      device: window.devicePixelRatio,
    }));
  // Pixel 7 is 2.625: the layers would take 1.7 times the memory of 2 for nothing visible.
  expect(ratio.drawn).toBeCloseTo(Math.min(ratio.device, 2), 1);
});
