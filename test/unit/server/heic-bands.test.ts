/**
 * A HEIC made RGB a band at a time from its own YCbCr (heicBands.ts, issue 28): the same pixels as
 * libheif's own conversion for every coding the fixtures have (limited range BT.709, 4:4:4, 10 bits,
 * alpha), transparent parts flattened on white as the picture that was encoded shows them, and the
 * TIFF between the decoder and sharp written as sharp reads it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { coefficientsFor } from '../../../server/services/pictures/heicBands.ts';
import { decodeHeicRgb, decodePicture } from '../../../server/services/pictures/pictureDecode.ts';
import { openRgbTiff } from '../../../server/services/pictures/rgbTiff.ts';
import { colours } from '../../fixtures/pictures/colours.ts';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures/pictures');
const work = mkdtempSync(path.join(tmpdir(), 'heic-bands-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let n = 0;
async function master(fixture: string, decode = decodePicture, maxPixels = 100_000_000) {
  const masterTemp = path.join(work, `master-${n++}.jpg`);
  const result = await decode({
    file: path.join(fixtures, fixture),
    mime: 'image/heic',
    masterTemp,
    maxPixels,
  });
  return { result, masterTemp };
}

const pixels = (file: string) => sharp(file).raw().toBuffer({ resolveWithObject: true });

function differences(a: Buffer, b: Buffer) {
  let max = 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i]! - b[i]!);
    max = Math.max(max, d);
    sum += d;
  }
  return { max, mean: sum / a.length };
}

describe('a HEIC decoded in bands', () => {
  it.each([
    ['sample-120x80.heic', 0],
    ['ten-bit-240x160.heic', 0],
    ['colours-709-limited.heic', 0],
    ['colours-444.heic', 0],
    ['colours-alpha.heic', 0],
    // 10-bit alpha is scaled to 8 bits before the flatten there, after it here.
    ['colours-ten-bit-alpha.heic', 8],
  ])('%s: the pixels libheif itself makes (within %i)', async (fixture, tolerance) => {
    const bands = await master(fixture);
    const libheif = await master(fixture, decodeHeicRgb);
    expect(bands.result).toEqual(libheif.result);
    const [a, b] = await Promise.all([pixels(bands.masterTemp), pixels(libheif.masterTemp)]);
    expect(a.info).toMatchObject({ width: b.info.width, height: b.info.height, channels: 3 });
    expect(differences(a.data, b.data).max).toBeLessThanOrEqual(tolerance);
  });

  it.each([
    ['colours-alpha.heic', false],
    ['colours-ten-bit-alpha.heic', true],
  ])('%s: transparent parts come out as the encoded picture over white', async (fixture, deep) => {
    const [w, h] = [120, 80];
    const source = colours(w, h, deep);
    const top = deep ? 65535 : 255;
    const expected = Buffer.alloc(w * h * 3);
    for (let i = 0; i < w * h; i++) {
      const a = source[i * 4 + 3]! / top;
      for (let c = 0; c < 3; c++) {
        expected[i * 3 + c] = Math.round(((source[i * 4 + c]! / top) * a + (1 - a)) * 255);
      }
    }
    const { result, masterTemp } = await master(fixture);
    expect(result).toEqual({ width: w, height: h, master: true });
    const { data } = await pixels(masterTemp);
    // Lossy coding (quality 95, 4:2:0) and the master's JPEG: close, not equal. Composited on black, as
    // the first version of the worker did, the right half differs by 100 and more.
    expect(differences(data, expected).mean).toBeLessThan(4);
    const topRight = (w - 1) * 3;
    expect(Math.min(...data.subarray(topRight, topRight + 3))).toBeGreaterThan(150);
  });

  it('refuses a damaged file and one over the pixel limit, and writes nothing', async () => {
    const damaged = path.join(work, 'damaged.heic');
    const whole = readFileSync(path.join(fixtures, 'colours-444.heic'));
    writeFileSync(damaged, whole.subarray(0, whole.length / 2));
    const masterTemp = path.join(work, 'damaged.jpg');
    expect(await decodePicture({ file: damaged, mime: 'image/heic', masterTemp, maxPixels: 1e8 })).toEqual({
      refused: 'unreadable_picture',
    });
    expect((await master('colours-444.heic', decodePicture, 120 * 80 - 1)).result).toEqual({
      refused: 'too_many_pixels',
    });
    expect(() => readFileSync(`${masterTemp}.tiff`)).toThrow(/ENOENT/);
  });
});

describe('the YCbCr → RGB coefficients', () => {
  it('are libheif defaults without a profile and for "unspecified"', () => {
    for (const matrix of [null, 2]) {
      expect(coefficientsFor(matrix, true)).toEqual({
        identity: false,
        fullRange: true,
        rCr: 1.402,
        gCb: -0.344136,
        gCr: -0.714136,
        bCb: 1.772,
      });
    }
  });

  it('follow Kr and Kb of the matrix (nclx matrices 1, 6 and 9)', () => {
    const bt709 = coefficientsFor(1, false)!;
    expect(bt709.fullRange).toBe(false);
    expect(bt709.rCr).toBeCloseTo(1.5748, 4);
    expect(bt709.bCb).toBeCloseTo(1.8556, 4);
    expect(bt709.gCb).toBeCloseTo(-0.1873, 4);
    expect(bt709.gCr).toBeCloseTo(-0.4681, 4);
    expect(coefficientsFor(6, true)!.rCr).toBeCloseTo(1.402, 4);
    expect(coefficientsFor(9, true)!.rCr).toBeCloseTo(1.4746, 4);
  });

  it('derive Kr and Kb from the primaries for matrices 12 and 13, and fall back when they give none', () => {
    // BT.709's primaries and D65 give BT.709's matrix.
    const bt709Primaries = [0.64, 0.33, 0.3, 0.6, 0.15, 0.06, 0.3127, 0.329] as const;
    const derived = coefficientsFor(12, true, [...bt709Primaries])!;
    expect(derived.rCr).toBeCloseTo(1.5748, 3);
    expect(derived.bCb).toBeCloseTo(1.8556, 3);
    expect(coefficientsFor(13, true, [0, 0, 0, 0, 0, 0, 0, 0])!.rCr).toBe(1.402);
  });

  it('are the identity for matrix 0 and none for the matrices not converted linearly', () => {
    expect(coefficientsFor(0, true)!.identity).toBe(true);
    for (const matrix of [8, 11, 14, 16, 99]) expect(coefficientsFor(matrix, true)).toBeNull();
  });
});

describe('the RGB TIFF written in strips', () => {
  it('reads back as the rows written, the last strip shorter', async () => {
    const [width, height, rows] = [5, 7, 3];
    const file = path.join(work, 'strips.tiff');
    const tiff = await openRgbTiff(file, width, height, rows);
    const all = Buffer.alloc(width * height * 3);
    for (let i = 0; i < all.length; i++) all[i] = (i * 37) % 256;
    for (let top = 0; top < height; top += rows) {
      await tiff.write(all.subarray(top * width * 3, Math.min(height, top + rows) * width * 3));
    }
    await tiff.close();
    const back = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    expect(back.info).toMatchObject({ width, height, channels: 3 });
    expect(back.data.equals(all)).toBe(true);
  });

  it('holds one strip in its entries', async () => {
    const file = path.join(work, 'one.tiff');
    const tiff = await openRgbTiff(file, 2, 2, 2);
    await tiff.write(Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]));
    await tiff.close();
    expect([...(await sharp(file).raw().toBuffer())]).toEqual([
      255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255,
    ]);
  });

  it('refuses a strip of the wrong size and a file closed short', async () => {
    const tiff = await openRgbTiff(path.join(work, 'short.tiff'), 4, 4, 2);
    await expect(tiff.write(Buffer.alloc(4 * 3))).rejects.toThrow(/strip 0 has 12 bytes/);
    await tiff.write(Buffer.alloc(4 * 2 * 3));
    await expect(tiff.close()).rejects.toThrow(/1 of its 2 strips/);
  });
});
