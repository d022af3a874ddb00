/**
 * Resumable uploads on the phone (issue 32): a photo mid-upload when the network goes (CDP) or the
 * page reloads goes on from the server's offset when it can, not from the start, and becomes one
 * picture and one print line: none lost, none doubled.
 */
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { RESUMABLE_CHUNK_BYTES, RESUMABLE_UPLOAD_PATH } from '../../shop/index.ts';
import { press, serverCart } from './support.ts';

/** A photo of noise (JPEG cannot shrink it): several pieces, so a cut falls mid-upload. */
async function bigPhoto(seed: number) {
  const width = 2400;
  const height = 1800;
  const raw = Buffer.alloc(width * height * 3);
  let s = seed * 2654435761 || 1;
  for (let i = 0; i < raw.length; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    raw[i] = s & 0xff;
  }
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { name: 'IMG_4711.JPG', mimeType: 'image/jpeg', buffer };
}

/** What the page sends to the resumable upload: its creations and each piece's offset. */
function watchUploads(page: Page) {
  const seen = { creations: 0, offsets: [] as number[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith(RESUMABLE_UPLOAD_PATH)) return;
    if (request.method() === 'POST') seen.creations++;
    if (request.method() === 'PATCH') seen.offsets.push(Number(request.headers()['upload-offset']));
  });
  return seen;
}

/** The bytes the pieces carried: tus-js-client sends a whole piece from each offset, or the rest. */
const bytesSent = (offsets: number[], size: number) =>
  offsets.reduce((sum, offset) => sum + Math.min(RESUMABLE_CHUNK_BYTES, size - offset), 0);

/** A slow uplink (about 3 pieces a second), so the photo is still on its way when it is cut. */
async function slowUplink(cdp: CDPSession, offline = false) {
  await cdp.send('Network.emulateNetworkConditions', {
    offline,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 3 * RESUMABLE_CHUNK_BYTES,
  });
}

async function pickPhoto(page: Page, photo: Awaited<ReturnType<typeof bigPhoto>>) {
  await page.goto('/m/upload');
  await expect(page.locator('.upload-page')).toHaveAttribute('data-phase', 'WAITING_FOR_FILES');
  const chooser = page.waitForEvent('filechooser');
  await press(page.getByRole('button', { name: 'Upload now' }));
  await (await chooser).setFiles([photo]);
}

/** One picture and one print line for the session: nothing lost, nothing doubled. */
async function expectOnePictureAndLine(page: Page) {
  await expect(page.locator('.upload-page')).toHaveAttribute('data-phase', 'UPLOAD_COMPLETE', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('upload-thumb')).toHaveCount(1);
  await expect(page.getByTestId('upload-failed')).toHaveCount(0);
  const cart = await serverCart(page);
  expect(cart.orderLines).toHaveLength(1);
  expect(cart.orderLines[0]!.files[0]!.name).toBe('IMG_4711.JPG');
  const recent = (await (await page.request.get('/m/api/user/recent-images')).json()) as {
    images: { uuid: string }[];
  };
  expect(recent.images.map((p) => p.uuid)).toEqual([cart.orderLines[0]!.files[0]!.uuid]);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
}

test('the network gone mid-upload: the photo goes on from the server’s offset when it returns, one picture, one line', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const photo = await bigPhoto(1);
  const size = photo.buffer.length;
  const pieces = Math.ceil(size / RESUMABLE_CHUNK_BYTES);
  expect(pieces).toBeGreaterThanOrEqual(5);
  const seen = watchUploads(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await slowUplink(cdp);
  await pickPhoto(page, photo);

  // Mid-upload: the third piece is on its way.
  await expect.poll(() => seen.offsets.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  await page.waitForTimeout(150);
  await slowUplink(cdp, true);
  await expect(page.getByTestId('upload-offline')).toBeVisible();
  await expect(page.locator('.upload-page')).toHaveAttribute('data-phase', 'UPLOADING');
  const beforeCut = seen.offsets.length;
  expect(beforeCut).toBeLessThan(pieces);
  await page.waitForTimeout(500);

  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expectOnePictureAndLine(page);

  // Resumed, not begun again: one creation, and the first piece after the cut starts past 0, at
  // least where the last whole piece before it ended.
  expect(seen.creations).toBe(1);
  const resumed = seen.offsets[beforeCut]!;
  expect(resumed).toBeGreaterThanOrEqual((beforeCut - 1) * RESUMABLE_CHUNK_BYTES);
  expect(resumed).toBeGreaterThan(0);
  // At most the cut piece is sent twice.
  expect(bytesSent(seen.offsets, size)).toBeLessThanOrEqual(size + RESUMABLE_CHUNK_BYTES);
});

test('a reload mid-upload: the kept photo goes on by itself from the server’s offset, one picture, one line', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const photo = await bigPhoto(2);
  const size = photo.buffer.length;
  const seen = watchUploads(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await slowUplink(cdp);
  await pickPhoto(page, photo);

  await expect.poll(() => seen.offsets.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  await page.waitForTimeout(150);
  const beforeReload = seen.offsets.length;
  await page.reload();
  // The shopper picks nothing: the page goes on with the photo it kept.
  await expectOnePictureAndLine(page);

  expect(seen.creations).toBe(1);
  const resumed = seen.offsets[beforeReload]!;
  expect(resumed).toBeGreaterThanOrEqual((beforeReload - 1) * RESUMABLE_CHUNK_BYTES);
  expect(bytesSent(seen.offsets, size)).toBeLessThanOrEqual(size + RESUMABLE_CHUNK_BYTES);
});

test('the last piece’s answer lost on its way back: the next try learns the upload is whole, one picture, one line', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const photo = await bigPhoto(3);
  const size = photo.buffer.length;
  const seen = watchUploads(page);
  let lost = 0;
  await page.route(`**${RESUMABLE_UPLOAD_PATH}/*`, async (route) => {
    const request = route.request();
    const offset = Number(request.headers()['upload-offset']);
    if (request.method() !== 'PATCH' || lost > 0 || offset + RESUMABLE_CHUNK_BYTES < size) {
      await route.continue();
      return;
    }
    // The server gets the last piece and finishes the upload; the page sees the connection fail.
    lost++;
    const answer = await route.fetch();
    expect(answer.status()).toBe(200);
    await route.abort('connectionreset');
  });
  await pickPhoto(page, photo);
  await expectOnePictureAndLine(page);
  expect(lost).toBe(1);
  // Not begun again: the retry asked (HEAD) and was told it was whole.
  expect(seen.creations).toBe(1);
});
