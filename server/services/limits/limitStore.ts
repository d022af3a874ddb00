/**
 * The counters behind every limit (login guesses, uploads, previews, lab passwords, rebate codes),
 * shared by all instances of the shop: in PostgreSQL (the `rate_limits` table, the default) or in
 * Redis when `REDIS_URL` is set. Time is the store's own (PostgreSQL's now(), Redis's expiry), so
 * instances whose clocks differ still agree on a window.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/connect.ts';
import { rateLimits } from '../../db/schema.ts';

/** A key's count in its window and the milliseconds left of it (0: no window running). */
export interface LimitCount {
  current: number;
  ttl: number;
}

export interface LimitStore {
  /** Adds `by` to the key's count; a key without a running window starts one of `windowMs`. */
  incr(key: string, windowMs: number, by?: number): Promise<LimitCount>;
  read(key: string): Promise<LimitCount>;
  /** Takes one back (an attempt counted in advance that turned out fine). */
  decr(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /**
   * Starts a window of `ttlMs` on the key if none is running, atomically: true for the one caller that
   * started it. A waiting room with one seat: of parallel callers exactly one gets in.
   */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /** Forgets windows that have ended (the cleanup job); answers how many. */
  purge(): Promise<number>;
  close(): Promise<void>;
}

const NONE: LimitCount = { current: 0, ttl: 0 };

export class PostgresLimitStore implements LimitStore {
  constructor(private readonly db: Db) {}

  async incr(key: string, windowMs: number, by = 1): Promise<LimitCount> {
    const window = sql`now() + make_interval(secs => ${windowMs / 1000})`;
    const ended = sql`${rateLimits.resetsAt} <= now()`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, hits: by, resetsAt: window })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${ended} then ${by} else ${rateLimits.hits} + ${by} end`,
          resetsAt: sql`case when ${ended} then ${window} else ${rateLimits.resetsAt} end`,
        },
      })
      .returning({ current: rateLimits.hits, ttl: msLeft });
    return countOf(row);
  }

  async read(key: string): Promise<LimitCount> {
    const [row] = await this.db
      .select({ current: rateLimits.hits, ttl: msLeft })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gt(rateLimits.resetsAt, sql`now()`)));
    return row ? countOf(row) : NONE;
  }

  async decr(key: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
      .where(eq(rateLimits.key, key));
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    const until = sql`now() + make_interval(secs => ${ttlMs / 1000})`;
    const rows = await this.db
      .insert(rateLimits)
      .values({ key, hits: 1, resetsAt: until })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { hits: 1, resetsAt: until },
        setWhere: lte(rateLimits.resetsAt, sql`now()`),
      })
      .returning({ key: rateLimits.key });
    return rows.length === 1;
  }

  async purge(): Promise<number> {
    const gone = await this.db
      .delete(rateLimits)
      .where(lte(rateLimits.resetsAt, sql`now()`))
      .returning({ key: rateLimits.key });
    return gone.length;
  }

  async close(): Promise<void> {}
}

const msLeft = sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.resetsAt} - now())) * 1000))::float8`;

const countOf = (row: { current: number; ttl: number } | undefined): LimitCount =>
  row ? { current: Number(row.current), ttl: Math.max(0, Number(row.ttl)) } : NONE;

/** INCRBY, starting the window's expiry on the key's first hit (or when it somehow has none). */
const INCR = `
local current = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

const DECR = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current > 0 then redis.call('DECR', KEYS[1]) end
return current
`;

export class RedisLimitStore implements LimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'print-shop:limit:',
  ) {}

  async incr(key: string, windowMs: number, by = 1): Promise<LimitCount> {
    const [current, ttl] = (await this.redis.eval(INCR, 1, this.prefix + key, Math.ceil(windowMs), by)) as [
      number,
      number,
    ];
    return { current: Number(current), ttl: Number(ttl) };
  }

  async read(key: string): Promise<LimitCount> {
    const [[, value], [, ttl]] = (await this.redis
      .multi()
      .get(this.prefix + key)
      .pttl(this.prefix + key)
      .exec()) as [[null, string | null], [null, number]];
    return value === null ? NONE : { current: Number(value), ttl: Math.max(0, Number(ttl)) };
  }

  async decr(key: string): Promise<void> {
    await this.redis.eval(DECR, 1, this.prefix + key);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(this.prefix + key, '1', 'PX', Math.ceil(ttlMs), 'NX')) === 'OK';
  }

  /** Redis forgets ended windows itself. */
  async purge(): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/** The store of `REDIS_URL` when set, else the database's. */
export async function openLimitStore(db: Db, redisUrl: string | null): Promise<LimitStore> {
  if (!redisUrl) return new PostgresLimitStore(db);
  const { Redis } = await import('ioredis');
  // Fail fast when Redis is away: a limit that cannot be counted refuses (see plugins/limits.ts)
  // rather than queueing requests for minutes.
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  return new RedisLimitStore(redis);
}
