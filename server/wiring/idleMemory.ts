/**
 * Memory given back when a load has passed (issue 28). After a burst of requests V8 keeps the heap
 * pages it grew into and reports them free: a shop at 290 MB idle stayed at 546 MB for good after the
 * load bench, and neither V8's idle collections nor malloc's trimming gave it back. A "last resort"
 * collection (V8's gc() with `flavor: 'last-resort'`, what V8 does on a low-memory notification)
 * does: 546 → 252 MB in about 250 ms, measured with `npm run bench -- load`.
 *
 * It runs once the shop has been quiet for a while (no request in flight, none for `quietMs`) and only
 * when the RSS has grown by `growthBytes` since the last time, so an idle shop is never paused and a
 * busy one never waits for it. The start counts as a load: the first quiet spell after it collects.
 * gc() exists when Node runs with --expose-gc (scripts/server-flags.mjs, used by `npm start`);
 * without it nothing happens.
 */
import fp from 'fastify-plugin';

export interface IdleMemoryOptions {
  /** Quiet this long (nothing in flight, nothing finished) before memory is given back. */
  quietMs: number;
  /** How often the quiet is looked at. */
  checkMs: number;
  /** Only when the RSS has grown this much since the last collection (or the start). */
  growthBytes: number;
}

export const IDLE_MEMORY: IdleMemoryOptions = {
  quietMs: 10_000,
  checkMs: 5_000,
  growthBytes: 64 * 1024 * 1024,
};

type Collect = () => void;

/** The rule, apart from timers and the process: when a quiet shop's memory is collected. */
export class IdleMemoryReducer {
  private inFlight = 0;
  private lastActivity: number;
  private floor: number;
  /** Collections so far, for tests and the log. */
  collections = 0;

  constructor(
    private readonly options: IdleMemoryOptions,
    private readonly collect: Collect,
    now: number,
    rss: number,
  ) {
    this.lastActivity = now;
    this.floor = rss;
  }

  requestStarted(now: number) {
    this.inFlight++;
    this.lastActivity = now;
  }

  requestEnded(now: number) {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.lastActivity = now;
  }

  /**
   * Collects if the shop is quiet and has grown; answers the RSS before and after when it did.
   * `rss` is read again after the collection.
   */
  tick(now: number, rss: () => number): { before: number; after: number } | null {
    if (this.inFlight > 0 || now - this.lastActivity < this.options.quietMs) return null;
    const before = rss();
    if (before - this.floor < this.options.growthBytes) {
      // A shop that shrank by itself starts counting from there.
      this.floor = Math.min(this.floor, before);
      return null;
    }
    this.collect();
    this.collections++;
    const after = rss();
    this.floor = after;
    return { before, after };
  }
}

/** V8's gc() with the last-resort flavour, or null when Node was started without --expose-gc. */
export function lastResortCollection(): Collect | null {
  const gc = (globalThis as { gc?: (options: object) => void }).gc;
  return gc ? () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }) : null;
}

export const idleMemory = fp<{ options?: IdleMemoryOptions; collect?: Collect | null }>(
  async (app, { options = IDLE_MEMORY, collect = lastResortCollection() }) => {
    if (!collect) return;
    // Counted from nothing, so the first quiet spell after the start collects once: compiling the
    // modules, migrating and seeding leave pages V8 keeps (215 → 181 MB on PostgreSQL).
    const reducer = new IdleMemoryReducer(options, collect, Date.now(), 0);
    app.decorate('idleMemory', reducer);
    // A request is counted until its response is sent or its client goes away, once. The response's
    // own 'close' is the backstop: a client gone while the answer's onSend hooks ran got neither
    // onResponse nor onRequestAbort, and the shop counted it in flight for good (never quiet again).
    const open = new WeakSet<object>();
    const end = async (request: object) => {
      if (open.delete(request)) reducer.requestEnded(Date.now());
    };
    app.addHook('onRequest', async (request, reply) => {
      open.add(request);
      reducer.requestStarted(Date.now());
      reply.raw.once('close', () => void end(request));
    });
    app.addHook('onResponse', end);
    app.addHook('onRequestAbort', end);
    const timer = setInterval(() => {
      const done = reducer.tick(Date.now(), () => process.memoryUsage.rss());
      if (done) {
        const mb = (n: number) => Math.round(n / 1024 / 1024);
        app.log.info(
          { before: mb(done.before), after: mb(done.after) },
          'memory given back after a load (MB RSS)',
        );
      }
    }, options.checkMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'idle-memory' },
);

declare module 'fastify' {
  interface FastifyInstance {
    idleMemory?: IdleMemoryReducer;
  }
}
