import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chapterPadding,
  chapterPageCounts,
  chapterSizes,
  keptBreaks,
} from '../../../../engine/photobook/chapterPages.ts';

const MOST = 6;

describe('chapterPageCounts', () => {
  it('gives one chapter all the pages it can fill', () => {
    expect(chapterPageCounts([30], 10, MOST)).toEqual([10]);
    expect(chapterPageCounts([30], 5, MOST)).toEqual([5]);
    expect(chapterPageCounts([30], 4, MOST)).toBeNull(); // 8 a page
    expect(chapterPageCounts([30], 31, MOST)).toBeNull(); // an empty page
  });

  it('shares pages in proportion, the first chapter odd and the middle ones even', () => {
    const pages = chapterPageCounts([30, 30, 30], 30, MOST)!;
    expect(pages).toEqual([9, 10, 11]);
  });

  it('is null when a middle chapter cannot fill a spread', () => {
    expect(chapterPageCounts([10, 1, 10], 8, MOST)).toBeNull();
  });

  it('handles no chapters', () => {
    expect(chapterPageCounts([], 0, MOST)).toEqual([]);
    expect(chapterPageCounts([], 2, MOST)).toBeNull();
  });

  it('fills exactly the pages with 1 to 6 pictures a page and chapters opening on left pages (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 200 }),
        (sizes, total) => {
          const pages = chapterPageCounts(sizes, total, MOST);
          if (!pages) return;
          expect(pages.reduce((a, b) => a + b, 0)).toBe(total);
          let first = 1;
          pages.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(Math.ceil(sizes[i]! / MOST));
            expect(p).toBeLessThanOrEqual(sizes[i]!);
            // Every chapter after the first opens on an even (left) page.
            if (i > 0) expect(first % 2).toBe(0);
            first += p;
          });
        },
      ),
    );
  });

  it('always finds a share for one chapter that can fill the pages (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 300 }), (size, total) => {
        fc.pre(Math.ceil(size / MOST) <= total && total <= size);
        expect(chapterPageCounts([size], total, MOST)).toEqual([total]);
      }),
    );
  });
});

describe('chapterPadding', () => {
  it('adds a plain page where the next chapter would open on a right page', () => {
    expect(chapterPadding([3, 4, 5])).toEqual([0, 0, 0]);
    expect(chapterPadding([2, 3, 5])).toEqual([1, 1, 0]);
    expect(chapterPadding([2])).toEqual([0]);
  });
});

describe('chapterSizes', () => {
  it('cuts the pictures at the breaks', () => {
    expect(chapterSizes(10, [])).toEqual([10]);
    expect(chapterSizes(10, [3, 7])).toEqual([3, 4, 3]);
    expect(chapterSizes(0, [])).toEqual([0]);
  });
});

describe('keptBreaks', () => {
  const breaks = [
    { start: 10, gapMs: 5 },
    { start: 20, gapMs: 9 },
    { start: 30, gapMs: 7 },
    { start: 40, gapMs: 9 },
  ];

  it('keeps all breaks when it can', () => {
    expect(keptBreaks(breaks, () => true)).toEqual([10, 20, 30, 40]);
    expect(keptBreaks([], () => true)).toEqual([]);
  });

  it('gives up the smallest gaps first, the later of equal gaps first', () => {
    expect(keptBreaks(breaks, (s) => s.length <= 3)).toEqual([20, 30, 40]);
    expect(keptBreaks(breaks, (s) => s.length <= 1)).toEqual([20]);
    expect(keptBreaks(breaks, (s) => s.length === 0)).toEqual([]);
  });
});
