/**
 * The editor's upload queue (S1 §4, §8, §9), as a model without React or the network: files are
 * uploaded one after another; each goes 0 (waiting) → 1 (uploading) → 2 (done), or → -1 (failed)
 * after `attempts` tries `retryDelayMs` apart. While a file waits for its next try the queue is
 * `retrying` ('Retrying...' in the status dialog). When the queue runs dry with any failure in its
 * run, `failed` is set (the 'Upload failed' dialog) until `acknowledge()`.
 *
 * Offline is not a failure (issue 34): while the browser says it is offline a file waits (`offline`
 * is set) and a try cut by the network going away is not counted; `retry()` puts failed files back
 * in the queue, which the page does on a tap and when the network returns.
 *
 * Resumable uploads (issue 32): a try resumes where the last one stopped, so a file keeps the
 * progress it had, and a failed try that moved the upload forward is not counted (shop's
 * countsAsTry). `wake()` cuts a pause before the next try short and puts failed files back, which
 * the page does when the network returns and when it becomes visible again.
 *
 * The upload, the pause and the network's state are injected, so unit tests run the five tries
 * without waiting 25 s and go offline without a browser.
 */

import { countsAsTry } from '../../shop/index.ts';

export type UploadStatus = 0 | 1 | 2 | -1;

export const UPLOAD_ATTEMPTS = 5;
export const UPLOAD_RETRY_DELAY_MS = 5000;

export interface QueueItem<F, R> {
  id: number;
  file: F;
  status: UploadStatus;
  /** Tries made so far (1 during the first). */
  attempt: number;
  /** The last try's error, when the file failed. */
  error?: unknown;
  /** Upload progress of the current try, 0..1. */
  progress: number;
  result: R | null;
}

export interface QueueState<F, R> {
  items: QueueItem<F, R>[];
  /** True while a file waits for its next try. */
  retrying: boolean;
  /** True while files are waiting or uploading. */
  running: boolean;
  /** The queue ended with at least one failed file; cleared by acknowledge(). */
  failed: boolean;
  /** True while files wait for the network to come back. */
  offline: boolean;
}

export interface UploadQueueOptions<F, R> {
  upload: (file: F, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<R>;
  attempts?: number;
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Called once per run of the queue, with the results of the files that made it (in order). */
  onFinished?: (results: R[], failures: number) => void;
  /** Earlier runs' files stay in the list (the upload page's grid); else each run starts afresh. */
  keepFinished?: boolean;
  /** A failure that another try cannot mend (the server refused the file): no more tries. */
  isPermanent?: (error: unknown) => boolean;
  /** Whether the network is there (the browser's `navigator.onLine`); always, when not given. */
  isOnline?: () => boolean;
  /** Resolves when the network is back (the browser's `online` event). */
  whenOnline?: () => Promise<void>;
  /**
   * Each try goes on from where the last stopped (the file's progress is the server's offset): its
   * progress is kept between tries, and a try that got further is not counted.
   */
  resumable?: boolean;
}

export interface UploadQueue<F, R> {
  getState: () => QueueState<F, R>;
  subscribe: (listener: (state: QueueState<F, R>) => void) => () => void;
  add: (files: F[]) => void;
  acknowledge: () => void;
  /** Puts failed files back in the queue (all, or those with these ids) and starts it. */
  retry: (ids?: readonly number[]) => void;
  /** Aborts the try under way without counting it (the network went away); it starts again when online. */
  interrupt: () => void;
  /** A file waiting for its next try goes now, and failed files go again (the network or the page is back). */
  wake: () => void;
  /** Resolves when the queue is idle. */
  idle: () => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createUploadQueue<F, R>(options: UploadQueueOptions<F, R>): UploadQueue<F, R> {
  const attempts = Math.max(1, options.attempts ?? UPLOAD_ATTEMPTS);
  const delay = options.retryDelayMs ?? UPLOAD_RETRY_DELAY_MS;
  const sleep = options.sleep ?? defaultSleep;
  const isOnline = options.isOnline ?? (() => true);
  const whenOnline = options.whenOnline ?? (() => Promise.resolve());
  let state: QueueState<F, R> = { items: [], retrying: false, running: false, failed: false, offline: false };
  let current: AbortController | null = null;
  /** Ends the pause before the next try, while there is one. */
  let endPause: (() => void) | null = null;
  const resumable = options.resumable ?? false;
  const listeners = new Set<(s: QueueState<F, R>) => void>();
  let nextId = 1;
  let worker: Promise<void> | null = null;
  /** Ids of the items added since the queue was last idle: one run. */
  let runIds: number[] = [];

  const set = (patch: Partial<QueueState<F, R>>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l(state);
  };
  const update = (id: number, patch: Partial<QueueItem<F, R>>) =>
    set({ items: state.items.map((i) => (i.id === id ? { ...i, ...patch } : i)) });

  const uploadOne = async (item: QueueItem<F, R>) => {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      while (!isOnline()) {
        set({ offline: true });
        await whenOnline();
      }
      if (state.offline) set({ offline: false });
      const before = resumable ? (state.items.find((i) => i.id === item.id)?.progress ?? 0) : 0;
      let reached = before;
      update(item.id, { status: 1, attempt, progress: before });
      const controller = new AbortController();
      current = controller;
      try {
        const result = await options.upload(
          item.file,
          (fraction) => {
            const progress = Math.max(0, Math.min(1, fraction));
            reached = Math.max(reached, progress);
            update(item.id, { progress });
          },
          controller.signal,
        );
        update(item.id, { status: 2, progress: 1, result });
        return;
      } catch (error) {
        // A try the network took away is not the file's fault: it waits for the network instead.
        if (controller.signal.aborted || !isOnline()) {
          update(item.id, { status: 0, progress: resumable ? reached : 0 });
          attempt--;
          continue;
        }
        if (resumable && !countsAsTry(before, reached)) attempt = 0;
        if (attempt === attempts || options.isPermanent?.(error)) {
          console.warn('A picture could not be uploaded', error);
          update(item.id, { status: -1, error });
          return;
        }
        set({ retrying: true });
        await Promise.race([sleep(delay), new Promise<void>((resolve) => (endPause = resolve))]);
        endPause = null;
        set({ retrying: false });
      } finally {
        current = null;
      }
    }
  };

