/**
 * Memory given back once a load has passed (server/wiring/idleMemory.ts, issue 28): the rule of when
 * (quiet long enough, nothing in flight, grown enough since last time, once a quiet spell), the
 * plugin's counting of requests on a real fastify, and that the server's Node flags give the shop the
 * collection it calls. How much it gives back is `npm run bench -- load`'s.
 */
import { execFileSync } from 'node:child_process';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-flags.mjs';
import { IdleMemoryReducer, idleMemory } from '../../../server/wiring/idleMemory.ts';

const MB = 1024 * 1024;
const options = { quietMs: 10_000, checkMs: 1_000, growthBytes: 64 * MB };

describe('when a quiet shop gives memory back', () => {
  const start = (rss = 300 * MB) => {
    const collect = vi.fn();
    return { collect, reducer: new IdleMemoryReducer(options, collect, 0, rss) };
  };

  it('collects once it has been quiet for quietMs after growing by growthBytes', () => {
    const { collect, reducer } = start();
    reducer.requestStarted(1_000);
    reducer.requestEnded(2_000);
    expect(reducer.tick(11_999, () => 500 * MB)).toBeNull();
    expect(collect).not.toHaveBeenCalled();
    let rss = 500 * MB;
    const done = reducer.tick(12_000, () => {
      const now = rss;
      rss = 280 * MB;
      return now;
    });
    expect(done).toEqual({ before: 500 * MB, after: 280 * MB });
    expect(collect).toHaveBeenCalledOnce();
  });

  it('never while a request is in flight, however long it takes', () => {
    const { collect, reducer } = start();
    reducer.requestStarted(0);
    expect(reducer.tick(600_000, () => 900 * MB)).toBeNull();
    reducer.requestEnded(600_000);
    expect(reducer.tick(609_999, () => 900 * MB)).toBeNull();
    expect(reducer.tick(610_000, () => 900 * MB)).not.toBeNull();
    expect(collect).toHaveBeenCalledOnce();
  });

  it('not for growth under growthBytes, and counts from where it was collected', () => {
    const { collect, reducer } = start(300 * MB);
    expect(reducer.tick(20_000, () => 300 * MB + 64 * MB - 1)).toBeNull();
    expect(reducer.tick(20_000, () => 300 * MB + 64 * MB)).not.toBeNull();
    // Collected at 364 MB (the same rss read after): the next needs 64 MB more than that.
    expect(reducer.tick(40_000, () => 364 * MB + 63 * MB)).toBeNull();
    expect(collect).toHaveBeenCalledOnce();
  });

  it('once a quiet spell: an idle shop is not paused again and again', () => {
    const { collect, reducer } = start(300 * MB);
    let rss = 450 * MB;
    reducer.tick(20_000, () => rss);
    rss = 450 * MB;
    for (let t = 25_000; t < 200_000; t += 5_000) reducer.tick(t, () => rss);
    expect(collect).toHaveBeenCalledOnce();
  });

  it('counts from a lower RSS when the shop shrank by itself', () => {
    const { collect, reducer } = start(300 * MB);
    expect(reducer.tick(20_000, () => 250 * MB)).toBeNull();
    expect(reducer.tick(30_000, () => 250 * MB + 64 * MB)).not.toBeNull();
    expect(collect).toHaveBeenCalledOnce();
  });
});

describe('the idle-memory plugin', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts a request until its response is sent, then collects after the quiet', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const collect = vi.fn();
    const app = Fastify();
    // growth 0: any RSS is enough, so the timing alone decides.
    await app.register(idleMemory, { options: { quietMs: 10_000, checkMs: 1_000, growthBytes: 0 }, collect });
    let release: () => void = () => {};
    app.get('/slow', () => new Promise<string>((resolve) => (release = () => resolve('done'))));
    await app.ready();
    const answer = app.inject('/slow');
    await vi.waitFor(() => expect(app.idleMemory).toBeDefined());
    await vi.advanceTimersByTimeAsync(30_000);
    expect(collect).not.toHaveBeenCalled();
    release();
    expect((await answer).body).toBe('done');
    await vi.advanceTimersByTimeAsync(9_000);
    expect(collect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(collect).toHaveBeenCalledOnce();
    await app.close();
  });

  it('collects once after the start, however little the shop grew since it registered', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const collect = vi.fn();
    const app = Fastify();
    // The shop's own growth threshold: the start's compiling and migrating count as a load.
    await app.register(idleMemory, { options: { ...options, growthBytes: 64 * MB }, collect });
    await app.ready();
    await vi.advanceTimersByTimeAsync(options.quietMs + options.checkMs);
    expect(collect).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(collect).toHaveBeenCalledOnce();
    await app.close();
  });

  it('stops counting a request whose client went away', async () => {
    const collect = vi.fn();
    const app = Fastify();
    await app.register(idleMemory, { options: { quietMs: 0, checkMs: 60_000, growthBytes: 0 }, collect });
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    app.get('/never', () => {
      started();
      return new Promise(() => {});
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const request = fetch(`${address}/never`, { signal: controller.signal }).catch(() => null);
    await running;
    expect(app.idleMemory!.tick(Date.now(), () => 1)).toBeNull();
    controller.abort();
    await request;
    await vi.waitFor(() => expect(app.idleMemory!.tick(Date.now(), () => 1)).not.toBeNull());
    expect(collect).toHaveBeenCalledOnce();
    await app.close();
  });

  it('is off without a collection (Node without --expose-gc)', async () => {
    const app = Fastify();
    await app.register(idleMemory, { collect: null });
    await app.ready();
    expect(app.idleMemory).toBeUndefined();
    await app.close();
  });

  it("has V8's last-resort collection under the server's Node flags", () => {
    const script =
      "const { lastResortCollection } = await import('./server/wiring/idleMemory.ts'); const c = lastResortCollection(); c(); console.log(typeof c);";
    const out = execFileSync(
      process.execPath,
      [...SERVER_NODE_FLAGS, '--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
      },
    );
    expect(out.trim()).toBe('function');
  });
});
