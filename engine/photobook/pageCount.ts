/**
 * A photo book's inner page count (issue 33): between the product's least and most pages, in its step
 * (24 to 100 pages in steps of 2: 24, 26, …, 100).
 */

export interface BookPageRange {
  readonly minPages: number;
  readonly maxPages: number;
  readonly pageStep: number;
}

/**
 * Pictures per page the auto-create aims at: within the 1 to 4 a page shows well, and dense enough
 * that a shopper's 60 pictures make the least book rather than one priced for 30 extra pages.
 */
export const PICTURES_PER_PAGE = 3;

/** Throws a RangeError unless the range is whole numbers with 1 ≤ minPages ≤ maxPages and pageStep ≥ 1. */
export function checkPageRange(range: BookPageRange): void {
  const { minPages, maxPages, pageStep } = range;
  if (![minPages, maxPages, pageStep].every(Number.isSafeInteger) || minPages < 1 || pageStep < 1) {
    throw new RangeError(`A book's pages must be whole numbers from 1, in steps of 1 or more`);
  }
  if (maxPages < minPages)
    throw new RangeError(`A book's most pages (${maxPages}) are fewer than its least (${minPages})`);
}

/** Whether a book may have this many inner pages. */
export function isValidPageCount(count: number, range: BookPageRange): boolean {
  return (
    Number.isSafeInteger(count) &&
    count >= range.minPages &&
    count <= range.maxPages &&
    (count - range.minPages) % range.pageStep === 0
  );
}

/** The most pages a book of this product has: maxPages, or the step below it. */
export function largestPageCount(range: BookPageRange): number {
  return range.minPages + Math.floor((range.maxPages - range.minPages) / range.pageStep) * range.pageStep;
}

/** The least valid page count of at least `wanted` pages, or the largest one when none is that large. */
export function pageCountFor(wanted: number, range: BookPageRange): number {
  if (wanted <= range.minPages) return range.minPages;
  const steps = Math.ceil((wanted - range.minPages) / range.pageStep);
  return Math.min(range.minPages + steps * range.pageStep, largestPageCount(range));
}

/** The page count the auto-create gives `pictures` pictures: PICTURES_PER_PAGE to a page, in range. */
export function bookPageCount(pictures: number, range: BookPageRange): number {
  return pageCountFor(Math.ceil(pictures / PICTURES_PER_PAGE), range);
}
