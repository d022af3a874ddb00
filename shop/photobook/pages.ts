/**
 * A photo book's inner pages (issue 33): a count between the product's minimum and maximum, in its
 * step. The step is the pages one sheet adds (2: a sheet printed on both sides), so a count off the
 * step would leave a half sheet the lab cannot bind.
 */
import { type BookPageRange, isValidPageCount, pageCountFor } from '../../engine/index.ts';

/** The product's page rules: `min` and `max` inner pages, changed `step` pages at a time. */
export interface PageRules {
  min: number;
  max: number;
  step: number;
}

/**
 * Rules that hold together: whole positive numbers, `min` ≤ `max`, and `max` reachable from `min` in
 * steps (else the "maximum" could never be chosen). A broken product is a data mistake: it throws.
 */
export function assertPageRules(rules: PageRules): void {
  const { min, max, step } = rules;
  if (![min, max, step].every((n) => Number.isInteger(n) && n > 0)) {
    throw new RangeError(`Page rules must be whole positive numbers: ${JSON.stringify(rules)}`);
  }
  if (min > max) throw new RangeError(`Page rules: min ${min} is above max ${max}`);
  if ((max - min) % step !== 0) {
    throw new RangeError(`Page rules: max ${max} is not min ${min} plus whole steps of ${step}`);
  }
}

/** The product's page rules as the engine's auto layout reads them (one rule for both). */
export const bookPageRange = (rules: PageRules): BookPageRange => ({
  minPages: rules.min,
  maxPages: rules.max,
  pageStep: rules.step,
});

/** Whether a book can have `pages` inner pages: a whole number in range, on the product's step. */
export function validPageCount(rules: PageRules, pages: number): boolean {
  return isValidPageCount(pages, bookPageRange(rules));
}

/** Throws the reason a page count is not one the product takes; callers that price or print use it. */
export function assertPageCount(rules: PageRules, pages: number): void {
  if (!validPageCount(rules, pages)) {
    throw new RangeError(
      `${pages} pages: the book takes ${rules.min} to ${rules.max} pages in steps of ${rules.step}`,
    );
  }
}

/** How many steps above the minimum a valid count is: what the price adds per step. */
export function extraPageSteps(rules: PageRules, pages: number): number {
  assertPageCount(rules, pages);
  return (pages - rules.min) / rules.step;
}

/**
 * The count "add pages" goes to: the smallest valid count above `pages`, or null at the maximum (the
 * button is then disabled). A count off the step (a book made before the product changed) goes up to
 * the next valid one rather than further off the step.
 */
export function nextPageCount(rules: PageRules, pages: number): number | null {
  if (!Number.isFinite(pages)) return null;
  const next = pages < rules.min ? rules.min : stepUp(rules, Math.floor(pages) + 1);
  return next <= rules.max ? next : null;
}

/**
 * The count "remove pages" goes to: the largest valid count below `pages`, or null at the minimum.
 * Removing never goes below the minimum, however far above the maximum a count was.
 */
export function previousPageCount(rules: PageRules, pages: number): number | null {
  if (!Number.isFinite(pages) || pages <= rules.min) return null;
  const below = Math.ceil(pages) - 1;
  const previous = rules.min + Math.floor((below - rules.min) / rules.step) * rules.step;
  return Math.min(previous, rules.max);
}

/**
 * The valid count for a wanted one (the pages the pictures need): rounded UP to the step so no
 * picture loses its page, then held to the range. Above the maximum it is the maximum: the caller
 * (the auto layout) must then fit or leave out pictures itself.
 */
export function clampPageCount(rules: PageRules, wanted: number): number {
  if (Number.isNaN(wanted)) return rules.min;
  return pageCountFor(wanted, bookPageRange(rules));
}

/** Every count the product takes, smallest first: the rows of a price-per-pages list. */
export function pageCounts(rules: PageRules): number[] {
  const counts: number[] = [];
  for (let pages = rules.min; pages <= rules.max; pages += rules.step) counts.push(pages);
  return counts;
}

/** The smallest count on the step that is at least `pages` (pages ≥ min). */
function stepUp(rules: PageRules, pages: number): number {
  return rules.min + Math.ceil((pages - rules.min) / rules.step) * rules.step;
}
