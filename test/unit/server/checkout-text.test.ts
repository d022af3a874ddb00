import { describe, expect, it } from 'vitest';
import { deliveryTimeString, wordsFor } from '../../../server/services/checkoutText.ts';

describe('delivery time strings', () => {
  it('business days and hours, singular and plural', () => {
    expect(deliveryTimeString(1, 'd')).toBe('1 business day');
    expect(deliveryTimeString(2, 'd')).toBe('2 business days');
    expect(deliveryTimeString(0, 'd')).toBe('0 business days');
    expect(deliveryTimeString(1, 'h')).toBe('1 hour');
    expect(deliveryTimeString(2, 'h', 'en_US')).toBe('2 hours');
  });

  it('in Norwegian for the Norwegian portal', () => {
    expect(deliveryTimeString(1, 'd', 'nb_NO')).toBe('1 virkedag');
    expect(deliveryTimeString(3, 'd', 'nb_NO')).toBe('3 virkedager');
    expect(deliveryTimeString(1, 'h', 'nb_NO')).toBe('1 time');
    expect(deliveryTimeString(2, 'h', 'nb_NO')).toBe('2 timer');
  });

  it('falls back to English for other locales', () => {
    expect(wordsFor('de_DE')).toBe(wordsFor('en_GB'));
    expect(wordsFor('nb_NO').total).toBe('Totalt');
  });
});
