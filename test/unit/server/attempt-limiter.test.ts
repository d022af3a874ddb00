import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from '../../../server/services/attemptLimiter.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('AttemptLimiter', () => {
  it('blocks after `limit` failures in the window, and not before', () => {
    const c = clock();
    const l = new AttemptLimiter({ limit: 10, windowMs: 15 * 60_000, now: c.now });
    for (let i = 0; i < 10; i++) {
      expect(l.blocked('a')).toBe(false);
      l.fail('a');
    }
    expect(l.blocked('a')).toBe(true);
    expect(l.blocked('b')).toBe(false);
  });

  it('slides: the oldest failure leaving the window unblocks, and retryAfterMs says when', () => {
    const c = clock();
    const l = new AttemptLimiter({ limit: 3, windowMs: 1000, now: c.now });
    l.fail('a');
    c.advance(300);
    l.fail('a');
    l.fail('a');
    expect(l.retryAfterMs('a')).toBe(700);
    c.advance(699);
    expect(l.blocked('a')).toBe(true);
    c.advance(1);
    expect(l.blocked('a')).toBe(false);
    expect(l.retryAfterMs('a')).toBe(0);
  });

  it('reset clears a key; forgiveOne takes back the latest failure', () => {
    const l = new AttemptLimiter({ limit: 2, windowMs: 1000, now: clock().now });
    l.fail('a');
    l.fail('a');
    expect(l.blocked('a')).toBe(true);
    l.forgiveOne('a');
    expect(l.blocked('a')).toBe(false);
    l.fail('a');
    l.reset('a');
    expect(l.blocked('a')).toBe(false);
    l.forgiveOne('nothing');
    expect(l.blocked('nothing')).toBe(false);
  });

  it('keeps at most maxKeys keys, dropping the stalest', () => {
    const l = new AttemptLimiter({ limit: 1, windowMs: 1000, maxKeys: 2, now: clock().now });
    l.fail('a');
    l.fail('b');
    l.fail('a');
    l.fail('c');
    expect(l.blocked('b')).toBe(false);
    expect(l.blocked('a')).toBe(true);
    expect(l.blocked('c')).toBe(true);
  });
});
