import { describe, expect, it } from 'vitest';
import { deliveryTimeString, wordsFor } from '../../../server/services/checkout/checkoutText.ts';

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

  it('in Danish for the Danish portal (it fell back to English before)', () => {
    expect(deliveryTimeString(1, 'd', 'da_DK')).toBe('1 hverdag');
    expect(deliveryTimeString(3, 'd', 'da_DK')).toBe('3 hverdage');
    expect(wordsFor('da_DK').storePickup).toBe('Hent i butik');
    expect(wordsFor('da_DK').rebate).toBe('Rabat');
  });

  it('falls back to English for other locales', () => {
    expect(wordsFor('de_DE')).toEqual(wordsFor('en_GB'));
    expect(wordsFor('en_GB').minimum).toBe('Minimum price adjustment');
    expect(wordsFor('nb_NO').total).toBe('Totalt');
  });
});
