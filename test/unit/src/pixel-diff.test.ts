import { describe, expect, it } from 'vitest';
import { DIFF_TOLERANCE, pixelDiff } from '../../../src/features/harness/pixelDiff.ts';

const image = (width: number, height: number, rgba: [number, number, number, number]) => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return { width, height, data };
};

describe('pixelDiff', () => {
  it('counts a pixel only when a channel moves by more than the tolerance', () => {
    const a = image(10, 10, [100, 100, 100, 255]);
    const b = image(10, 10, [100, 100, 100, 255]);
    b.data.set([100 + DIFF_TOLERANCE, 100, 100, 255], 0); // at the tolerance: the same
    b.data.set([100, 100 - DIFF_TOLERANCE - 1, 100, 255], 4); // one level beyond: differs
    b.data.set([100, 100, 100, 200], 8); // alpha counts too
    const marked: number[] = [];
    const diff = pixelDiff(a, b, DIFF_TOLERANCE, (i) => marked.push(i));
    expect(diff).toEqual({ percent: 2, differing: 2, total: 100, maxChannel: 55 });
    expect(marked).toEqual([1, 2]);
  });

  it('calls images of different sizes 100 % different', () => {
    expect(pixelDiff(image(2, 2, [0, 0, 0, 255]), image(2, 3, [0, 0, 0, 255])).percent).toBe(100);
  });
});
