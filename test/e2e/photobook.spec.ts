/**
 * A photo book from a phone's pictures (issue 33), on the phone: 40 pictures are chosen in Make my
 * book, the shop lays the book out while a bar shows how far it is, the shopper reorders a page in
 * the overview and adds two pages (the price goes up), orders it, and the lab's desk shows the
 * book's two print files, its cover and its pages.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { orderByCalls, press } from './support.ts';

const LAB_PASSWORD = process.env.E2E_LAB_PASSWORD!;
const PICTURES = 40;

/** Distinct pictures (no two alike to a perceptual hash, none blurred): shapes at places of their own. */
async function pictures(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, k) => {
      const hue = (k * 137) % 360;
      const x = 40 + ((k * 97) % 600);
      const y = 40 + ((k * 53) % 400);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
        <rect width="800" height="600" fill="hsl(${hue},45%,${30 + (k % 5) * 10}%)"/>
        <circle cx="${x}" cy="${y}" r="${60 + (k % 7) * 15}" fill="hsl(${(hue + 180) % 360},70%,60%)"/>
        <rect x="${(k * 31) % 500}" y="${(k * 71) % 350}" width="${120 + (k % 4) * 40}" height="90" fill="#fff"/>
        <path d="M0 ${600 - (k % 9) * 40} L800 ${(k % 6) * 60}" stroke="#000" stroke-width="${6 + (k % 3) * 4}"/>
      </svg>`;
      return {
        name: `day-${String(k + 1).padStart(2, '0')}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer(),
      };
    }),
  );
}

