/**
 * The thumbnail caches on disk (cart-previews/, own-previews/): a thumbnail's file name is the hash
 * of what it shows, so a changed line or another set of pictures writes a new file and the old one
 * is never asked for again. The sweep removes what nobody asked for in PREVIEW_CACHE_DAYS (a hit
 * renews a file's time) and temporary files a crash left behind.
 */
import { readdir, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';

export const PREVIEW_CACHE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A temporary file older than this belongs to no running write. */
const TEMP_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * A cached thumbnail was written or served: it counts as fresh for another PREVIEW_CACHE_DAYS from
 * `now`, the app's clock (the sweep measures ages by the same clock, not the file system's).
 */
export function renewCached(file: string, now: Date): void {
  utimes(file, now, now).catch(() => {
    // Swept meanwhile: the next request draws it again.
  });
}

/** Removes the stale thumbnails and stray temporary files of one cache folder; returns how many. */
export async function sweepPreviewCache(
  dir: string,
  options: { now: Date; maxAgeDays?: number },
): Promise<number> {
  const now = options.now.getTime();
  const maxAgeMs = (options.maxAgeDays ?? PREVIEW_CACHE_DAYS) * DAY_MS;
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const temp = name.startsWith('.tmp-');
    if (!temp && !name.endsWith('.jpg')) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) continue;
    if (now - info.mtimeMs > (temp ? TEMP_MAX_AGE_MS : maxAgeMs)) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
