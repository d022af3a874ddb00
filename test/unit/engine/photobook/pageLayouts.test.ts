import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../../engine/image.ts';
import {
  checkPageLayouts,
  fitLayout,
  mostPicturesPerPage,
  orientationOf,
  PAGE_LAYOUTS,
  type PageLayout,
  type PageRect,
  SQUARE_TOLERANCE,
  slotAspect,
  slotFrame,
} from '../../../../engine/photobook/pageLayouts.ts';

const SQUARE: Frame = { widthMm: 210, heightMm: 210 };
const A4_LANDSCAPE: Frame = { widthMm: 297, heightMm: 210 };
const byId = (id: string) => PAGE_LAYOUTS.find((l) => l.id === id)!;

const overlap = (a: PageRect, b: PageRect) =>
  a.x < b.x + b.width - 1e-9 &&
  b.x < a.x + a.width - 1e-9 &&
  a.y < b.y + b.height - 1e-9 &&
  b.y < a.y + a.height - 1e-9;

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) =>
    Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]),
  );
}

describe('the page layout catalogue', () => {
  it('is one the auto-create can fill', () => {
    expect(() => checkPageLayouts(PAGE_LAYOUTS)).not.toThrow();
    expect(mostPicturesPerPage(PAGE_LAYOUTS)).toBe(6);
  });

  it('has the layouts a book needs', () => {
    const shapes = (l: PageLayout) => l.slots.map((s) => s.orientation).join(' ');
    expect(byId('plain').slots).toEqual([]);
    expect(byId('full').slots).toEqual([{ x: 0, y: 0, width: 1, height: 1, orientation: 'square' }]);
    expect(PAGE_LAYOUTS.some((l) => l.slots.length === 1 && l.caption)).toBe(true);
    const stacked = byId('two-stacked');
    expect(shapes(stacked)).toBe('landscape landscape');
    expect(stacked.slots[1]!.y).toBeGreaterThan(stacked.slots[0]!.y);
    const side = byId('two-side');
    expect(shapes(side)).toBe('portrait portrait');
    expect(side.slots[1]!.x).toBeGreaterThan(side.slots[0]!.x);
    const bigAndSmall = byId('three-big-top').slots.map((s) => s.width * s.height);
    expect(bigAndSmall[0]).toBeGreaterThan(2 * Math.max(bigAndSmall[1]!, bigAndSmall[2]!));
    expect(byId('four-grid').slots).toHaveLength(4);
    expect(shapes(byId('four-grid'))).toBe('square square square square');
    expect(byId('six-grid-landscape').slots).toHaveLength(6);
    expect(byId('six-grid-portrait').slots).toHaveLength(6);
    for (let c = 1; c <= 6; c++) expect(PAGE_LAYOUTS.some((l) => l.slots.length === c)).toBe(true);
  });

  it('gives each slot the orientation it has on a square page, and slots that do not overlap each other or the caption', () => {
    for (const layout of PAGE_LAYOUTS) {
      const rects: PageRect[] = [...layout.slots, ...(layout.caption ? [layout.caption] : [])];
      for (const slot of layout.slots) expect(slot.orientation).toBe(orientationOf(slotAspect(slot, SQUARE)));
      rects.forEach((a, i) => {
        for (const b of rects.slice(i + 1)) expect(overlap(a, b), layout.id).toBe(false);
      });
    }
  });
});

describe('orientationOf', () => {
  it(`counts within ${SQUARE_TOLERANCE}:1 of square as square, exactly at it too`, () => {
    expect(orientationOf(1)).toBe('square');
    expect(orientationOf(SQUARE_TOLERANCE)).toBe('square');
    expect(orientationOf(1 / SQUARE_TOLERANCE)).toBe('square');
    expect(orientationOf(SQUARE_TOLERANCE + 1e-9)).toBe('landscape');
    expect(orientationOf(1 / SQUARE_TOLERANCE - 1e-9)).toBe('portrait');
  });
});

