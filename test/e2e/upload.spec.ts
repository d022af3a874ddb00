import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { RESUMABLE_UPLOAD_PATH } from '../../shop/index.ts';
import { press } from './support.ts';

const HEIC = readFileSync(path.resolve(import.meta.dirname, '../fixtures/pictures/sample-120x80.heic'));

const jpeg = (background: string, width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

type Picked = { name: string; mimeType: string; buffer: Buffer };

async function pictures(): Promise<Picked[]> {
  return [
    { name: 'a.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#3a7') },
    { name: 'b.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#a37', 600, 800) },
    { name: 'c.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#37a') },
    // No image type, as some phones send it: accepted by its first bytes (ftyp heic).
    { name: 'd.heic', mimeType: 'application/octet-stream', buffer: HEIC },
  ];
}

const notPictures: Picked[] = [
  { name: 'x.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%fake\n') },
  { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
];

async function openUpload(page: Page) {
  await page.goto('/m/upload');
  await expect(page.locator('.upload-page')).toHaveAttribute('data-phase', 'WAITING_FOR_FILES');
  await expect(page.getByTestId('upload-size-range')).toHaveText(
    'Print sizes from 8.9 x 12.7 cm to 30.5 x 45.7 cm',
  );
}

/** Taps 'Upload now' and answers the file picker it opens, as a shopper would. */
async function pickFiles(page: Page, button: string, files: Picked[]) {
  const chooser = page.waitForEvent('filechooser');
  await press(page.getByRole('button', { name: button }));
  const picker = await chooser;
  expect(picker.isMultiple()).toBe(true);
  await picker.setFiles(files);
}

test('uploads pictures with progress per file, names unsupported files and fills the cart', {
  tag: '@desktop',
}, async ({ page }) => {
  // Each upload's creation (tus, issue 32) waits for a go-ahead so the uploading phase and its
  // progress can be looked at; the request itself reaches the real server unchanged.
  const held: (() => void)[] = [];
  await page.route(`**${RESUMABLE_UPLOAD_PATH}`, async (route) => {
    await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  });
  await openUpload(page);
  await pickFiles(page, 'Upload now', [...(await pictures()), ...notPictures]);

  const box = page.getByTestId('upload-unsupported');
  await expect(box).toContainText('The file x.pdf is not supported');
  await expect(box).toContainText('The file notes.txt is not supported');
  await expect(page.locator('.upload-page')).toHaveAttribute('data-phase', 'UPLOADING');
  await expect(page.getByTestId('upload-status')).toHaveText('Uploading picture 1 of 4');
  // One progress bar per file while they wait their turn.
  await expect(page.getByTestId('upload-pending').locator('progress')).toHaveCount(4);
  for (let n = 1; n <= 4; n++) {
    await expect(page.getByTestId('upload-status')).toHaveText(`Uploading picture ${n} of 4`);
    await expect.poll(() => held.length).toBe(n);
    held[n - 1]!();
    await expect(page.getByTestId('upload-thumb')).toHaveCount(n);
  }

  await expect(page.locator('.upload-page')).toHaveAttribute('data-phase', 'UPLOAD_COMPLETE');
  await expect(page.getByTestId('upload-failed')).toHaveCount(0);
  await expect(page.getByText(/given a paper size automatically/)).toBeVisible();
  // The thumbnails come from the picture service, the HEIC one as a JPEG.
  const thumbs = page.getByTestId('upload-thumb').locator('img');
  for (let i = 0; i < 4; i++) {
    await thumbs.nth(i).scrollIntoViewIfNeeded();
    await expect
      .poll(() => thumbs.nth(i).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  }
  await expect(page.getByTestId('cart-count')).toHaveText('4');
  await expect(page.getByRole('button', { name: 'Upload more' })).toBeVisible();

  await press(page.getByRole('link', { name: 'Adjust and order' }));
  await expect(page).toHaveURL(/\/m\/cart$/);
  await expect(page.getByRole('heading', { name: 'Prints' })).toBeVisible();
  const lines = page.getByTestId('print-line');
  await expect(lines).toHaveCount(4);
  await expect(lines.locator('.cart-line__name')).toHaveText(['a.jpg', 'b.jpg', 'c.jpg', 'd.heic']);
  // The portal's default print format, quantity 1, priced by the server.
  await expect(lines.locator('.cart-line__format')).toHaveText(Array(4).fill('10x15'));
  await expect(lines.locator('.cart-line__quantity')).toHaveText(Array(4).fill('1 pc'));
  await expect(page.getByTestId('cart-products')).toHaveText('4 products');
  const unit = await lines.first().locator('.cart-line__price').textContent();
  expect(unit).toMatch(/^£\d+\.\d\d$/);
  const pence = Math.round(Number(unit!.slice(1)) * 100);
  await expect(page.getByTestId('cart-total')).toHaveText(`£${((4 * pence) / 100).toFixed(2)}`);
});

test('a file the server refuses fails at once; one the network drops is tried again, and a tap retries a failed one', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  // c.jpg (the third upload begun) is dropped on the way once, then goes through on its next try.
  let requests = 0;
  await page.route(`**${RESUMABLE_UPLOAD_PATH}`, (route) => {
    requests++;
    return requests === 3 ? route.abort('failed') : route.continue();
  });
  const [a, b, c, d] = await pictures();
  // b.jpg says it is a JPEG but is cut off half-way: the real server refuses that one file, and
  // trying again cannot help, so it is not tried again.
  const broken = { ...b!, buffer: b!.buffer.subarray(0, Math.floor(b!.buffer.length / 2)) };
  await openUpload(page);
  await pickFiles(page, 'Upload now', [a!, broken, c!, d!]);

  await expect(page.locator('.upload-page')).toHaveAttribute('data-phase', 'UPLOAD_COMPLETE', {
    timeout: 45_000,
  });
  await expect(page.getByTestId('upload-thumb')).toHaveCount(3);
  const failed = page.getByTestId('upload-failed');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('b.jpg could not be uploaded');
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  // Refused once (4 uploads begun + c.jpg's second try).
  expect(requests).toBe(5);
  expect(warnings.some((w) => w.includes('b.jpg'))).toBe(true);
  expect(warnings.some((w) => w.includes('c.jpg'))).toBe(true);

  // A tap tries the failed file again (the server refuses it again: the tile stays, with its button).
  await press(page.getByRole('button', { name: 'Try uploading b.jpg again' }));
  await expect.poll(() => requests).toBe(6);
  await expect(failed).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Try the failed picture again' })).toBeVisible();

  // Upload more: the next batch joins the list and the cart.
  await pickFiles(page, 'Upload more', [await pictures().then((p) => p[0]!)]);
  await expect(page.getByTestId('upload-thumb')).toHaveCount(4);
  await expect(page.getByTestId('cart-count')).toHaveText('4');
});

