/**
 * A template's preview sheet (issue 18, fair previews): how the list tile, 'View with own pictures'
 * and the cart thumbnail lay out a product's printed pages in one picture, in millimetres. The
 * server draws it (server/render/sheet-renderer.ts); the list reserves its box from the same
 * numbers, so a tile has the picture's own aspect ratio before the picture arrives.
 *
 * - One visible page (a flat card, a mug, a canvas): the page alone, at its own size. Nothing is
 *   added around it, so the picture has the product's aspect ratio exactly.
 * - Two to four pages (a card with a back or an inside, a folded card's spreads): every page at full
 *   size in a grid on a neutral sheet, in page order, reading left to right and top to bottom. The
 *   grid is the one whose outline is nearest a square (a landscape card's front and back one above
 *   the other, a portrait card's side by side), so a small box shows each page as large as it can.
 *   Four pages two by two are a card's front, inside left, inside right and back: the outside (front
 *   and back) above the inside spread, its two pages side by side as they are opened.
 * - More pages (a calendar's cover and twelve months): the first page (the cover) at full size and
 *   the next SHEET_STRIP_PAGES pages small beside it or under it, a strip hinting at what follows.
 */
import type { Template } from './template.ts';

/** What a sheet needs of a template. */
export type SheetTemplate = Pick<Template, 'dimensions'> & {
  pages: readonly { id: string; clientIgnore?: boolean }[];
};

/** One page's place on the sheet, in mm from the sheet's top-left corner. */
export interface SheetCell {
  pageId: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PreviewSheet {
  widthMm: number;
  heightMm: number;
  /** The pages drawn: the first is the first page (the front, the cover). */
  cells: SheetCell[];
  /** The pages a shopper sees in all: more than the cells when the sheet shows a strip. */
  pageCount: number;
}

/** Up to this many pages are all shown at full size; beyond it the cover and a strip. */
export const SHEET_ALL_PAGES_MAX = 4;
/** The pages of the strip after the cover. */
export const SHEET_STRIP_PAGES = 3;
/** The gap between pages, as a share of the page's longer side; the margin is half of it. */
export const SHEET_GAP_SHARE = 0.06;
/** The sheet under the pages: the app's surface colour (--color-surface), so white pages stand out. */
export const SHEET_BACKGROUND = '#f4f5f7';

interface Size {
  width: number;
  height: number;
}

/** How far an outline is from a square: 0 for a square, the same for 2:1 and 1:2. */
const unsquareness = ({ width, height }: Size) => Math.abs(Math.log(width / height));

/** The first candidate nearest a square (earlier candidates win ties). */
function nearestSquare<T extends Size>(candidates: readonly T[]): T {
  return candidates.reduce((best, c) => (unsquareness(c) < unsquareness(best) - 1e-9 ? c : best));
}

export function previewSheet(template: SheetTemplate): PreviewSheet {
  const pages = template.pages.filter((p) => !p.clientIgnore);
  const { width: w, height: h } = template.dimensions;
  const pageCount = pages.length;
  if (pageCount <= 1) {
    const pageId = pages[0]?.id ?? template.pages[0]?.id ?? '';
    return { widthMm: w, heightMm: h, cells: [{ pageId, x: 0, y: 0, width: w, height: h }], pageCount };
  }
  const gap = SHEET_GAP_SHARE * Math.max(w, h);
  const margin = gap / 2;

  if (pageCount <= SHEET_ALL_PAGES_MAX) {
    // Most columns first: of two equally square grids the side-by-side one, read like a book.
    const grids = Array.from({ length: pageCount }, (_, n) => pageCount - n).map((columns) => {
      const rows = Math.ceil(pageCount / columns);
      return {
        columns,
        width: 2 * margin + columns * w + (columns - 1) * gap,
        height: 2 * margin + rows * h + (rows - 1) * gap,
      };
    });
    const grid = nearestSquare(grids);
    const order =
      pageCount === 4 && grid.columns === 2 ? [pages[0]!, pages[3]!, pages[1]!, pages[2]!] : pages;
    const cells = order.map((page, n) => ({
      pageId: page.id,
      x: margin + (n % grid.columns) * (w + gap),
      y: margin + Math.floor(n / grid.columns) * (h + gap),
      width: w,
      height: h,
    }));
    return { widthMm: grid.width, heightMm: grid.height, cells, pageCount };
  }

  // The cover and a strip of the pages after it, beside it (a column) or under it (a row).
  const k = SHEET_STRIP_PAGES;
  const between = gap / 2;
  const cover = { pageId: pages[0]!.id, x: margin, y: margin, width: w, height: h };
  const columnH = (h - (k - 1) * between) / k;
  const columnW = (columnH * w) / h;
  const rowW = (w - (k - 1) * between) / k;
  const rowH = (rowW * h) / w;
  const strip = pages.slice(1, 1 + k);
  const layouts = [
    {
      width: 2 * margin + w + gap + columnW,
      height: 2 * margin + h,
      cells: strip.map((page, n) => ({
        pageId: page.id,
        x: margin + w + gap,
        y: margin + n * (columnH + between),
        width: columnW,
        height: columnH,
      })),
    },
    {
      width: 2 * margin + w,
      height: 2 * margin + h + gap + rowH,
      cells: strip.map((page, n) => ({
        pageId: page.id,
        x: margin + n * (rowW + between),
        y: margin + h + gap,
        width: rowW,
        height: rowH,
      })),
    },
  ];
  const layout = nearestSquare(layouts);
  return { widthMm: layout.width, heightMm: layout.height, cells: [cover, ...layout.cells], pageCount };
}
