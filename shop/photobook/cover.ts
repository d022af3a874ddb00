/**
 * The cover spread of a photo book (issue 33): back, spine and front printed as one sheet. Its trim
 * is 2 × the page width + the spine, plus the turn-in on every side for a hard cover, and the sheet
 * carries 3 mm bleed beyond the trim on every side.
 *
 * Coordinates run from the bleed box's top-left corner (the PDF page's corner, as pdfkit places
 * things), x to the right, y down. The back panel is on the left and the front on the right, as the
 * spread lies face down before it is wrapped round the book.
 */
import { spineTextFits } from '../../engine/index.ts';
import { pageCounts } from './pages.ts';
import { type SpineSpec, spineWidthMm } from './spine.ts';

/** The bleed beyond the trim on every side of a cover, as on the inner pages. */
export const COVER_BLEED_MM = 3;
/** PDF points per millimetre (72 points to the inch). */
export const PT_PER_MM = 72 / 25.4;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A stretch along x: from the left edge to the right one. */
export interface XRange {
  from: number;
  to: number;
}

export interface CoverGeometry {
  /** The whole sheet: trim plus bleed (the PDF's MediaBox and BleedBox). */
  bleedBox: Box;
  /** Where the lab cuts (the PDF's TrimBox). A hard cover's trim includes the turn-in. */
  trimBox: Box;
  /** The panels as seen on the finished book, without turn-in or bleed. */
  back: XRange;
  spine: XRange;
  front: XRange;
  /** Top to bottom of the seen cover (the page height; a hard cover's turn-in lies outside it). */
  visible: { from: number; to: number };
  /** The joints beside the spine where the case bends (hard covers; empty ranges for soft). */
  hinges: { back: XRange; front: XRange };
}

export interface CoverSpread {
  pages: number;
  spineWidthMm: number;
  wrapMm: number;
  mm: CoverGeometry;
  /** The same geometry in PDF points, for the renderer's boxes. */
  pt: CoverGeometry;
}

/** What the cover needs of a product: its page size, page rules and binding. */
export interface CoverSpec extends SpineSpec {
  /** The trimmed inner page, in mm. */
  pageMm: { width: number; height: number };
}

/**
 * The spread for a book of `pages` inner pages (RangeError for a count the product does not take, as
 * spineWidthMm). Panels and boxes only: what goes on them is the renderer's.
 */
export function coverSpread(book: CoverSpec, pages: number): CoverSpread {
  const spine = spineWidthMm(book, pages);
  const wrap = book.binding.cover === 'hard' ? book.binding.wrapMm : 0;
  const hinge = book.binding.cover === 'hard' ? book.binding.hingeMm : 0;
  const { width: pageWidth, height: pageHeight } = book.pageMm;
  const b = COVER_BLEED_MM;
  const trimWidth = 2 * pageWidth + spine + 2 * wrap;
  const trimHeight = pageHeight + 2 * wrap;
  const left = b + wrap;
  const back = { from: left, to: left + pageWidth };
  const spineRange = { from: back.to, to: back.to + spine };
  const front = { from: spineRange.to, to: spineRange.to + pageWidth };
  const mm: CoverGeometry = {
    bleedBox: { x: 0, y: 0, width: trimWidth + 2 * b, height: trimHeight + 2 * b },
    trimBox: { x: b, y: b, width: trimWidth, height: trimHeight },
    back,
    spine: spineRange,
    front,
    visible: { from: b + wrap, to: b + wrap + pageHeight },
    hinges: {
      back: { from: back.to - hinge, to: back.to },
      front: { from: front.from, to: front.from + hinge },
    },
  };
  return {
    pages,
    spineWidthMm: spine,
    wrapMm: wrap,
    mm: round(mm, 1000),
    pt: round(scaled(mm, PT_PER_MM), 1000),
  };
}

function scaled(g: CoverGeometry, k: number): CoverGeometry {
  return mapNumbers(g, (n) => n * k);
}

/** Sums of millimetre decimals pick up float tails (0.1 + 0.2); a thousandth is far below any press. */
function round(g: CoverGeometry, per: number): CoverGeometry {
  return mapNumbers(g, (n) => Math.round(n * per) / per);
}

function mapNumbers<T>(value: T, f: (n: number) => number): T {
  if (typeof value === 'number') return f(value) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapNumbers(v, f)])) as T;
  }
  return value;
}

// The spine text's fit is the engine's: the cover it materialises leaves off what does not fit.
export {
  largestSpineFontPt,
  MIN_SPINE_TEXT_MM,
  SPINE_TEXT_MARGIN_MM,
  spineNeededMm,
  spineTextFits,
} from '../../engine/index.ts';

/**
 * The least page count whose spine takes a line of text at `fontSizePt`, or null when no count the
 * product takes does: what the editor tells a shopper whose spine text is left off.
 */
export function spineTextFromPages(book: SpineSpec, fontSizePt: number): number | null {
  return pageCounts(book.pages).find((pages) => spineTextFits(spineWidthMm(book, pages), fontSizePt)) ?? null;
}
