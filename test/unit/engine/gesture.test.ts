import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  beginGesture,
  cropFor,
  type Finger,
  fingerDown,
  fingerMove,
  fingerUp,
  type Gesture,
  gestureResult,
  MAX_PINCH_FACTOR,
  TAP_SLOP_PX,
} from '../../../engine/gesture.ts';
import type { CropRect } from '../../../engine/image.ts';

/** A slot 200 x 100 px on screen showing the middle of a picture. */
const FRAME = { width: 200, height: 100 };
const CROP: CropRect = { x: 0.2, y: 0.1, width: 0.6, height: 0.8 };

const f = (id: number, x: number, y: number): Finger => ({ id, x, y });

function expectCrop(actual: CropRect, expected: CropRect, digits = 12): void {
  expect(actual.x).toBeCloseTo(expected.x, digits);
  expect(actual.y).toBeCloseTo(expected.y, digits);
  expect(actual.width).toBeCloseTo(expected.width, digits);
  expect(actual.height).toBeCloseTo(expected.height, digits);
}

/** The picture point (fractions of the picture) under a screen point of the frame. */
const pictureAt = (crop: CropRect, p: { x: number; y: number }) => ({
  x: crop.x + (p.x / FRAME.width) * crop.width,
  y: crop.y + (p.y / FRAME.height) * crop.height,
});

/** One finger down at (50, 50) and dragged 40 px right, 10 px down. */
function dragged(): Gesture {
  let g = fingerDown(beginGesture(CROP), f(1, 50, 50));
  for (let i = 1; i <= 4; i++) g = fingerMove(g, f(1, 50 + 10 * i, 50 + 2.5 * i), FRAME);
  return g;
}

describe('one finger drags', () => {
  it('moves the picture with the finger (the window moves the other way, scaled by the crop)', () => {
    const g = dragged();
    expectCrop(g.crop, { x: 0.2 - (40 / 200) * 0.6, y: 0.1 - (10 / 100) * 0.8, width: 0.6, height: 0.8 });
    // The picture point under the finger when it landed is under it now.
    const before = pictureAt(CROP, { x: 50, y: 50 });
    const after = pictureAt(g.crop, { x: 90, y: 60 });
    expect(after.x).toBeCloseTo(before.x, 12);
    expect(after.y).toBeCloseTo(before.y, 12);
    expect(gestureResult(fingerUp(g, 1))).toEqual(g.crop);
  });

  it('a finger that stays within the tap slop is a tap: nothing is stored', () => {
    let g = fingerDown(beginGesture(CROP), f(1, 50, 50));
    g = fingerMove(g, f(1, 50 + TAP_SLOP_PX, 50), FRAME);
    expect(g.tap).toBe(true);
    expect(gestureResult(fingerUp(g, 1))).toBeNull();
    g = fingerMove(g, f(1, 50 + TAP_SLOP_PX + 1, 50), FRAME);
    expect(g.tap).toBe(false);
    // Back where it landed: it was a drag all the same, and the crop is stored.
    g = fingerMove(g, f(1, 50, 50), FRAME);
    expect(gestureResult(fingerUp(g, 1))).toEqual(g.crop);
  });

  it('moves of a finger that is not down, and moves to the same place, change nothing', () => {
    const g = dragged();
    expect(fingerMove(g, f(7, 10, 10), FRAME)).toBe(g);
    expect(fingerMove(g, f(1, 90, 60), FRAME)).toBe(g);
    expect(fingerUp(g, 7)).toBe(g);
  });
});

describe('a second finger lands mid-drag', () => {
  it('leaves the crop exactly as it was at that instant', () => {
    const g = dragged();
    const two = fingerDown(g, f(2, 150, 20));
    expect(two.crop).toBe(g.crop);
    expect(two.base).toBe(g.crop);
    expect(two.tap).toBe(false);
  });

  it('pinches from the dragged crop, anchored at the midpoint of the fingers as they were then', () => {
    let g = fingerDown(dragged(), f(2, 150, 20));
    const shown = g.crop;
    const mid = { x: (90 + 150) / 2, y: (60 + 20) / 2 };
    const anchor = pictureAt(shown, mid);
    // Spread the fingers symmetrically about the midpoint: twice as far apart.
    g = fingerMove(g, f(1, 60, 80), FRAME);
    g = fingerMove(g, f(2, 180, 0), FRAME);
    expect(g.crop.width).toBeCloseTo(shown.width / 2, 12);
    expect(g.crop.height).toBeCloseTo(shown.height / 2, 12);
    const under = pictureAt(g.crop, mid);
    expect(under.x).toBeCloseTo(anchor.x, 12);
    expect(under.y).toBeCloseTo(anchor.y, 12);
  });

  it('the first small move after it changes the crop only a little (no jump to the drag start)', () => {
    const g = fingerDown(dragged(), f(2, 150, 20));
    const next = fingerMove(g, f(2, 151, 20), FRAME);
    expect(Math.abs(next.crop.x - g.crop.x)).toBeLessThan(0.01);
    expect(Math.abs(next.crop.width - g.crop.width)).toBeLessThan(0.01);
  });

  it('two fingers moving together pan the picture with them', () => {
    let g = fingerDown(dragged(), f(2, 150, 20));
    const shown = g.crop;
    g = fingerMove(g, f(1, 110, 70), FRAME);
    g = fingerMove(g, f(2, 170, 30), FRAME);
    expectCrop(g.crop, {
      ...shown,
      x: shown.x - (20 / 200) * shown.width,
      y: shown.y - (10 / 100) * shown.height,
    });
  });
});