  const work = async () => {
    for (;;) {
      const next = state.items.find((i) => i.status === 0);
      if (!next) break;
      await uploadOne(next);
    }
    const run = state.items.filter((i) => runIds.includes(i.id));
    runIds = [];
    const failures = run.filter((i) => i.status === -1).length;
    const results = run.filter((i) => i.status === 2).map((i) => i.result as R);
    set({ running: false, retrying: false, offline: false, failed: state.failed || failures > 0 });
    worker = null;
    options.onFinished?.(results, failures);
  };

  const start = (ids: readonly number[]) => {
    runIds.push(...ids);
    if (!worker) worker = work();
  };

  const api: UploadQueue<F, R> = {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add: (files) => {
      if (files.length === 0) return;
      const added = files.map((file) => ({
        id: nextId++,
        file,
        status: 0 as UploadStatus,
        attempt: 0,
        progress: 0,
        result: null,
      }));
      // A new run starts with an empty list: the status dialog counts this run's files only.
      const kept = state.running || options.keepFinished ? state.items : [];
      set({ items: [...kept, ...added], running: true });
      start(added.map((i) => i.id));
    },
    acknowledge: () => set({ failed: false }),
    retry: (ids) => {
      const again = state.items
        .filter((i) => i.status === -1 && (!ids || ids.includes(i.id)))
        .map((i) => i.id);
      if (again.length === 0) return;
      set({
        items: state.items.map((i) =>
          again.includes(i.id) ? { ...i, status: 0, attempt: 0, progress: 0 } : i,
        ),
        running: true,
        failed: false,
      });
      start(again);
    },
    interrupt: () => current?.abort(),
    wake: () => {
      endPause?.();
      api.retry();
    },
    idle: () => worker ?? Promise.resolve(),
  };
  return api;
}

/** Overall progress of the current run for the status dialog: finished files plus the current one's share. */
export function queueProgress<F, R>(
  state: QueueState<F, R>,
): { done: number; total: number; fraction: number } {
  const total = state.items.length;
  if (total === 0) return { done: 0, total: 0, fraction: 0 };
  const settled = state.items.filter((i) => i.status === 2 || i.status === -1).length;
  const current = state.items.find((i) => i.status === 1);
  return { done: settled, total, fraction: (settled + (current?.progress ?? 0)) / total };
}
