import { describe, expect, it } from 'vitest';
import { withRetry } from '../../../src/ui/LazyImage.tsx';

describe('withRetry', () => {
  it('leaves the first attempt untouched', () => {
    expect(withRetry('/m/img/a.svg', 0)).toBe('/m/img/a.svg');
  });
  it('adds or replaces the retry counter', () => {
    expect(withRetry('/m/img/a.svg', 1)).toBe('/m/img/a.svg?retry=1');
    expect(withRetry('/system/XPhoto.php?uuid=u', 2)).toBe('/system/XPhoto.php?uuid=u&retry=2');
    expect(withRetry('/x.php?retry=1&uuid=u', 2)).toBe('/x.php?uuid=u&retry=2');
  });
});
