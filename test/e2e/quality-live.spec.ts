/**
 * Quality where the picture is placed (issue 32), on the phone: the print editor's crop page and the
 * template editor's picture slot show the print's quality live while two fingers pinch (green, then
 * amber as the crop shrinks), and the zoom stops at the print's least resolution (the zoom clamp):
 * the crop stops shrinking while the fingers spread on, and stays there when they lift.
 */
import { type CDPSession, expect, type Locator, type Page, test } from '@playwright/test';
import { type Frame, zoomStop } from '../../engine/image.ts';
import { partFor } from '../../engine/instance.ts';
import { leastPrintDpi, zoomClampDpi } from '../../engine/quality.ts';
import type { Cart, Product } from '../../shop/contract.ts';
import { fingers, jpeg, openStartPage, PRINT_UPLOAD, press, cropOf as slotCrop } from './support.ts';
import { demoTemplate, openDemoCard } from './templates.ts';

/** Two fingers `spread` px either side of (cx, cy), still down. */
const pinchAt = (cdp: CDPSession, type: 'touchStart' | 'touchMove', cx: number, cy: number, spread: number) =>
  fingers(cdp, type, [
    { id: 1, x: cx - spread, y: cy },
    { id: 2, x: cx + spread, y: cy },
  ]);

/** Spreads two fingers already down from `from` to `to` px either side, 1 px at a time per side. */
async function spreadTo(cdp: CDPSession, cx: number, cy: number, from: number, to: number) {
  for (let spread = from + 1; spread <= to; spread++) await pinchAt(cdp, 'touchMove', cx, cy, spread);
}

const previewCrop = async (preview: Locator) =>
  JSON.parse((await preview.getAttribute('data-crop')) ?? 'null') as { width: number; height: number };

async function printLineOf(page: Page, width: number, height: number) {
  const upload = await page.request.post(PRINT_UPLOAD, {
    multipart: { 'images[]': await jpeg('harbour.jpg', width, height, '#3a7ca5') },
  });
  expect(upload.ok()).toBe(true);
  const { files } = (await upload.json()) as { files: { uuid: string }[] };
  const cart = (await (await page.request.get('/m/api/webshop/cart')).json()) as Cart;
  const line = cart.orderLines.find((l) => l.files[0]?.uuid === files[0]!.uuid)!;
  const products = ((await (await page.request.get('/m/api/products')).json()) as { products: Product[] })
    .products;
  return { line, product: products.find((p) => p.uuid === line.product.uuid)! };
}

