import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { mailTo, press, printsInCart, serverCart, startCheckout } from './support.ts';

const PASSWORD = 'correct horse battery';

/** No serious or critical axe violation, as accessibility.spec.ts checks every other screen. */
async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe on ${screen}`).toEqual([]);
}

/** The login link mailed to `email`. */
async function mailedLink(email: string): Promise<string> {
  const mail = await mailTo(email, /login link/i);
  const link = mail.text?.match(/https?:\/\/\S+/)?.[0];
  expect(link, 'a link in the mail').toBeTruthy();
  return link!;
}

test('a shopper held out by guesses asks for a login link at checkout, opens it from the mail and is logged in', async ({
  page,
  request,
}, testInfo) => {
  // On a busy machine the guesses may wait out a wait of up to half a minute (below).
  test.setTimeout(120_000);
  // The account, made elsewhere (its own cookies: this phone is new to it).
  const email = `owner.${testInfo.project.name}.${Date.now()}@example.com`;
  const made = await request.post('/ajax/create.php', {
    form: { name: 'Olive Owner', mobile: '+44 7700 900777', email, password: PASSWORD },
  });
  expect(made.ok()).toBe(true);
  // A stranger's guesses hold it for a minute: the free attempts, then guesses while the short wait
  // the last free one began runs (refused, but counted for the account), until one let through after
  // it starts the longest wait. The stranger guesses from an address of their own (the shop trusts
  // its one proxy here), as a stranger does: the phone's address stays clear, and so does every other
  // spec's.
  // An address of this run's own (IPv6 documentation range): the shop's limits may live in a Redis
  // that outlasts the run, and an address's failures are held for 15 minutes.
  const stranger = `2001:db8:${Date.now().toString(16).slice(-4)}:${Math.floor(Math.random() * 0xffff).toString(16)}::66`;
  const guess = async (i: number) => {
    const answer = await request.post('/ajax/login.php', {
      form: { username: email, password: `guess ${i}` },
      headers: { 'x-forwarded-for': stranger },
    });
    return { status: answer.status(), wait: Number(answer.headers()['retry-after'] ?? 0) };
  };
  let sent = 0;
  for (; sent < 6; sent++) expect((await guess(sent)).status).toBe(401);
  // The sixth began a wait of a second. Six more at once, inside it, are refused and counted: the
  // count passes the one whose wait is the minute's cap (6 + log2(60)). Sent one by one on a busy
  // machine, the second could run out first, and the guess it let through began a wait of up to half
  // a minute that the guesses (then 100 ms apart, at most 200) did not outlast.
  const longestWaitFrom = 6 + Math.log2(60);
  await Promise.all(Array.from({ length: 6 }, () => guess(sent++)));
  // The next guess let through starts the minute; a refused one waits out the wait it is told of.
  for (let held = false; !held; ) {
    const { status, wait } = await guess(sent++);
    expect([401, 429], 'a guess is refused or let through and wrong').toContain(status);
    held = status === 401 && sent >= longestWaitFrom;
    if (status === 429) {
      expect(wait, 'the wait the account asks for').toBeLessThanOrEqual(60);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  }

  await printsInCart(page, 30);
  await startCheckout(page, 'No, print as they are');
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByRole('textbox', { name: 'Email or username' }).fill(email);
  await login.getByLabel('Password').fill(PASSWORD);
  await press(login.getByRole('button', { name: 'Log in', exact: true }));
  await expect(login.getByTestId('login-error')).toContainText('Too many failed attempts');
  await expect(login).toContainText('We can email you a link to log in with instead.');

  await expectAccessible(page, 'the login form, held');

  await press(login.getByRole('button', { name: 'Send me a login link' }));
  await expect(login.getByRole('status')).toHaveText(
    `If ${email} has an account here, a login link is on its way. It works for 15 minutes.`,
  );

  const link = await mailedLink(email);
  const url = new URL(link);
  expect(url.pathname).toBe('/m/login-link');
  expect(url.hash).toMatch(/^#token=/);
  // The mail names the shop's own host; the test's server listens on its port there.
  await page.goto(`${url.pathname}${url.hash}`);
  await expect(page.getByRole('heading', { name: 'Log in with a link' })).toBeVisible();
  // Opening the page logged nobody in (mail scanners open links too), and the token left the address.
  await expect(page).toHaveURL(/\/m\/login-link$/);
  await expectAccessible(page, 'the login link page');
  expect(await (await page.request.get('/m/api/user/me')).json()).toEqual({ isAnonymousUser: true });

  await press(page.getByRole('button', { name: 'Log in', exact: true }));
  await expect(page.getByTestId('login-link-done')).toHaveText(`You are logged in as ${email}.`);
  await expectAccessible(page, 'the login link page, logged in');
  expect(await (await page.request.get('/m/api/user/me')).json()).toMatchObject({
    isAnonymousUser: false,
    email,
  });
  // The phone's cart came along, and the phone is known to the account from now on.
  expect((await serverCart(page)).orderLines).toHaveLength(1);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'ps_device')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  // Continue goes back to the checkout, which a logged-in shopper passes on to delivery.
  await press(page.getByRole('button', { name: 'Continue' }));
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/delivery-options$/);

  // The link worked once.
  await page.goto(`${url.pathname}${url.hash}`);
  await press(page.getByRole('button', { name: 'Log in', exact: true }));
  await expect(page.getByRole('alert')).toHaveText(
    'This login link has expired or has already been used. Ask for a new one on the login form.',
  );
});
