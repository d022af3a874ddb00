import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLUR_MEDIAN_SHARE,
  BLUR_THRESHOLD,
  isBlurred,
  leaveOutBlurred,
  medianSharpness,
} from '../../../../engine/photobook/blur.ts';
import { picture } from './bookPictures.ts';

describe('medianSharpness', () => {
  it('is the middle value, or the mean of the middle two, of the measured ones', () => {
    expect(medianSharpness([300, 10, 100].map((sharpness) => picture({ sharpness })))).toBe(100);
    expect(medianSharpness([300, 10, 100, 50].map((sharpness) => picture({ sharpness })))).toBe(75);
    expect(medianSharpness([Number.NaN, 40].map((sharpness) => picture({ sharpness })))).toBe(40);
    expect(medianSharpness([])).toBeNaN();
  });
});

describe('isBlurred', () => {
  const median = 200;
  it(`needs a sharpness below ${BLUR_THRESHOLD}: exactly at it is kept`, () => {
    expect(isBlurred(picture({ sharpness: BLUR_THRESHOLD }), median)).toBe(false);
    expect(isBlurred(picture({ sharpness: BLUR_THRESHOLD - 1e-9 }), median)).toBe(true);
  });

  it('and below the given share of the median: exactly at it is kept', () => {
    const sharpness = 20;
    expect(isBlurred(picture({ sharpness }), sharpness / BLUR_MEDIAN_SHARE)).toBe(false);
    expect(isBlurred(picture({ sharpness }), sharpness / BLUR_MEDIAN_SHARE + 1e-9)).toBe(true);
  });

  it('never judges an unmeasured picture', () => {
    expect(isBlurred(picture({ sharpness: Number.NaN }), median)).toBe(false);
  });
});

describe('leaveOutBlurred', () => {
  it('drops the very blurred among sharp pictures, listing them in order', () => {
    const sharp = [300, 250, 180, 400].map((sharpness) => picture({ sharpness }));
    const shaken = picture({ sharpness: 5 });
    const soft = picture({ sharpness: 29 });
    const { kept, dropped } = leaveOutBlurred([sharp[0]!, shaken, sharp[1]!, soft, sharp[2]!, sharp[3]!]);
    expect(kept).toEqual(sharp);
    expect(dropped).toEqual([
      { uuid: shaken.uuid, reason: 'blurred' },
      { uuid: soft.uuid, reason: 'blurred' },
    ]);
  });

  it('keeps a set of soft pictures that are all alike (a dim evening)', () => {
    const evening = [12, 15, 18, 20, 25].map((sharpness) => picture({ sharpness }));
    expect(leaveOutBlurred(evening).dropped).toEqual([]);
  });

  it('keeps a single picture however blurred', () => {
    const only = picture({ sharpness: 0 });
    expect(leaveOutBlurred([only]).kept).toEqual([only]);
  });

  it('never drops more than half the pictures nor the sharpest, and drops only pictures below the threshold (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 500, noNaN: true }), { maxLength: 60 }), (values) => {
        const pictures = values.map((sharpness) => picture({ sharpness }));
        const { kept, dropped } = leaveOutBlurred(pictures);
        expect(kept.length + dropped.length).toBe(pictures.length);
        expect(dropped.length * 2).toBeLessThanOrEqual(pictures.length);
        const sharpest = Math.max(...values);
        expect(kept.some((p) => p.sharpness === sharpest) || pictures.length === 0).toBe(true);
        const droppedIds = new Set(dropped.map((d) => d.uuid));
        for (const p of pictures)
          if (droppedIds.has(p.uuid)) expect(p.sharpness).toBeLessThan(BLUR_THRESHOLD);
      }),
    );
  });
});
