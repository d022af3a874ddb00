/**
 * The template products' quantity rules (S1 §4, §5), used by the buy screen and by the cart's photo
 * gift lines; they live in shop/pricing.ts and the buy screen's module re-exports them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '../../../shop/orderLimits.ts';
import { minusQuantity, plusQuantity, typedQuantity } from '../../../shop/pricing.ts';
import * as buyRules from '../../../src/features/editor/buy/buyRules.ts';

describe('plusQuantity (S1 §4)', () => {
  it('goes from 0 or from below the minimum straight to the minimum', () => {
    expect(plusQuantity(0, 1)).toBe(1);
    expect(plusQuantity(0, 5)).toBe(5);
    expect(plusQuantity(3, 5)).toBe(5);
  });

  it('adds one from the minimum up, and stops at the maximum', () => {
    expect(plusQuantity(1, 1)).toBe(2);
    expect(plusQuantity(5, 5)).toBe(6);
    expect(plusQuantity(MAX_LINE_QUANTITY - 1, 1)).toBe(MAX_LINE_QUANTITY);
    expect(plusQuantity(MAX_LINE_QUANTITY, 1)).toBe(MAX_LINE_QUANTITY);
  });

  it('treats a minimum below 1 as 1', () => {
    expect(plusQuantity(0, 0)).toBe(1);
    expect(plusQuantity(0, -3)).toBe(1);
  });
});

describe('minusQuantity (S1 §4)', () => {
  it('subtracts one down to the minimum', () => {
    expect(minusQuantity(6, 5)).toBe(5);
    expect(minusQuantity(2, 1)).toBe(1);
  });

  it('resets to 0 when one less would be below the minimum', () => {
    expect(minusQuantity(5, 5)).toBe(0);
    expect(minusQuantity(1, 1)).toBe(0);
    expect(minusQuantity(0, 1)).toBe(0);
  });

  it('gives the minimum or more, or 0, never a quantity the server would refuse', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_LINE_QUANTITY }),
        fc.integer({ min: 1, max: 100 }),
        (q, min) => {
          const next = minusQuantity(q, min);
          expect(next === 0 || next >= min).toBe(true);
          expect(next).toBeLessThan(Math.max(q, 1));
        },
      ),
    );
  });

  it('is undone by plus from the minimum up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 500 }), (min, extra) => {
        const q = min + extra + 1;
        expect(plusQuantity(minusQuantity(q, min), min)).toBe(q);
      }),
    );
  });
});

describe('typedQuantity (S1 §5)', () => {
  it('keeps a whole number at or above the minimum', () => {
    expect(typedQuantity('7', 5)).toBe(7);
    expect(typedQuantity(' 12 ', 1)).toBe(12);
    expect(typedQuantity('5', 5)).toBe(5);
  });

  it('gives 0 for a value below the minimum or one that is not a whole number', () => {
    expect(typedQuantity('4', 5)).toBe(0);
    expect(typedQuantity('0', 1)).toBe(0);
    expect(typedQuantity('2.5', 1)).toBe(0);
    expect(typedQuantity('-3', 1)).toBe(0);
    expect(typedQuantity('abc', 1)).toBe(0);
    expect(typedQuantity('', 1)).toBe(0);
  });

  it('caps a large value at the maximum', () => {
    expect(typedQuantity('123456', 1)).toBe(MAX_LINE_QUANTITY);
  });
});

it('the buy screen uses the very same rules (re-exported, not copied)', () => {
  expect(buyRules.plusQuantity).toBe(plusQuantity);
  expect(buyRules.minusQuantity).toBe(minusQuantity);
  expect(buyRules.typedQuantity).toBe(typedQuantity);
});
