/**
 * Limits on failed attempts (wrong passwords, wrong rebate codes), counted in the shared limit store
 * (services/limits/limitStore.ts), so every instance of the shop sees the same count.
 *
 * - AttemptLimiter: at most `limit` failures per key in a window; then refused until the window ends.
 *   For addresses: a guesser's address, not a shopper's account.
 * - GrowingDelay: for accounts. A few failures are free; after them each attempt must wait a delay that
 *   doubles up to a short cap. The owner who knows the password gets in after at most that cap, so a
 *   stranger's guesses cannot lock them out (issue 16), while guessing slows to one try per cap.
 */
import type { LimitStore } from './limitStore.ts';

export interface AttemptLimiterOptions {
  /** Names the limit's keys in the shared store. */
  name: string;
  limit: number;
  windowMs: number;
}

export class AttemptLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly name: string;

  constructor(
    private readonly store: LimitStore,
    options: AttemptLimiterOptions,
  ) {
    this.name = options.name;
    this.limit = options.limit;
    this.windowMs = options.windowMs;
  }

  private key(key: string) {
    return `${this.name}:${key}`;
  }

  /** Milliseconds until the key may try again (0: it may now). */
  async retryAfterMs(key: string): Promise<number> {
    const { current, ttl } = await this.store.read(this.key(key));
    return current >= this.limit ? Math.max(1, ttl) : 0;
  }

  async blocked(key: string): Promise<boolean> {
    return (await this.retryAfterMs(key)) > 0;
  }

  /** Counts a failure; answers how many the key has now in its window. */
  async fail(key: string): Promise<number> {
    return (await this.store.incr(this.key(key), this.windowMs)).current;
  }

  /** Takes back one failure (an attempt counted in advance that succeeded). */
  async forgiveOne(key: string): Promise<void> {
    await this.store.decr(this.key(key));
  }

  async reset(key: string): Promise<void> {
    await this.store.reset(this.key(key));
  }
}

export interface GrowingDelayOptions {
  name: string;
  /** Attempts without any wait. */
  free: number;
  /** The first wait; each later one doubles. */
  firstDelayMs: number;
  /** The longest wait: what the real owner may have to wait at most. */
  maxDelayMs: number;
  /** How long attempts are remembered. */
  windowMs: number;
}

/** The wait before the attempt after `attempts` counted ones: 0 while free, then doubling to the cap. */
export function delayAfter(
  attempts: number,
  o: Pick<GrowingDelayOptions, 'free' | 'firstDelayMs' | 'maxDelayMs'>,
) {
  if (attempts <= o.free) return 0;
  return Math.min(o.maxDelayMs, o.firstDelayMs * 2 ** Math.min(30, attempts - o.free - 1));
}

export class GrowingDelay {
  constructor(
    private readonly store: LimitStore,
    readonly options: GrowingDelayOptions,
  ) {}

  /**
   * Counts an attempt on `key` before it is checked, and answers 0 when it may go ahead or the
   * milliseconds to wait. Past the free attempts only one attempt per delay gets through, however
   * many are sent at once (the store's claim), so parallel guesses gain nothing.
   */
  async admit(key: string): Promise<number> {
    const o = this.options;
    const { current } = await this.store.incr(`${o.name}:n:${key}`, o.windowMs);
    const delay = delayAfter(current, o);
    if (delay === 0) return 0;
    const wait = `${o.name}:wait:${key}`;
    if (await this.store.claim(wait, delay)) return 0;
    return Math.max(1, (await this.store.read(wait)).ttl);
  }

  /** The right answer: the attempts are forgotten. */
  async reset(key: string): Promise<void> {
    await Promise.all([
      this.store.reset(`${this.options.name}:n:${key}`),
      this.store.reset(`${this.options.name}:wait:${key}`),
    ]);
  }
}