test('offline mid-upload: the files wait for the network and say so, and finish when it returns, none lost or doubled', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // The second file's upload is held at its creation until the network has gone: it is cut off in
  // flight.
  let requests = 0;
  let release: (() => void) | null = null;
  await page.route(`**${RESUMABLE_UPLOAD_PATH}`, async (route) => {
    requests++;
    if (requests === 2) await new Promise<void>((resolve) => (release = resolve));
    await route.continue().catch(() => {});
  });
  await openUpload(page);
  await pickFiles(page, 'Upload now', await pictures());
  await expect(page.getByTestId('upload-thumb')).toHaveCount(1);
  await expect.poll(() => release).not.toBeNull();

  await context.setOffline(true);
  await expect(page.getByTestId('upload-offline')).toHaveText(
    'You’re offline. Your pictures will be uploaded when you’re back online.',
  );
  const waiting = page.getByTestId('upload-pending');
  await expect(waiting).toHaveCount(3);
  await expect(waiting.getByText('Waiting for the network')).toHaveCount(3);
  await expect(page.getByTestId('upload-failed')).toHaveCount(0);
  await expect(page.locator('.upload-page')).toHaveAttribute('data-phase', 'UPLOADING');
  // The cut request may still reach the server: let it go, as a real network would have.
  release!();

  await context.setOffline(false);
  await expect(page.getByTestId('upload-offline')).toHaveCount(0);
  await expect(page.locator('.upload-page')).toHaveAttribute('data-phase', 'UPLOAD_COMPLETE', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('upload-thumb')).toHaveCount(4);
  await expect(page.getByTestId('upload-failed')).toHaveCount(0);
  // The badge and the next step follow the server's cart.
  await expect(page.getByTestId('cart-count')).toHaveText('4');
  await press(page.getByRole('link', { name: 'Adjust and order' }));
  await expect(page).toHaveURL(/\/m\/cart$/);
  const names = page.getByTestId('print-line').locator('.cart-line__name');
  await expect(names).toHaveText(['a.jpg', 'b.jpg', 'c.jpg', 'd.heic']);
});

test('an unsupported file alone starts no upload', async ({ page }) => {
  await openUpload(page);
  await pickFiles(page, 'Upload now', notPictures);
  await expect(page.getByTestId('upload-unsupported')).toContainText('The file x.pdf is not supported');
  await expect(page.locator('.upload-page')).toHaveAttribute('data-phase', 'WAITING_FOR_FILES');
  await expect(page.getByTestId('upload-pending')).toHaveCount(0);
});
