/**
 * Issue 17's languages on the Norwegian portal: a calendar's month pages name the months and the
 * weekdays in Norwegian, and a server's refusal reaches the shopper in Norwegian.
 *
 * The expected words come from date-fns' `nb` locale and the nb_NO locale files, never from the code
 * under test, so an English page fails here whatever the engine does.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { nb } from 'date-fns/locale';
import { press, printsInCart } from './support.ts';

const locale = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../public/locale/nb_NO/${file}`, import.meta.url), 'utf8'));
const common = locale('common.json');
const serverErrors: Record<string, string> = locale('server.json').errors;

const capital = (word: string) => word.charAt(0).toLocaleUpperCase('nb') + word.slice(1);
/** January's title as a Norwegian calendar prints it: "Januar" and the calendar's year. */
const januaryTitle = (year: number) =>
  `${capital(nb.localize.month(0, { width: 'wide', context: 'standalone' }))} ${year}`;
/** Monday to Sunday, as the Norwegian grid heads its columns: "Man", "Tir", … */
const norwegianWeekdays = [1, 2, 3, 4, 5, 6, 0].map((d) =>
  capital(nb.localize.day(d as 0, { width: 'abbreviated' }).replace(/\.$/, '')),
);

/** The regional portal is chosen by host; only the browser resolves *.localhost. */
const norwegianPortal = (baseURL: string | undefined) => `http://no.localhost:${new URL(baseURL!).port}`;

interface Listed {
  uuid: string;
  name: Record<string, string>;
  product: { uuid: string };
}

/** A template the Norwegian portal sells, by its English name, asked for by the page (its host). */
async function listedTemplate(page: Page, type: 'calendars', name: string): Promise<Listed> {
  const list = await page.evaluate(
    async (type) => (await (await fetch(`/m/api/templates/${type}`)).json()) as Listed[],
    type,
  );
  const listed = list.find((t) => t.name.en_GB === name);
  expect(listed, `the template ${name}`).toBeTruthy();
  return listed!;
}

/** The demo calendar Classic A4 open in the editor on the Norwegian portal, its first page drawn. */
async function openNorwegianCalendar(page: Page, baseURL: string | undefined) {
  const portal = norwegianPortal(baseURL);
  await page.goto(`${portal}/m/`);
  const calendar = await listedTemplate(page, 'calendars', 'Classic A4');
  await page.goto(`${portal}/m/products/calendars/${calendar.product.uuid}/${calendar.uuid}`);
  const current = page.getByTestId('editor-page');
  await expect(current).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
  return current;
}

/** The strip's name of page n, in Norwegian. */
const pageButton = (n: number) => common.editor.page.replace('{{number}}', String(n));

// The editor opens on next year's calendar after June (S1 §4); the browser's today decides.
const now = new Date();
const startYear = now.getFullYear() + (now.getMonth() >= 6 ? 1 : 0);

test("a calendar's month page shows Norwegian month and weekday names", async ({ page, baseURL }) => {
  const current = await openNorwegianCalendar(page, baseURL);

  await press(page.getByRole('button', { name: pageButton(2), exact: true }));
  await expect(current).toHaveAttribute('data-page-id', 'month-1');
  await expect(current).toHaveAttribute('data-year', String(startYear));
  const texts = ((await current.getAttribute('data-texts')) ?? '').split('\n');
  expect.soft(texts).toContain(januaryTitle(startYear));
  await expect(current).toHaveAttribute('data-headings', norwegianWeekdays.join(','));
});

test('a refused login shows the server message in Norwegian', async ({ page, baseURL }) => {
  const portal = norwegianPortal(baseURL);
  // The checkout (and its login) opens only for a cart above the portal's minimum: a few dozen prints.
  await printsInCart(page, 40, portal);

  await page.goto(`${portal}/m/cart`);
  await press(page.getByRole('link', { name: common.cart.proceedToPayment }));
  await expect(page).toHaveURL(/\/m\/cart\/checkout$/);
  const login = page.getByRole('form', { name: common.login.title });
  await login.getByRole('textbox', { name: common.login.username }).fill('nobody@example.com');
  await login.getByLabel(common.login.password).fill('not the password');
  await press(login.getByRole('button', { name: common.login.submit }));
  await expect(login.getByRole('alert')).toHaveText(serverErrors.login_failed!);
});

test("a personal date and Norway's Constitution Day in the May grid; holidays can be turned off", async ({
  page,
  baseURL,
}) => {
  const current = await openNorwegianCalendar(page, baseURL);

  const menu = page.getByRole('navigation', { name: common.editor.menu });
  await press(menu.getByRole('button', { name: common.editor.dates }));
  const dates = page.getByTestId('dates-screen');
  await dates.getByLabel(common.editorDates.day, { exact: true }).selectOption('17');
  await dates.getByLabel(common.editorDates.month, { exact: true }).selectOption('5');
  await dates.getByLabel(common.editorDates.text, { exact: true }).fill('Anna 40');
  await press(dates.getByRole('button', { name: common.editorDates.add }));
  // The day as Norwegian writes it (issue 34): '17. mai', the month in lower case (date-fns' nb).
  const may = nb.localize.month(4, { width: 'wide', context: 'formatting' });
  await expect(dates.getByRole('list', { name: common.editorDates.yourDates })).toContainText(
    `17. ${may}: Anna 40`,
  );
  expect(may).toBe(may.toLocaleLowerCase('nb'));
  await press(dates.getByRole('button', { name: common.editor.done }));

  // May is the sixth page (the cover, then January to May).
  await press(page.getByRole('button', { name: pageButton(6), exact: true }));
  await expect(current).toHaveAttribute('data-page-id', 'month-5');
  const texts = async () => ((await current.getAttribute('data-texts')) ?? '').split('\n');
  await expect.poll(texts).toContain('Anna 40');
  // The holiday's name, as date-holidays names it in Norwegian (with Whit Monday in some years).
  await expect.poll(async () => (await texts()).some((t) => t.includes('Grunnlovsdagen'))).toBe(true);

  // Turned off: the holiday goes, the shopper's date stays.
  await press(menu.getByRole('button', { name: common.editor.dates }));
  const holidays = dates.getByRole('switch', { name: common.editorDates.holidays });
  await expect(holidays).toHaveAttribute('aria-checked', 'true');
  await press(holidays);
  await expect(holidays).toHaveAttribute('aria-checked', 'false');
  await press(dates.getByRole('button', { name: common.editor.done }));
  await expect.poll(async () => (await texts()).some((t) => t.includes('Grunnlovsdagen'))).toBe(false);
  expect(await texts()).toContain('Anna 40');
});
