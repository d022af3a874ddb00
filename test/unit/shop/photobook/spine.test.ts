import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageCounts } from '../../../../shop/photobook/pages.ts';
import { PHOTOBOOKS } from '../../../../shop/photobook/products.ts';
import { type SpineSpec, spineWidthMm } from '../../../../shop/photobook/spine.ts';

const soft = PHOTOBOOKS['photobook-20x20-soft']!;
const hard = PHOTOBOOKS['photobook-20x20-hard']!;

describe('the spine table (2 × board + allowance + pages / 2 × paper)', () => {
  // Soft: 2 × 0.25 mm cover card + 0 + sheets × 0.16 mm. Hard: 2 × 2.0 mm board + 0.5 mm + sheets × 0.2 mm.
  it.each([
    [24, 2.42, 6.9],
    [26, 2.58, 7.1],
    [40, 3.7, 8.5],
    [50, 4.5, 9.5],
    [72, 6.26, 11.7],
    [100, 8.5, 14.5],
  ])('%s pages: soft %s mm, hard %s mm', (pages, softMm, hardMm) => {
    expect(spineWidthMm(soft, pages)).toBe(softMm);
    expect(spineWidthMm(hard, pages)).toBe(hardMm);
  });

  it('a hard cover takes up to 120 pages (16.5 mm); a soft cover stops at 100', () => {
    expect(spineWidthMm(hard, 120)).toBe(16.5);
    expect(() => spineWidthMm(soft, 120)).toThrow(RangeError);
  });

  it('is the same for every format of one binding: the page size does not thicken the block', () => {
    for (const spec of Object.values(PHOTOBOOKS)) {
      const twin = spec.binding.cover === 'soft' ? soft : hard;
      for (const pages of pageCounts(spec.pages))
        expect(spineWidthMm(spec, pages)).toBe(spineWidthMm(twin, pages));
    }
  });

  it.each([
    ['soft', 22, 'below the minimum'],
    ['soft', 102, 'above the maximum'],
    ['hard', 122, 'above the maximum'],
    ['soft', 25, 'off the step'],
    ['hard', 25, 'off the step'],
    ['hard', 24.5, 'not a whole count'],
    ['soft', Number.NaN, 'not a number'],
  ] as const)('a %s cover refuses %s pages (%s)', (cover, pages, _why) => {
    expect(() => spineWidthMm(cover === 'soft' ? soft : hard, pages)).toThrow(RangeError);
  });

  it('grows by one sheet of paper per two pages, from the covers alone at no pages', () => {
    const spec = fc.record({
      paperMm: fc.integer({ min: 50, max: 600 }).map((um) => um / 1000),
      boardMm: fc.integer({ min: 0, max: 3000 }).map((um) => um / 1000),
      allowanceMm: fc.integer({ min: 0, max: 1000 }).map((um) => um / 1000),
    });
    fc.assert(
      fc.property(spec, fc.integer({ min: 1, max: 100 }), (b, sheets) => {
        const book: SpineSpec = {
          pages: { min: 2, max: 400, step: 2 },
          binding: { cover: 'hard', wrapMm: 15, hingeMm: 10, ...b },
        };
        const pages = 2 * sheets;
        const width = spineWidthMm(book, pages);
        expect(width).toBeCloseTo(2 * b.boardMm + b.allowanceMm + sheets * b.paperMm, 9);
        // Exact to the micrometre: no floating-point tail for a PDF box to carry.
        expect(Math.round(width * 1000) / 1000).toBe(width);
        if (pages < 400) expect(spineWidthMm(book, pages + 2) - width).toBeCloseTo(b.paperMm, 9);
      }),
    );
  });
});
