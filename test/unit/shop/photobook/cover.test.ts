import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COVER_BLEED_MM,
  type CoverGeometry,
  coverSpread,
  largestSpineFontPt,
  MIN_SPINE_TEXT_MM,
  PT_PER_MM,
  spineNeededMm,
  spineTextFits,
  spineTextFromPages,
} from '../../../../shop/photobook/cover.ts';
import { pageCounts } from '../../../../shop/photobook/pages.ts';
import { PHOTOBOOKS } from '../../../../shop/photobook/products.ts';
import { spineWidthMm } from '../../../../shop/photobook/spine.ts';

const soft = PHOTOBOOKS['photobook-20x20-soft']!;
const hard = PHOTOBOOKS['photobook-20x20-hard']!;
const landscapeHard = PHOTOBOOKS['photobook-a4-landscape-hard']!;

/** A product and one of its page counts, for any book product. */
const bookAndPages = fc
  .constantFrom(...Object.values(PHOTOBOOKS))
  .chain((spec) => fc.constantFrom(...pageCounts(spec.pages)).map((pages) => ({ spec, pages })));

describe('coverSpread', () => {
  it('a 20×20 soft cover of 24 pages: 2 pages + 2.42 mm spine, no wrap, 3 mm bleed', () => {
    const { mm, spineWidthMm: spine, wrapMm } = coverSpread(soft, 24);
    expect(spine).toBe(2.42);
    expect(wrapMm).toBe(0);
    expect(mm.trimBox).toEqual({ x: 3, y: 3, width: 402.42, height: 200 });
    expect(mm.bleedBox).toEqual({ x: 0, y: 0, width: 408.42, height: 206 });
    expect(mm.back).toEqual({ from: 3, to: 203 });
    expect(mm.spine).toEqual({ from: 203, to: 205.42 });
    expect(mm.front).toEqual({ from: 205.42, to: 405.42 });
    expect(mm.visible).toEqual({ from: 3, to: 203 });
    expect(mm.hinges).toEqual({ back: { from: 203, to: 203 }, front: { from: 205.42, to: 205.42 } });
  });

  it('a 20×20 hard cover of 24 pages: the 15 mm turn-in on every side, 10 mm hinges beside the spine', () => {
    const { mm, spineWidthMm: spine, wrapMm } = coverSpread(hard, 24);
    expect(spine).toBe(6.9);
    expect(wrapMm).toBe(15);
    expect(mm.trimBox).toEqual({ x: 3, y: 3, width: 436.9, height: 230 });
    expect(mm.bleedBox).toEqual({ x: 0, y: 0, width: 442.9, height: 236 });
    expect(mm.back).toEqual({ from: 18, to: 218 });
    expect(mm.spine).toEqual({ from: 218, to: 224.9 });
    expect(mm.front).toEqual({ from: 224.9, to: 424.9 });
    expect(mm.visible).toEqual({ from: 18, to: 218 });
    expect(mm.hinges).toEqual({ back: { from: 208, to: 218 }, front: { from: 224.9, to: 234.9 } });
  });

  it('an A4 landscape hard cover of 120 pages lays two 297 mm panels beside a 16.5 mm spine', () => {
    const { mm } = coverSpread(landscapeHard, 120);
    expect(mm.trimBox.width).toBe(2 * 297 + 16.5 + 2 * 15);
    expect(mm.trimBox.height).toBe(210 + 2 * 15);
  });

  it('answers the same geometry in PDF points (72 to the inch)', () => {
    const { mm, pt } = coverSpread(hard, 24);
    expect(pt.bleedBox.width).toBeCloseTo((442.9 / 25.4) * 72, 3);
    expect(pt.trimBox.x).toBeCloseTo((3 / 25.4) * 72, 3);
    const flat = (g: CoverGeometry) =>
      JSON.stringify(g)
        .match(/-?\d+(\.\d+)?/g)!
        .map(Number);
    const inPt = flat(pt);
    flat(mm).forEach((n, i) => {
      expect(inPt[i]).toBeCloseTo(n * PT_PER_MM, 2);
    });
  });

  it('lays back, spine and front edge to edge inside the trim, which the bleed surrounds by 3 mm', () => {
    fc.assert(
      fc.property(bookAndPages, ({ spec, pages }) => {
        const { mm, spineWidthMm: spine, wrapMm } = coverSpread(spec, pages);
        const b = COVER_BLEED_MM;
        expect(mm.bleedBox.width).toBeCloseTo(mm.trimBox.width + 2 * b, 9);
        expect(mm.bleedBox.height).toBeCloseTo(mm.trimBox.height + 2 * b, 9);
        expect(mm.trimBox.width).toBeCloseTo(2 * spec.pageMm.width + spine + 2 * wrapMm, 9);
        expect(mm.trimBox.height).toBeCloseTo(spec.pageMm.height + 2 * wrapMm, 9);
        expect(mm.back.from).toBeCloseTo(b + wrapMm, 9);
        expect(mm.back.to).toBe(mm.spine.from);
        expect(mm.spine.to).toBe(mm.front.from);
        expect(mm.spine.to - mm.spine.from).toBeCloseTo(spine, 9);
        expect(mm.front.to - mm.front.from).toBeCloseTo(spec.pageMm.width, 9);
        expect(mm.front.to).toBeCloseTo(mm.trimBox.x + mm.trimBox.width - wrapMm, 9);
        expect(mm.visible.to - mm.visible.from).toBeCloseTo(spec.pageMm.height, 9);
        expect(wrapMm).toBe(spec.binding.cover === 'hard' ? spec.binding.wrapMm : 0);
      }),
    );
  });

  it('gets wider by the paper of each added sheet, and only the spine moves', () => {
    for (const spec of Object.values(PHOTOBOOKS)) {
      const counts = pageCounts(spec.pages);
      for (const [i, pages] of counts.slice(1).entries()) {
        const before = coverSpread(spec, counts[i]!).mm;
        const after = coverSpread(spec, pages).mm;
        expect(after.trimBox.width - before.trimBox.width).toBeCloseTo(spec.binding.paperMm, 9);
        expect(after.back).toEqual(before.back);
        expect(after.trimBox.height).toBe(before.trimBox.height);
      }
    }
  });

  it('refuses a page count the product does not take', () => {
    expect(() => coverSpread(soft, 25)).toThrow(RangeError);
    expect(() => coverSpread(soft, 102)).toThrow(RangeError);
    expect(() => coverSpread(hard, 22)).toThrow(RangeError);
  });
});