describe('one of two fingers lifts mid-pinch', () => {
  function pinched(): Gesture {
    let g = fingerDown(dragged(), f(2, 150, 20));
    g = fingerMove(g, f(1, 70, 70), FRAME);
    return fingerMove(g, f(2, 170, 10), FRAME);
  }

  it('leaves the crop exactly as it was at that instant, whichever finger lifts', () => {
    const g = pinched();
    for (const id of [1, 2]) {
      const one = fingerUp(g, id);
      expect(one.crop).toBe(g.crop);
      expect(one.fingers.map((x) => x.id)).toEqual([3 - id]);
      // Still down: nothing is stored yet.
      expect(one.fingers.length).toBe(1);
    }
  });

  it('the remaining finger drags on from where it is, not from where it first landed', () => {
    const g = pinched();
    const one = fingerUp(g, 1);
    // Finger 2 is at (170, 10): a 10 px move right moves the picture by 10 px, no more.
    const moved = fingerMove(one, f(2, 180, 10), FRAME);
    expectCrop(moved.crop, { ...g.crop, x: g.crop.x - (10 / 200) * g.crop.width });
    const first = fingerMove(fingerUp(g, 2), f(1, 70, 71), FRAME);
    expectCrop(first.crop, { ...g.crop, y: g.crop.y - (1 / 100) * g.crop.height });
    // And the last finger lifting stores what is shown.
    expect(gestureResult(fingerUp(moved, 2))).toBe(moved.crop);
  });

  it('a finger landing again pinches from there: down, up, down never moves the picture', () => {
    let g = pinched();
    const shown = g.crop;
    g = fingerUp(g, 2);
    g = fingerDown(g, f(3, 20, 90));
    g = fingerUp(g, 1);
    g = fingerDown(g, f(4, 100, 50));
    expect(g.crop).toBe(shown);
    expect(g.fingers.map((x) => x.id)).toEqual([3, 4]);
  });
});

describe('three fingers', () => {
  it('the first two down pinch; the third takes over from where it is when one of them lifts', () => {
    let g = fingerDown(beginGesture(CROP), f(1, 50, 50));
    g = fingerDown(g, f(2, 150, 50));
    g = fingerDown(g, f(3, 100, 90));
    const before = g.crop;
    g = fingerMove(g, f(3, 120, 95), FRAME);
    expect(g.crop).toBe(before);
    g = fingerUp(g, 1);
    expect(g.crop).toBe(before);
    // Fingers 2 and 3 now pinch from (150, 50) and (120, 95).
    g = fingerMove(g, f(3, 121, 95), FRAME);
    expect(Math.abs(g.crop.width - before.width)).toBeLessThan(0.01);
  });
});

describe('degenerate pinches', () => {
  it('two fingers on one spot pan instead of dividing by zero', () => {
    const crop = cropFor(CROP, [f(1, 50, 50), f(2, 50, 50)], [f(1, 60, 50), f(2, 80, 50)], FRAME);
    expect(crop.width).toBe(CROP.width);
    expect(crop.x).toBeCloseTo(CROP.x - (20 / 200) * CROP.width, 12);
  });

  it('fingers brought together zoom out at most MAX_PINCH_FACTOR times, never to a zero zoom', () => {
    const crop = cropFor(CROP, [f(1, 0, 50), f(2, 200, 50)], [f(1, 100, 50), f(2, 100, 50)], FRAME);
    expect(crop.width).toBeCloseTo(CROP.width * MAX_PINCH_FACTOR, 9);
  });

  it('a frame of no size moves nothing', () => {
    const g = fingerDown(beginGesture(CROP), f(1, 0, 0));
    expect(fingerMove(g, f(1, 20, 0), { width: 0, height: 0 }).crop).toBe(CROP);
  });
});

describe('any sequence of fingers', () => {
  type Step = { kind: 'down' | 'up' | 'move'; id: number; x: number; y: number };
  const step = fc.record({
    kind: fc.constantFrom<'down' | 'up' | 'move'>('down', 'up', 'move', 'move', 'move'),
    id: fc.integer({ min: 1, max: 3 }),
    x: fc.integer({ min: 0, max: 200 }),
    y: fc.integer({ min: 0, max: 100 }),
  });

  it('never changes the crop when a finger lands or lifts, and keeps the aspect', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps: Step[]) => {
        let g = beginGesture(CROP);
        for (const s of steps) {
          const before = g.crop;
          if (s.kind === 'down') g = fingerDown(g, f(s.id, s.x, s.y));
          else if (s.kind === 'up') g = fingerUp(g, s.id);
          else g = fingerMove(g, f(s.id, s.x, s.y), FRAME);
          if (s.kind !== 'move') expect(g.crop).toBe(before);
          expect(g.crop.width / g.crop.height).toBeCloseTo(CROP.width / CROP.height, 9);
          expect(new Set(g.fingers.map((x) => x.id)).size).toBe(g.fingers.length);
        }
      }),
    );
  });
});
