/**
 * 'View with own pictures' on the template lists (S1 §2): the shopper uploads two pictures from the
 * list, every template preview is drawn again by the server with them (first page, autofilled), the
 * choice lasts through a reload and across lists, a template opened from the list starts with the
 * pictures in its slots, and 'Show the template pictures' goes back to the templates' own previews.
 */
import { expect, type Locator, test } from '@playwright/test';
import sharp from 'sharp';
import { jpeg, press } from './support.ts';

/** Pixels of the tile's picture (as the server drew it) near the colour, in every channel. */
async function pixelsNear(tile: Locator, [r, g, b]: [number, number, number]): Promise<number> {
  const src = (await tile.locator('img').getAttribute('src'))!;
  const res = await tile.page().request.get(src);
  expect(res.ok()).toBe(true);
  const { data, info } = await sharp(await res.body())
    .raw()
    .toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i]! - r) < 24 && Math.abs(data[i + 1]! - g) < 24 && Math.abs(data[i + 2]! - b) < 24)
      count += 1;
  }
  return count;
}

const RED = '#c01830';
const BLUE = '#1840c0';

test('the list previews show the shopper’s pictures, through a reload and in the editor', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/m/products/cards/THANKS');
  const tiles = page.getByTestId('template-tile');
  const twoSlots = tiles.filter({ hasText: 'Thanks from two' });
  const oneSlot = tiles.filter({ hasText: 'Leaf thank-you' });
  await expect(twoSlots.locator('img')).toHaveAttribute('src', /^\/templates2\/all\//);
  const samples = await pixelsNear(twoSlots, [0xc0, 0x18, 0x30]);

  const chooser = page.waitForEvent('filechooser');
  await press(page.getByRole('button', { name: 'View with own pictures' }));
  await (await chooser).setFiles([
    await jpeg('red.jpg', 1200, 900, RED),
    await jpeg('blue.jpg', 1200, 900, BLUE),
  ]);
  await expect(page.getByTestId('upload-status-dialog')).toBeHidden({ timeout: 45_000 });
  await expect(
    page.getByRole('status').filter({ hasText: 'The templates show your 2 pictures' }),
  ).toBeVisible();

  // The pictures are the session's own (the server's recent images), in the order picked.
  const recent = (await (await page.request.get('/m/api/user/recent-images')).json()) as {
    images: { uuid: string }[];
  };
  const [blue, red] = recent.images.map((i) => i.uuid) as [string, string];
  await expect(twoSlots.locator('img')).toHaveAttribute(
    'src',
    `/m/api/templates/by-uuid/${await twoSlots.getAttribute('data-template-uuid')}/own-preview.jpg?pictures=${red}%2C${blue}&width=480`,
  );
  // A one-picture card names one picture only.
  await expect(oneSlot.locator('img')).toHaveAttribute('src', new RegExp(`pictures=${red}&width=480$`));
  for (const tile of [twoSlots, oneSlot]) {
    await expect(tile).toHaveAttribute('data-own-pictures', 'true');
    await expect
      .poll(() => tile.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        // Drawn by the server's worker threads on first request: seconds on a busy CI machine.
        timeout: 45_000,
      })
      .toBeGreaterThan(0);
  }
  // Drawn from the scene with the shopper's red and blue in the slots.
  expect(await pixelsNear(twoSlots, [0xc0, 0x18, 0x30])).toBeGreaterThan(samples + 2000);
  expect(await pixelsNear(twoSlots, [0x18, 0x40, 0xc0])).toBeGreaterThan(2000);

  // Kept for the session: through a reload and on another list.
  await page.reload();
  await expect(twoSlots).toHaveAttribute('data-own-pictures', 'true');
  await press(page.getByTestId('category-bar').getByRole('link', { name: 'Birthday' }));
  await expect(tiles.filter({ hasText: 'Balloon party' })).toHaveAttribute('data-own-pictures', 'true');
  await page.goBack();

  // The template opens with the pictures in its two slots; nothing is "changed" yet.
  await press(twoSlots);
  await expect(page.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
  const menu = page.getByRole('navigation', { name: 'Editor menu' });
  await press(menu.getByRole('button', { name: 'Insert image' }));
  await press(page.getByTestId('choose-image').getByRole('button', { name: 'Picture 1' }));
  const thumbs = page.getByTestId('image-inbox').locator('.image-inbox__thumb');
  await expect(thumbs).toHaveCount(2);
  await expect(thumbs.and(page.locator('[aria-pressed="true"]'))).toHaveCount(1);
  await expect(thumbs.and(page.locator('[data-used="true"]'))).toHaveCount(1);
  await press(page.getByTestId('image-editor').getByRole('button', { name: 'Cancel' }));
  await press(menu.getByRole('button', { name: 'Cancel' }));
  await expect(page.getByTestId('unsaved-dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/m\/products\/cards\/THANKS$/);

  // Back to the templates' own previews.
  await press(page.getByRole('button', { name: 'Show the template pictures' }));
  await expect(twoSlots.locator('img')).toHaveAttribute('src', /^\/templates2\/all\//);
  await expect(twoSlots).toHaveAttribute('data-own-pictures', 'false');
});
