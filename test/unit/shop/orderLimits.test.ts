/** The order's limits (issue 16): a cap per line and per order, and amounts the database can hold. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineQuantity } from '../../../shop/contract.ts';
import {
  amountProblem,
  MAX_AMOUNT,
  MAX_LINE_QUANTITY,
  MAX_ORDER_QUANTITY,
  orderChangeProblem,
  orderLimitProblem,
} from '../../../shop/orderLimits.ts';

const line = (quantity: number, linePrice = quantity * 25) => ({ quantity, linePrice });
/** `pieces` spread over lines of at most the line cap. */
const linesOf = (pieces: number) => {
  const lines = [];
  for (let left = pieces; left > 0; left -= MAX_LINE_QUANTITY)
    lines.push(line(Math.min(left, MAX_LINE_QUANTITY)));
  return lines;
};

describe('a line’s quantity (the contract’s LineQuantity)', () => {
  const accepts = (q: unknown) => LineQuantity.safeParse(q).success;
  const messageFor = (q: unknown) => LineQuantity.safeParse(q).error?.issues[0]?.message;

  it('takes 1 up to the cap', () => {
    expect(MAX_LINE_QUANTITY).toBe(999);
    expect(accepts(1)).toBe(true);
    expect(accepts(MAX_LINE_QUANTITY)).toBe(true);
  });
  it('refuses the cap + 1 with the cap in words', () => {
    expect(accepts(MAX_LINE_QUANTITY + 1)).toBe(false);
    expect(messageFor(MAX_LINE_QUANTITY + 1)).toBe('At most 999 of one item can be ordered');
    expect(accepts(9999)).toBe(false);
  });
  it('refuses 0 and negative quantities', () => {
    expect(messageFor(0)).toBe('The quantity must be at least 1');
    expect(messageFor(-1)).toBe('The quantity must be at least 1');
    expect(accepts(-MAX_LINE_QUANTITY)).toBe(false);
  });
  it('refuses a quantity that is not a whole number, NaN and infinities', () => {
    expect(messageFor(1.5)).toBe('The quantity must be a whole number');
    expect(accepts(Number.NaN)).toBe(false);
    expect(accepts(Number.POSITIVE_INFINITY)).toBe(false);
    expect(accepts('5')).toBe(false);
  });
});

describe('orderLimitProblem', () => {
  it('lets an order up to the order cap through', () => {
    expect(MAX_ORDER_QUANTITY).toBe(5000);
    expect(orderLimitProblem([])).toBeNull();
    expect(orderLimitProblem(linesOf(MAX_ORDER_QUANTITY))).toBeNull();
  });
  it('refuses one piece more than the order cap, naming both counts', () => {
    const problem = orderLimitProblem(linesOf(MAX_ORDER_QUANTITY + 1));
    expect(problem?.code).toBe('order_quantity_limit');
    expect(problem?.limit).toBe(MAX_ORDER_QUANTITY);
    expect(problem?.values).toEqual({ max: 5000, found: 5001 });
  });
  it('refuses a line above the line cap (a cart from before the caps)', () => {
    expect(orderLimitProblem([line(MAX_LINE_QUANTITY)])).toBeNull();
    expect(orderLimitProblem([line(MAX_LINE_QUANTITY + 1)])?.code).toBe('line_quantity_limit');
  });
  it('refuses the former overflow: 66 lines of 9,999 (the line cap is the first limit passed)', () => {
    const lines = Array.from({ length: 66 }, () => line(9999, 9999 * 10_387));
    expect(lines.reduce((sum, l) => sum + l.linePrice, 0)).toBeGreaterThan(MAX_AMOUNT);
    expect(orderLimitProblem(lines)?.code).toBe('line_quantity_limit');
  });
  it('refuses an amount an integer column cannot hold, whatever the quantities', () => {
    expect(orderLimitProblem([line(1, MAX_AMOUNT)])).toBeNull();
    expect(orderLimitProblem([line(1, MAX_AMOUNT + 1)])?.code).toBe('order_amount_limit');
    expect(orderLimitProblem([line(1, MAX_AMOUNT), line(1, 1)])?.code).toBe('order_amount_limit');
  });
  it('holds every order within the limits to amounts the database can store', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY * 2 }),
            linePrice: fc.integer({ min: 0, max: 2 * MAX_AMOUNT }),
          }),
          { maxLength: 80 },
        ),
        (lines) => {
          if (orderLimitProblem(lines) !== null) return;
          const pieces = lines.reduce((sum, l) => sum + l.quantity, 0);
          const amount = lines.reduce((sum, l) => sum + l.linePrice, 0);
          expect(pieces).toBeLessThanOrEqual(MAX_ORDER_QUANTITY);
          expect(amount).toBeLessThanOrEqual(MAX_AMOUNT);
          for (const l of lines) expect(l.quantity).toBeLessThanOrEqual(MAX_LINE_QUANTITY);
        },
      ),
    );
  });
});

describe('orderChangeProblem', () => {
  it('refuses a change that takes the order past a limit', () => {
    const before = linesOf(MAX_ORDER_QUANTITY);
    const after = [...before, line(1)];
    expect(orderChangeProblem(before, after)?.code).toBe('order_quantity_limit');
  });
  it('lets a change back towards the limit through, even while still above it', () => {
    const before = [line(9999), line(9999)];
    expect(orderChangeProblem(before, [line(9999), line(MAX_LINE_QUANTITY)])).toBeNull();
    expect(orderChangeProblem(before, [line(9999)])).toBeNull();
  });
  it('refuses a change that goes further past a limit the order was already over', () => {
    const before = [line(9999), line(1)];
    expect(orderChangeProblem(before, [line(9999), line(2)])?.code).toBe('order_quantity_limit');
  });
});

describe('amountProblem', () => {
  it('takes amounts up to the largest an integer column holds', () => {
    expect(MAX_AMOUNT).toBe(2_147_483_647);
    expect(amountProblem(MAX_AMOUNT)).toBeNull();
    expect(amountProblem(MAX_AMOUNT + 1)?.code).toBe('order_amount_limit');
  });
});
