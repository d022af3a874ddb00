import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertPageCount,
  assertPageRules,
  clampPageCount,
  extraPageSteps,
  nextPageCount,
  type PageRules,
  pageCounts,
  previousPageCount,
  validPageCount,
} from '../../../../shop/photobook/pages.ts';

const book: PageRules = { min: 24, max: 100, step: 2 };
const byFour: PageRules = { min: 20, max: 60, step: 4 };

/** Any rules that hold together: max reachable from min in whole steps. */
const rulesArb = fc
  .record({ min: fc.integer({ min: 1, max: 60 }), step: fc.integer({ min: 1, max: 8 }), steps: fc.nat(50) })
  .map(({ min, step, steps }): PageRules => ({ min, step, max: min + steps * step }));

describe('validPageCount', () => {
  it.each([
    [24, true],
    [26, true],
    [98, true],
    [100, true],
    [22, false],
    [25, false],
    [99, false],
    [102, false],
    [24.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('24–100 in steps of 2: %s pages → %s', (pages, valid) => {
    expect(validPageCount(book, pages)).toBe(valid);
  });

  it('counts steps from the minimum, not from zero', () => {
    expect(pageCounts(byFour)).toEqual([20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60]);
    expect(validPageCount(byFour, 22)).toBe(false);
    expect(validPageCount(byFour, 24)).toBe(true);
  });

  it('takes exactly the counts pageCounts lists', () => {
    fc.assert(
      fc.property(rulesArb, fc.integer({ min: -5, max: 500 }), (rules, pages) => {
        expect(validPageCount(rules, pages)).toBe(pageCounts(rules).includes(pages));
      }),
    );
  });

  it('assertPageCount names the range and the step of a count it refuses', () => {
    expect(() => assertPageCount(book, 25)).toThrow(/25 pages: the book takes 24 to 100 pages in steps of 2/);
    expect(() => assertPageCount(book, 26)).not.toThrow();
  });

  it('extraPageSteps counts the steps above the minimum, and refuses counts off the rules', () => {
    expect(extraPageSteps(book, 24)).toBe(0);
    expect(extraPageSteps(book, 26)).toBe(1);
    expect(extraPageSteps(book, 100)).toBe(38);
    expect(extraPageSteps(byFour, 28)).toBe(2);
    expect(() => extraPageSteps(book, 27)).toThrow(RangeError);
    expect(() => extraPageSteps(book, 102)).toThrow(RangeError);
  });
});

describe('nextPageCount and previousPageCount (add and remove pages)', () => {
  it.each([
    [24, 26],
    [98, 100],
    [100, null],
    [25, 26],
    [10, 24],
    [101, null],
  ])('add pages from %s → %s', (pages, next) => {
    expect(nextPageCount(book, pages)).toBe(next);
  });

  it.each([
    [26, 24],
    [100, 98],
    [24, null],
    [25, 24],
    [10, null],
    [150, 100],
  ])('remove pages from %s → %s', (pages, previous) => {
    expect(previousPageCount(book, pages)).toBe(previous);
  });

  it('moves a whole step of a product with steps of 4', () => {
    expect(nextPageCount(byFour, 20)).toBe(24);
    expect(nextPageCount(byFour, 21)).toBe(24);
    expect(previousPageCount(byFour, 27)).toBe(24);
    expect(previousPageCount(byFour, 60)).toBe(56);
  });

  it('go to the nearest valid count beyond, with none skipped, or null at the end of the range', () => {
    fc.assert(
      fc.property(rulesArb, fc.integer({ min: -5, max: 500 }), (rules, pages) => {
        const valid = pageCounts(rules);
        const next = nextPageCount(rules, pages);
        const previous = previousPageCount(rules, pages);
        expect(next).toBe(valid.find((n) => n > pages) ?? null);
        expect(previous).toBe(valid.filter((n) => n < pages).at(-1) ?? null);
      }),
    );
  });

  it('undo each other from any valid count inside the range', () => {
    fc.assert(
      fc.property(rulesArb, fc.nat(50), (rules, i) => {
        const valid = pageCounts(rules);
        const pages = valid[i % valid.length]!;
        const next = nextPageCount(rules, pages);
        if (next !== null) expect(previousPageCount(rules, next)).toBe(pages);
        const previous = previousPageCount(rules, pages);
        if (previous !== null) expect(nextPageCount(rules, previous)).toBe(pages);
      }),
    );
  });

  it('do nothing with a count that is not a number', () => {
    expect(nextPageCount(book, Number.NaN)).toBeNull();
    expect(previousPageCount(book, Number.NaN)).toBeNull();
  });
});

describe('clampPageCount (the count for the pages the pictures want)', () => {
  it.each([
    [0, 24],
    [23, 24],
    [24, 24],
    [25, 26],
    [26, 26],
    [24.1, 26],
    [99, 100],
    [100, 100],
    [101, 100],
    [300, 100],
    [Number.NaN, 24],
    [Number.NEGATIVE_INFINITY, 24],
    [Number.POSITIVE_INFINITY, 100],
  ])('24–100 in steps of 2: wanted %s → %s', (wanted, pages) => {
    expect(clampPageCount(book, wanted)).toBe(pages);
  });

  it('rounds up to the step of 4: never fewer pages than wanted', () => {
    expect(clampPageCount(byFour, 21)).toBe(24);
    expect(clampPageCount(byFour, 24)).toBe(24);
    expect(clampPageCount(byFour, 57)).toBe(60);
  });

  it('is always a valid count, never below the wanted pages inside the range, and less than a step above', () => {
    fc.assert(
      fc.property(rulesArb, fc.double({ min: -10, max: 600, noNaN: true }), (rules, wanted) => {
        const pages = clampPageCount(rules, wanted);
        expect(validPageCount(rules, pages)).toBe(true);
        if (wanted <= rules.max) expect(pages).toBeGreaterThanOrEqual(wanted);
        else expect(pages).toBe(rules.max);
        if (wanted >= rules.min) expect(pages - wanted).toBeLessThan(rules.step);
      }),
    );
  });
});

describe('assertPageRules', () => {
  it('takes rules whose maximum is whole steps above the minimum', () => {
    expect(() => assertPageRules(book)).not.toThrow();
    expect(() => assertPageRules({ min: 24, max: 24, step: 2 })).not.toThrow();
  });

  it.each([
    [{ min: 24, max: 101, step: 2 }, /not min 24 plus whole steps of 2/],
    [{ min: 30, max: 24, step: 2 }, /min 30 is above max 24/],
    [{ min: 24, max: 100, step: 0 }, /whole positive numbers/],
    [{ min: 0, max: 100, step: 2 }, /whole positive numbers/],
    [{ min: 24, max: 100, step: 1.5 }, /whole positive numbers/],
  ])('refuses %j', (rules, message) => {
    expect(() => assertPageRules(rules)).toThrow(message);
  });
});
