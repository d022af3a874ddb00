/**
 * The photo book's page layouts (issue 33), as data: each has 0 to 6 picture slots and perhaps a
 * caption, every rectangle in fractions of the page (x right, y down). Authors may define their own in
 * a template folder; PAGE_LAYOUTS is the catalogue the auto-create uses when a template gives none.
 *
 * A slot's `orientation` is the one it has on a square page, for the layout picker's icons; the
 * auto-create scores with the slot's true aspect on the book's page (slotAspect), so a layout drawn
 * for a square page also fits A4 landscape as well as it can.
 */
import type { Frame } from '../image.ts';

export type Orientation = 'landscape' | 'portrait' | 'square';

export interface PageRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface LayoutSlot extends PageRect {
  readonly orientation: Orientation;
}

export interface PageLayout {
  readonly id: string;
  readonly slots: readonly LayoutSlot[];
  /** Where the caption's text goes; null for a layout without one. */
  readonly caption: PageRect | null;
}

/** Within this ratio of square (10 %) a picture or a slot counts as square. */
export const SQUARE_TOLERANCE = 1.1;

export function orientationOf(aspect: number): Orientation {
  if (aspect > SQUARE_TOLERANCE) return 'landscape';
  if (aspect < 1 / SQUARE_TOLERANCE) return 'portrait';
  return 'square';
}

/** Width over height of a slot on a page of this size. */
export function slotAspect(slot: PageRect, page: Frame): number {
  return (slot.width * page.widthMm) / (slot.height * page.heightMm);
}

/** A slot's frame in millimetres: what its picture is cropped to. */
export function slotFrame(slot: PageRect, page: Frame): Frame {
  return { widthMm: slot.width * page.widthMm, heightMm: slot.height * page.heightMm };
}

// The grid the catalogue is drawn on: a 6 % margin and a 3 % gutter.
const M = 0.06;
const G = 0.03;
const HALF = (1 - 2 * M - G) / 2; // 0.425
const THIRD = (1 - 2 * M - 2 * G) / 3; // 0.2733…

const slot = (x: number, y: number, width: number, height: number): LayoutSlot => ({
  x,
  y,
  width,
  height,
  orientation: orientationOf(width / height),
});

export const PAGE_LAYOUTS: readonly PageLayout[] = [
  // A title page, or a page that brings a book of few pictures up to the product's least page count.
  { id: 'plain', slots: [], caption: { x: 0.1, y: 0.4, width: 0.8, height: 0.2 } },
  { id: 'full', slots: [slot(0, 0, 1, 1)], caption: null },
  { id: 'single-landscape', slots: [slot(M, 0.17, 1 - 2 * M, 0.66)], caption: null },
  { id: 'single-portrait', slots: [slot(0.17, M, 0.66, 1 - 2 * M)], caption: null },
  {
    id: 'single-caption',
    slots: [slot(M, M, 1 - 2 * M, 0.7)],
    caption: { x: M, y: 0.8, width: 1 - 2 * M, height: 0.14 },
  },
  {
    id: 'two-stacked',
    slots: [slot(0.18, M, 0.64, HALF), slot(0.18, M + HALF + G, 0.64, HALF)],
    caption: null,
  },
  {
    id: 'two-side',
    slots: [slot(M, 0.18, HALF, 0.64), slot(M + HALF + G, 0.18, HALF, 0.64)],
    caption: null,
  },
  {
    id: 'two-side-caption',
    slots: [slot(M, 0.08, HALF, 0.64), slot(M + HALF + G, 0.08, HALF, 0.64)],
    caption: { x: M, y: 0.78, width: 1 - 2 * M, height: 0.14 },
  },
  {
    id: 'three-big-top',
    slots: [slot(M, M, 1 - 2 * M, 0.5), slot(M, 0.59, HALF, 0.35), slot(M + HALF + G, 0.59, HALF, 0.35)],
    caption: null,
  },
  {
    id: 'three-big-left',
    slots: [slot(M, M, 0.52, 1 - 2 * M), slot(0.61, M, 0.33, HALF), slot(0.61, M + HALF + G, 0.33, HALF)],
    caption: null,
  },
  {
    id: 'three-row',
    slots: [0, 1, 2].map((i) => slot(M + i * (THIRD + G), 0.31, THIRD, 0.38)),
    caption: null,
  },
  {
    id: 'four-grid',
    slots: [0, 1, 2, 3].map((i) =>
      slot(M + (i % 2) * (HALF + G), M + Math.floor(i / 2) * (HALF + G), HALF, HALF),
    ),
    caption: null,
  },
  {
    id: 'four-big-top',
    slots: [
      slot(M, M, 1 - 2 * M, 0.52),
      ...[0, 1, 2].map((i) => slot(M + i * (THIRD + G), 0.61, THIRD, 0.33)),
    ],
    caption: null,
  },
  {
    id: 'five-mosaic',
    slots: [
      slot(M, M, HALF, HALF),
      slot(M + HALF + G, M, HALF, HALF),
      ...[0, 1, 2].map((i) => slot(M + i * (THIRD + G), M + HALF + G, THIRD, HALF)),
    ],
    caption: null,
  },
  {
    id: 'six-grid-landscape',
    slots: [0, 1, 2, 3, 4, 5].map((i) =>
      slot(M + (i % 2) * (HALF + G), M + Math.floor(i / 2) * (THIRD + G), HALF, THIRD),
    ),
    caption: null,
  },
  {
    id: 'six-grid-portrait',
    slots: [0, 1, 2, 3, 4, 5].map((i) =>
      slot(M + (i % 3) * (THIRD + G), M + Math.floor(i / 3) * (HALF + G), THIRD, HALF),
    ),
    caption: null,
  },
];

