import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELAY } from '../../../server/routes/identity.ts';
import { delayAfter } from '../../../server/services/limits/attemptLimiter.ts';

describe('delayAfter (the wait between login attempts on one account)', () => {
  const o = { free: 5, firstDelayMs: 1000, maxDelayMs: 60_000 };

  it('is nothing for the free attempts, then doubles from the first delay', () => {
    expect(delayAfter(0, o)).toBe(0);
    expect(delayAfter(5, o)).toBe(0);
    expect(delayAfter(6, o)).toBe(1000);
    expect(delayAfter(7, o)).toBe(2000);
    expect(delayAfter(8, o)).toBe(4000);
  });

  it('never waits longer than the cap, however many attempts (no overflow to Infinity)', () => {
    expect(delayAfter(11, o)).toBe(32_000);
    expect(delayAfter(12, o)).toBe(60_000);
    expect(delayAfter(1_000_000, o)).toBe(60_000);
  });

  it("the shop's account setting keeps the owner out a minute at most", () => {
    expect(delayAfter(Number.MAX_SAFE_INTEGER, ACCOUNT_DELAY)).toBeLessThanOrEqual(60_000);
    expect(delayAfter(ACCOUNT_DELAY.free, ACCOUNT_DELAY)).toBe(0);
  });
});
