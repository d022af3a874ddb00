/**
 * A bounded, LRU-ish cache with no bookkeeping on a hit: two generations of at most `limit / 2`
 * entries each. New entries go into the young generation; when it is full it becomes the old one and
 * the previous old generation is dropped. A hit in the old generation promotes the entry to the young
 * one, so entries in use survive and the cache never holds more than `limit` entries.
 */
export class LruishCache<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly half: number;

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 2)
      throw new Error(`Cache limit must be an integer ≥ 2, got ${limit}`);
    this.half = Math.floor(limit / 2);
  }

  get(key: K): V | undefined {
    const hit = this.young.get(key);
    if (hit !== undefined) return hit;
    const old = this.old.get(key);
    if (old !== undefined) {
      this.old.delete(key);
      this.set(key, old);
    }
    return old;
  }

  set(key: K, value: V): void {
    if (this.young.size >= this.half) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }

  get size(): number {
    return this.young.size + this.old.size;
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
  }
}
