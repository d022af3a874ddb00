/**
 * The thumbnail pool: cart and own-picture thumbnails are drawn in one worker thread of their own
 * (the print files have theirs, production/pool.ts), never on the event loop. The thread starts on
 * the first thumbnail and ends after a minute without one, so an idle shop holds no canvas or fonts.
 */
import { Piscina } from 'piscina';
import type { StorageConfig } from '../storage/objectStore.ts';
import type { PreviewTask } from './previewTask.ts';

export interface PreviewPool {
  render(task: Omit<PreviewTask, 'storage'>): Promise<Uint8Array>;
  /** Thumbnails the worker has drawn so far. */
  drawn(): number;
  close(): Promise<void>;
}

/** `storage` is where the worker reads published templates' art (the app's storage). */
export function createPreviewPool(storage: StorageConfig): PreviewPool {
  let pool: Piscina | null = null;
  let before = 0;
  return {
    drawn: () => before + (pool?.completed ?? 0),
    render(task) {
      pool ??= new Piscina({
        filename: new URL('./preview-worker.mjs', import.meta.url).href,
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: 60_000,
        resourceLimits: { maxOldGenerationSizeMb: 256 },
      });
      return pool.run({ ...task, storage } satisfies PreviewTask) as Promise<Uint8Array>;
    },
    async close() {
      before += pool?.completed ?? 0;
      await pool?.destroy();
      pool = null;
    },
  };
}
