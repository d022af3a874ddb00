/** The overview's pages near the screen (pageNumbering.ts nearRange): found by halving, rows in order. */
import { describe, expect, it } from 'vitest';
import { nearRange } from '../../../src/features/editor/photobook/pageNumbering.ts';

/** An element that only has a box, counting how often it is read. */
const boxed = (top: number, height: number, reads: { n: number }) =>
  ({
    getBoundingClientRect: () => {
      reads.n++;
      return { top, bottom: top + height } as DOMRect;
    },
  }) as Element;

/** `count` pages in rows of `columns`, each row `pitch` px, the first at `offset` (the screen's scroll moves it). */
function pages(count: number, columns: number, pitch: number, offset: number) {
  const reads = { n: 0 };
  const items = Array.from({ length: count }, (_, k) =>
    boxed(offset + Math.floor(k / columns) * pitch, pitch - 12, reads),
  );
  return { items, reads };
}

const screen = (top: number, bottom: number) => boxed(top, bottom - top, { n: 0 });

describe('nearRange', () => {
  it('is the pages on the screen and within a quarter of it above and below', () => {
    // A 400 px screen: a quarter is 100 px; rows of 3, 100 px apart, from the screen's top.
    const { items } = pages(100, 3, 100, 0);
    // Rows 0-4 are on screen, row 5 (top 500) starts a quarter below it.
    expect(nearRange(items, screen(0, 400))).toEqual([0, 15]);
  });

  it('follows the scroll: rows scrolled above the screen by more than a quarter are not near', () => {
    const { items } = pages(100, 3, 100, -1000);
    // Row 10 is at the screen's top; row 9 ends 12 px above it, within the quarter; row 8 ends at -112.
    const [first, end] = nearRange(items, screen(0, 400));
    expect(first).toBe(9 * 3);
    expect(end).toBe(15 * 3);
  });

  it('ends at the last page', () => {
    const { items } = pages(10, 3, 100, -100);
    expect(nearRange(items, screen(0, 400))).toEqual([0, 10]);
  });

  it('reads a dozen boxes of 100, not all', () => {
    const { items, reads } = pages(100, 3, 100, -1500);
    nearRange(items, screen(0, 400));
    expect(reads.n).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(101)));
  });

  it('is empty for no pages, and for a screen with no height (the overview hidden)', () => {
    expect(nearRange([], screen(0, 400))).toEqual([0, 0]);
    const { items } = pages(12, 3, 0, 0);
    const [first, end] = nearRange(items, screen(0, 0));
    expect(end - first).toBeLessThanOrEqual(0);
  });
});
