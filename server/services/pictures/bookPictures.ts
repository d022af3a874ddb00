/**
 * The pictures a photo book's auto-create works from (issue 33): for each picture the shopper chose,
 * its upright size, its signals (pictureSignals.ts) and its faces, as the book's layout takes them.
 * Only pictures the session may use are answered; one the analysis has not reached yet is named as
 * pending, so the book job can find its signals itself (analysedBookPictures: signalStoredPicture, in
 * the signal threads) rather than wait for the queue.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { BookPicture } from '../../../engine/index.ts';
import type { Db } from '../../db/connect.ts';
import { pictures } from '../../db/schema.ts';
import { isUuid } from '../checkout/checkout.ts';
import type { Session } from '../identity/sessions.ts';
import { SIGNAL_THREADS } from './analysisPool.ts';
import { type PictureAnalysisDeps, signalStoredPicture } from './pictureRegions.ts';
import { ownedBy } from './pictures.ts';

export interface BookPictures {
  /** The analysed pictures, in the order asked (each once; uuids in lower case). */
  pictures: BookPicture[];
  /** Pictures the session may use whose signals are not found yet (not analysed), in the order asked. */
  pending: string[];
  /** What the session has no picture of: another shopper's, deleted, never uploaded, not a uuid. */
  unknown: string[];
}

/** The book's pictures among `uuids`, for the session that makes the book. */
export async function bookPictures(db: Db, owner: Session, uuids: readonly string[]): Promise<BookPictures> {
  // PostgreSQL reads a uuid in either case: one picture asked twice is answered once.
  const asked = [...new Set(uuids.map((uuid) => uuid.toLowerCase()))];
  const valid = asked.filter(isUuid);
  const rows = valid.length
    ? await db
        .select({
          uuid: pictures.uuid,
          width: pictures.width,
          height: pictures.height,
          regions: pictures.regions,
          signals: pictures.signals,
        })
        .from(pictures)
        .where(and(inArray(pictures.uuid, valid), eq(pictures.portalUuid, owner.portalUuid), ownedBy(owner)))
    : [];
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  const found: BookPictures = { pictures: [], pending: [], unknown: [] };
  for (const uuid of asked) {
    const row = byUuid.get(uuid);
    if (!row) found.unknown.push(uuid);
    else if (!row.signals) found.pending.push(uuid);
    else {
      const { takenAt, hash, sharpness } = row.signals;
      found.pictures.push({
        uuid: row.uuid,
        width: row.width,
        height: row.height,
        takenAt,
        hash,
        sharpness,
        ...(row.regions ? { faces: [...row.regions.faces] } : {}),
      });
    }
  }
  return found;
}

/**
 * The book's pictures, the signals of those still pending found first (the book job would otherwise
 * wait for the queue to reach them), SIGNAL_THREADS at a time, without the detector: the faces of a
 * picture the queue has not analysed yet are not waited for (docs/decisions.md 3.21); its crop in the
 * book is about its centre. A picture whose signals cannot be found (its file unreadable) stays
 * pending: the book leaves it out and says why, rather than failing the whole book on one picture.
 */
export async function analysedBookPictures(
  deps: PictureAnalysisDeps,
  owner: Session,
  uuids: readonly string[],
  progress?: (analysed: number, of: number) => void,
): Promise<BookPictures> {
  const first = await bookPictures(deps.db, owner, uuids);
  if (first.pending.length === 0) return first;
  let next = 0;
  let done = 0;
  // One more in hand than there are threads, so a thread is not idle while a file is read.
  const hands = Array.from({ length: SIGNAL_THREADS + 1 }, async () => {
    for (let at = next++; at < first.pending.length; at = next++) {
      try {
        await signalStoredPicture(deps, first.pending[at]!);
      } catch {
        // Stays pending (see above); the queue's own job retries it later.
      }
      progress?.(++done, first.pending.length);
    }
  });
  await Promise.all(hands);
  return bookPictures(deps.db, owner, uuids);
}
