/**
 * The pictures of 'View with own pictures' (S1 §2), kept for the browser session (they are the
 * session's pictures on the server too): the template lists draw their previews with them and a new
 * design in the editor starts with them autofilled. An external store for useSyncExternalStore.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { mergeOwnPictures, type OwnPicture, parseOwnPictures } from '../../shop/index.ts';
import { isHydrating } from './hydration.ts';

const KEY = 'templates.ownPictures';
const listeners = new Set<() => void>();
let current: OwnPicture[] | null = null;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function ownPictures(): OwnPicture[] {
  current ??= parseOwnPictures(storage()?.getItem(KEY) ?? null);
  return current;
}

function set(next: OwnPicture[]) {
  current = next;
  try {
    if (next.length === 0) storage()?.removeItem(KEY);
    else storage()?.setItem(KEY, JSON.stringify(next));
  } catch {
    // Without storage the pictures still show until the page is left.
  }
  for (const listener of listeners) listener();
}

export const addOwnPictures = (added: readonly OwnPicture[]) => set(mergeOwnPictures(ownPictures(), added));
export const clearOwnPictures = () => set([]);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The server's (and hydration's) answer: the sample pictures; one array, as React wants it stable. */
const NONE: OwnPicture[] = [];

export function useOwnPictures(): OwnPicture[] {
  const pictures = useSyncExternalStore(subscribe, ownPictures, () => NONE);
  // Over a list the server drew with the sample pictures, the first render draws them too (Preact's
  // hydration keeps the server's attributes, so the shopper's would never show), then the shopper's.
  const [taken, setTaken] = useState(() => !isHydrating());
  useEffect(() => {
    if (!taken) setTaken(true);
  }, [taken]);
  return taken ? pictures : NONE;
}
