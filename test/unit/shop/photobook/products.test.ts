import { describe, expect, it } from 'vitest';
import {
  assertPhotobookSpec,
  PHOTOBOOKS,
  type PhotobookSpec,
  photobookSpec,
} from '../../../../shop/photobook/products.ts';

describe('the photo book products', () => {
  it('every product can be bound: rules that hold together, whole sheets', () => {
    for (const [key, spec] of Object.entries(PHOTOBOOKS))
      expect(() => assertPhotobookSpec(spec), key).not.toThrow();
  });

  it('has 20×20, A4 portrait, A4 landscape and 30×30, each in soft and hard cover', () => {
    const formats = Object.values(PHOTOBOOKS).map(
      (s) => `${s.pageMm.width}x${s.pageMm.height} ${s.binding.cover}`,
    );
    for (const size of ['200x200', '210x297', '297x210', '300x300']) {
      expect(formats).toContain(`${size} soft`);
      expect(formats).toContain(`${size} hard`);
    }
  });

  it('wraps only hard covers, with the turn-in and hinge a case needs', () => {
    for (const spec of Object.values(PHOTOBOOKS)) {
      if (spec.binding.cover === 'hard') {
        expect(spec.binding.wrapMm).toBeGreaterThan(0);
        expect(spec.binding.hingeMm).toBeGreaterThan(0);
      } else {
        expect(spec.binding.wrapMm).toBe(0);
        expect(spec.binding.hingeMm).toBe(0);
      }
    }
  });

  it('photobookSpec finds a book by its product key and nothing else', () => {
    expect(photobookSpec('photobook-30x30-hard')).toBe(PHOTOBOOKS['photobook-30x30-hard']);
    expect(photobookSpec('mug')).toBeUndefined();
    expect(photobookSpec('toString')).toBeUndefined();
  });

  it('assertPhotobookSpec refuses half sheets and broken data', () => {
    const base: PhotobookSpec = PHOTOBOOKS['photobook-20x20-soft']!;
    expect(() => assertPhotobookSpec({ ...base, pages: { min: 23, max: 99, step: 2 } })).toThrow(
      /whole sheets/,
    );
    expect(() => assertPhotobookSpec({ ...base, pages: { min: 24, max: 99, step: 1 } })).toThrow(
      /whole sheets/,
    );
    expect(() => assertPhotobookSpec({ ...base, pages: { min: 24, max: 101, step: 2 } })).toThrow(RangeError);
    expect(() => assertPhotobookSpec({ ...base, binding: { ...base.binding, paperMm: 0 } })).toThrow();
  });
});
