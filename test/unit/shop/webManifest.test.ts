import { describe, expect, it } from 'vitest';
import { shortName } from '../../../shop/webManifest.ts';

describe('shortName', () => {
  it.each([
    ['Print Shop', 'Print Shop'],
    ['Fotobutikken', 'Fotobutikken'],
    ['Print Shop US', 'Print Shop'],
    ['Fotobutikken Trondheim', 'Fotobutikken'],
    ['Supercalifragilistic', 'Supercalifra'],
    ['', ''],
  ])('%s → %s', (name, short) => {
    expect(shortName(name)).toBe(short);
    expect(shortName(name).length).toBeLessThanOrEqual(12);
  });
});
