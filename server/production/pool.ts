/**
 * The render pool: print files are drawn in worker threads (piscina), never on the event loop, so the
 * shop keeps answering while a 13-page calendar renders. One thread fewer than the machine's cores
 * (at least one) leaves a core for the server; threads end when idle, so an idle shop holds no fonts
 * or pictures in their memory.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { RenderResult, RenderTask } from './renderTask.ts';

export interface RenderPool {
  render(task: RenderTask, signal?: AbortSignal): Promise<RenderResult>;
  close(): Promise<void>;
}

export function createRenderPool(
  options: { threads?: number; log?: { error(o: object, m: string): void } } = {},
): RenderPool {
  const threads = options.threads ?? Math.max(1, availableParallelism() - 1);
  const pool = new Piscina({
    filename: new URL('./worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 30_000,
    // A render holds one print-size picture and page at a time; this bounds a runaway one.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  // A worker that cannot start (or dies) fails the task it was given, which the job retries; the
  // pool's own 'error' event must not take the whole server down as an unhandled one.
  pool.on('error', (error) => options.log?.error({ err: error }, 'A render worker failed'));
  return {
    render: (task, signal) => pool.run(task, signal ? { signal } : {}) as Promise<RenderResult>,
    close: () => pool.destroy(),
  };
}
