/**
 * The spine of a photo book (issue 33): its width follows the page count and the product's paper,
 * as the lab binds it: the cover on both sides of the block plus one paper thickness per sheet.
 */
import { assertPageCount, type PageRules } from './pages.ts';

export type CoverKind = 'soft' | 'hard';

/**
 * How a product is bound, in mm, per product (the paper and the board differ between lines).
 * Values are those of common photo book lines (docs/decisions.md, "Photo book spine"):
 * - soft cover, perfect bound: a 300 g/m² laminated cover card (~0.25 mm) round a block of 170 g/m²
 *   silk paper (~0.16 mm a sheet); nothing wraps round a board.
 * - hard cover, case bound: 2.0 mm greyboard on each side of a block of 200 g/m² silk (~0.2 mm a
 *   sheet), plus endpapers and glue, and a 15 mm turn-in folded round the boards.
 */
export interface Binding {
  cover: CoverKind;
  /** One sheet (two pages) of the inner paper. */
  paperMm: number;
  /** One cover board (a soft cover's card); the spine spans two, one each side of the block. */
  boardMm: number;
  /** What binding adds to the spine beyond boards and paper: endpapers and glue of a case. */
  allowanceMm: number;
  /** The cover material folded round each board edge (hard covers; 0 for soft). */
  wrapMm: number;
  /** The joint beside the spine where the case flexes, on the front and back (0 for soft): no text there. */
  hingeMm: number;
}

/** What the spine needs of a product: its page rules and its binding. */
export interface SpineSpec {
  pages: PageRules;
  binding: Binding;
}

/**
 * The spine width for `pages` inner pages: 2 × board + allowance + sheets × paper, sheets = pages / 2.
 * A count the product does not take throws (RangeError): a cover printed for it would not fit the
 * book. Exact to the micrometre, so the sum carries no floating-point tail into a PDF box.
 */
export function spineWidthMm(book: SpineSpec, pages: number): number {
  assertPageCount(book.pages, pages);
  const { paperMm, boardMm, allowanceMm } = book.binding;
  const sheets = pages / 2;
  return Math.round((2 * boardMm + allowanceMm + sheets * paperMm) * 1000) / 1000;
}
