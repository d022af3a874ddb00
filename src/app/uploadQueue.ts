/**
 * The editor's upload queue (S1 §4, §8, §9), as a model without React or the network: files are
 * uploaded one after another; each goes 0 (waiting) → 1 (uploading) → 2 (done), or → -1 (failed)
 * after `attempts` tries `retryDelayMs` apart. While a file waits for its next try the queue is
 * `retrying` ('Retrying...' in the status dialog). When the queue runs dry with any failure in its
 * run, `failed` is set (the 'Upload failed' dialog) until `acknowledge()`.
 *
 * The upload and the pause are injected, so unit tests run the five tries without waiting 25 s.
 */

export type UploadStatus = 0 | 1 | 2 | -1;

export const UPLOAD_ATTEMPTS = 5;
export const UPLOAD_RETRY_DELAY_MS = 5000;

export interface QueueItem<F, R> {
  id: number;
  file: F;
  status: UploadStatus;
  /** Tries made so far (1 during the first). */
  attempt: number;
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
}

export interface UploadQueueOptions<F, R> {
  upload: (file: F, onProgress: (fraction: number) => void) => Promise<R>;
  attempts?: number;
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Called once per run of the queue, with the results of the files that made it (in order). */
  onFinished?: (results: R[], failures: number) => void;
}

export interface UploadQueue<F, R> {
  getState: () => QueueState<F, R>;
  subscribe: (listener: (state: QueueState<F, R>) => void) => () => void;
  add: (files: F[]) => void;
  acknowledge: () => void;
  /** Resolves when the queue is idle. */
  idle: () => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createUploadQueue<F, R>(options: UploadQueueOptions<F, R>): UploadQueue<F, R> {
  const attempts = Math.max(1, options.attempts ?? UPLOAD_ATTEMPTS);
  const delay = options.retryDelayMs ?? UPLOAD_RETRY_DELAY_MS;
  const sleep = options.sleep ?? defaultSleep;
  let state: QueueState<F, R> = { items: [], retrying: false, running: false, failed: false };
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
      update(item.id, { status: 1, attempt, progress: 0 });
      try {
        const result = await options.upload(item.file, (fraction) =>
          update(item.id, { progress: Math.max(0, Math.min(1, fraction)) }),
        );
        update(item.id, { status: 2, progress: 1, result });
        return;
      } catch (error) {
        if (attempt === attempts) {
          console.warn('A picture could not be uploaded', error);
          update(item.id, { status: -1 });
          return;
        }
        set({ retrying: true });
        await sleep(delay);
        set({ retrying: false });
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
    set({ running: false, retrying: false, failed: state.failed || failures > 0 });
    worker = null;
    options.onFinished?.(results, failures);
  };

  return {
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
      runIds.push(...added.map((i) => i.id));
      // A new run starts with an empty list: the status dialog counts this run's files only.
      const kept = state.running ? state.items : [];
      set({ items: [...kept, ...added], running: true });
      if (!worker) worker = work();
    },
    acknowledge: () => set({ failed: false }),
    idle: () => worker ?? Promise.resolve(),
  };
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
