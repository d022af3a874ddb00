import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { xphotoUrl } from '../../../src/api/pictures.ts';
import { isAcceptedPicture, isHeicHead } from '../../../src/api/upload.ts';

const HEIC = readFileSync(new URL('../../fixtures/pictures/sample-120x80.heic', import.meta.url));

/** An ftyp box with the given major brand, as at the start of an ISO-BMFF file. */
const ftyp = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(`ftyp${brand}`), Buffer.alloc(12)]);

describe('accepting files for upload (S0 §5)', () => {
  it('takes any file whose type starts with image', async () => {
    expect(await isAcceptedPicture(new File(['x'], 'a.jpg', { type: 'image/jpeg' }))).toBe(true);
    expect(await isAcceptedPicture(new File(['x'], 'b', { type: 'image/webp' }))).toBe(true);
  });
  it('takes HEIC by its first bytes whatever its type or name', async () => {
    expect(await isAcceptedPicture(new File([HEIC], 'IMG_0001', { type: 'application/octet-stream' }))).toBe(
      true,
    );
    expect(await isAcceptedPicture(new File([HEIC], 'IMG_0001.HEIC', { type: '' }))).toBe(true);
  });
  it('drops other files, even with a picture name', async () => {
    expect(await isAcceptedPicture(new File(['%PDF-1.4'], 'x.pdf', { type: 'application/pdf' }))).toBe(false);
    expect(await isAcceptedPicture(new File(['hello'], 'photo.heic', { type: '' }))).toBe(false);
    expect(await isAcceptedPicture(new File([], 'empty.heic', { type: '' }))).toBe(false);
    // An MP4 is an ISO-BMFF file too, with another brand.
    expect(await isAcceptedPicture(new File([ftyp('isom')], 'clip.mp4', { type: 'video/mp4' }))).toBe(false);
  });
  it('knows the HEIF brands and needs a whole ftyp head', () => {
    for (const brand of ['heic', 'heix', 'mif1', 'msf1']) expect(isHeicHead(ftyp(brand)), brand).toBe(true);
    expect(isHeicHead(ftyp('avif'))).toBe(false);
    expect(isHeicHead(ftyp('heic').subarray(0, 11))).toBe(false);
    expect(isHeicHead(HEIC.subarray(0, 50))).toBe(true);
  });
});

describe('picture service addresses', () => {
  it('asks for the size, the effect and the rotation, leaving out the defaults', () => {
    expect(xphotoUrl('u-1')).toBe('/system/XPhoto.php?uuid=u-1&scaleversion=320');
    expect(xphotoUrl('u-1', 640, 'sepia')).toBe('/system/XPhoto.php?uuid=u-1&scaleversion=640&type=2');
    expect(xphotoUrl('u-1', 160, 'bw', 90)).toBe(
      '/system/XPhoto.php?uuid=u-1&scaleversion=160&type=1&rotation=90',
    );
  });
});
