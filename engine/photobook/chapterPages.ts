/**
 * How many pages each chapter gets (issue 33). Every chapter after the first opens on a new spread,
 * on its left page. Inner page 1 is a right page on its own (it faces the cover's inside), so pages
 * 2–3, 4–5, … are the spreads and a left page is an even one: the first chapter has an odd number of
 * pages, the middle ones an even number, the last any (the book's end is not a chapter's start).
 *
 * With enough pictures (at least one per page) every page holds pictures: chapterPageCounts shares the
 * pages out in proportion to the chapters' pictures, each page holding 1 to `most`. With fewer
 * pictures than pages each picture has its page, a chapter that would end on the wrong side is given a
 * plain page after it (chapterPadding), and the rest of the plain pages close the book.
 *
 * When the parity cannot be met (a middle chapter of one picture cannot fill a spread; a book packed
 * to its most pages has no page to spare) the chapter breaks with the smallest gaps are given up, one
 * by one, until it can (keptBreaks): one chapter always can.
 */

type Parity = 'odd' | 'even' | 'any';

function parityOf(chapter: number, chapters: number): Parity {
  if (chapters === 1 || chapter === chapters - 1) return 'any';
  return chapter === 0 ? 'odd' : 'even';
}

const fits = (pages: number, parity: Parity) =>
  parity === 'any' || (parity === 'odd' ? pages % 2 === 1 : pages % 2 === 0);

/**
 * Pages per chapter for chapters of `sizes` pictures that fill exactly `total` pages, each page with
 * 1 to `most` pictures, the parities above met, the pages as near proportional to the pictures as
 * they can be (least squares); null when no such share exists. Ties go to the fewer pages for the
 * earlier chapter, so the answer is always the same.
 */
export function chapterPageCounts(sizes: readonly number[], total: number, most: number): number[] | null {
  const k = sizes.length;
  const pictures = sizes.reduce((a, b) => a + b, 0);
  if (k === 0) return total === 0 ? [] : null;
  const width = total + 1;
  // cost[i * width + t]: the least cost of giving the first i chapters t pages.
  const cost = new Float64Array((k + 1) * width).fill(Number.POSITIVE_INFINITY);
  const choice = new Int32Array((k + 1) * width);
  cost[0] = 0;
  for (let i = 0; i < k; i++) {
    const size = sizes[i]!;
    const parity = parityOf(i, k);
    const low = Math.ceil(size / most);
    const high = Math.min(size, total);
    const share = (total * size) / pictures;
    for (let t = 0; t <= total; t++) {
      const before = cost[i * width + t]!;
      if (before === Number.POSITIVE_INFINITY) continue;
      for (let p = Math.max(low, 1); p <= high && t + p <= total; p++) {
        if (!fits(p, parity)) continue;
        const c = before + (p - share) ** 2;
        const at = (i + 1) * width + t + p;
        if (c < cost[at]!) {
          cost[at] = c;
          choice[at] = p;
        }
      }
    }
  }
  if (cost[k * width + total] === Number.POSITIVE_INFINITY) return null;
  const pages = new Array<number>(k);
  let t = total;
  for (let i = k; i > 0; i--) {
    const p = choice[i * width + t]!;
    pages[i - 1] = p;
    t -= p;
  }
  return pages;
}

/**
 * The plain pages after each chapter when every picture has its own page: one where the chapter's
 * pictures would leave the next chapter opening on a right page.
 */
export function chapterPadding(sizes: readonly number[]): number[] {
  return sizes.map((size, i) => (fits(size, parityOf(i, sizes.length)) ? 0 : 1));
}

/** The sizes of the chapters that `breaks` (sorted starts, each in 1..count-1) cut `count` pictures into. */
export function chapterSizes(count: number, breaks: readonly number[]): number[] {
  const edges = [0, ...breaks, count];
  return edges.slice(1).map((end, i) => end - edges[i]!);
}

/**
 * The chapter breaks to keep: all of them when `feasible` holds for all, else the most, strongest
 * first (largest gap, then earliest), for which it holds, found by bisection on their number.
 * `feasible([])` must hold. Returns the kept breaks' starts in order.
 */
export function keptBreaks(
  breaks: readonly { readonly start: number; readonly gapMs: number }[],
  feasible: (starts: readonly number[]) => boolean,
): number[] {
  const strongest = [...breaks].sort((a, b) => b.gapMs - a.gapMs || a.start - b.start).map((b) => b.start);
  const keep = (m: number) => strongest.slice(0, m).sort((a, b) => a - b);
  if (feasible(keep(strongest.length))) return keep(strongest.length);
  let yes = 0;
  let no = strongest.length;
  while (no - yes > 1) {
    const mid = (yes + no) >> 1;
    if (feasible(keep(mid))) yes = mid;
    else no = mid;
  }
  return keep(yes);
}
