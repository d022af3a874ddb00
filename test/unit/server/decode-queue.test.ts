import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DecodeQueue, DecodeQueueBusy } from '../../../server/services/pictures/decodeQueue.ts';

const MP = 1_000_000;

/** A job that runs until finish() is called, recording when it started. */
function job(log: string[], name: string) {
  let finish: (value?: unknown) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const run = () => {
    log.push(name);
    return new Promise((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { run, finish: () => finish(name), fail: (error: Error) => fail(error) };
}

/** Lets the queue's promise chains settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the decode queue', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const queue = (options: Partial<ConstructorParameters<typeof DecodeQueue>[0]> = {}) =>
    new DecodeQueue({ running: 2, pixels: 100 * MP, waiting: 4, waitMs: 60_000, ...options });

  it('runs two small decodes at once, and a third when one is done', async () => {
    const q = queue();
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => job(log, name));
    const done = [q.run(12 * MP, a!.run), q.run(12 * MP, b!.run), q.run(12 * MP, c!.run)];
    await settle();
    expect(log).toEqual(['a', 'b']);
    expect(q.stats).toEqual({ running: 2, pixels: 24 * MP, waiting: 1 });
    b!.finish();
    await settle();
    expect(log).toEqual(['a', 'b', 'c']);
    a!.finish();
    c!.finish();
    expect(await Promise.all(done)).toEqual(['a', 'b', 'c']);
    expect(q.stats).toEqual({ running: 0, pixels: 0, waiting: 0 });
  });

  it('runs large decodes one after the other: their pixels together are more than the budget', async () => {
    const q = queue({ waiting: 5 });
    const log: string[] = [];
    const jobs = Array.from({ length: 6 }, (_, i) => job(log, `large-${i}`));
    const done = jobs.map((j) => q.run(81 * MP, j.run));
    for (let i = 0; i < 6; i++) {
      await settle();
      expect(log).toHaveLength(i + 1);
      expect(q.stats.running).toBe(1);
      jobs[i]!.finish();
    }
    await Promise.all(done);
  });

  it('runs a picture larger than the whole budget alone, and does not refuse it', async () => {
    const q = queue({ pixels: 50 * MP });
    const log: string[] = [];
    const [huge, small] = [job(log, 'huge'), job(log, 'small')];
    const done = [q.run(81 * MP, huge.run), q.run(1 * MP, small.run)];
    await settle();
    expect(log).toEqual(['huge']);
    huge.finish();
    await settle();
    expect(log).toEqual(['huge', 'small']);
    small.finish();
    await Promise.all(done);
  });

  it('serves in order: a small decode does not overtake a large one waiting for room', async () => {
    const q = queue();
    const log: string[] = [];
    const [first, large, small] = [job(log, 'first'), job(log, 'large'), job(log, 'small')];
    const done = [q.run(40 * MP, first.run), q.run(81 * MP, large.run), q.run(1 * MP, small.run)];
    await settle();
    // The small one would fit beside the first, but the large one came before it.
    expect(log).toEqual(['first']);
    first.finish();
    await settle();
    // Then it starts beside the large one, which leaves room for it.
    expect(log).toEqual(['first', 'large', 'small']);
    large.finish();
    small.finish();
    await Promise.all(done);
  });

  it('refuses a decode at once when as many as it allows are waiting', async () => {
    const q = queue({ running: 1, waiting: 2 });
    const log: string[] = [];
    const jobs = Array.from({ length: 3 }, (_, i) => job(log, `j${i}`));
    const done = jobs.map((j) => q.run(1 * MP, j.run));
    const refused = q.run(1 * MP, job(log, 'refused').run);
    await expect(refused).rejects.toEqual(new DecodeQueueBusy('full'));
    expect(q.stats).toMatchObject({ running: 1, waiting: 2 });
    for (const j of jobs) {
      j.finish();
      await settle();
    }
    await Promise.all(done);
    expect(log).toEqual(['j0', 'j1', 'j2']);
  });

  it('refuses a decode that waited too long, and starts the ones behind it that now fit', async () => {
    const q = queue({ waitMs: 60_000 });
    const log: string[] = [];
    const [running, large, small] = [job(log, 'running'), job(log, 'large'), job(log, 'small')];
    const first = q.run(40 * MP, running.run);
    const late = expect(q.run(81 * MP, large.run)).rejects.toEqual(new DecodeQueueBusy('timeout'));
    await vi.advanceTimersByTimeAsync(30_000);
    const behind = q.run(1 * MP, small.run);
    await settle();
    expect(log).toEqual(['running']);
    await vi.advanceTimersByTimeAsync(30_000);
    await late;
    // The small one fits beside the running one once the large one no longer holds the line.
    await settle();
    expect(log).toEqual(['running', 'small']);
    expect(q.stats).toEqual({ running: 2, pixels: 41 * MP, waiting: 0 });
    running.finish();
    small.finish();
    await Promise.all([first, behind]);
  });

  it('frees a failed decode’s place for the next', async () => {
    const q = queue({ running: 1 });
    const log: string[] = [];
    const [failing, next] = [job(log, 'failing'), job(log, 'next')];
    const failed = q.run(1 * MP, failing.run);
    const done = q.run(1 * MP, next.run);
    await settle();
    failing.fail(new Error('the decoder failed'));
    await expect(failed).rejects.toThrow('the decoder failed');
    await settle();
    expect(log).toEqual(['failing', 'next']);
    next.finish();
    await done;
    expect(q.stats).toEqual({ running: 0, pixels: 0, waiting: 0 });
  });
});
