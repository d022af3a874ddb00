/**
 * The photo book products (issue 33): page size, page rules and binding of each, keyed by the
 * product's key in templates/products.json (where its names and prices are). The server answers a
 * book product with its spec (Product.photobook in the contract), so the editor, the price shown and
 * the printed cover all read the same numbers.
 */
import { z } from 'zod';
import type { CoverSpec } from './cover.ts';
import { assertPageRules } from './pages.ts';
import type { Binding } from './spine.ts';

/** The price list's product type of a photo book (S0 §2 has 0 prints, 1 cards, 2 calendars, 89 gifts). */
export const PHOTOBOOK_PRODUCT_TYPE = 3;

/** A photo book product as the contract answers it: everything pages, spine and cover need. */
export const PhotobookSpec = z.object({
  pageMm: z.object({ width: z.number().positive(), height: z.number().positive() }),
  pages: z.object({
    min: z.number().int().positive(),
    max: z.number().int().positive(),
    step: z.number().int().positive(),
  }),
  binding: z.object({
    cover: z.enum(['soft', 'hard']),
    paperMm: z.number().positive(),
    boardMm: z.number().nonnegative(),
    allowanceMm: z.number().nonnegative(),
    wrapMm: z.number().nonnegative(),
    hingeMm: z.number().nonnegative(),
  }) satisfies z.ZodType<Binding>,
}) satisfies z.ZodType<CoverSpec>;
export type PhotobookSpec = z.infer<typeof PhotobookSpec>;

/**
 * Perfect bound: a 300 g/m² laminated cover card (~0.25 mm) glued round a block of 170 g/m² silk
 * (~0.16 mm a sheet). No board, so nothing wraps and nothing hinges.
 */
const SOFT: Binding = { cover: 'soft', paperMm: 0.16, boardMm: 0.25, allowanceMm: 0, wrapMm: 0, hingeMm: 0 };
/**
 * Case bound: 2.0 mm greyboard each side of a block of 200 g/m² silk (~0.2 mm a sheet); endpapers and
 * glue add ~0.5 mm; the printed cover turns 15 mm in round the boards; the joint is ~10 mm.
 */
const HARD: Binding = { cover: 'hard', paperMm: 0.2, boardMm: 2, allowanceMm: 0.5, wrapMm: 15, hingeMm: 10 };

/** Perfect binding holds fewer pages than a case: 24 to 100 soft, 24 to 120 hard, a sheet at a time. */
const SOFT_PAGES = { min: 24, max: 100, step: 2 };
const HARD_PAGES = { min: 24, max: 120, step: 2 };

const book = (width: number, height: number, binding: Binding): PhotobookSpec => ({
  pageMm: { width, height },
  pages: binding.cover === 'soft' ? SOFT_PAGES : HARD_PAGES,
  binding,
});

/** Every photo book product by its key in templates/products.json. */
export const PHOTOBOOKS: Readonly<Record<string, PhotobookSpec>> = {
  'photobook-20x20-soft': book(200, 200, SOFT),
  'photobook-20x20-hard': book(200, 200, HARD),
  'photobook-a4-portrait-soft': book(210, 297, SOFT),
  'photobook-a4-portrait-hard': book(210, 297, HARD),
  'photobook-a4-landscape-soft': book(297, 210, SOFT),
  'photobook-a4-landscape-hard': book(297, 210, HARD),
  'photobook-30x30-soft': book(300, 300, SOFT),
  'photobook-30x30-hard': book(300, 300, HARD),
};

/**
 * A book spec that can be printed: its page rules hold together (assertPageRules) and the minimum and
 * step are even, as every page count must fill whole sheets. Throws the first problem.
 */
export function assertPhotobookSpec(spec: PhotobookSpec): void {
  PhotobookSpec.parse(spec);
  assertPageRules(spec.pages);
  if (spec.pages.min % 2 !== 0 || spec.pages.step % 2 !== 0) {
    throw new RangeError(
      `A book's pages fill whole sheets: min ${spec.pages.min} and step ${spec.pages.step} must be even`,
    );
  }
}

/** The spec of a product key, or undefined when the key is no photo book. */
export function photobookSpec(key: string): PhotobookSpec | undefined {
  return Object.hasOwn(PHOTOBOOKS, key) ? PHOTOBOOKS[key] : undefined;
}