test('40 pictures become a book that is reordered, grown by two pages, ordered and printed as cover and pages', async ({
  page,
}) => {
  test.setTimeout(300_000);
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') console.log(`[browser] ${m.text()}`);
  });
  const books = (await (await page.request.get('/m/api/templates/photobooks')).json()) as {
    uuid: string;
    name: { en_GB: string };
    product: { uuid: string };
  }[];
  const book = books.find((b) => b.name.en_GB === 'Holiday book')!;
  await page.goto(`/m/products/photobooks/${book.product.uuid}/${book.uuid}`);
  const menu = page.getByRole('navigation', { name: 'Editor menu' });
  await press(menu.getByRole('button', { name: 'Make my book' }));

  const make = page.getByTestId('make-book');
  await make.getByTestId('book-pictures').setInputFiles(await pictures(PICTURES));
  // The bar shows the job's progress, then the overview opens on the book it made.
  await expect(make.getByRole('progressbar', { name: 'Making your book' })).toBeVisible({ timeout: 120_000 });
  const overview = page.getByRole('region', { name: 'Pages' });
  await expect(overview).toBeVisible({ timeout: 180_000 });

  const thumbs = overview.getByTestId('book-page');
  const count = await thumbs.count();
  expect(count).toBeGreaterThanOrEqual(24);
  await expect(overview.getByTestId('book-page-count')).toContainText(`${count} pages`);
  const pageButton = (n: number) => overview.getByRole('button', { name: `Page ${n}`, exact: true });
  const scroller = page.locator('.book-pages');
  const top = () => scroller.evaluate((el) => el.scrollTop);
  const ids = async () => thumbs.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.pageId));
  /**
   * Every page named and numbered by its place (pages off screen are numbered in the tasks after a
   * change, so this waits for them).
   */
  const expectNumbered = (pages: number) =>
    expect(async () => {
      const shown = await overview
        .getByRole('listitem')
        .evaluateAll((items) =>
          items
            .filter((li) => li.classList.contains('book-page'))
            .map((li) => [
              ...[...li.querySelectorAll('button')].map((b) => b.getAttribute('aria-label')),
              li.querySelector('.book-page__number')?.textContent,
            ]),
        );
      expect(shown).toEqual(
        Array.from({ length: pages }, (_, k) => [`Page ${k + 1}`, `Drag page ${k + 1}`, String(k + 1)]),
      );
    }).toPass();
  const priceOf = async () =>
    Number((await overview.getByTestId('book-price').innerText()).replace(/[^\d]/g, ''));
  const before = await priceOf();
  expect(before).toBeGreaterThan(0);
  // Every picture chosen is in the tray, each used or shown as not used.
  await expect(overview.getByRole('region', { name: 'Your pictures' }).getByRole('listitem')).toHaveCount(
    PICTURES,
  );

  // Reorder: page 2 dragged by its handle onto page 4's place.
  const pagesBefore = await ids();
  expect(pagesBefore).toHaveLength(count);
  const handle = overview.getByRole('button', { name: 'Drag page 2', exact: true });
  const from = (await handle.boundingBox())!;
  const to = (await pageButton(4).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  const moved = [...pagesBefore];
  moved.splice(3, 0, ...moved.splice(1, 1));
  await expect.poll(ids).toEqual(moved);
  await expectNumbered(count);

  // Or without dragging: the selected page's buttons, held at the foot of the screen, move it one
  // place; the first page cannot go earlier.
  const move = (n: number, way: 'earlier' | 'later') =>
    overview.getByRole('button', { name: `Move page ${n} ${way}`, exact: true });
  await press(pageButton(1));
  await expect(move(1, 'earlier')).toBeDisabled();
  await press(pageButton(3));
  await expect(move(3, 'later')).toBeInViewport();
  await press(move(3, 'later'));
  moved.splice(3, 0, ...moved.splice(2, 1));
  await expect.poll(ids).toEqual(moved);
  // The page moved stays selected, at its new place.
  await expect(move(4, 'earlier')).toBeEnabled();
  await press(move(4, 'earlier'));
  moved.splice(2, 0, ...moved.splice(3, 1));
  await expect.poll(ids).toEqual(moved);
  await expectNumbered(count);

  // A picture dragged onto a slot of another page: the two swap.
  const slots = await overview.getByTestId('book-picture').evaluateAll((els) =>
    els.map((e) => ({
      slot: (e as HTMLElement).dataset.slot!,
      picture: (e as HTMLElement).dataset.picture!,
    })),
  );
  const { slot: fromSlot, picture: fromPicture } = slots[0]!;
  const { slot: toSlot, picture: toPicture } = slots.find(
    (s) => s.slot.split(':')[0] !== fromSlot.split(':')[0] && s.picture !== fromPicture,
  )!;
  const a = (await overview.locator(`[data-slot="${fromSlot}"]`).boundingBox())!;
  const b = (await overview.locator(`[data-slot="${toSlot}"]`).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(overview.locator(`[data-slot="${fromSlot}"]`)).toHaveAttribute('data-picture', toPicture);
  await expect(overview.locator(`[data-slot="${toSlot}"]`)).toHaveAttribute('data-picture', fromPicture);

  // On the phone the pictures cover most of the overview: a finger swiping over one scrolls the
  // overview and swaps nothing; a finger that holds a picture still picks it up and drags it.
  const cdp = await page.context().newCDPSession(page);
  const finger = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y, radiusX: 1, radiusY: 1, force: 1 }],
    });
  const pictureAt = (slot: string) => overview.locator(`[data-slot="${slot}"]`).getAttribute('data-picture');
  await scroller.evaluate((el) => el.scrollTo(0, 0));
  const visible = await overview.getByTestId('book-picture').evaluateAll((els) =>
    els
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.top > 80 && r.bottom < innerHeight - 80;
      })
      .map((e) => (e as HTMLElement).dataset.slot!),
  );
  const [first, second] = [visible[0]!, visible.find((v) => v.split(':')[0] !== visible[0]!.split(':')[0])!];
  const [firstPicture, secondPicture] = [await pictureAt(first), await pictureAt(second)];
  expect(firstPicture).not.toBe(secondPicture);
  const p = (await overview.locator(`[data-slot="${first}"]`).boundingBox())!;
  const [px, py] = [p.x + p.width / 2, p.y + p.height / 2];
  await finger('touchStart', px, py);
  for (let k = 1; k <= 10; k++) await finger('touchMove', px, py - k * 25);
  await finger('touchEnd');
  await expect.poll(top).toBeGreaterThan(100);
  expect(await pictureAt(first)).toBe(firstPicture);

  // Back to the top, once the swipe's fling has run out.
  await expect
    .poll(async () => {
      await scroller.evaluate((el) => el.scrollTo(0, 0));
      await page.waitForTimeout(200);
      return top();
    })
    .toBe(0);
  const a2 = (await overview.locator(`[data-slot="${first}"]`).boundingBox())!;
  const b2 = (await overview.locator(`[data-slot="${second}"]`).boundingBox())!;
  await finger('touchStart', a2.x + a2.width / 2, a2.y + a2.height / 2);
  await page.waitForTimeout(600);
  await expect(overview.locator(`[data-slot="${first}"]`)).toHaveAttribute('data-picked', 'true');
  for (let k = 1; k <= 8; k++) {
    await finger(
      'touchMove',
      a2.x + a2.width / 2 + ((b2.x - a2.x + (b2.width - a2.width) / 2) * k) / 8,
      a2.y + a2.height / 2 + ((b2.y - a2.y + (b2.height - a2.height) / 2) * k) / 8,
    );
  }
  await finger('touchEnd');
  await expect.poll(() => pictureAt(first)).toBe(secondPicture);
  expect(await pictureAt(second)).toBe(firstPicture);
  // The held picture moved, not the overview (a pixel of give under a loaded machine aside).
  expect(await top()).toBeLessThan(8);
  await cdp.detach();

  // Two pages more: the count and the price go up; the new pages take a text layout, so the book
  // is complete without more pictures.
  await press(pageButton(count));
  await press(overview.getByRole('button', { name: 'Add 2 pages' }));
  await expect(thumbs).toHaveCount(count + 2);
  await expect(overview.getByTestId('book-page-count')).toContainText(`${count + 2} pages`);
  await expectNumbered(count + 2);
  expect(await priceOf()).toBeGreaterThan(before);
  for (const n of [count + 1, count + 2]) {
    await press(pageButton(n));
    await overview.getByRole('combobox', { name: `Layout of page ${n}` }).selectOption({ label: 'Text' });
  }
  // Undo takes the last layout change back, Redo puts it again.
  await press(page.getByRole('button', { name: 'Undo' }));
  await expect(overview.getByRole('combobox', { name: `Layout of page ${count + 2}` })).not.toHaveValue(
    'text',
  );
  await press(page.getByRole('button', { name: 'Redo' }));
  await expect(overview.getByRole('combobox', { name: `Layout of page ${count + 2}` })).toHaveValue('text');
  await press(overview.getByRole('button', { name: 'Done' }));

  // The preview shows the book as it opens: the cover, page 1 alone, then spreads of two pages.
  await press(menu.getByRole('button', { name: 'Preview' }));
  const preview = page.getByTestId('preview-overview');
  await expect(preview.getByTestId('preview-spread')).toHaveCount(2 + Math.ceil((count + 1) / 2));
  await expect(preview.getByRole('button', { name: 'Pages 2 and 3' })).toBeVisible();
  await press(page.getByRole('button', { name: 'Cancel' }));

  // Add to cart: the line has the book's pages in the new order.
  await press(menu.getByRole('button', { name: 'Add to cart' }));
  const buy = page.getByTestId('buy-screen');
  const added = page.waitForResponse(
    (r) => r.url().endsWith('/m/api/webshop/cart') && r.request().method() === 'POST',
  );
  await press(buy.getByRole('button', { name: 'Add to cart' }));
  const response = await added;
  expect(response.ok(), await response.text()).toBe(true);
  const sent = response.request().postDataJSON() as { template: { bookPages: { id: string }[] } };
  expect(sent.template.bookPages.map((p) => p.id).slice(0, count)).toEqual(moved);
  expect(sent.template.bookPages).toHaveLength(count + 2);
  await expect(page).toHaveURL(/\/m\/cart$/);

  const orderUuid = await orderByCalls(page, { name: 'Book Maker', email: 'book.maker@example.com' });
  const reference = orderUuid.slice(0, 8);

  // The lab's desk: the order, once produced, lists the book's cover and pages files.
  await page.goto('/lab');
  await page.getByLabel('Password').fill(LAB_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const order = page.getByRole('article', { name: `Order ${reference}` });
  await expect(order).toBeVisible();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(order.getByRole('list', { name: 'Status' })).toContainText('Ready', { timeout: 1_000 });
  }).toPass({ timeout: 150_000 });
  const files = order.getByTestId('book-file');
  await expect(files).toHaveCount(2);
  await expect(files.nth(0)).toContainText(/^Cover \d\d-.*-cover\.pdf: [\d.]+ × 200 mm, spine [\d.]+ mm$/);
  await expect(files.nth(1)).toContainText(
    new RegExp(`^Pages \\d\\d-.*-pages\\.pdf: ${count + 2} pages of 200 × 200 mm$`),
  );
  await expect(order).toContainText('Photo book');
});
