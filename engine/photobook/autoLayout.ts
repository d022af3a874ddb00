/**
 * The photo book's auto-create layout (issue 33): from the shopper's pictures to a book's inner pages,
 * each with its layout and every picture cropped into its slot. Pure and deterministic: the same
 * pictures and product always give the same book.
 *
 * 1. Near-duplicates are left out, the sharpest of each group kept (duplicates.ts); then the very
 *    blurred (blur.ts). Both are listed in `dropped` so the shopper can put them back.
 * 2. Should more pictures remain than the product's largest book holds at its densest layouts, the
 *    least sharp are left out too ('no-room').
 * 3. The rest run in capture order, in chapters at large time gaps (chapters.ts).
 * 4. The book gets PICTURES_PER_PAGE pictures a page, within the product's page range and step
 *    (pageCount.ts): denser when the pictures outnumber its most pages, one a page and then plain pages
 *    when they are too few for its least. Each chapter opens a spread (chapterPages.ts).
 * 5. Each chapter's pictures are split into pages, in order, and each page given the layout whose
 *    slots fit its pictures' shapes best (pageLayouts.ts), with a preference for 2 to 4 pictures a
 *    page, a chapter opening on a single picture if it suits, and no page with the layout of the page
 *    before.
 * 6. Each picture is cropped to its slot's aspect about its faces (suggestedCrop), else centred.
 */
import type { CropRect, Frame } from '../image.ts';
import { suggestedCrop } from '../suggestedCrop.ts';
import { leaveOutBlurred } from './blur.ts';
import type { BookPicture, DroppedPicture } from './bookPicture.ts';
import { hasUsableSize, pictureAspect } from './bookPicture.ts';
import { chapterPadding, chapterPageCounts, chapterSizes, keptBreaks } from './chapterPages.ts';
import { captureOrder, chapterBreaks } from './chapters.ts';
import { leaveOutDuplicates, rankedSharpness } from './duplicates.ts';
import { type BookPageRange, bookPageCount, checkPageRange, largestPageCount } from './pageCount.ts';
import {
  checkPageLayouts,
  fitLayout,
  mostPicturesPerPage,
  PAGE_LAYOUTS,
  type PageLayout,
  slotFrame,
} from './pageLayouts.ts';

/** The product as the layout needs it: its page range and step, and its inner page's trim size. */
export interface BookSpec extends BookPageRange {
  readonly page: Frame;
}

export interface LaidOutSlot {
  /** The picture's uuid. */
  picture: string;
  /** Its crop, in fractions of the upright picture, of the slot's aspect. */
  crop: CropRect;
}

export interface LaidOutPage {
  /** The PageLayout's id. */
  layout: string;
  /** One per slot of the layout, in the layout's slot order. */
  slots: LaidOutSlot[];
}

export interface AutoLayout {
  /** The inner pages in order: as many as the product allows, in its step. */
  pages: LaidOutPage[];
  /** The pictures left out, in the order they were given. */
  dropped: DroppedPicture[];
}

/**
 * What a page's number of pictures costs, beside its fit: 2 and 3 are the book's rhythm, 4 is fine,
 * a single picture is a highlight (free where a chapter opens), 5 and 6 are crowded. The costs are in
 * the fit's units (ln of aspect ratios): a crowded page is worth about as much as a picture cropped
 * from 3:2 to 4:3.
 */
const COUNT_COST = [0, 0.3, 0, 0, 0.15, 0.5, 0.8];
/** More than six to a page (an author's layout): dearer still. */
const CROWDED_COST = 1.2;
/** An empty caption is white space unless the shopper writes in it: where a chapter opens it is a title. */
const CAPTION_COST = 0.3;
/** The same layout as the page before: a book reads better with some change. */
const REPEAT_COST = 0.25;

const countCost = (count: number, opens: boolean) =>
  count === 1 && opens ? 0 : (COUNT_COST[count] ?? CROWDED_COST);
const captionCost = (layout: PageLayout, opens: boolean) => (layout.caption && !opens ? CAPTION_COST : 0);

function checkInput(pictures: readonly BookPicture[], book: BookSpec): void {
  checkPageRange(book);
  const { widthMm, heightMm } = book.page;
  if (!(Number.isFinite(widthMm) && Number.isFinite(heightMm) && widthMm > 0 && heightMm > 0)) {
    throw new RangeError(`A book's page must have a positive size, got ${widthMm} x ${heightMm} mm`);
  }
  for (const p of pictures) {
    if (!hasUsableSize(p))
      throw new RangeError(`Picture ${p.uuid} has no usable size (${p.width} x ${p.height})`);
  }
}

