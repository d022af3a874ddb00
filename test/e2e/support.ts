/** What the e2e specs share: taps that fit the profile, money in pounds, the print upload's address. */
import { type CDPSession, expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
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
