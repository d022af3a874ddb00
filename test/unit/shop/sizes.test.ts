import { describe, expect, it } from 'vitest';
import { formatLength, formatSize, sizeRange } from '../../../shop/sizes.ts';

describe('formatSize', () => {
  it('shows centimetres on a metric portal', () => {
    expect(formatSize(102, 152, true)).toBe('10.2 x 15.2 cm');
    expect(formatSize(100, 150, true)).toBe('10 x 15 cm');
  });
  it('shows inches otherwise, to a tenth', () => {
    expect(formatSize(102, 152, false)).toBe('4 x 6 in');
    expect(formatSize(89, 127, false)).toBe('3.5 x 5 in');
    expect(formatSize(305, 457, false)).toBe('12 x 18 in');
  });
  it('formats one length', () => {
    expect(formatLength(254, false)).toBe('10 in');
    expect(formatLength(5, true)).toBe('0.5 cm');
  });
});

describe('sizeRange', () => {
  it('is null without formats', () => {
    expect(sizeRange([])).toBeNull();
  });
  it('picks the smallest and largest by area, whatever the order', () => {
    const a = { widthMm: 203, heightMm: 305 };
    const b = { widthMm: 89, heightMm: 127 };
    const c = { widthMm: 102, heightMm: 152 };
    expect(sizeRange([a, b, c])).toEqual({ smallest: b, largest: a });
    expect(sizeRange([c])).toEqual({ smallest: c, largest: c });
  });
});
