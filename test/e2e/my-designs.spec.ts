/**
 * Never lose work (issue 18): a visitor's design moves to the account when they log in, a logged-in
 * shopper's design is kept with the account as they work, and 'My designs' reopens it in another
 * browser (a second context: no shared storage, no shared cookie).
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { press } from './support.ts';
import { openDemoCard } from './templates.ts';

const PASSWORD = 'correct horse battery';

/** Types a text into the card's first text slot and closes the text editor. */
async function typeText(page: Page, words: string) {
  const menu = page.getByRole('navigation', { name: 'Editor menu' });
  await press(menu.getByRole('button', { name: 'Insert text' }));
  const text = page.getByTestId('text-editor');
  await press(text.getByRole('button', { name: 'Enter text' }));
  const input = text.getByRole('textbox', { name: 'Your text' });
  await input.fill(words);
  await press(text.getByRole('button', { name: 'Done' }));
  await expect(text).toHaveAttribute('data-text', words);
  await press(text.getByRole('button', { name: 'Done' }));
}

/** The text the editor's first text slot holds, as the text editor shows it. */
async function expectText(page: Page, words: string) {
  const menu = page.getByRole('navigation', { name: 'Editor menu' });
  await press(menu.getByRole('button', { name: 'Insert text' }));
  await expect(page.getByTestId('text-editor')).toHaveAttribute('data-text', words);
  await press(page.getByTestId('text-editor').getByRole('button', { name: 'Done' }));
}

/** My designs, logged out: its login card logs in (and moves this browser's designs to the account). */
async function logInOnMyDesigns(page: Page, email: string) {
  await page.goto('/m/designs');
  await expect(page.getByRole('heading', { name: 'My designs' })).toBeVisible();
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByRole('textbox', { name: 'Email or username' }).fill(email);
  await login.getByLabel('Password').fill(PASSWORD);
  await press(login.getByRole('button', { name: 'Log in' }));
}

test("a visitor's design moves to the account at login and reopens in a second browser; later changes follow", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  // An account made beforehand (the sign-up form has its own tests in checkout.spec.ts).
  const email = `designer.${testInfo.project.name}.${Date.now()}@example.com`;
  const made = await page.request.post('/ajax/create.php', {
    form: { name: 'Ada Lovelace', mobile: '+44 7700 900123', email, password: PASSWORD },
  });
  expect(made.ok()).toBe(true);
  await page.request.post('/m/api/user/logout');

  // A visitor starts a card: the work is only in this browser.
  await openDemoCard(page, 'Balloon party');
  await typeText(page, 'For Anna, with love');
  // Written in an idle moment after the change (editorStore).
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('editor:template:'))))
    .toBe(true);

  // Logging in on My designs moves it to the account, where the list shows it.
  await logInOnMyDesigns(page, email);
  const mine = page.getByTestId('my-design');
  await expect(mine.filter({ hasText: 'Balloon party' })).toBeVisible();
  expect(
    await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('editor:template:'))),
  ).toBe(false);

  // A second browser (nothing shared with the first) logs in and reopens it from the list.
  const use = testInfo.project.use;
  const second: BrowserContext = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
  });
  try {
    const other = await second.newPage();
    await logInOnMyDesigns(other, email);
    await press(other.getByTestId('my-design').filter({ hasText: 'Balloon party' }).getByRole('link'));
    await expect(other.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
    await expectText(other, 'For Anna, with love');

    // Changed in the first browser while logged in: saved with the account as the shopper works.
    await press(mine.filter({ hasText: 'Balloon party' }).getByRole('link'));
    await expect(page.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
    await expectText(page, 'For Anna, with love');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/m/api/user/designs/') && r.ok(),
    );
    await typeText(page, 'Happy birthday, Anna');
    await saved;

    // The second browser opens it again and finds the change.
    await other.goto('/m/designs');
    await press(other.getByTestId('my-design').filter({ hasText: 'Balloon party' }).getByRole('link'));
    await expect(other.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
    await expectText(other, 'Happy birthday, Anna');

    // Opened from its address (a bookmark, a reload), the page itself brings the account's design:
    // the editor draws it without asking the server for it.
    const asked: string[] = [];
    other.on('request', (r) => {
      if (r.method() === 'GET' && r.url().includes('/m/api/user/designs/')) asked.push(r.url());
    });
    await other.evaluate(() => localStorage.clear());
    await other.reload();
    await expect(other.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
    await expectText(other, 'Happy birthday, Anna');
    expect(asked).toEqual([]);
  } finally {
    await second.close();
  }
});

test('My designs is in the menu of a logged-in shopper, and a design can be deleted there', async ({
  page,
}, testInfo) => {
  const email = `menu.${testInfo.project.name}.${Date.now()}@example.com`;
  const made = await page.request.post('/ajax/create.php', {
    form: { name: 'Grace Hopper', mobile: '+44 7700 900456', email, password: PASSWORD },
  });
  expect(made.ok()).toBe(true);
  await openDemoCard(page, 'Balloon party');
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/user/designs/'),
  );
  await typeText(page, 'Thank you!');
  expect((await saved).ok()).toBe(true);

  await page.goto('/m/');
  await press(page.getByRole('button', { name: 'Menu' }));
  await press(page.getByRole('link', { name: 'My designs' }));
  const design = page.getByTestId('my-design').filter({ hasText: 'Balloon party' });
  await expect(design).toBeVisible();
  await press(design.getByRole('button', { name: 'Delete the design Balloon party' }));
  await expect(design).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('You have no designs yet.', { exact: false })).toBeVisible();
});