describe('spineTextFits (the preflight: "spine too thin for its text")', () => {
  it.each([
    [4.99, 6, false, 'under the 5 mm floor, whatever the size'],
    [5, 8, true, '8 pt is 2.82 mm + 2 × 1 mm'],
    [5, 9, false, '9 pt is 3.18 mm + 2 mm'],
    [6.9, 12, true, '12 pt is 4.23 mm + 2 mm'],
    [10, 22, true, '22 pt is 7.76 mm + 2 mm'],
    [10, 23, false, '23 pt is 8.11 mm + 2 mm'],
  ])('%s mm spine, %s pt text → %s (%s)', (spine, size, fits) => {
    expect(spineTextFits(spine, size)).toBe(fits);
  });

  it('spineNeededMm is the thinnest spine that takes the size: the floor, or the text and its margins', () => {
    expect(spineNeededMm(6)).toBe(MIN_SPINE_TEXT_MM);
    expect(spineNeededMm(12)).toBeCloseTo(12 / PT_PER_MM + 2, 9);
    for (const size of [6, 8, 9, 12, 22, 23]) {
      expect(spineTextFits(spineNeededMm(size), size)).toBe(true);
      expect(spineTextFits(spineNeededMm(size) - 0.01, size)).toBe(false);
    }
  });

  it.each([0, -3, Number.NaN])('refuses a font size of %s pt', (size) => {
    expect(() => spineTextFits(10, size)).toThrow(RangeError);
  });

  it('takes 12 pt spine text on soft covers from 72 pages and on hard covers at every count', () => {
    const fitting = (spec: typeof soft) =>
      pageCounts(spec.pages).filter((pages) => spineTextFits(spineWidthMm(spec, pages), 12));
    expect(fitting(soft)[0]).toBe(72);
    expect(fitting(soft)).toEqual(pageCounts(soft.pages).filter((pages) => pages >= 72));
    expect(fitting(hard)).toEqual(pageCounts(hard.pages));
  });

  it('spineTextFromPages is the least page count whose spine takes the text, or null when none does', () => {
    expect(spineTextFromPages(soft, 12)).toBe(72);
    expect(spineTextFromPages(hard, 12)).toBe(hard.pages.min);
    expect(spineTextFromPages(soft, 40)).toBeNull();
    const top = pageCounts(soft.pages).at(-1)!;
    const biggest = largestSpineFontPt(spineWidthMm(soft, top))!;
    expect(spineTextFromPages(soft, biggest)).toBe(top);
  });

  it('largestSpineFontPt is the largest whole size that fits, and null under the floor', () => {
    expect(largestSpineFontPt(MIN_SPINE_TEXT_MM - 0.01)).toBeNull();
    expect(largestSpineFontPt(5)).toBe(8);
    fc.assert(
      fc.property(fc.double({ min: MIN_SPINE_TEXT_MM, max: 60, noNaN: true }), (spine) => {
        const pt = largestSpineFontPt(spine)!;
        expect(spineTextFits(spine, pt)).toBe(true);
        expect(spineTextFits(spine, pt + 1)).toBe(false);
      }),
    );
  });
});
