import { describe, expect, it } from 'vitest';
import { orderKind } from '../../../shop/orderKind.ts';

describe('orderKind', () => {
  it('names an order of one kind by it', () => {
    expect(orderKind([0, 0, 0])).toBe('prints');
    expect(orderKind([1])).toBe('cards');
    expect(orderKind([2, 2])).toBe('calendars');
    expect(orderKind([3, 3])).toBe('books');
    expect(orderKind([89])).toBe('gifts');
  });

  it('calls a mixed, empty or unknown order "your order"', () => {
    expect(orderKind([0, 2])).toBe('order');
    expect(orderKind([])).toBe('order');
    expect(orderKind([7])).toBe('order');
    expect(orderKind([1, 89])).toBe('order');
    expect(orderKind([3, 0])).toBe('order');
  });
});
