import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeTotals,
  deliveryCharge,
  orderInfoOf,
  type Rebate,
  rebateAmount,
} from '../../../server/services/checkout/orderTotals.ts';

const tenPercent: Rebate = { code: 'SUMMER10', text: '10 % off', percentOff: 10, amountOff: null };
const fiveOff: Rebate = { code: 'WELCOME5', text: '£5 off', percentOff: null, amountOff: 500 };
const labels = {
  products: 'Products',
  minimum: 'Minimum',
  delivery: 'Delivery',
  rebate: 'Rebate',
  total: 'Total',
};
const base = { deliveryPrice: null, rebate: null, minimumPrice: 500, freeShippingThreshold: 4000 };

describe('order totals', () => {
  it('adds the minimum-price adjustment below the minimum, none at or above it', () => {
    expect(computeTotals({ ...base, products: 19 })).toEqual({
      products: 19,
      rebate: 0,
      minimum: 481,
      delivery: 0,
      total: 500,
    });
    expect(computeTotals({ ...base, products: 500 }).minimum).toBe(0);
    expect(computeTotals({ ...base, products: 0 })).toEqual({
      products: 0,
      rebate: 0,
      minimum: 0,
      delivery: 0,
      total: 0,
    });
    expect(computeTotals({ ...base, products: 19, minimumPrice: 0 }).total).toBe(19);
  });

  it('rebates: percent rounded to the minor unit, amounts capped at the products', () => {
    expect(rebateAmount(1900, tenPercent)).toBe(190);
    expect(rebateAmount(15, tenPercent)).toBe(2);
    expect(rebateAmount(14, tenPercent)).toBe(1);
    expect(rebateAmount(300, fiveOff)).toBe(300);
    expect(rebateAmount(1000, fiveOff)).toBe(500);
    expect(rebateAmount(1000, null)).toBe(0);
  });

  it('the rebate comes off the products; the minimum then tops the goods up; delivery is not discounted', () => {
    expect(computeTotals({ ...base, products: 1900, rebate: tenPercent, deliveryPrice: 299 })).toEqual({
      products: 1900,
      rebate: 190,
      minimum: 0,
      delivery: 299,
      total: 2009,
    });
    expect(computeTotals({ ...base, products: 600, rebate: fiveOff, deliveryPrice: 299 })).toEqual({
      products: 600,
      rebate: 500,
      minimum: 400,
      delivery: 299,
      total: 799,
    });
  });

  it('delivery is free from the threshold on', () => {
    expect(deliveryCharge(299, 3999, 4000)).toBe(299);
    expect(deliveryCharge(299, 4000, 4000)).toBe(0);
    expect(deliveryCharge(299, 10_000, null)).toBe(299);
    expect(computeTotals({ ...base, products: 4000, deliveryPrice: 299 }).delivery).toBe(0);
  });

  it('property: total = products − rebate + minimum + delivery; goods never below the minimum; all integers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
        fc.option(fc.oneof(fc.constant(tenPercent), fc.constant(fiveOff)), { nil: null }),
        fc.integer({ min: 0, max: 5000 }),
        (products, deliveryPrice, rebate, minimumPrice) => {
          const t = computeTotals({
            products,
            deliveryPrice,
            rebate,
            minimumPrice,
            freeShippingThreshold: 4000,
          });
          expect(t.total).toBe(t.products - t.rebate + t.minimum + t.delivery);
          for (const v of Object.values(t)) expect(Number.isInteger(v) && v >= 0).toBe(true);
          if (products > 0) expect(t.products - t.rebate + t.minimum).toBeGreaterThanOrEqual(minimumPrice);
        },
      ),
    );
  });

  it('order info: type 0 lines, then products, minimum, delivery, rebate (negative) and the total last', () => {
    const totals = computeTotals({ ...base, products: 19, rebate: tenPercent, deliveryPrice: 299 });
    const info = orderInfoOf([{ description: '10x15: a.jpg', linePrice: 19 }], totals, labels, {
      deliveryChosen: true,
      rebateText: 'SUMMER10: 10 % off',
    });
    expect(info.orderLines).toEqual([
      { type: 0, description: '10x15: a.jpg', linePrice: 19 },
      { type: 1, description: 'Products', linePrice: 19 },
      { type: 5, description: 'Minimum', linePrice: 483 },
      { type: 2, description: 'Delivery', linePrice: 299 },
      { type: 3, description: 'SUMMER10: 10 % off', linePrice: -2 },
      { type: 4, description: 'Total', linePrice: 799 },
    ]);
  });
});
