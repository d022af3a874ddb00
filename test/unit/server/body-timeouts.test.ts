import { describe, expect, it } from 'vitest';
import { bodyTooSlow } from '../../../server/plugins/bodyTimeouts.ts';

const limits = { minBytesPerSecond: 1000, windowMs: 10_000, graceMs: 5000 };
/** A body started at 0 whose socket had read `bytes[i]` at second i. */
const body = (bytes: number[], limitMs = 60_000) => ({
  startedAt: 0,
  limitMs,
  samples: bytes.map((b, i) => ({ at: i * 1000, bytes: b })),
});
const steady = (perSecond: number, seconds: number) =>
  Array.from({ length: seconds + 1 }, (_, i) => i * perSecond);

describe('bodyTooSlow', () => {
  it('judges nothing during the grace period, however slow', () => {
    expect(bodyTooSlow(body([0, 0, 0, 0, 0]), 4000, limits)).toBeNull();
  });

  it('judges nothing until a whole window has been seen', () => {
    expect(bodyTooSlow(body(steady(0, 9)), 9000, limits)).toBeNull();
    expect(bodyTooSlow(body(steady(0, 10)), 10_000, limits)).toBe('rate');
  });

  it('lets exactly the minimum rate through, and cuts one byte a second less', () => {
    expect(bodyTooSlow(body(steady(1000, 12)), 12_000, limits)).toBeNull();
    expect(bodyTooSlow(body(steady(999, 12)), 12_000, limits)).toBe('rate');
  });

  it('averages over the window: a pause in a fast body is fine, a trickle after a burst is not', () => {
    // 50 KB in the first second, then nothing for nine: 5 KB/s over the window.
    expect(bodyTooSlow(body([0, 50_000, ...Array(9).fill(50_000)]), 10_000, limits)).toBeNull();
    // The same burst, then 10 more seconds of nothing: the last window has 0 B/s.
    expect(bodyTooSlow(body([0, 50_000, ...Array(19).fill(50_000)]), 20_000, limits)).toBe('rate');
  });

  it('cuts at the total limit whatever the rate', () => {
    expect(bodyTooSlow(body(steady(100_000, 30), 30_000), 30_000, limits)).toBeNull();
    expect(bodyTooSlow(body(steady(100_000, 31), 30_000), 30_001, limits)).toBe('total');
  });
});