/**
 * Checks a catalogue the auto-create can fill: unique ids, rectangles on the page, a layout without
 * pictures (to reach a product's least page count) and one for every number of pictures from 1 to
 * the most any layout holds (so any number of pictures splits into pages). Throws a RangeError.
 */
export function checkPageLayouts(layouts: readonly PageLayout[]): void {
  const ids = new Set<string>();
  const counts = new Set<number>();
  const onPage = (r: PageRect) =>
    [r.x, r.y, r.width, r.height].every(Number.isFinite) &&
    r.x >= 0 &&
    r.y >= 0 &&
    r.width > 0 &&
    r.height > 0 &&
    r.x + r.width <= 1 + 1e-9 &&
    r.y + r.height <= 1 + 1e-9;
  for (const layout of layouts) {
    if (ids.has(layout.id)) throw new RangeError(`Page layout ${layout.id} is defined twice`);
    ids.add(layout.id);
    for (const r of [...layout.slots, ...(layout.caption ? [layout.caption] : [])]) {
      if (!onPage(r)) throw new RangeError(`Page layout ${layout.id} has a rectangle off the page`);
    }
    counts.add(layout.slots.length);
  }
  if (!counts.has(0)) throw new RangeError('The page layouts need one without pictures');
  const most = Math.max(...counts);
  for (let c = 1; c <= most; c++) {
    if (!counts.has(c)) throw new RangeError(`The page layouts have none for ${c} pictures`);
  }
  if (most < 1) throw new RangeError('The page layouts need one with a picture');
}

/** The most pictures a page of this catalogue holds. */
export function mostPicturesPerPage(layouts: readonly PageLayout[]): number {
  return Math.max(0, ...layouts.map((l) => l.slots.length));
}

/**
 * How well pictures fit a layout's slots on a page, and which picture goes in which slot.
 *
 * The cost is the sum over slots of |ln(picture aspect) − ln(slot aspect)|: 0 for a perfect fit,
 * ln(4/3) ≈ 0.29 for a 4:3 picture in a square slot, ln(16/9) ≈ 0.58 for a landscape in a portrait
 * slot of the same proportions. It measures the same thing as sorting into landscape, portrait and
 * square, in finer steps. The cost is a convex function of the difference, so pairing the pictures and
 * the slots each sorted by aspect is an optimal assignment; slots of equal aspect then take their
 * pictures in capture order, so a grid reads in the order the pictures were taken.
 *
 * `aspects` are the pictures' aspects in capture order; `slots[k]` of the answer is the index into
 * `aspects` of the picture for the layout's slot k.
 */
export function fitLayout(
  layout: PageLayout,
  aspects: readonly number[],
  page: Frame,
): { cost: number; slots: number[] } {
  const n = layout.slots.length;
  if (aspects.length !== n)
    throw new RangeError(`Layout ${layout.id} takes ${n} pictures, not ${aspects.length}`);
  const slotLogs = layout.slots.map((s) => Math.log(slotAspect(s, page)));
  const pictureLogs = aspects.map((a) => Math.log(a));
  const bySlot = slotLogs.map((_, k) => k).sort((a, b) => slotLogs[a]! - slotLogs[b]! || a - b);
  const byPicture = pictureLogs.map((_, k) => k).sort((a, b) => pictureLogs[a]! - pictureLogs[b]! || a - b);
  const slots = new Array<number>(n);
  let cost = 0;
  for (let k = 0; k < n; k++) {
    const s = bySlot[k]!;
    const p = byPicture[k]!;
    slots[s] = p;
    cost += Math.abs(pictureLogs[p]! - slotLogs[s]!);
  }
  // Slots of (almost) equal aspect are interchangeable: give them their pictures in capture order.
  let start = 0;
  while (start < n) {
    let end = start + 1;
    while (end < n && slotLogs[bySlot[end]!]! - slotLogs[bySlot[start]!]! < 1e-9) end++;
    if (end - start > 1) {
      const same = bySlot.slice(start, end).sort((a, b) => a - b);
      const pictures = same.map((k) => slots[k]!).sort((a, b) => a - b);
      same.forEach((k, i) => {
        slots[k] = pictures[i]!;
      });
    }
    start = end;
  }
  return { cost, slots };
}
