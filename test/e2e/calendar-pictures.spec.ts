/**
 * A calendar from pictures already uploaded (issue 34): a grey Add to cart says how many places are
 * empty and takes the shopper to the first; the inbox fills the empty places with the shopper's
 * pictures; uploading a picture again does not double it in the list; the cover's title is the
 * shopper's to change.
 */
import { expect, type Page, test } from '@playwright/test';
import { jpeg, openStartPage, press } from './support.ts';

async function openClassicA4(page: Page) {
  const res = await page.request.get('/m/api/templates/calendars');
  expect(res.ok()).toBe(true);
  const listed = (await res.json()) as { uuid: string; name: { en_GB: string }; product: { uuid: string } }[];
  const calendar = listed.find((t) => t.name.en_GB === 'Classic A4');
  expect(calendar, 'the demo calendar Classic A4').toBeTruthy();
  await page.goto(`/m/products/calendars/${calendar!.product.uuid}/${calendar!.uuid}`);
  await expect(page.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
}

test('a calendar fills its empty places from pictures already uploaded, once each in the list, and its title is the shopper’s', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openStartPage(page);
  // Two pictures uploaded before, as prints would have been.
  const files = [
    await jpeg('lake.jpg', 1200, 900, '#3070b0'),
    await jpeg('forest.jpg', 900, 1200, '#30a050'),
  ];
  for (const file of files) {
    const res = await page.request.post('/m/api/pictures', { multipart: { file } });
    expect(res.ok()).toBe(true);
  }
  await openClassicA4(page);

  const menu = page.getByRole('navigation', { name: 'Editor menu' });
  const add = menu.getByRole('button', { name: 'Add to cart' });
  const why = page.getByTestId('editor-missing');
  await expect(add).toHaveAttribute('data-ready', 'false');
  // A cover and twelve months, each with a picture place.
  await expect(why).toHaveText('13 places still need a picture or text: tap Add to cart to go to the first.');
  await expect(add).toHaveAccessibleDescription(await why.innerText());

  // On a month page, the grey Add to cart goes back to the first empty place: the cover's picture.
  await press(page.getByRole('button', { name: 'Page 4', exact: true }));
  const current = page.getByTestId('editor-page');
  await expect(current).toHaveAttribute('data-page-id', 'month-3');
  await press(add);
  await expect(current).toHaveAttribute('data-page-id', 'cover');
  const editor = page.getByTestId('image-editor');
  await expect(editor).toBeVisible();

  // The inbox offers the pictures already uploaded for every empty place.
  const thumbs = editor.getByTestId('image-inbox').locator('.image-inbox__thumb');
  await expect(thumbs).toHaveCount(2);
  const fill = editor.getByRole('button', { name: 'Fill the 13 empty places with my pictures' });
  await expect(fill).toBeInViewport({ ratio: 1 });
  // Its long words wrap under the pictures: nothing pushes the page sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await press(fill);
  await expect(thumbs.and(page.locator('[aria-pressed="true"]'))).toHaveCount(1);
  await expect(editor.getByRole('button', { name: /Fill the/ })).toHaveCount(0);

  // The same picture uploaded again is the one already there, not a second tile.
  const listed = page.waitForResponse((r) => r.url().endsWith('/m/api/user/recent-images'), {
    timeout: 45_000,
  });
  await editor.getByTestId('image-inbox-file').setInputFiles([files[0]!]);
  await listed;
  await expect(page.getByTestId('upload-status-dialog')).toBeHidden({ timeout: 45_000 });
  await expect(thumbs).toHaveCount(2);
  await press(editor.getByRole('button', { name: 'Done' }));

  await expect(add).toHaveAttribute('data-ready', 'true');
  await expect(why).toHaveCount(0);
  // Every month has a picture: the strip marks all 13 pages complete.
  await expect(
    page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: /complete/ }),
  ).toHaveCount(13);

  // The cover's title: the shopper's own words in place of the template's.
  await press(menu.getByRole('button', { name: 'Insert text' }));
  const text = page.getByTestId('text-editor');
  await expect(text).toHaveAttribute('data-text', 'A year of pictures');
  await press(text.getByRole('button', { name: 'Enter text' }));
  await text.getByRole('textbox', { name: 'Your text' }).fill('The Hansens, our year');
  await press(text.getByRole('button', { name: 'Done' }));
  await expect(text).toHaveAttribute('data-text', 'The Hansens, our year');
  await expect
    .poll(async () => (await current.getAttribute('data-texts')) ?? '')
    .toContain('The Hansens, our year');
});
