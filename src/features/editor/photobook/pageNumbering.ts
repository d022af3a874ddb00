/**
 * The overview's page numbers (issue 33): each page's number and its buttons' labels ("Page 3", "Drag
 * page 3"), written into the list's elements by their places rather than drawn by each page. Two pages
 * taken out at the front of a 100-page book renumber the 98 after them: drawn again, that took a phone
 * at 4× throttling a fifth of a second in one frame, and writing them all at once still 70 ms of script
 * and 110 ms of layout (decisions 3.22). So the pages on screen and near it are numbered before the
 * frame is drawn, and the rest a few at a time in the tasks after it, where nobody sees them being done.
 */

/** A page's button labels by its number, in the shop's language (bookRules.numberedLabel). */
export interface PageLabels {
  open(number: number): string;
  drag(number: number): string;
}

/** Pages numbered per task once the ones in view are done: each was 2-4 ms of script and layout on a phone at 4×. */
const PER_TASK = 6;

export class PageNumbering {
  /** The place each element shows: an element already showing its place is not written again. */
  private shown = new WeakMap<Element, number>();
  private labels: PageLabels | null = null;
  private pending: ReturnType<typeof setTimeout> | null = null;
  private frame: number | null = null;

  /**
   * Numbers the list's items (li > [thumb, number, handle]): those in `viewport` or within a quarter
   * of it at the start of the next frame, before it is drawn, the rest in the tasks after it. The
   * first numbering, or one in new labels (the language changed), writes every page at once.
   *
   * In the next frame rather than at once: reading where the pages are lays the list out, and in the
   * task that changed the pages that layout (7 ms on a phone at 4× for 100 pages) came on top of the
   * change's own work, a task too long for one frame; the frame does that layout anyway.
   */
  number(list: HTMLElement, labels: PageLabels, viewport: Element) {
    this.cancel();
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.numberNow(list, labels, viewport);
    });
  }

  private numberNow(list: HTMLElement, labels: PageLabels, viewport: Element) {
    const all = this.labels !== labels;
    if (all) this.shown = new WeakMap();
    this.labels = labels;
    const items = [...list.children];
    const [first, end] = nearRange(items, viewport);
    const now: number[] = [];
    const later: number[] = [];
    // The layout is read (nearRange) before anything is written: a read after a write would lay the
    // list out again.
    for (const [k, item] of items.entries()) {
      if (this.shown.get(item) === k) continue;
      if (all || (k >= first && k < end)) now.push(k);
      else later.push(k);
    }
    for (const k of now) this.write(items[k]!, k, labels);
    const step = () => {
      this.pending = null;
      for (const k of later.splice(0, PER_TASK)) this.write(items[k]!, k, labels);
      if (later.length > 0) this.pending = setTimeout(step, 0);
    };
    if (later.length > 0) this.pending = setTimeout(step, 0);
  }

  /** Stops numbering what is left (the list changed again, or is gone). */
  cancel() {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    if (this.pending !== null) clearTimeout(this.pending);
    this.frame = null;
    this.pending = null;
  }

  private write(item: Element, k: number, labels: PageLabels) {
    this.shown.set(item, k);
    const n = k + 1;
    const [thumb, number, handle] = item.children as unknown as [Element, Element, Element];
    thumb.setAttribute('aria-label', labels.open(n));
    // The text node's own text, not a new node: a new one is laid out and shaped from nothing.
    if (number.firstChild instanceof Text) number.firstChild.data = String(n);
    else number.textContent = String(n);
    handle.setAttribute('aria-label', labels.drag(n));
  }
}

/**
 * The places of the items in the viewport or within a quarter of it: [first, end). Read from the
 * layout once per change, rather than an IntersectionObserver on every page, which Chromium works out
 * again in each frame of a scroll (5-7 ms of a frame at 4× for 100 pages). The items are in rows in
 * their order, so the ends are found by halving (a dozen boxes read, not 100).
 */
export function nearRange(items: readonly Element[], viewport: Element): [number, number] {
  const { top, bottom } = viewport.getBoundingClientRect();
  const margin = (bottom - top) / 4;
  /** The first place whose item passes `test`, or the count (the items pass it from some place on). */
  const firstWhere = (test: (box: DOMRect) => boolean) => {
    let [lo, hi] = [0, items.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (test(items[mid]!.getBoundingClientRect())) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  return [firstWhere((box) => box.bottom > top - margin), firstWhere((box) => box.top >= bottom + margin)];
}
