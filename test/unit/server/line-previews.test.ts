import { describe, expect, it } from 'vitest';
import { derivativeFor, previewHash } from '../../../server/services/templates/linePreviews.ts';
import { systemClock } from '../../../shop/clock.ts';

const year = systemClock.now().getFullYear();

describe('cart thumbnails', () => {
  it('draws from a derivative about twice the width', () => {
    expect(derivativeFor(320)).toBe(640);
    expect(derivativeFor(100)).toBe(320);
    expect(derivativeFor(1280)).toBe(1280);
  });
  it('hashes what changes the picture', () => {
    const stored = {
      template: 't',
      version: 1,
      resources: [],
      year,
      startMonth: 1,
      personalDates: [],
      holidays: true,
    };
    expect(previewHash(stored, ['a'], 320, 'en_GB')).not.toBe(previewHash(stored, ['b'], 320, 'en_GB'));
    expect(previewHash(stored, ['a'], 320, 'en_GB')).not.toBe(
      previewHash({ ...stored, year: year + 1 }, ['a'], 320, 'en_GB'),
    );
    expect(previewHash(stored, ['a'], 320, 'en_GB')).not.toBe(
      previewHash({ ...stored, startMonth: 9 }, ['a'], 320, 'en_GB'),
    );
    const anna = { day: 17, month: 5, text: 'Anna', yearly: true };
    expect(previewHash(stored, ['a'], 320, 'en_GB')).not.toBe(
      previewHash({ ...stored, personalDates: [anna] }, ['a'], 320, 'en_GB'),
    );
    expect(previewHash(stored, ['a'], 320, 'en_GB')).not.toBe(
      previewHash({ ...stored, holidays: false }, ['a'], 320, 'en_GB'),
    );
    expect(previewHash(stored, ['a'], 320, 'en_GB')).not.toBe(previewHash(stored, ['a'], 320, 'nb_NO'));
    expect(previewHash(stored, ['a'], 320, 'en_GB')).toBe(previewHash({ ...stored }, ['a'], 320, 'en_GB'));
  });
});