describe('slots on a page', () => {
  it("take the page's size: a square slot is landscape on an A4 landscape page", () => {
    const slot = byId('four-grid').slots[0]!;
    expect(slotAspect(slot, SQUARE)).toBeCloseTo(1, 12);
    expect(slotAspect(slot, A4_LANDSCAPE)).toBeCloseTo(297 / 210, 12);
    expect(slotFrame(slot, A4_LANDSCAPE)).toEqual({ widthMm: slot.width * 297, heightMm: slot.height * 210 });
  });
});

describe('checkPageLayouts', () => {
  const one = byId('full');
  const none = byId('plain');
  it('refuses a catalogue without a plain page, without a single picture, or with a gap in the counts', () => {
    expect(() => checkPageLayouts([one])).toThrow(RangeError);
    expect(() => checkPageLayouts([none])).toThrow(RangeError);
    expect(() => checkPageLayouts([none, one, byId('four-grid')])).toThrow(/2 pictures/);
  });

  it('refuses a repeated id or a rectangle off the page', () => {
    expect(() => checkPageLayouts([none, one, one])).toThrow(/twice/);
    const off = { id: 'off', slots: [{ ...one.slots[0]!, x: 0.5 }], caption: null };
    expect(() => checkPageLayouts([none, off])).toThrow(/off the page/);
    const flat = { id: 'flat', slots: [{ ...one.slots[0]!, height: 0 }], caption: null };
    expect(() => checkPageLayouts([none, flat])).toThrow(/off the page/);
  });
});

describe('fitLayout', () => {
  it("costs nothing for pictures of the slots' shapes", () => {
    const layout = byId('two-side');
    const aspect = slotAspect(layout.slots[0]!, SQUARE);
    expect(fitLayout(layout, [aspect, aspect], SQUARE).cost).toBeCloseTo(0, 12);
  });

  it('costs |ln(picture aspect / slot aspect)| a slot', () => {
    expect(fitLayout(byId('full'), [4 / 3], SQUARE).cost).toBeCloseTo(Math.log(4 / 3), 12);
    expect(fitLayout(byId('full'), [3 / 4], SQUARE).cost).toBeCloseTo(Math.log(4 / 3), 12);
  });

  it('puts the landscape picture in the wide slot', () => {
    const layout = byId('three-big-left'); // a tall slot, then two squarer ones
    const { slots } = fitLayout(layout, [1.5, 1.5, 0.6], SQUARE);
    expect(slots[0]).toBe(2);
  });

  it('fills slots of one shape in capture order', () => {
    expect(fitLayout(byId('four-grid'), [1.5, 0.66, 1, 1.33], SQUARE).slots).toEqual([0, 1, 2, 3]);
    expect(fitLayout(byId('six-grid-portrait'), [1.5, 0.66, 1, 1.33, 0.5, 2], SQUARE).slots).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
  });

  it('refuses the wrong number of pictures', () => {
    expect(() => fitLayout(byId('four-grid'), [1, 1], SQUARE)).toThrow(RangeError);
  });

  it('finds the least cost of any assignment, each picture in one slot (property)', () => {
    const layouts = PAGE_LAYOUTS.filter((l) => l.slots.length > 0);
    fc.assert(
      fc.property(
        fc.constantFrom(...layouts),
        fc.array(fc.double({ min: 0.25, max: 4, noNaN: true }), { minLength: 6, maxLength: 6 }),
        fc.constantFrom(SQUARE, A4_LANDSCAPE, { widthMm: 210, heightMm: 297 }),
        (layout, all, page) => {
          const aspects = all.slice(0, layout.slots.length);
          const { cost, slots } = fitLayout(layout, aspects, page);
          expect([...slots].sort((a, b) => a - b)).toEqual(aspects.map((_, i) => i));
          const costOf = (order: readonly number[]) =>
            layout.slots.reduce(
              (sum, s, k) => sum + Math.abs(Math.log(aspects[order[k]!]! / slotAspect(s, page))),
              0,
            );
          expect(costOf(slots)).toBeCloseTo(cost, 9);
          const least = Math.min(...permutations(aspects.length).map(costOf));
          expect(cost).toBeLessThanOrEqual(least + 1e-9);
        },
      ),
    );
  });
});
