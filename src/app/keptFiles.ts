/**
 * The picked files of an upload queue kept in IndexedDB until they are uploaded, so a reload (or
 * the phone dropping the tab) does not lose them (issue 32; docs/decisions.md, "Resumable uploads in
 * the browser"): the queue starts again with them after the reload, and each resumes at the
 * server's offset. A File cannot be kept in localStorage, and tus-js-client's URL storage keeps only
 * where an upload is, not its bytes.
 *
 * Keeping is best effort: without IndexedDB (server rendering, a private mode that refuses it) or
 * over the quota, a file is only not kept, and the shopper picks it again after a reload (its
 * fingerprint finds the upload on the server).
 */

import type { QueueItem, UploadQueue } from './uploadQueue.ts';

const DB_NAME = 'print-shop-uploads';
const STORE = 'files';

interface KeptRow {
  key: string;
  queue: string;
  file: File;
  at: number;
}

let opened: Promise<IDBDatabase> | null = null;
function database(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opened;
}

async function inStore<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = act(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export const canKeepFiles = (): boolean => typeof indexedDB !== 'undefined';

/** Keeps a file for the named queue; answers its key, or null when it could not be kept. */
export async function keepFile(queue: string, file: File): Promise<string | null> {
  if (!canKeepFiles()) return null;
  const key = `${queue}:${Date.now()}:${Math.random().toString(36).slice(2)}`;
  try {
    await inStore('readwrite', (store) => store.put({ key, queue, file, at: Date.now() } satisfies KeptRow));
    return key;
  } catch (error) {
    console.warn('A picked file could not be kept for after a reload', error);
    return null;
  }
}

/** Lets a kept file go (it is uploaded, or the server refused it). */
export async function dropFile(key: string): Promise<void> {
  if (!canKeepFiles()) return;
  await inStore('readwrite', (store) => store.delete(key)).catch(() => undefined);
}

/** The named queue's kept files, oldest first, with their keys. */
export async function keptFiles(queue: string): Promise<{ key: string; file: File }[]> {
  if (!canKeepFiles()) return [];
  try {
    const rows = (await inStore('readonly', (store) => store.getAll())) as KeptRow[];
    return rows
      .filter((row) => row.queue === queue)
      .sort((a, b) => a.at - b.at)
      .map(({ key, file }) => ({ key, file }));
  } catch (error) {
    console.warn('The files kept for after a reload could not be read', error);
    return [];
  }
}

/**
 * The queue, with each added file kept until `isSettled` says it is done with, and the files kept
 * by an earlier page (before a reload) added again at once.
 */
export function keepAcrossReloads<R>(
  queue: UploadQueue<File, R>,
  name: string,
  isSettled: (item: QueueItem<File, R>) => boolean,
): UploadQueue<File, R> {
  if (!canKeepFiles()) return queue;
  const keys = new WeakMap<File, Promise<string | null>>();
  queue.subscribe((state) => {
    for (const item of state.items) {
      const key = keys.get(item.file);
      if (!key || !isSettled(item)) continue;
      keys.delete(item.file);
      void key.then((k) => (k ? dropFile(k) : undefined));
    }
  });
  const add = queue.add;
  void keptFiles(name).then((rows) => {
    for (const { key, file } of rows) keys.set(file, Promise.resolve(key));
    add(rows.map((row) => row.file));
  });
  return {
    ...queue,
    add: (files) => {
      for (const file of files) if (!keys.has(file)) keys.set(file, keepFile(name, file));
      add(files);
    },
  };
}
