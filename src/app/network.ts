/**
 * The browser's word on the network (issue 34: offline shown as offline, uploads that wait for the
 * network and go on when it returns). `navigator.onLine` false means no network for certain; true
 * may still fail, which the upload queue counts as a failed try.
 */
import { useSyncExternalStore } from 'react';
import { wakesUploads } from '../../shop/index.ts';
import type { UploadQueue } from './uploadQueue.ts';

const hasWindow = typeof window !== 'undefined';

export const isOnline = (): boolean => !hasWindow || navigator.onLine !== false;

/** Resolves at the next `online` event (at once when online). */
export function whenOnline(): Promise<void> {
  if (isOnline()) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

function subscribe(listener: () => void): () => void {
  if (!hasWindow) return () => {};
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser is online, following its `online` and `offline` events; online on the server. */
export const useOnline = (): boolean => useSyncExternalStore(subscribe, isOnline, () => true);

/** Calls `listener` each time the network comes back. */
export function onOnline(listener: () => void): () => void {
  if (!hasWindow) return () => {};
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
}

// Weak, so an editor's queue goes with its editor; one pair of listeners for every queue.
type AnyQueue = Pick<UploadQueue<unknown, unknown>, 'interrupt' | 'wake'>;
const followed = new Set<WeakRef<AnyQueue>>();
function eachFollowed(act: (queue: AnyQueue) => void) {
  for (const ref of followed) {
    const queue = ref.deref();
    if (queue) act(queue);
    else followed.delete(ref);
  }
}
if (hasWindow) {
  window.addEventListener('offline', () => eachFollowed((queue) => queue.interrupt()));
  const wake = (event: Event) => {
    if (wakesUploads(event, document.visibilityState)) eachFollowed((queue) => queue.wake());
  };
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', wake);
}

/**
 * Ties a queue to the network: the try under way stops when the network goes (a request cut off
 * can hang for minutes), and when it returns or the page becomes visible again (a phone suspends a
 * hidden page's requests) a file waiting for its next try goes at once and failed files go again.
 */
export function followNetwork<F, R>(queue: UploadQueue<F, R>): UploadQueue<F, R> {
  followed.add(new WeakRef(queue));
  return queue;
}

/** The queue options that make it wait for the network. */
export const networkOptions = { isOnline, whenOnline };
