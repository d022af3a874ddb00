/**
 * The photo book's picture signals (issue 33, server/services/pictures/pictureSignals.ts): capture time
 * from EXIF, the difference hash and the sharpness, on pictures made here with sharp from the face
 * fixtures' public-domain portrait, in this thread (the analysis thread runs the same functions:
 * test/server/picture-analysis.test.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { uprightPixels } from '../../../server/services/pictures/pictureAnalysis.ts';
import {
  differenceHash,
  exifLocalTime,
  hashDistance,
  SHARPNESS_SIZE,
  sharpnessOf,
  signalsOf,
  takenAtOf,
} from '../../../server/services/pictures/pictureSignals.ts';
import { FACE_FIXTURES_DIR, SOURCE } from '../../fixtures/faces/make.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** A date and time as a camera writes it in EXIF, and as the signals answer it. */
const exifOf = (d: Date) =>
  `${pad(d.getUTCFullYear(), 4)}:${pad(d.getUTCMonth() + 1)}:${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
const isoOf = (d: Date) => d.toISOString().slice(0, 19);

// Dates from the clock: this year's summer morning, and last year's New Year's Eve.
const thisYear = new Date().getUTCFullYear();
const summer = new Date(Date.UTC(thisYear, 6, 14, 10, 3, 22));
const newYearsEve = new Date(Date.UTC(thisYear - 1, 11, 31, 23, 59, 59));

const withExif = (image: Sharp, tags: Record<string, string>) => image.withExifMerge({ IFD2: tags }).jpeg();
const pixelsOf = (bytes: Buffer) => uprightPixels(bytes);

let portrait: Buffer;
beforeAll(async () => {
  portrait = await readFile(SOURCE);
});

describe('exifLocalTime', () => {
  it('reads an EXIF date and time as local ISO 8601 without a zone', () => {
    expect(exifLocalTime(exifOf(summer))).toBe(isoOf(summer));
    // Sub-seconds and an offset some cameras append are not part of the local time.
    expect(exifLocalTime(`${exifOf(newYearsEve)}.123`)).toBe(isoOf(newYearsEve));
    expect(exifLocalTime(`${exifOf(newYearsEve)}+02:00`)).toBe(isoOf(newYearsEve));
    expect(exifLocalTime(`  ${exifOf(summer)} `)).toBe(isoOf(summer));
  });

  it('answers null for what is no real date and time', () => {
    const leapless = [thisYear, thisYear + 1, thisYear + 2, thisYear + 3].find(
      (y) => new Date(Date.UTC(y, 1, 29)).getUTCMonth() !== 1,
    )!;
    const leap = [
      thisYear,
      thisYear + 1,
      thisYear + 2,
      thisYear + 3,
      thisYear + 4,
      thisYear + 5,
      thisYear + 6,
      thisYear + 7,
    ].find((y) => new Date(Date.UTC(y, 1, 29)).getUTCMonth() === 1)!;
    expect(exifLocalTime(`${leap}:02:29 12:00:00`)).toBe(`${leap}-02-29T12:00:00`);
    for (const value of [
      '0000:00:00 00:00:00', // a camera's clock never set
      `${leapless}:02:29 12:00:00`,
      `${thisYear}:04:31 12:00:00`,
      `${thisYear}:13:01 12:00:00`,
      `${thisYear}:07:14 24:00:00`,
      `${thisYear}:07:14 10:60:00`,
      `${thisYear}:07:14 10:03:60`,
      `${thisYear}-07-14`,
      '',
      '    :  :     :  :  ',
      undefined,
      null,
      summer.getTime(),
      summer,
    ]) {
      expect(exifLocalTime(value), String(value)).toBeNull();
    }
  });

  it('gives back any date and time it is given in EXIF form (property)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date(Date.UTC(1, 0, 1)),
          max: new Date(Date.UTC(9999, 11, 31)),
          noInvalidDate: true,
        }),
        (d) => {
          const iso = `${pad(d.getUTCFullYear(), 4)}-${isoOf(d).slice(5)}`;
          expect(exifLocalTime(exifOf(d))).toBe(iso);
        },
      ),
    );
  });
});

describe('takenAtOf', () => {
  it('reads DateTimeOriginal, else CreateDate (DateTimeDigitized), from a JPEG', async () => {
    const both = await withExif(sharp(portrait), {
      DateTimeOriginal: exifOf(summer),
      DateTimeDigitized: exifOf(newYearsEve),
    }).toBuffer();
    expect(await takenAtOf(both)).toBe(isoOf(summer));
    const created = await withExif(sharp(portrait), { DateTimeDigitized: exifOf(newYearsEve) }).toBuffer();
    expect(await takenAtOf(created)).toBe(isoOf(newYearsEve));
    const unset = await withExif(sharp(portrait), {
      DateTimeOriginal: '0000:00:00 00:00:00',
      DateTimeDigitized: exifOf(newYearsEve),
    }).toBuffer();
    expect(await takenAtOf(unset)).toBe(isoOf(newYearsEve));
  });

  it('reads a PNG’s, a WebP’s and a HEIC’s EXIF, and a file on disk', async () => {
    const png = await sharp(portrait)
      .withExifMerge({ IFD2: { DateTimeOriginal: exifOf(summer) } })
      .png()
      .toBuffer();
    expect(await takenAtOf(png)).toBe(isoOf(summer));
    const webp = await sharp(portrait)
      .withExifMerge({ IFD2: { DateTimeOriginal: exifOf(newYearsEve) } })
      .webp()
      .toBuffer();
    expect(await takenAtOf(webp)).toBe(isoOf(newYearsEve));
    // heif-enc carried a JPEG's EXIF into it (test/fixtures/pictures/make-heic.ts): the date is the file's own.
    const heic = path.join(import.meta.dirname, '../../fixtures/pictures/exif-64x48.heic');
    expect(await takenAtOf(await readFile(heic))).toBe('2019-05-04T17:30:01');
    expect(await takenAtOf(heic)).toBe('2019-05-04T17:30:01');
    expect(await takenAtOf(SOURCE)).toBeNull();
  });

  it('answers null without a capture time, and for what is no picture', async () => {
    // sharp writes no dates of its own; the modification time is an editor's, not the capture's.
    expect(await takenAtOf(await sharp(portrait).jpeg().toBuffer())).toBeNull();
    const modified = await sharp(portrait)
      .withExifMerge({ IFD0: { DateTime: exifOf(summer) } })
      .jpeg()
      .toBuffer();
    expect(await takenAtOf(modified)).toBeNull();
    expect(await takenAtOf(Buffer.from('not a picture'))).toBeNull();
    expect(await takenAtOf(new Uint8Array(0))).toBeNull();
    // A HEIC without EXIF (heif-enc wrote none) is read, and has none.
    const heic = await readFile(path.join(import.meta.dirname, '../../fixtures/pictures/sample-120x80.heic'));
    expect(await takenAtOf(heic)).toBeNull();
  });
});

describe('differenceHash', () => {
  it('is 16 lowercase hex digits, each bit whether a pixel is brighter than its right neighbour', async () => {
    const ramp = (leftBright: boolean) => {
      const [width, height] = [90, 80];
      const data = Buffer.alloc(width * height * 3);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++)
          data.fill(leftBright ? 255 - x * 2 : x * 2, (y * width + x) * 3, (y * width + x) * 3 + 3);
      return { data, width, height };
    };
    expect(await differenceHash(ramp(true))).toBe('ffffffffffffffff');
    expect(await differenceHash(ramp(false))).toBe('0000000000000000');
    expect(await differenceHash(await pixelsOf(portrait))).toMatch(/^[0-9a-f]{16}$/);
  });

  it('keeps near-duplicates within a few bits and different pictures far apart', async () => {
    const original = await differenceHash(await pixelsOf(portrait));
    const copies = [
      await sharp(portrait).jpeg({ quality: 50 }).toBuffer(),
      await sharp(portrait).resize(300).jpeg({ quality: 70 }).toBuffer(),
      await sharp(portrait).resize(480).modulate({ brightness: 1.05 }).webp().toBuffer(),
    ];
    for (const copy of copies)
      expect(hashDistance(original, await differenceHash(await pixelsOf(copy)))).toBeLessThanOrEqual(6);

    const others = [
      await sharp(portrait).flop().toBuffer(),
      await sharp(portrait).rotate(90).toBuffer(),
      await sharp(portrait).extract({ left: 256, top: 256, width: 256, height: 256 }).toBuffer(),
      await readFile(path.join(FACE_FIXTURES_DIR, 'wide-right.jpg')),
    ];
    const hashes = [
      original,
      ...(await Promise.all(others.map(async (o) => differenceHash(await pixelsOf(o))))),
    ];
    for (let i = 0; i < hashes.length; i++)
      for (let j = i + 1; j < hashes.length; j++)
        expect(hashDistance(hashes[i]!, hashes[j]!), `${i} ${j}`).toBeGreaterThanOrEqual(20);
  });
});

describe('hashDistance', () => {
  const hash = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }).map((n) => n.toString(16).padStart(16, '0'));

  it('counts the bits that differ', () => {
    expect(hashDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hashDistance('8000000000000001', '0000000000000000')).toBe(2);
    fc.assert(
      fc.property(hash, hash, hash, (a, b, c) => {
        expect(hashDistance(a, a)).toBe(0);
        expect(hashDistance(a, b)).toBe(hashDistance(b, a));
        expect(hashDistance(a, c)).toBeLessThanOrEqual(hashDistance(a, b) + hashDistance(b, c));
        const bits = [...(BigInt(`0x${a}`) ^ BigInt(`0x${b}`)).toString(2)].filter(
          (bit) => bit === '1',
        ).length;
        expect(hashDistance(a, b)).toBe(bits);
      }),
    );
  });
});

describe('sharpnessOf', () => {
  it('is far lower for a blurred copy, lower for a smaller copy, and nothing for a flat picture', async () => {
    const sharpness = await sharpnessOf(await pixelsOf(portrait));
    const blurred = await sharpnessOf(await pixelsOf(await sharp(portrait).blur(3).jpeg().toBuffer()));
    const slightly = await sharpnessOf(await pixelsOf(await sharp(portrait).blur(1).jpeg().toBuffer()));
    expect(blurred).toBeLessThan(sharpness / 10);
    expect(slightly).toBeLessThan(sharpness);
    expect(blurred).toBeLessThan(slightly);
    // A copy at a third the size is measured enlarged to the same size: softer than the original.
    const small = await sharp(portrait)
      .resize(Math.round(SHARPNESS_SIZE / 3))
      .jpeg()
      .toBuffer();
    expect(await sharpnessOf(await pixelsOf(small))).toBeLessThan(sharpness);
    const flat = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#7a4' } })
      .png()
      .toBuffer();
    expect(await sharpnessOf(await pixelsOf(flat))).toBe(0);
  });

  it('is the variance of the Laplacian, its negative half not clipped', async () => {
    // A busy grey picture already SHARPNESS_SIZE long (no resampling), whose Laplacian runs far past
    // ±255 both ways; its variance computed here over the inner pixels.
    const [width, height] = [SHARPNESS_SIZE, SHARPNESS_SIZE / 2];
    const grey = (x: number, y: number) => (x * x * 31 + y * 17 + x * y) % 256;
    const data = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) data.fill(grey(x, y), (y * width + x) * 3, (y * width + x) * 3 + 3);
    let [sum, squares, n] = [0, 0, 0];
    for (let y = 1; y < height - 1; y++)
      for (let x = 1; x < width - 1; x++) {
        const l = grey(x - 1, y) + grey(x + 1, y) + grey(x, y - 1) + grey(x, y + 1) - 4 * grey(x, y);
        sum += l;
        squares += l * l;
        n++;
      }
    const variance = squares / n - (sum / n) ** 2;
    expect(variance).toBeGreaterThan(255 ** 2);
    const measured = await sharpnessOf({ data, width, height });
    expect(Math.abs(measured - variance) / variance).toBeLessThan(0.03);
  });
});

describe('signalsOf', () => {
  it('takes hash and sharpness from the pixels and the capture time from the file', async () => {
    const file = await withExif(sharp(portrait), { DateTimeOriginal: exifOf(summer) }).toBuffer();
    const pixels = await pixelsOf(file);
    expect(await signalsOf(pixels, file)).toEqual({
      takenAt: isoOf(summer),
      hash: await differenceHash(pixels),
      sharpness: await sharpnessOf(pixels),
    });
    // The same pixels with a file that says nothing (a master sharp wrote): no capture time.
    expect((await signalsOf(pixels, await sharp(file).toBuffer())).takenAt).toBeNull();
  });
});
