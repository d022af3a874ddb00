import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PREVIEW_CACHE_DAYS,
  renewCached,
  sweepPreviewCache,
} from '../../../server/services/templates/previewCache.ts';
import { systemClock } from '../../../shop/clock.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = systemClock.now();

describe('the thumbnail cache sweep', () => {
  let dir: string;
  const file = async (name: string, ageMs: number) => {
    const at = new Date(now.getTime() - ageMs);
    await writeFile(path.join(dir, name), 'x');
    await utimes(path.join(dir, name), at, at);
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'preview-cache-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it(`removes thumbnails not asked for in ${PREVIEW_CACHE_DAYS} days and temporary files over an hour old`, async () => {
    await file('stale.jpg', (PREVIEW_CACHE_DAYS + 1) * DAY);
    await file('edge.jpg', PREVIEW_CACHE_DAYS * DAY - 1000);
    await file('fresh.jpg', DAY);
    await file('.tmp-crashed', 2 * 60 * 60 * 1000);
    await file('.tmp-writing', 60 * 1000);
    await file('notes.txt', 400 * DAY);
    expect(await sweepPreviewCache(dir, { now })).toBe(2);
    expect((await readdir(dir)).sort()).toEqual(['.tmp-writing', 'edge.jpg', 'fresh.jpg', 'notes.txt']);
  });

  it('keeps a thumbnail that was served again', async () => {
    await file('served.jpg', (PREVIEW_CACHE_DAYS + 5) * DAY);
    renewCached(path.join(dir, 'served.jpg'), now);
    // renewCached does not wait; give the file system its turn.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await sweepPreviewCache(dir, { now })).toBe(0);
    expect(await readdir(dir)).toEqual(['served.jpg']);
  });

  it('is a no-op for a cache folder not made yet, and renewing a swept file does not throw', async () => {
    expect(await sweepPreviewCache(path.join(dir, 'missing'), { now })).toBe(0);
    expect(() => renewCached(path.join(dir, 'gone.jpg'), now)).not.toThrow();
  });
});