/** The least sharp pictures beyond `room`, which the book cannot hold. */
function beyondRoom(pictures: readonly BookPicture[], room: number): Set<BookPicture> {
  if (pictures.length <= room) return new Set();
  const ranked = pictures
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rankedSharpness(b.p) - rankedSharpness(a.p) || a.i - b.i);
  return new Set(ranked.slice(room).map((r) => r.p));
}

/** A page before its layout is chosen: its pictures (a run in capture order) and whether it opens a chapter. */
interface PlannedPage {
  readonly pictures: readonly BookPicture[];
  readonly opens: boolean;
}

/**
 * A chapter's pictures split into `pages` pages in order, 1 to `most` a page, at the least total cost
 * of count and best fit (dynamic programming over (pages, pictures) placed).
 */
function splitChapter(
  pictures: readonly BookPicture[],
  pages: number,
  most: number,
  byCount: readonly (readonly PageLayout[])[],
  page: Frame,
): PlannedPage[] {
  const s = pictures.length;
  const aspects = pictures.map(pictureAspect);
  // The cost of a page holding pictures j … j+c-1.
  const pageCost = (j: number, c: number) => {
    const opens = j === 0;
    const group = aspects.slice(j, j + c);
    let best = Number.POSITIVE_INFINITY;
    for (const layout of byCount[c]!)
      best = Math.min(best, fitLayout(layout, group, page).cost + captionCost(layout, opens));
    return best + countCost(c, opens);
  };
  const costs = new Float64Array(s * (most + 1));
  for (let j = 0; j < s; j++)
    for (let c = 1; c <= most && j + c <= s; c++) costs[j * (most + 1) + c] = pageCost(j, c);

  const width = s + 1;
  const best = new Float64Array((pages + 1) * width).fill(Number.POSITIVE_INFINITY);
  const choice = new Int8Array((pages + 1) * width);
  best[0] = 0;
  for (let m = 0; m < pages; m++) {
    // Pictures still to place must fit the pages still to fill: 1 to `most` each.
    const after = pages - m - 1;
    for (let j = 0; j < s; j++) {
      const here = best[m * width + j]!;
      if (here === Number.POSITIVE_INFINITY) continue;
      for (let c = 1; c <= most && j + c <= s; c++) {
        const left = s - j - c;
        if (left < after || left > after * most) continue;
        const total = here + costs[j * (most + 1) + c]!;
        const at = (m + 1) * width + j + c;
        if (total < best[at]!) {
          best[at] = total;
          choice[at] = c;
        }
      }
    }
  }
  if (best[pages * width + s] === Number.POSITIVE_INFINITY) {
    throw new Error(`Cannot split ${s} pictures into ${pages} pages`); // chapterPageCounts rules this out
  }
  const counts = new Array<number>(pages);
  let j = s;
  for (let m = pages; m > 0; m--) {
    const c = choice[m * width + j]!;
    counts[m - 1] = c;
    j -= c;
  }
  let start = 0;
  return counts.map((c, m) => {
    const planned = { pictures: pictures.slice(start, start + c), opens: m === 0 };
    start += c;
    return planned;
  });
}

/**
 * Each page's layout: among the layouts for its number of pictures, the one of least fit, caption and
 * repeat cost over the whole book (dynamic programming over the layout of the page before).
 */
function chooseLayouts(
  planned: readonly PlannedPage[],
  byCount: readonly (readonly PageLayout[])[],
  page: Frame,
): { layout: PageLayout; slots: number[] }[] {
  type Option = { layout: PageLayout; slots: number[]; cost: number };
  const options: Option[][] = planned.map((p) => {
    const aspects = p.pictures.map(pictureAspect);
    return byCount[p.pictures.length]!.map((layout) => {
      const fit = fitLayout(layout, aspects, page);
      return { layout, slots: fit.slots, cost: fit.cost + captionCost(layout, p.opens) };
    });
  });
  if (options.length === 0) return [];
  // totals[i][k]: the least cost of pages 0 … i with page i in its option k; from[i][k]: page i-1's option.
  const totals: number[][] = [options[0]!.map((o) => o.cost)];
  const from: number[][] = [options[0]!.map(() => 0)];
  for (let i = 1; i < options.length; i++) {
    const before = options[i - 1]!;
    const beforeTotals = totals[i - 1]!;
    const here = options[i]!.map((option) => {
      let best = Number.POSITIVE_INFINITY;
      let bestFrom = 0;
      before.forEach((b, k) => {
        const total = beforeTotals[k]! + (b.layout === option.layout ? REPEAT_COST : 0);
        if (total < best) {
          best = total;
          bestFrom = k;
        }
      });
      return { total: best + option.cost, from: bestFrom };
    });
    totals.push(here.map((h) => h.total));
    from.push(here.map((h) => h.from));
  }
  const last = totals[options.length - 1]!;
  let k = last.reduce((best, t, i) => (t < last[best]! ? i : best), 0);
  const chosen = new Array<Option>(options.length);
  for (let i = options.length - 1; i >= 0; i--) {
    chosen[i] = options[i]![k]!;
    k = from[i]![k]!;
  }
  return chosen;
}

