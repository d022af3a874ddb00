/**
 * The list previews of a start drawn in a child process of their own, which ends when they are done.
 * Drawn in a worker thread, they left the shop's process holding their native memory for good:
 * Skia's and the fonts' allocations fragment malloc's heaps, which a thread's end does not give back
 * (a first start on PGlite idled at 525 MB, a second one at 245 MB). A process's end gives it all back.
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { StorageConfig } from '../storage/objectStore.ts';
import type { PreviewPool } from './previewPool.ts';
import type { PreviewTask } from './previewTask.ts';

type Answer = { id: number; png: Uint8Array } | { id: number; error: string } | { ready: true };

export function createPreviewProcess(storage: StorageConfig): PreviewPool & { pid(): number | null } {
  let child: ChildProcess | null = null;
  let ready: Promise<void> | null = null;
  let next = 0;
  let drawn = 0;
  const waiting = new Map<number, { resolve: (png: Uint8Array) => void; reject: (e: Error) => void }>();
  const failAll = (error: Error) => {
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  const start = () => {
    // The shop's own Node flags and loader (process.execArgv) are the child's too.
    const started = fork(new URL('./preview-child.mjs', import.meta.url), {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = started;
    ready = new Promise((resolve, reject) => {
      started.on('message', (message: Answer) => {
        if ('ready' in message) return resolve();
        const w = waiting.get(message.id);
        if (!w) return;
        waiting.delete(message.id);
        if ('png' in message) {
          drawn++;
          w.resolve(message.png);
        } else w.reject(new Error(`Drawing a preview failed: ${message.error}`));
      });
      started.on('error', reject);
      started.on('exit', (code, signal) => {
        const error = new Error(`The preview process ended (${signal ?? code})`);
        reject(error);
        failAll(error);
        if (child === started) {
          child = null;
          ready = null;
        }
      });
    });
    return ready;
  };
  return {
    drawn: () => drawn,
    /** The drawing process's id while it runs. */
    pid: () => child?.pid ?? null,
    async render(task) {
      if (!child) void start();
      await ready;
      const id = next++;
      return new Promise<Uint8Array>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child!.send({ id, task: { ...task, storage } satisfies PreviewTask });
      });
    },
    async close() {
      const ending = child;
      if (!ending) return;
      child = null;
      ready = null;
      await new Promise<void>((resolve) => {
        // Without its channel it has nothing left to do; a child that lingers anyway is ended.
        const lingering = setTimeout(() => ending.kill(), 5000);
        ending.once('exit', () => {
          clearTimeout(lingering);
          resolve();
        });
        ending.disconnect();
      });
    },
  };
}
