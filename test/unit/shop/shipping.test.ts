import { describe, expect, it } from 'vitest';
import { freeShippingMessage } from '../../../shop/shipping.ts';

describe('freeShippingMessage (S0 §9)', () => {
  it('shows nothing without a threshold', () => {
    expect(freeShippingMessage(null, 0)).toBeNull();
    expect(freeShippingMessage(undefined, 100)).toBeNull();
    expect(freeShippingMessage(0, 100)).toBeNull();
  });
  it('an empty cart is told the threshold', () => {
    expect(freeShippingMessage(4000, 0)).toEqual({ key: 'banner.freeOver', amount: 4000 });
  });
  it('a cart below the threshold is told what is left', () => {
    expect(freeShippingMessage(4000, 1)).toEqual({ key: 'banner.shopMore', amount: 3999 });
    expect(freeShippingMessage(4000, 3999)).toEqual({ key: 'banner.shopMore', amount: 1 });
  });
  it('a cart exactly at or above the threshold ships free', () => {
    expect(freeShippingMessage(4000, 4000)).toEqual({ key: 'banner.free' });
    expect(freeShippingMessage(4000, 9000)).toEqual({ key: 'banner.free' });
  });
});
