/**
 * Issue 18: a visitor's designs, kept in this browser, move to the account when they log in or sign
 * up, so 'My designs' shows them on every device. Each goes as it was saved; the server checks it
 * against its template (keptInstance) and keeps the newer of its own and this one. A design the
 * account took (or already had newer) leaves the browser; one it cannot take (a template version
 * gone) stays here, where the editor still opens it.
 */
import type { Instance } from '../../engine/index.ts';
import { CallError } from '../api/call.ts';
import { putAccountDesign } from '../api/designs.ts';
import { DESIGN_KEY_PREFIX } from './designKeys.ts';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The saved design under a key, as the editor wrote it; a damaged entry is passed over. */
function readSaved(storage: Storage, key: string): { instance: Instance; savedAt: number } | null {
  try {
    const saved = JSON.parse(storage.getItem(key) ?? 'null') as {
      instance?: unknown;
      savedAt?: unknown;
    } | null;
    if (!saved?.instance || typeof saved.instance !== 'object') return null;
    return {
      instance: saved.instance as Instance,
      savedAt: typeof saved.savedAt === 'number' ? saved.savedAt : 0,
    };
  } catch {
    return null;
  }
}

/** Moves every design this browser keeps to the logged-in account; answers how many moved. */
export async function moveLocalDesigns(): Promise<number> {
  const storage = browserStorage();
  if (!storage) return 0;
  const keys: string[] = [];
  for (let n = 0; n < storage.length; n++) {
    const key = storage.key(n);
    if (key?.startsWith(DESIGN_KEY_PREFIX)) keys.push(key);
  }
  let moved = 0;
  for (const key of keys) {
    const saved = readSaved(storage, key);
    if (!saved) continue;
    try {
      await putAccountDesign(key.slice(DESIGN_KEY_PREFIX.length), saved);
      storage.removeItem(key);
      moved++;
    } catch (error) {
      // Not logged in after all, or the network is gone: the rest stay too, for the next login.
      if (!(error instanceof CallError) || error.code === 401 || error.code < 0) break;
      // 400/404: this one does not fit a template the shop has; it stays in the browser.
    }
  }
  return moved;
}
