/**
 * Counts failed attempts per key in a sliding window, in memory (one process; see docs/decisions.md).
 * Login uses one for accounts and one for addresses: at most `limit` failures per key per window,
 * and the next attempt is refused before the password is even looked at.
 */
export interface AttemptLimiterOptions {
  limit: number;
  windowMs: number;
  /** Keys kept at most; the oldest are dropped beyond it, so a flood of new keys cannot eat memory. */
  maxKeys?: number;
  now?: () => number;
}

export class AttemptLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;
  private readonly failures = new Map<string, number[]>();

  constructor(options: AttemptLimiterOptions) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.maxKeys = options.maxKeys ?? 100_000;
    this.now = options.now ?? Date.now;
  }

  /** The key's failures still in the window: the stored list itself, so callers may change it. */
  private recent(key: string): number[] {
    const list = this.failures.get(key);
    if (!list) return [];
    const since = this.now() - this.windowMs;
    const kept = list.filter((t) => t > since);
    if (kept.length === list.length) return list;
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  /** True when `key` has used up its failures in the window: the attempt is refused. */
  blocked(key: string): boolean {
    return this.recent(key).length >= this.limit;
  }

  /** Milliseconds until the oldest failure in the window leaves it (0 when not blocked). */
  retryAfterMs(key: string): number {
    const list = this.recent(key);
    if (list.length < this.limit) return 0;
    return Math.max(0, list[list.length - this.limit]! + this.windowMs - this.now());
  }

  fail(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    // Re-inserting moves the key to the end of the Map's order: the first key is the stalest.
    this.failures.delete(key);
    this.failures.set(key, list.slice(-this.limit));
    while (this.failures.size > this.maxKeys) {
      const oldest = this.failures.keys().next().value;
      if (oldest === undefined) break;
      this.failures.delete(oldest);
    }
  }

  /** Takes back the latest failure of `key` (an attempt counted in advance that succeeded). */
  forgiveOne(key: string): void {
    const list = this.recent(key);
    list.pop();
    if (list.length === 0) this.failures.delete(key);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}
