import { describe, expect, it } from 'vitest';
import { formatLength, formatSize, sizeRange } from '../../../shop/sizes.ts';

describe('formatSize', () => {
  it('shows centimetres on a metric portal', () => {
    expect(formatSize(102, 152, true, 'en_GB')).toBe('10.2 x 15.2 cm');
    expect(formatSize(100, 150, true, 'en_GB')).toBe('10 x 15 cm');
  });
  it('shows inches otherwise, to a tenth', () => {
    expect(formatSize(102, 152, false, 'en_US')).toBe('4 x 6 in');
    expect(formatSize(89, 127, false, 'en_US')).toBe('3.5 x 5 in');
    expect(formatSize(305, 457, false, 'en_US')).toBe('12 x 18 in');
  });
  it('writes the decimal sign of the portal language: a comma in Norwegian and Danish', () => {
    expect(formatSize(89, 127, true, 'nb_NO')).toBe('8,9 x 12,7 cm');
    expect(formatSize(89, 127, true, 'da_DK')).toBe('8,9 x 12,7 cm');
    expect(formatSize(89, 127, true, 'en_GB')).toBe('8.9 x 12.7 cm');
    // Whole numbers carry no decimals in any language, and nothing is grouped.
    expect(formatSize(100, 150, true, 'nb_NO')).toBe('10 x 15 cm');
    expect(formatSize(12_000, 15_000, true, 'nb_NO')).toBe('1200 x 1500 cm');
  });
  it('formats one length', () => {
    expect(formatLength(254, false, 'en_US')).toBe('10 in');
    expect(formatLength(5, true, 'en_GB')).toBe('0.5 cm');
    expect(formatLength(5, true, 'da_DK')).toBe('0,5 cm');
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
