/** What the e2e specs share: taps that fit the profile, money in pounds, the print upload's address. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type CDPSession, expect, type Locator, type Page } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';
import sharp from 'sharp';
import type { PaymentOption } from '../../shop/checkout.ts';
import type { Cart } from '../../shop/contract.ts';

/** S0 §7's print upload, with the query the app sends. */
export const PRINT_UPLOAD =
  '/system/iframes/upload_internal.php?handleuploads=1&interface=HTML&redirect=&uploadtype=printsorder&json=1&thumbnails=640';

export const hasTouch = (page: Page) => page.evaluate(() => navigator.maxTouchPoints > 0);

/** A finger on the phone profile, the mouse on desktop. */
export const press = async (target: Locator) =>
  (await hasTouch(target.page())) ? target.tap() : target.click();

/** The session's cart as the server has it. */
export const serverCart = async (page: Page): Promise<Cart> => {
  const res = await page.request.get('/m/api/webshop/cart');
  expect(res.ok()).toBe(true);
  return (await res.json()) as Cart;
};

/** Minor units as the default portal shows them. */
export const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/** A named JPEG of one colour, as the file picker gets it. */
export const jpeg = async (name: string, width: number, height: number, background: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer(),
});

/** The editor's picture slot crop (`data-crop="x,y,w,h"`), as fractions of the picture. */
export type Crop = { x: number; y: number; width: number; height: number };
export const cropOf = async (slot: Locator): Promise<Crop> => {
  const text = await slot.getAttribute('data-crop');
  expect(text).toBeTruthy();
  const [x, y, width, height] = text!.split(',').map(Number) as [number, number, number, number];
  return { x, y, width, height };
};
/** Whether the picture covers the slot (no gap), within rounding. */
export const covers = (c: Crop) =>
  c.x >= -1e-6 && c.y >= -1e-6 && c.x + c.width <= 1 + 1e-4 && c.y + c.height <= 1 + 1e-4;

/** Fingers on the screen through CDP: the way to drive a two-finger pinch in headless Chromium. */
export async function touch(
  cdp: CDPSession,
  type: 'touchStart' | 'touchMove' | 'touchEnd',
  points: [number, number][],
) {
  await cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map(([x, y], id) => ({ x, y, id, radiusX: 1, radiusY: 1, force: 1 })),
  });
}

/**
 * Fingers by id through CDP, for a finger landing or lifting while another stays down: touchStart and
 * touchMove list every finger that is down (an id not down yet lands), touchEnd lists the fingers
 * that lift (the others stay down; an empty list lifts them all).
 */
export async function fingers(
  cdp: CDPSession,
  type: 'touchStart' | 'touchMove' | 'touchEnd',
  points: { id: number; x: number; y: number }[],
) {
  await cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map((p) => ({ ...p, radiusX: 1, radiusY: 1, force: 1 })),
  });
}

/** Where a pinch or a drag starts: the middle of the element on the page. */
export async function centreOf(target: Locator): Promise<{ cx: number; cy: number }> {
  const box = (await target.boundingBox())!;
  return { cx: box.x + box.width / 2, cy: box.y + box.height / 2 };
}

/** Two fingers put down 30 px apart about (cx, cy), then spread to 130 px in ten moves; still down. */
export async function spreadFingers(cdp: CDPSession, cx: number, cy: number) {
  await touch(cdp, 'touchStart', [
    [cx - 15, cy],
    [cx + 15, cy],
  ]);
  for (let i = 1; i <= 10; i++) {
    await touch(cdp, 'touchMove', [
      [cx - 15 - i * 5, cy],
      [cx + 15 + i * 5, cy],
    ]);
  }
}

/** One finger put down at (x, y), then moved by (dx, dy) in each of ten moves; still down. */
export async function dragFinger(cdp: CDPSession, x: number, y: number, dx: number, dy: number) {
  await touch(cdp, 'touchStart', [[x, y]]);
  for (let i = 1; i <= 10; i++) await touch(cdp, 'touchMove', [[x + i * dx, y + i * dy]]);
}

/**
 * The start page, once the app has read the cart (after hydration): the page is settled, so what a
 * spec does next is not raced by the app's own first calls.
 */
export async function openStartPage(page: Page, origin = ''): Promise<void> {
  const cartRead = page.waitForResponse((r) => r.url().endsWith('/m/api/webshop/cart'));
  await page.goto(`${origin}/m/`);
  await cartRead;
}

/**
 * One picture through the real print upload, sent by the page itself (its session, its host: the
 * regional portal's host name resolves only in the browser), its line then set to `quantity` prints.
 * The demo portal's minimum price is £5: a few dozen 10x15 prints are above it and one is not.
 */
