import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, PressKeys } from '../../../src/features/lab/pressKeys.ts';

/** The server's rule for an Idempotency-Key (server/routes/lab.ts). */
const KEY = /^[A-Za-z0-9._:-]{8,100}$/;

describe('the refund button’s idempotency keys', () => {
  it('makes keys the server takes, a new one each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(KEY);
  });

  it('gives every answered press a new key', () => {
    let n = 0;
    const keys = new PressKeys(() => `key-${++n}-padding`);
    const first = keys.press('order:refund:100');
    keys.answered();
    const second = keys.press('order:refund:100');
    expect(second).not.toBe(first);
  });

  it('sends an unanswered press again with its key, but not a press for another amount', () => {
    let n = 0;
    const keys = new PressKeys(() => `key-${++n}-padding`);
    const first = keys.press('order:refund:100');
    expect(keys.press('order:refund:100')).toBe(first);
    const other = keys.press('order:refund:250');
    expect(other).not.toBe(first);
    expect(keys.press('order:refund:100')).not.toBe(first);
  });
});
