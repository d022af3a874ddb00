/** Pictures for the photo book tests: times from the clock (no literal year), hashes from bit patterns. */
import fc from 'fast-check';
import type { BookPicture } from '../../../../engine/photobook/bookPicture.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** Midnight UTC at the start of the current month: any year, whole numbers of hours from it. */
export const BASE_TIME = (() => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
})();

/** An EXIF-style capture time (no zone) `ms` after BASE_TIME. */
export const takenAt = (ms: number) => new Date(BASE_TIME + ms).toISOString().slice(0, 19);

/** A 16-hex-digit hash from two 32-bit halves. */
export const hashOf = (high: number, low: number) =>
  (high >>> 0).toString(16).padStart(8, '0') + (low >>> 0).toString(16).padStart(8, '0');

/** `hash` with the given bits (0 = the lowest) flipped. */
export function flipBits(hash: string, bits: readonly number[]): string {
  let high = Number.parseInt(hash.slice(0, 8), 16);
  let low = Number.parseInt(hash.slice(8), 16);
  for (const bit of bits) {
    if (bit < 32) low ^= 1 << bit;
    else high ^= 1 << (bit - 32);
  }
  return hashOf(high, low);
}

let serial = 0;

/** A sharp landscape picture with an unrelated hash unless told otherwise. */
export function picture(fields: Partial<BookPicture> = {}): BookPicture {
  serial += 1;
  return {
    uuid: `picture-${serial}`,
    width: 4000,
    height: 3000,
    takenAt: null,
    // A hash spread over all 64 bits, far from the next serial's (multiplicative hashing).
    hash: hashOf(Math.imul(serial, 0x9e3779b1), Math.imul(serial ^ 0x5bd1e995, 0x85ebca6b)),
    sharpness: 200,
    ...fields,
  };
}

const ASPECTS = [
  [4000, 3000],
  [3000, 4000],
  [6000, 4000],
  [4000, 6000],
  [3000, 3000],
  [4032, 1816],
  [1816, 4032],
] as const;

/** Any set of pictures: mixed shapes, a fifth without a time, times up to 20 days apart, in any order. */
export const bookPictures = (maxLength = 300) =>
  fc
    .array(
      fc.record({
        shape: fc.constantFrom(...ASPECTS),
        time: fc.option(fc.integer({ min: 0, max: 20 * 24 * 60 }), { freq: 4 }),
        high: fc.integer({ min: 0, max: 0xffffffff }),
        low: fc.integer({ min: 0, max: 0xffffffff }),
        sharpness: fc.double({ min: 0, max: 600, noNaN: true }),
      }),
      // Any length up to the most, not fast-check's usual handful.
      { maxLength, size: 'max' },
    )
    .map((rows) =>
      rows.map(
        (r, i): BookPicture => ({
          uuid: `p${i}`,
          width: r.shape[0],
          height: r.shape[1],
          takenAt: r.time === null ? null : takenAt(r.time * MINUTE),
          hash: hashOf(r.high, r.low),
          sharpness: r.sharpness,
        }),
      ),
    );

/** Any page range: least pages 1 to 40, steps of 1 to 4, most pages up to 120 above the least. */
export const pageRanges = fc
  .record({
    minPages: fc.integer({ min: 1, max: 40 }),
    pageStep: fc.integer({ min: 1, max: 4 }),
    extra: fc.nat(120),
  })
  .map(({ minPages, pageStep, extra }) => ({ minPages, pageStep, maxPages: minPages + extra }));