/**
 * The auto-created book for `pictures` (in the order the shopper gave them) and the product `book`,
 * from the page layouts `layouts` (PAGE_LAYOUTS unless the template has its own). Throws a RangeError
 * for a page range, page size, layout catalogue or picture size it cannot work with.
 */
export function autoLayout(
  pictures: readonly BookPicture[],
  book: BookSpec,
  layouts: readonly PageLayout[] = PAGE_LAYOUTS,
): AutoLayout {
  checkInput(pictures, book);
  checkPageLayouts(layouts);
  const most = mostPicturesPerPage(layouts);
  const byCount = Array.from({ length: most + 1 }, (_, c) => layouts.filter((l) => l.slots.length === c));

  // The same picture chosen twice is in the book once.
  const seen = new Set<string>();
  const unique = pictures.filter((p) => !seen.has(p.uuid) && seen.add(p.uuid));

  const afterDuplicates = leaveOutDuplicates(unique);
  const afterBlur = leaveOutBlurred(afterDuplicates.kept);
  const noRoom = beyondRoom(afterBlur.kept, most * largestPageCount(book));
  const kept = afterBlur.kept.filter((p) => !noRoom.has(p));
  const droppedBy = new Map<string, DroppedPicture>();
  for (const d of [...afterDuplicates.dropped, ...afterBlur.dropped]) droppedBy.set(d.uuid, d);
  for (const p of noRoom) droppedBy.set(p.uuid, { uuid: p.uuid, reason: 'no-room' });
  const dropped = unique.flatMap((p) => droppedBy.get(p.uuid) ?? []);

  const ordered = captureOrder(kept);
  const n = ordered.length;
  const total = bookPageCount(n, book);
  const breaks = chapterBreaks(ordered);

  let starts: number[];
  let pagesPerChapter: number[];
  let plainAfter: number[];
  if (n >= total) {
    starts = keptBreaks(breaks, (s) => chapterPageCounts(chapterSizes(n, s), total, most) !== null);
    pagesPerChapter = chapterPageCounts(chapterSizes(n, starts), total, most) as number[];
    plainAfter = pagesPerChapter.map(() => 0);
  } else {
    const padding = (s: readonly number[]) => chapterPadding(chapterSizes(n, s)).reduce((a, b) => a + b, 0);
    starts = keptBreaks(breaks, (s) => n + padding(s) <= total);
    pagesPerChapter = chapterSizes(n, starts);
    plainAfter = chapterPadding(pagesPerChapter);
  }

  const planned: PlannedPage[] = [];
  const edges = [0, ...starts, n];
  pagesPerChapter.forEach((pages, i) => {
    const chapter = ordered.slice(edges[i], edges[i + 1]);
    planned.push(...splitChapter(chapter, pages, most, byCount, book.page));
    for (let k = 0; k < plainAfter[i]!; k++) planned.push({ pictures: [], opens: false });
  });
  while (planned.length < total) planned.push({ pictures: [], opens: false });

  const pages = chooseLayouts(planned, byCount, book.page).map(({ layout, slots }, i): LaidOutPage => {
    const group = planned[i]!.pictures;
    return {
      layout: layout.id,
      slots: layout.slots.map((slot, k) => {
        const picture = group[slots[k]!]!;
        const regions = picture.faces?.length ? { faces: picture.faces, salient: null } : null;
        return {
          picture: picture.uuid,
          crop: suggestedCrop(picture, 0, slotFrame(slot, book.page), 'fill-in', regions),
        };
      }),
    };
  });
  return { pages, dropped };
}
