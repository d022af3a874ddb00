/**
 * The sweep of what interrupted uploads leave behind. An upload moves each file into the storage as
 * it arrives and writes the pictures' rows only when the whole request is in (pictures.ts, commit),
 * so a request cut off (a dropped connection, a killed server) leaves files that no row names, and
 * perhaps a scratch file or a local temporary. The sweep removes:
 * - scratch files and storage temporaries older than `temporaryAgeMs`;
 * - picture files (originals, masters, derivatives) that no picture row names, once older than
 *   `orphanAgeMs`: an upload still running has stored its files but not yet its rows, so the age
 *   must exceed the longest upload request. A file stored again is new again (a write renews its
 *   time), so bytes uploaded anew are never taken by an old orphan's sweep.
 * It runs when the app is ready and then every `intervalMs`, in every instance: each step is
 * idempotent, so instances sweeping at once only repeat each other's deletes.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { pictures } from '../../db/schema.ts';
import type { StoredObject } from '../../storage/objectStore.ts';
import { type PictureFiles, pictureKeys } from './pictures.ts';

export interface PictureSweepTiming {
  /** A picture file no row names is removed once it is this old (longer than any upload request). */
  orphanAgeMs: number;
  /** A scratch file or a storage temporary is removed once it is this old. */
  temporaryAgeMs: number;
  intervalMs: number;
}

const HOUR_MS = 60 * 60 * 1000;

export const DEFAULT_PICTURE_SWEEP: PictureSweepTiming = {
  // A 50-file upload over a slow phone connection can take hours; a day is beyond any of them.
  orphanAgeMs: 24 * HOUR_MS,
  temporaryAgeMs: HOUR_MS,
  intervalMs: HOUR_MS,
};

/** Keys asked about in one query. */
const BATCH = 500;
const SHA256 = /^[0-9a-f]{64}/;

export interface SweepResult {
  temporaries: number;
  orphans: number;
}

/** One pass of the sweep; answers what it removed. */
export async function sweepPictureFiles(
  deps: { db: Db; files: PictureFiles },
  timing: Pick<PictureSweepTiming, 'orphanAgeMs' | 'temporaryAgeMs'>,
  now = new Date(),
): Promise<SweepResult> {
  const { storage, scratchDir } = deps.files;
  const temporariesBefore = new Date(now.getTime() - timing.temporaryAgeMs);
  let temporaries = await removeScratch(scratchDir, temporariesBefore);
  for (const prefix of ['pictures/', 'production/']) {
    temporaries += await storage.removeTemporaries(prefix, temporariesBefore);
  }
  const orphansBefore = new Date(now.getTime() - timing.orphanAgeMs);
  let orphans = 0;
  let batch: { object: StoredObject; sha256: string }[] = [];
  const flush = async () => {
    const shas = [...new Set(batch.map((b) => b.sha256))];
    const named = new Set(
      shas.length
        ? (
            await deps.db
              .selectDistinct({ sha256: pictures.sha256 })
              .from(pictures)
              .where(inArray(pictures.sha256, shas))
          ).map((r) => r.sha256)
        : [],
    );
    for (const { object, sha256 } of batch) {
      if (named.has(sha256)) continue;
      await storage.delete(object.key);
      orphans += 1;
    }
    batch = [];
  };
  for (const prefix of [pictureKeys.originals, pictureKeys.derived]) {
    for await (const object of storage.list(prefix)) {
      const sha256 = SHA256.exec(object.key.slice(prefix.length))?.[0];
      if (!sha256 || object.modifiedAt > orphansBefore) continue;
      batch.push({ object, sha256 });
      if (batch.length === BATCH) await flush();
    }
  }
  await flush();
  return { temporaries, orphans };
}

/** Scratch files of uploads that ended without moving them (a killed process). */
async function removeScratch(dir: string, olderThan: Date): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && info.mtime < olderThan) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** Sweeps when the app is ready and then every `intervalMs`; never two passes at once. */
export function schedulePictureSweep(
  app: FastifyInstance,
  deps: { db: Db; files: PictureFiles },
  timing: PictureSweepTiming,
) {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= sweepPictureFiles(deps, timing)
      .then(
        (removed) => {
          if (removed.temporaries || removed.orphans) app.log.info(removed, 'Swept upload leftovers');
        },
        (error) => app.log.warn({ err: error }, 'The upload leftovers sweep failed'),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(sweep, timing.intervalMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
