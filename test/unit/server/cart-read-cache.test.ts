/**
 * The rules of the cart reads kept in memory (server/services/cart/cartReadCache.ts, issue 31): what
 * is kept, what a notice or a session's own request forgets, and when a read goes to the database.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { CartReadCache, type CartReadEntry } from '../../../server/services/cart/cartReadCache.ts';
import type { Cart } from '../../../shop/index.ts';

const HOUR = 3600_000;
const OPTIONS = { maxEntries: 3, maxAgeMs: 60_000, seenPrecisionMs: HOUR };
const PORTAL = 'portal-a';
const now = new Date();
const at = (ms: number) => new Date(now.getTime() + ms);
const cartOf = (n: number) => ({ orderLines: [], summary: { totalPrice: n } }) as unknown as Cart;
const entry = (over: Partial<CartReadEntry> = {}): CartReadEntry => ({
  portalUuid: PORTAL,
  expiresAt: at(30 * 24 * HOUR),
  lastSeenAt: now,
  userUuid: null,
  cartUuid: 'cart-1',
  cart: cartOf(1),
  ...over,
});

describe('the cart reads kept in memory', () => {
  let cache: CartReadCache;
  beforeEach(() => {
    cache = new CartReadCache(OPTIONS);
    cache.setListening(true);
  });
  const read = (idHash: string, e = entry(), when = now) => cache.keep(cache.begin(idHash), e, when);

  it('answers a kept read of the same session on the same portal', () => {
    read('s1');
    expect(cache.get('s1', PORTAL, at(1000))).toEqual(cartOf(1));
    expect(cache.get('s2', PORTAL, at(1000))).toBeNull();
    // Another portal's host starts afresh, as the database read does.
    expect(cache.get('s1', 'portal-b', at(1000))).toBeNull();
  });

  it('keeps nothing while the notices are not heard, and forgets all when they stop', () => {
    const deaf = new CartReadCache(OPTIONS);
    deaf.keep(deaf.begin('s1'), entry(), now);
    expect(deaf.get('s1', PORTAL, now)).toBeNull();
    read('s1');
    cache.setListening(false);
    expect(cache.get('s1', PORTAL, now)).toBeNull();
    cache.setListening(true);
    expect(cache.get('s1', PORTAL, now)).toBeNull();
  });

  it('does not keep a read when a notice came while it was read', () => {
    const pending = cache.begin('s1');
    cache.heardNotice('some-other-cart');
    cache.keep(pending, entry(), now);
    expect(cache.get('s1', PORTAL, now)).toBeNull();
  });

  it('does not keep a read when the session’s own request was answered meanwhile', () => {
    const pending = cache.begin('s1');
    cache.forgetSession('s1');
    cache.keep(pending, entry(), now);
    expect(cache.get('s1', PORTAL, now)).toBeNull();
  });

  it('keeps one of several reads of a session at once', () => {
    const first = cache.begin('s1');
    const second = cache.begin('s1');
    cache.keep(second, entry({ cart: cartOf(2) }), now);
    cache.keep(first, entry({ cart: cartOf(1) }), now);
    expect(cache.get('s1', PORTAL, now)).toEqual(cartOf(2));
  });

  it('forgets the reads of a cart whose line changed', () => {
    read('s1', entry({ cartUuid: 'cart-1' }));
    read('s2', entry({ cartUuid: 'cart-2' }));
    cache.heardNotice('cart-1');
    expect(cache.get('s1', PORTAL, now)).toBeNull();
    expect(cache.get('s2', PORTAL, now)).toEqual(cartOf(1));
  });

  it('forgets by a cart’s notice: its own reads, its session’s (a cart made) and its user’s', () => {
    read('s1', entry({ cartUuid: null }));
    read('s2', entry({ cartUuid: 'cart-2', userUuid: 'user-1' }));
    read('s3', entry({ cartUuid: 'cart-3', userUuid: 'user-1' }));
    cache.heardNotice('c:cart-9:s1:');
    expect(cache.get('s1', PORTAL, now)).toBeNull();
    expect(cache.get('s2', PORTAL, now)).not.toBeNull();
    cache.heardNotice('c:cart-8::user-1');
    expect(cache.get('s2', PORTAL, now)).toBeNull();
    expect(cache.get('s3', PORTAL, now)).toBeNull();
  });

  it('forgets a session’s read by its notice (logged in or out, ended)', () => {
    read('s1');
    read('s2');
    cache.heardNotice('s:s1');
    expect(cache.get('s1', PORTAL, now)).toBeNull();
    expect(cache.get('s2', PORTAL, now)).not.toBeNull();
  });

  it('reads again a session that expired, one not noted as seen within the hour, and an old read', () => {
    read('expiring', entry({ expiresAt: at(5000) }));
    expect(cache.get('expiring', PORTAL, at(4999))).not.toBeNull();
    expect(cache.get('expiring', PORTAL, at(5000))).toBeNull();
    read('seen', entry({ lastSeenAt: at(-HOUR + 1000) }));
    expect(cache.get('seen', PORTAL, at(999))).not.toBeNull();
    expect(cache.get('seen', PORTAL, at(1001))).toBeNull();
    read('old');
    expect(cache.get('old', PORTAL, at(OPTIONS.maxAgeMs))).not.toBeNull();
    expect(cache.get('old', PORTAL, at(OPTIONS.maxAgeMs + 1))).toBeNull();
    // A clock set back is not trusted either.
    read('back');
    expect(cache.get('back', PORTAL, at(-1))).toBeNull();
  });

  it('keeps at most its number of reads, the oldest going first', () => {
    for (const s of ['s1', 's2', 's3', 's4']) read(s);
    expect(cache.size).toBe(OPTIONS.maxEntries);
    expect(cache.get('s1', PORTAL, now)).toBeNull();
    expect(cache.get('s4', PORTAL, now)).not.toBeNull();
  });
});
