import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BookPageRange,
  bookPageCount,
  checkPageRange,
  isValidPageCount,
  largestPageCount,
  PICTURES_PER_PAGE,
  pageCountFor,
} from '../../../../engine/photobook/pageCount.ts';
import { pageRanges } from './bookPictures.ts';

const BOOK: BookPageRange = { minPages: 24, maxPages: 100, pageStep: 2 };
/** A range whose most pages are off its step: 24, 28, …, 96 (99 is not reached). */
const ODD: BookPageRange = { minPages: 24, maxPages: 99, pageStep: 4 };

describe('checkPageRange', () => {
  it('takes a whole range from 1 in steps of 1 or more', () => {
    expect(() => checkPageRange(BOOK)).not.toThrow();
    expect(() => checkPageRange({ minPages: 1, maxPages: 1, pageStep: 1 })).not.toThrow();
  });

  it('refuses anything else', () => {
    expect(() => checkPageRange({ ...BOOK, minPages: 0 })).toThrow(RangeError);
    expect(() => checkPageRange({ ...BOOK, pageStep: 0 })).toThrow(RangeError);
    expect(() => checkPageRange({ ...BOOK, pageStep: 1.5 })).toThrow(RangeError);
    expect(() => checkPageRange({ ...BOOK, maxPages: Number.NaN })).toThrow(RangeError);
    expect(() => checkPageRange({ ...BOOK, maxPages: 22 })).toThrow(RangeError);
  });
});

describe('page counts', () => {
  it('are the least pages and whole steps above, up to the most', () => {
    expect(isValidPageCount(24, BOOK)).toBe(true);
    expect(isValidPageCount(26, BOOK)).toBe(true);
    expect(isValidPageCount(100, BOOK)).toBe(true);
    expect(isValidPageCount(25, BOOK)).toBe(false);
    expect(isValidPageCount(22, BOOK)).toBe(false);
    expect(isValidPageCount(102, BOOK)).toBe(false);
    expect(isValidPageCount(99, ODD)).toBe(false);
  });

  it('have a largest: the most pages, or the step below them', () => {
    expect(largestPageCount(BOOK)).toBe(100);
    expect(largestPageCount(ODD)).toBe(96);
  });

  it('round a wanted count up to the next step, within the range', () => {
    expect(pageCountFor(0, BOOK)).toBe(24);
    expect(pageCountFor(24, BOOK)).toBe(24);
    expect(pageCountFor(25, BOOK)).toBe(26);
    expect(pageCountFor(100, BOOK)).toBe(100);
    expect(pageCountFor(101, BOOK)).toBe(100);
    expect(pageCountFor(97, ODD)).toBe(96);
  });

  it(`give a book ${PICTURES_PER_PAGE} pictures a page`, () => {
    expect(bookPageCount(0, BOOK)).toBe(24);
    expect(bookPageCount(24 * PICTURES_PER_PAGE, BOOK)).toBe(24);
    expect(bookPageCount(24 * PICTURES_PER_PAGE + 1, BOOK)).toBe(26);
    expect(bookPageCount(300, BOOK)).toBe(100);
    expect(bookPageCount(1000, BOOK)).toBe(100);
  });

  it('always lie within the range and its step (property)', () => {
    fc.assert(
      fc.property(pageRanges, fc.nat(2000), (range, pictures) => {
        const count = bookPageCount(pictures, range);
        expect(isValidPageCount(count, range)).toBe(true);
        // The least such count that holds the pictures at the target, unless the range ends first.
        if (count > range.minPages && count < largestPageCount(range)) {
          expect((count - range.pageStep) * PICTURES_PER_PAGE).toBeLessThan(pictures);
          expect(count * PICTURES_PER_PAGE).toBeGreaterThanOrEqual(pictures);
        }
      }),
    );
  });
});
