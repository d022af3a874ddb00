/**
 * The picture analysis job (issue 32): a picture's faces and salient region (engine/pictureRegions.ts)
 * found after its upload and kept in pictures.regions. The job is queued in the transaction that
 * records the picture (PictureStore.commit, through PictureJobs), so it exists exactly when the
 * picture does, and the upload's answer never waits for it.
 *
 * Idempotent: a picture already analysed is left as it is, and one deleted meanwhile is nothing to do.
 * The regions depend only on the bytes, so a picture whose bytes were analysed before (another
 * shopper's upload of the same photo) takes those regions without a second analysis, and one
 * analysis fills every row of the same bytes still waiting.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { PictureRegions } from '../../../engine/index.ts';
import type { Db } from '../../db/connect.ts';
import { pictures } from '../../db/schema.ts';
import type { ObjectStore } from '../../storage/objectStore.ts';
import { recropDefaultLines } from '../cart/cart.ts';
import { uprightKey } from './pictures.ts';

/** The analysis queued by the store (server/production/jobs.ts implements it). */
export interface PictureJobs {
  /** Called inside the transaction that records the pictures. */
  enqueueAnalysis(tx: Db, pictureUuids: readonly string[]): Promise<void>;
}

export interface PictureAnalysisDeps {
  db: Db;
  storage: ObjectStore;
  /** Analyses an upright picture's bytes (analysisPool.ts, a worker thread). */
  analyse(bytes: Uint8Array): Promise<PictureRegions>;
}

export type AnalysisOutcome = 'analysed' | 'copied' | 'already' | 'gone';

/** A picture's regions, or null while it is not analysed (or is not there). */
export async function regionsOf(db: Db, pictureUuid: string): Promise<PictureRegions | null> {
  const [row] = await db
    .select({ regions: pictures.regions })
    .from(pictures)
    .where(eq(pictures.uuid, pictureUuid));
  return row?.regions ?? null;
}

/**
 * Stores the regions on every row of these bytes that has none yet and, in the same transaction,
 * moves the shop's crop of those pictures' cart print lines onto the faces (recropDefaultLines;
 * docs/decisions.md 4.11); a crop the shopper set stays.
 */
async function saveRegions(db: Db, sha256: string, regions: PictureRegions): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const saved = await tx
      .update(pictures)
      .set({ regions })
      .where(and(eq(pictures.sha256, sha256), isNull(pictures.regions)))
      .returning({ uuid: pictures.uuid });
    for (const { uuid } of saved) await recropDefaultLines(tx, uuid);
  });
}

/**
 * Records a picture's regions as given (tests, and any later re-analysis), and in the same transaction
 * moves the shop's crop of its cart print lines as saveRegions does. Answers whether the picture is
 * there and how many lines moved; recording the same regions again moves nothing.
 */
export async function setPictureRegions(
  db: Db,
  uuid: string,
  regions: PictureRegions | null,
): Promise<{ found: boolean; moved: number }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const written = await tx
      .update(pictures)
      .set({ regions })
      .where(eq(pictures.uuid, uuid))
      .returning({ uuid: pictures.uuid });
    if (written.length === 0) return { found: false, moved: 0 };
    return { found: true, moved: await recropDefaultLines(tx, uuid) };
  });
}

/** The job's work for one picture; throws (the job is retried) when the analysis fails. */
export async function analyseStoredPicture(
  deps: PictureAnalysisDeps,
  pictureUuid: string,
): Promise<AnalysisOutcome> {
  const { db } = deps;
  const [row] = await db
    .select({ sha256: pictures.sha256, hasMaster: pictures.hasMaster, regions: pictures.regions })
    .from(pictures)
    .where(eq(pictures.uuid, pictureUuid));
  if (!row) return 'gone';
  if (row.regions) return 'already';
  const [twin] = await db
    .select({ regions: pictures.regions })
    .from(pictures)
    .where(and(eq(pictures.sha256, row.sha256), isNotNull(pictures.regions)))
    .limit(1);
  if (twin?.regions) {
    await saveRegions(db, row.sha256, twin.regions);
    return 'copied';
  }
  const bytes = await deps.storage.get(uprightKey(row));
  if (!bytes) {
    // Its files go after its row (the cleanup, the orphan sweep): a picture deleted meanwhile.
    if (
      !(await db.select({ uuid: pictures.uuid }).from(pictures).where(eq(pictures.uuid, pictureUuid))).length
    )
      return 'gone';
    throw new Error(`The file of picture ${pictureUuid} is missing from the storage`);
  }
  await saveRegions(db, row.sha256, await deps.analyse(bytes));
  return 'analysed';
}
