/**
 * Crops that keep faces, as the shopper sees them (issue 32): a wide group photo with its people at
 * the left is uploaded as prints; once the picture analysis has run, the print line's crop — in the
 * cart and in the print editor's preview — holds every face, where the centred crop held none.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { CropRect, RegionBox } from '../../engine/index.ts';
import type { OrderLine } from '../../shop/contract.ts';
import { FACE_FIXTURES_DIR, type FaceFixture } from '../fixtures/faces/make.ts';
import { press, serverCart } from './support.ts';

const holds = (crop: CropRect, face: RegionBox) =>
  face.x >= crop.x &&
  face.x + face.width <= crop.x + crop.width &&
  face.y >= crop.y &&
  face.y + face.height <= crop.y + crop.height;

test('a group photo with its people at the left prints with their faces, not the empty middle', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const manifest = JSON.parse(
    await readFile(path.join(FACE_FIXTURES_DIR, 'manifest.json'), 'utf8'),
  ) as FaceFixture[];
  const { faces } = manifest.find((f) => f.name === 'group-left.jpg')!;

  await page.goto('/m/upload');
  const chooser = page.waitForEvent('filechooser');
  await press(page.getByRole('button', { name: 'Upload now' }));
  await (await chooser).setFiles([
    {
      name: 'group-left.jpg',
      mimeType: 'image/jpeg',
      buffer: await readFile(path.join(FACE_FIXTURES_DIR, 'group-left.jpg')),
    },
  ]);
  await expect(page.locator('.upload-page')).toHaveAttribute('data-phase', 'UPLOAD_COMPLETE', {
    timeout: 30_000,
  });

  // The analysis runs after the upload's answer; the shop's crop moves onto the people when it lands.
  let line: OrderLine | undefined;
  await expect
    .poll(
      async () => {
        line = (await serverCart(page)).orderLines.find((l) => l.description === 'group-left.jpg');
        const crop = line?.image?.cropRect;
        return crop ? faces.every((f) => holds(crop, f)) : false;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
  line = line!;
  expect(line.image!.defaultCrop).toBe(true);

  // The print editor's preview shows that crop: every face inside it.
  await page.goto(`/m/cart/edit/${line.uuid}`);
  const preview = page.getByTestId('print-preview');
  await expect(preview).toBeVisible();
  const shown = JSON.parse((await preview.getAttribute('data-crop'))!) as CropRect;
  for (const face of faces) expect(holds(shown, face), JSON.stringify(face)).toBe(true);
});
