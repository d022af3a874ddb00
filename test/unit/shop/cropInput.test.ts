/**
 * Crops a client may send (issue 16): bounded to the picture, in the units crops are in (fractions of
 * the upright picture, engine/image.ts), and refused naming the field otherwise.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Adaption,
  cropProblem,
  MAX_CROP_SIDE,
  MIN_CROP_SIDE,
  panCrop,
  type Rotation,
  snapCrop,
  startingCrop,
  zoomCrop,
} from '../../../engine/image.ts';
import { CropRectInput } from '../../../shop/contract.ts';

const crop = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
const fieldOf = (c: ReturnType<typeof crop>) => cropProblem(c)?.field ?? null;

describe('cropProblem', () => {
  it('takes a crop on the picture, the whole picture and a fit-in crop around it', () => {
    expect(cropProblem(crop(0, 0, 1, 1))).toBeNull();
    expect(cropProblem(crop(0.25, 0.1, 0.5, 0.8))).toBeNull();
    expect(cropProblem(crop(0.5, 0.5, 0.5, 0.5))).toBeNull();
    // Fit-in: a wide picture in a tall frame, centred with gaps above and below.
    expect(cropProblem(crop(0, -0.75, 1, 2.5))).toBeNull();
  });
  it('lets an ulp of rounding past the picture’s edge through', () => {
    expect(cropProblem(crop(0.7, 0, 0.3 + 1e-15, 1))).toBeNull();
  });
  it('refuses a crop beside the picture (x = 99) naming x', () => {
    expect(fieldOf(crop(99, 0, 1, 1))).toBe('x');
    expect(fieldOf(crop(0, 1, 0.5, 0.5))).toBe('y');
    expect(fieldOf(crop(-2, 0, 1, 1))).toBe('x');
  });
  it('refuses a crop that runs off the picture on one side (x + width > 1)', () => {
    expect(fieldOf(crop(0.6, 0, 0.5, 1))).toBe('x');
    expect(fieldOf(crop(0, -0.1, 1, 0.5))).toBe('y');
    // Larger than the picture but not around it: the picture would sit against one edge, cut off.
    expect(fieldOf(crop(0.2, 0, 1.5, 1))).toBe('x');
  });
  it('refuses a side of 1e-300, zero, negative or beyond the zoom-out bound', () => {
    expect(fieldOf(crop(0, 0, 1e-300, 1))).toBe('width');
    expect(fieldOf(crop(0, 0, 1, 0))).toBe('height');
    expect(fieldOf(crop(0, 0, -1, 1))).toBe('width');
    expect(fieldOf(crop(0, 0, MIN_CROP_SIDE, MIN_CROP_SIDE))).toBeNull();
    expect(fieldOf(crop(0, 0, MIN_CROP_SIDE / 2, 1))).toBe('width');
    expect(fieldOf(crop((1 - MAX_CROP_SIDE) / 2, 0, MAX_CROP_SIDE, 1))).toBeNull();
    expect(fieldOf(crop(-MAX_CROP_SIDE, 0, MAX_CROP_SIDE * 2, 1))).toBe('width');
  });
  it('refuses NaN and infinities', () => {
    expect(fieldOf(crop(Number.NaN, 0, 1, 1))).toBe('x');
    expect(fieldOf(crop(0, 0, Number.POSITIVE_INFINITY, 1))).toBe('width');
    expect(fieldOf(crop(0, Number.NEGATIVE_INFINITY, 1, 1))).toBe('y');
  });
  it('takes every crop the editors make: any gesture, snapped on release', () => {
    // Any picture from a thumbnail to a long panorama, in any frame from a strip to a square.
    const side = fc.integer({ min: 1, max: 100_000 });
    fc.assert(
      fc.property(
        fc.record({ width: side, height: side }),
        fc.record({
          widthMm: fc.integer({ min: 20, max: 900 }),
          heightMm: fc.integer({ min: 20, max: 900 }),
        }),
        fc.constantFrom<Rotation>(0, 90, 180, 270),
        fc.constantFrom<Adaption>('fill-in', 'fit-in'),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: 1e-3, max: 1e3, noNaN: true }),
        (picture, frame, rotation, adaption, dx, dy, zoom) => {
          const start = startingCrop(picture, rotation, frame, adaption);
          expect(cropProblem(start)).toBeNull();
          expect(cropProblem(snapCrop(start, picture, rotation, frame, adaption))).toBeNull();
          const moved = zoomCrop(panCrop(start, dx, dy), zoom);
          expect(cropProblem(snapCrop(moved, picture, rotation, frame, adaption))).toBeNull();
        },
      ),
    );
  });
});

describe('CropRectInput (the contract)', () => {
  it('answers the field and why in its issue', () => {
    const result = CropRectInput.safeParse(crop(99, 0, 1, 1));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['x']);
    expect(result.error?.issues[0]?.message).toMatch(/^The crop's x puts the crop off the picture/);
    expect(CropRectInput.safeParse(crop(0, 0, 1e-300, 1)).error?.issues[0]?.path).toEqual(['width']);
    expect(CropRectInput.safeParse(crop(0, 0, 1, 1)).success).toBe(true);
  });
});
