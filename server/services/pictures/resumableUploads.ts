/**
 * Resumable uploads (tus 1.0, issue 32): a phone on a train sends a picture in pieces and, after a
 * cut, goes on from the server's offset instead of sending it all again. @tus/server speaks the
 * protocol; this module keeps who owns each upload (table `resumable_uploads`, so only its session
 * resumes or sees it) and turns a finished upload into a picture exactly as the one-shot upload does
 * (PictureStore.store: magic bytes, HEIC, pixel and byte limits), with a print line for `printsorder`.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { MemoryLocker, Server, type Upload } from '@tus/server';
import type { Locker } from '@tus/utils';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { resumableUploads } from '../../db/schema.ts';
import type { Session } from '../identity/sessions.ts';
import type { ResumableStore } from './resumableStores.ts';

/** The upload types of S0 §7's one-shot upload query that a resumable upload may name. */
export const RESUMABLE_TYPES = ['printsorder', 'editor', 'photobook'] as const;
export type ResumableType = (typeof RESUMABLE_TYPES)[number];

/** An upload (unfinished, or finished with its result kept) is kept this long after it began, then removed. */
export const RESUMABLE_EXPIRY_MS = 24 * 60 * 60 * 1000;

export interface ResumableOwner {
  id: string;
  session: Session;
  uploadType: ResumableType;
}

/** A finished upload's length and the answer its last piece got (kept so a lost answer can be asked again). */
export interface ResumableResult {
  length: number;
  answer: object;
}

/** The header a finished upload's HEAD (and a PATCH to it) carries its result in: base64url JSON. */
export const RESUMABLE_RESULT_HEADER = 'x-print-shop-upload-result';

export interface ResumableOptions {
  db: Db;
  /** Where the pieces wait until the upload is whole (resumableStores.ts). */
  store: ResumableStore;
  /** Shared by every instance (uploadLocks.ts); default tus's in-process one. */
  locker?: Locker;
  path: string;
  maxBytes: number;
  /** The finished upload as a picture: answers the JSON the client gets with the last piece. */
  finish: (owner: ResumableOwner, upload: Upload, read: () => Promise<Readable>) => Promise<object>;
}

/** The id header our own route sets on a creation request (a client's is removed first). */
export const RESUMABLE_ID_HEADER = 'x-print-shop-upload-id';

export function resumableServer(options: ResumableOptions) {
  const { db, store } = options;
  const locker = options.locker ?? new MemoryLocker();
  const tus = new Server({
    path: options.path,
    datastore: store.datastore,
    locker,
    maxSize: options.maxBytes,
    relativeLocation: true,
    // The id was made and recorded with its owner by the route before tus saw the request.
    namingFunction: (req) => {
      const id = req.headers.get(RESUMABLE_ID_HEADER);
      if (!id) throw { status_code: 500, body: 'No upload id' };
      return id;
    },
    onUploadFinish: async (_req, upload) => {
      // tus writes the last piece under the lock and finishes after letting go of it; the finish takes
      // it again, so a second request that also ends the upload (a 0-byte piece at its end, from
      // another instance) finds it finished and gone rather than making the picture twice.
      const lock = locker.newLock(upload.id);
      await lock.lock(new AbortController().signal, async () => {});
      try {
        const owner = await ownerOf(db, upload.id);
        if (!owner) throw { status_code: 404, body: 'Not found' };
        // Finished by the other request: the same answer, not a second picture.
        if (owner.result) return finishedAnswer(owner.result);
        let result: ResumableResult;
        try {
          const answer = await options.finish(owner, upload, () => store.read(upload.id));
          result = { length: upload.size ?? upload.offset, answer };
        } catch (error) {
          // Refused: nothing was made, so nothing to remember; a new try begins again.
          await forget(db, store, upload.id);
          throw error;
        }
        // The row first, then the bytes: a removal cut short leaves bytes the expiry job removes.
        await db
          .update(resumableUploads)
          .set({ finishedAt: new Date(), result })
          .where(eq(resumableUploads.id, upload.id));
        await store.discard(upload.id);
        return finishedAnswer(result);
      } finally {
        await lock.unlock();
      }
    },
  });
  return { tus, locker };
}

/** The answer to a piece that finished the upload, or to any later one: the picture's record, again. */
export function finishedAnswer(result: ResumableResult) {
  return {
    status_code: 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      [RESUMABLE_RESULT_HEADER]: encodeResult(result.answer),
    },
    body: JSON.stringify(result.answer),
  };
}

export function encodeResult(answer: object): string {
  return Buffer.from(JSON.stringify(answer)).toString('base64url');
}

/** Records a new upload's owner at `now` (the app's clock, which the expiry reads) and answers its id. */
export async function beginResumable(
  db: Db,
  session: Session,
  uploadType: ResumableType,
  now: Date,
): Promise<string> {
  const id = randomUUID().replaceAll('-', '');
  await db.insert(resumableUploads).values({
    id,
    portalUuid: session.portalUuid,
    sessionIdHash: session.idHash,
    userUuid: session.userUuid,
    uploadType,
    createdAt: now,
  });
  return id;
}

/**
 * The upload if it is this session's (with its result once finished), else null (a stranger gets a
 * 404 as if it did not exist).
 */
export async function ownedResumable(
  db: Db,
  id: string,
  session: Session | null,
): Promise<{ result: ResumableResult | null } | null> {
  if (!session) return null;
  const [row] = await db
    .select({ result: resumableUploads.result })
    .from(resumableUploads)
    .where(
      and(
        eq(resumableUploads.id, id),
        eq(resumableUploads.sessionIdHash, session.idHash),
        eq(resumableUploads.portalUuid, session.portalUuid),
      ),
    );
  return row ? { result: row.result ?? null } : null;
}

async function ownerOf(
  db: Db,
  id: string,
): Promise<(ResumableOwner & { result: ResumableResult | null }) | null> {
  const [row] = await db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
  if (!row) return null;
  return {
    id: row.id,
    session: { idHash: row.sessionIdHash, portalUuid: row.portalUuid, userUuid: row.userUuid },
    uploadType: row.uploadType as ResumableType,
    result: row.result ?? null,
  };
}

/** Bytes first, then the row: a removal cut short leaves a row, which the expiry job finishes. */
export async function forget(db: Db, store: ResumableStore, id: string) {
  await store.discard(id);
  await db.delete(resumableUploads).where(eq(resumableUploads.id, id));
}

/**
 * Removes the uploads begun more than RESUMABLE_EXPIRY_MS before `now` (the app's clock), with their
 * bytes: unfinished ones, and finished ones whose result was kept for a client that lost its last
 * answer (no bytes left; the store's removal finds nothing and is content). The expiry job, run with
 * the hourly cleanup. Idempotent: a removal that fails keeps its row and is tried again next time.
 * Answers how many went.
 */
export async function expireResumable(db: Db, store: ResumableStore, now: Date): Promise<number> {
  const old = await db
    .select({ id: resumableUploads.id })
    .from(resumableUploads)
    .where(lt(resumableUploads.createdAt, new Date(now.getTime() - RESUMABLE_EXPIRY_MS)));
  for (const { id } of old) await forget(db, store, id);
  await store.sweep();
  return old.length;
}