test('the print editor’s crop page: the badge turns amber as two fingers pinch, and the zoom stops at the least resolution', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The narrowest phone the shop is laid out for.
  await page.setViewportSize({ width: 360, height: 740 });
  await openStartPage(page);
  // 2100 × 1400 on a landscape 10x15 (152 × 102 mm): 348 dpi whole, 150 dpi at a 2.3× zoom.
  const picture = { width: 2100, height: 1400 };
  const { line, product } = await printLineOf(page, picture.width, picture.height);
  const [short, long] = [...product.printareasize].sort((a, b) => a - b) as [number, number];
  const area: Frame = { widthMm: long, heightMm: short };
  const stop = zoomStop(picture, 0, area, zoomClampDpi(area));
  expect(leastPrintDpi(area)).toBe(150);

  await page.goto(`/m/cart/edit/${line.uuid}`);
  await press(page.getByRole('button', { name: 'Crop', exact: true }));
  await expect(page.getByRole('heading', { name: 'Crop' })).toBeVisible();
  const preview = page.getByTestId('print-preview');
  const badge = page.getByTestId('quality-badge');
  await expect(badge).toHaveAttribute('data-level', 'good');
  await expect(badge.getByRole('button')).toHaveText('Good quality · 348 dpi');
  // Words and a shape as well as the colour; the badge fits the narrow screen.
  await expect(badge.locator('svg')).toHaveCount(1);
  const box = (await badge.getByRole('button').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  const start = await previewCrop(preview);

  await preview.scrollIntoViewIfNeeded();
  const area0 = (await preview.boundingBox())!;
  const cx = Math.round(area0.x + area0.width / 2);
  const cy = Math.round(area0.y + area0.height / 2);
  const cdp = await page.context().newCDPSession(page);
  await pinchAt(cdp, 'touchStart', cx, cy, 20);
  // 20 → 27 px: a 1.35× zoom, about 258 dpi: amber while the fingers are still down.
  await spreadTo(cdp, cx, cy, 20, 27);
  await expect(badge).toHaveAttribute('data-level', 'fair');
  await expect(badge.getByRole('button')).toHaveText(/^Fair quality · 2\d\d dpi$/);
  expect((await previewCrop(preview)).width).toBeLessThan(start.width * 0.8);

  // On to 60 px: past the stop (2.3×); the crop stops there, at 150 dpi, and is never red.
  await spreadTo(cdp, cx, cy, 27, 60);
  await expect(badge).toHaveAttribute('data-dpi', '150');
  const held = await previewCrop(preview);
  expect(held.width).toBeCloseTo(stop.width, 6);
  await spreadTo(cdp, cx, cy, 60, 80);
  await page.waitForTimeout(100);
  expect((await previewCrop(preview)).width).toBeCloseTo(held.width, 9);
  await expect(badge).toHaveAttribute('data-level', 'fair');
  await page.waitForTimeout(150);
  await fingers(cdp, 'touchEnd', []);
  await cdp.detach();

  // Released: it stays at the stop, and the badge explains why the zoom went no further.
  await page.waitForTimeout(200);
  expect((await previewCrop(preview)).width).toBeCloseTo(stop.width, 6);
  await expect(badge.getByRole('button')).toHaveText('Fair quality · 150 dpi');
  const toggle = badge.getByRole('button');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(async () => {
    await press(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(badge.getByTestId('quality-why')).toHaveText(
    'The print will be sharp, with less fine detail than at 300 dpi. Zoom out for a crisper print. ' +
      'The zoom stops here: further in, the print would fall below 150 dpi.',
  );

  // The crop that is saved is the one at the stop.
  await press(page.getByRole('button', { name: 'Done' }));
  await press(page.getByRole('button', { name: 'Done' }));
  await expect(page).toHaveURL(new RegExp(`/m/cart/view/${line.uuid}$`));
  const cart = (await (await page.request.get('/m/api/webshop/cart')).json()) as Cart;
  const saved = cart.orderLines.find((l) => l.uuid === line.uuid)!.image!.cropRect!;
  expect(saved.width).toBeCloseTo(stop.width, 6);
});

test('the template editor’s slot: the quality mark and the menu’s badge follow a pinch live, and the zoom stops', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await openDemoCard(page, 'Balloon party');
  const { template } = await demoTemplate(page, 'cards', 'Balloon party');
  await press(
    page.getByRole('navigation', { name: 'Editor menu' }).getByRole('button', { name: 'Insert image' }),
  );
  const picture = { width: 2100, height: 1400 };
  await page.getByTestId('image-inbox-file').setInputFiles([await jpeg('wide.jpg', 2100, 1400, '#c04040')]);
  await expect(page.getByTestId('upload-status-dialog')).toBeHidden({ timeout: 45_000 });
  const slot = page.getByTestId('image-slot');
  await expect(slot).toHaveAttribute('data-crop', /.+/);
  const size = partFor(template, (await slot.getAttribute('data-slot-id'))!)!.part.size;
  const frame: Frame = { widthMm: size.width, heightMm: size.height };
  const stop = zoomStop(picture, 0, frame, zoomClampDpi(frame));
  const least = Math.floor(leastPrintDpi(frame));

  const mark = slot.getByTestId('quality-mark');
  const badge = page.getByTestId('image-editor').getByTestId('quality-badge');
  await expect(mark).toHaveAttribute('data-level', 'good');
  await expect(badge).toHaveAttribute('data-level', 'good');
  const start = await slotCrop(slot);

  const box = (await slot.boundingBox())!;
  const cx = Math.round(box.x + box.width / 2);
  const cy = Math.round(box.y + box.height / 2);
  const cdp = await page.context().newCDPSession(page);
  await pinchAt(cdp, 'touchStart', cx, cy, 20);
  await spreadTo(cdp, cx, cy, 20, 30); // 1.5×: amber, while the fingers are down
  await expect(slot).toHaveAttribute('data-moving', 'true');
  await expect(mark).toHaveAttribute('data-level', 'fair');
  await expect(mark).toHaveText(/^Fair · \d+ dpi$/);
  await expect(badge).toHaveAttribute('data-level', 'fair');
  expect((await slotCrop(slot)).width).toBeLessThan(start.width * 0.7);

  await spreadTo(cdp, cx, cy, 30, 70); // far past the stop
  await expect(mark).toHaveAttribute('data-dpi', String(least));
  const held = await slotCrop(slot);
  expect(held.width).toBeCloseTo(stop.width, 4);
  await spreadTo(cdp, cx, cy, 70, 90);
  await page.waitForTimeout(100);
  expect((await slotCrop(slot)).width).toBeCloseTo(held.width, 5);
  await expect(mark).toHaveAttribute('data-level', 'fair');
  await page.waitForTimeout(150);
  await fingers(cdp, 'touchEnd', []);
  await cdp.detach();

  await expect(slot).toHaveAttribute('data-moving', 'false');
  await page.waitForTimeout(200);
  expect((await slotCrop(slot)).width).toBeCloseTo(stop.width, 4);
  await expect(badge.getByRole('button')).toHaveText(`Fair quality · ${least} dpi`);
  await expect(badge.getByTestId('quality-why')).toContainText(
    `The zoom stops here: further in, the print would fall below ${Math.ceil(leastPrintDpi(frame))} dpi.`,
  );
});