export async function printsInCart(page: Page, quantity: number, origin = ''): Promise<Cart> {
  await openStartPage(page, origin);
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  return page.evaluate(
    async ({ upload, base64, quantity }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('images[]', new Blob([bytes], { type: 'image/jpeg' }), 'holiday.jpg');
      const uploaded = await fetch(upload, { method: 'POST', body: form });
      if (!uploaded.ok) throw new Error(`upload ${uploaded.status}`);
      const cart = await (await fetch('/m/api/webshop/cart')).json();
      const line = cart.orderLines[0];
      const res = await fetch(`/m/api/webshop/cart/${line.uuid}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...line, quantity }),
      });
      if (!res.ok) throw new Error(`quantity ${res.status}`);
      return res.json();
    },
    { upload: PRINT_UPLOAD, base64: jpeg.toString('base64'), quantity },
  );
}

/** Checkout start up to the three cards: the demo portal asks the auto-correction question. */
export async function startCheckout(page: Page, answer: 'Yes, enhance them' | 'No, print as they are') {
  await page.goto('/m/cart');
  await press(page.getByRole('link', { name: 'Proceed to payment' }));
  await expect(page).toHaveURL(/\/m\/cart\/checkout$/);
  const question = page.getByTestId('auto-correction-dialog');
  await expect(question.getByRole('heading', { name: 'Enhance your pictures?' })).toBeVisible();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/m/api/webshop/cart/auto-correction') && r.request().method() === 'PUT',
  );
  await press(question.getByRole('button', { name: answer }));
  const body = (await saved).request().postDataJSON();
  expect(body).toEqual({ autoCorrection: answer.startsWith('Yes') ? 1 : 0 });
  await expect(question).toBeHidden();
}

/** The receipt's url names the order; its reference is the first 8 characters of that uuid. */
export async function receiptOrderUuid(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/m\/cart\/checkout\/receipt\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** The delivery step by post, as a shopper fills it: their details, an address in York, standard post. */
export async function postageDetails(page: Page, details: { name: string; mobile: string; email: string }) {
  await press(page.getByRole('radio', { name: 'Postage' }));
  await page.getByRole('textbox', { name: 'Full name' }).fill(details.name);
  await page.getByRole('textbox', { name: 'Mobile phone' }).fill(details.mobile);
  await page.getByRole('textbox', { name: 'Email address' }).fill(details.email);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Harbour Road');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('YO1 7HH');
  await page.getByRole('textbox', { name: 'City' }).fill('York');
  await press(
    page.getByRole('group', { name: 'Delivery by post' }).getByRole('radio', { name: /Standard post/ }),
  );
}

const COLOURS = ['#3a7', '#a37', '#37a', '#aa3', '#3aa', '#a3a', '#777', '#c63', '#36c', '#6c3'];

/** Uploads `count` pictures through the real print upload with the page's own session: a line each. */
export async function linesInCart(page: Page, count: number): Promise<Cart> {
  await openStartPage(page);
  for (let i = 0; i < count; i++) {
    const buffer = await sharp({ create: { width: 900, height: 600, channels: 3, background: COLOURS[i]! } })
      .jpeg()
      .toBuffer();
    const res = await page.request.post(PRINT_UPLOAD, {
      multipart: { 'images[]': { name: `photo-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer } },
    });
    expect(res.ok()).toBe(true);
  }
  await analysed(page);
  return serverCart(page);
}

/**
 * Waits until the picture analysis has run on every picture of the page's session (issue 32): it
 * moves the shop's crop of their print lines a few seconds after the upload, so a test that compares a
 * line before and after a step starts once that has happened.
 */
export async function analysed(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const { images } = (await (await page.request.get('/m/api/user/recent-images')).json()) as {
          images: { regions?: unknown }[];
        };
        return images.every((i) => i.regions != null);
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
}

/**
 * The mails sent to `to` so far, oldest first: the e2e server writes its mail to DATA_DIR/outbox/
 * (no SMTP there); none before the first is written.
 */
export async function mailsTo(to: string): Promise<ParsedMail[]> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  const mails: ParsedMail[] = [];
  for (const file of files) {
    const mail = await simpleParser(readFileSync(path.join(outbox, file)));
    if (JSON.stringify(mail.to ?? '').includes(to)) mails.push(mail);
  }
  return mails;
}

/** The newest mail to `to` whose subject matches, once it has been sent (30 s at most). */
export async function mailTo(to: string, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to)).filter((m) => subject.test(m.subject ?? '')).at(-1);
        return Boolean(found);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/**
 * The page's cart becomes an order through the shop's calls in the page's session: store pickup at
 * the first store, paid by invoice (settled at once). Answers the order's uuid.
 */
export async function orderByCalls(page: Page, customer: { name: string; email: string }): Promise<string> {
  const transactionid = await confirmByCalls(page, customer, 'invoice');
  const state = await (await page.request.get(`/m/api/checkout/transactions/${transactionid}`)).json();
  expect(state.orderUuid).toBeTruthy();
  return state.orderUuid as string;
}

/**
 * The cart confirmed through the shop's calls for store pickup at the first store, with the payment
 * option of `payment`'s type: answers the transaction's id (an invoice's order exists then; a card's
 * once its payment page is paid).
 */
export async function confirmByCalls(
  page: Page,
  customer: { name: string; email: string; mobile?: string },
  payment: 'invoice' | 'test-card',
): Promise<string> {
  const types = await (await page.request.get('/m/api/checkout/delivery-options')).json();
  const store = types.find((d: { type: string }) => d.type === 'store-pickup').pickupLocations[0];
  const options = (await (
    await page.request.get(`/m/api/checkout/delivery-options/${store.uuid}/payment-options`)
  ).json()) as PaymentOption[];
  const confirm = await page.request.post('/ajax/get_transaction.php', {
    form: {
      cartfallback: 'true',
      ordercomment: '',
      name: customer.name,
      mobile: customer.mobile ?? '+44 7700 900123',
      email: customer.email,
      paymentoption: options.find((o) => o.type === payment)!.uuid,
      deliveryoption: store.uuid,
    },
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
  return ((await confirm.json()) as { transactionid: string }).transactionid;
}
