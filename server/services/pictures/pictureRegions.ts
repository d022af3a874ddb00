/**
 * The picture analysis job (issue 32): a picture's faces and salient region (engine/pictureRegions.ts)
 * found after its upload and kept in pictures.regions, and with them (issue 33) the photo book's
 * signals (pictureSignals.ts) in pictures.signals. The job is queued in the transaction that
 * records the picture (PictureStore.commit, through PictureJobs), so it exists exactly when the
 * picture does, and the upload's answer never waits for it.
 *
 * Idempotent: a picture already analysed is left as it is, and one deleted meanwhile is nothing to do.
 * Regions and signals depend only on the bytes, so a picture whose bytes were analysed before (another
 * shopper's upload of the same photo) takes them without a second analysis, and one analysis fills
 * every row of the same bytes still waiting. Each is written once and never replaced: a picture
 * analysed before issue 33 keeps its regions (and its lines' crops) and is given its signals alone.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { PictureRegions } from '../../../engine/index.ts';
import type { Db } from '../../db/connect.ts';
import { pictures } from '../../db/schema.ts';
import type { ObjectStore } from '../../storage/objectStore.ts';
import { recropDefaultLines } from '../cart/cart.ts';
import type { HandOver } from './analysisPool.ts';
import type { PictureSignals } from './pictureSignals.ts';
import { pictureKeys, uprightKey } from './pictures.ts';

/** The analysis queued by the store (server/production/jobs.ts implements it). */
export interface PictureJobs {
  /** Called inside the transaction that records the pictures. */
  enqueueAnalysis(tx: Db, pictureUuids: readonly string[]): Promise<void>;
}

export interface PictureAnalysisDeps {
  db: Db;
  storage: ObjectStore;
  /**
   * Analyses an upright picture's bytes (analysisPool.ts, a worker thread); `original`: the file as
   * uploaded when the bytes are its master (its EXIF says when it was taken).
   */
  analyse(
    bytes: Uint8Array,
    original?: Uint8Array,
    options?: HandOver,
  ): Promise<{ regions: PictureRegions; signals: PictureSignals }>;
  /** The signals alone (no detector), for a picture that has its regions. */
  signals(bytes: Uint8Array, original?: Uint8Array, options?: HandOver): Promise<PictureSignals>;
}

/** A stored picture's files are read for the analysis alone: their memory goes to its thread. */
const HAND_OVER: HandOver = { handOver: true };

/** `signals`: a picture analysed before issue 33 was given its signals alone. */
export type AnalysisOutcome = 'analysed' | 'signals' | 'copied' | 'already' | 'gone';

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
 * docs/decisions.md 4.11); a crop the shopper set stays. The signals go on every row still without.
 */
async function saveAnalysis(
  db: Db,
  sha256: string,
  regions: PictureRegions,
  signals: PictureSignals,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const saved = await tx
      .update(pictures)
      .set({ regions })
      .where(and(eq(pictures.sha256, sha256), isNull(pictures.regions)))
      .returning({ uuid: pictures.uuid });
    for (const { uuid } of saved) await recropDefaultLines(tx, uuid);
    await tx
      .update(pictures)
      .set({ signals })
      .where(and(eq(pictures.sha256, sha256), isNull(pictures.signals)));
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

/**
 * A picture's upright bytes and, when they are a master, its original (whose EXIF says when it was
 * taken; a master has none). Null for a picture deleted meanwhile; throws when its file is missing.
 */
async function storedFiles(
  deps: PictureAnalysisDeps,
  row: { sha256: string; hasMaster: boolean },
  pictureUuid: string,
): Promise<{ bytes: Uint8Array; original: Uint8Array | undefined } | null> {
  const [bytes, original] = await Promise.all([
    deps.storage.get(uprightKey(row)),
    row.hasMaster ? deps.storage.get(pictureKeys.original(row.sha256)) : undefined,
  ]);
  if (bytes && original !== null) return { bytes, original };
  // Its files go after its row (the cleanup, the orphan sweep): a picture deleted meanwhile.
  const { db } = deps;
  if (!(await db.select({ uuid: pictures.uuid }).from(pictures).where(eq(pictures.uuid, pictureUuid))).length)
    return null;
  throw new Error(`The file of picture ${pictureUuid} is missing from the storage`);
}

/** The job's work for one picture; throws (the job is retried) when the analysis fails. */
export async function analyseStoredPicture(
  deps: PictureAnalysisDeps,
  pictureUuid: string,
): Promise<AnalysisOutcome> {
  const { db } = deps;
  const [row] = await db
    .select({
      sha256: pictures.sha256,
      hasMaster: pictures.hasMaster,
      regions: pictures.regions,
      signals: pictures.signals,
    })
    .from(pictures)
    .where(eq(pictures.uuid, pictureUuid));
  if (!row) return 'gone';
  if (row.regions && row.signals) return 'already';
  const sameBytes = (column: typeof pictures.regions | typeof pictures.signals) =>
    and(eq(pictures.sha256, row.sha256), isNotNull(column));
  const regions =
    row.regions ??
    (
      await db
        .select({ regions: pictures.regions })
        .from(pictures)
        .where(sameBytes(pictures.regions))
        .limit(1)
    )[0]?.regions;
  const signals =
    row.signals ??
    (
      await db
        .select({ signals: pictures.signals })
        .from(pictures)
        .where(sameBytes(pictures.signals))
        .limit(1)
    )[0]?.signals;
  if (regions && signals) {
    await saveAnalysis(db, row.sha256, regions, signals);
    return 'copied';
  }
  const files = await storedFiles(deps, row, pictureUuid);
  if (!files) return 'gone';
  const { bytes, original } = files;
  if (regions) {
    await saveAnalysis(db, row.sha256, regions, await deps.signals(bytes, original, HAND_OVER));
    return 'signals';
  }
  const analysed = await deps.analyse(bytes, original, HAND_OVER);
  await saveAnalysis(db, row.sha256, analysed.regions, signals ?? analysed.signals);
  return 'analysed';
}

/**
 * A photo book's wait for one picture (issue 33; docs/decisions.md 3.21): its signals alone, without the
 * detector (deps.signals, the signal threads), written on every row of its bytes still without. Its
 * regions are left to the analysis job, which keeps these signals. Throws when its file is missing.
 */
export async function signalStoredPicture(
  deps: PictureAnalysisDeps,
  pictureUuid: string,
): Promise<Exclude<AnalysisOutcome, 'analysed'>> {
  const { db } = deps;
  const [row] = await db
    .select({ sha256: pictures.sha256, hasMaster: pictures.hasMaster, signals: pictures.signals })
    .from(pictures)
    .where(eq(pictures.uuid, pictureUuid));
  if (!row) return 'gone';
  if (row.signals) return 'already';
  const [known] = await db
    .select({ signals: pictures.signals })
    .from(pictures)
    .where(and(eq(pictures.sha256, row.sha256), isNotNull(pictures.signals)))
    .limit(1);
  let signals = known?.signals;
  if (!signals) {
    const files = await storedFiles(deps, row, pictureUuid);
    if (!files) return 'gone';
    signals = await deps.signals(files.bytes, files.original, HAND_OVER);
  }
  await db
    .update(pictures)
    .set({ signals })
    .where(and(eq(pictures.sha256, row.sha256), isNull(pictures.signals)));
  return known ? 'copied' : 'signals';
}
