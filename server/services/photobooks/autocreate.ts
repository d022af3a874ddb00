/**
 * A photo book made from the shopper's pictures (issue 33): the request records what was asked and
 * queues a `photobook-autocreate` job in the same transaction; the job analyses the pictures not
 * analysed yet (through the one analysis thread), lays the book out (engine/photobook/autoLayout.ts)
 * and stores the cart line's body the editor would send, with the pictures it left out and why. Only
 * the session that asked reads it back.
 */
import { and, eq } from 'drizzle-orm';
import {
  autoLayout,
  type BookTemplate,
  bookFromLayout,
  isBook,
  templateLayouts,
} from '../../../engine/index.ts';
import type { AutocreateAnswer, AutocreateBody, TemplateLineAdd } from '../../../shop/index.ts';
import { bookPageRange } from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import { photobookAutocreates, products } from '../../db/schema.ts';
import { photobookOf } from '../../db/templates/products.ts';
import { HttpError } from '../../errors.ts';
import type { Session } from '../identity/sessions.ts';
import { analysedBookPictures, bookPictures } from '../pictures/bookPictures.ts';
import type { PictureAnalysisDeps } from '../pictures/pictureRegions.ts';
import { loadTemplate } from '../templates/templateLines.ts';

export interface AutocreateJobs {
  enqueuePhotobook(tx: Db, autocreateUuid: string): Promise<void>;
  /** Has the queue take the job now, not at its next poll (absent where this process does not work it). */
  wakePhotobook?(): void;
}

/** The book's template and its product's page rules, or 404 when the portal has no such photo book. */
async function bookOf(db: Db, portalUuid: string, templateUuid: string, version: number | null) {
  const loaded = await loadTemplate(db, portalUuid, templateUuid, version);
  if (!loaded || !isBook(loaded.template)) throw new HttpError(404, 'not_a_photobook');
  const [product] = await db
    .select({ uuid: products.uuid, templateProduct: products.templateProduct })
    .from(products)
    .where(eq(products.uuid, loaded.productUuid));
  const spec = product ? photobookOf(product.templateProduct) : undefined;
  if (!product || !spec) throw new HttpError(404, 'not_a_photobook');
  return { template: loaded.template as BookTemplate, productUuid: product.uuid, spec };
}

/** Starts a book: its pictures must all be the session's (404 naming how many are not). */
export async function startAutocreate(
  db: Db,
  jobs: AutocreateJobs,
  session: Session,
  body: AutocreateBody,
): Promise<string> {
  const { template } = await bookOf(db, session.portalUuid, body.template, null);
  const found = await bookPictures(db, session, body.pictures);
  if (found.unknown.length > 0) {
    throw new HttpError(404, 'photobook_pictures_unknown', {
      values: { count: found.unknown.length },
      extra: { pictures: found.unknown },
    });
  }
  const uuid = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(photobookAutocreates)
      .values({
        portalUuid: session.portalUuid,
        sessionIdHash: session.idHash,
        userUuid: session.userUuid,
        templateUuid: template.uuid,
        templateVersion: template.version,
        pictures: body.pictures.map((uuid) => uuid.toLowerCase()),
      })
      .returning({ uuid: photobookAutocreates.uuid });
    await jobs.enqueuePhotobook(tx, row!.uuid);
    return row!.uuid;
  });
  jobs.wakePhotobook?.();
  return uuid;
}

/** How far the session's book is; 404 for another session's or an unknown one. */
export async function autocreateAnswer(db: Db, session: Session, uuid: string): Promise<AutocreateAnswer> {
  const [row] = await db
    .select()
    .from(photobookAutocreates)
    .where(
      and(
        eq(photobookAutocreates.uuid, uuid),
        eq(photobookAutocreates.sessionIdHash, session.idHash),
        eq(photobookAutocreates.portalUuid, session.portalUuid),
      ),
    );
  if (!row) throw new HttpError(404, 'autocreate_unknown');
  return {
    status: row.status as AutocreateAnswer['status'],
    progress: row.progress,
    design: row.status === 'done' ? (row.design as TemplateLineAdd) : null,
    dropped: row.dropped as AutocreateAnswer['dropped'],
  };
}

/** Laying out takes milliseconds; the analyses before it are most of the wait, so they fill most of the bar. */
const ANALYSED_SHARE = 0.9;

/**
 * The job: idempotent (a finished book is left as it is; a retried one starts again from its
 * pictures, whose analyses are kept). On its last attempt a failure is recorded for the shopper.
 */
export async function runAutocreate(
  deps: PictureAnalysisDeps,
  uuid: string,
  attempt: { lastAttempt: boolean },
): Promise<void> {
  const { db } = deps;
  const [row] = await db.select().from(photobookAutocreates).where(eq(photobookAutocreates.uuid, uuid));
  if (!row || row.status === 'done' || row.status === 'failed') return;
  const set = (values: Partial<typeof photobookAutocreates.$inferInsert>) =>
    db.update(photobookAutocreates).set(values).where(eq(photobookAutocreates.uuid, uuid));
  try {
    await set({ status: 'running', progress: 0 });
    const { template, productUuid, spec } = await bookOf(
      db,
      row.portalUuid,
      row.templateUuid,
      row.templateVersion,
    );
    const owner: Session = { idHash: row.sessionIdHash, portalUuid: row.portalUuid, userUuid: row.userUuid };
    let shown = 0;
    // The progress writes in turn, all before the last: a late one must not take the bar back from 1.
    let written: Promise<unknown> = Promise.resolve();
    const found = await analysedBookPictures(deps, owner, row.pictures, (analysed, of) => {
      const progress = (analysed / of) * ANALYSED_SHARE;
      // A write a tenth of the way, not one per picture.
      if (progress - shown >= 0.1 || analysed === of) {
        shown = progress;
        written = written.then(() => set({ progress })).catch(() => undefined);
      }
    });
    await written;
    const laidOut = autoLayout(
      found.pictures,
      {
        ...bookPageRange(spec.pages),
        page: { widthMm: template.dimensions.width, heightMm: template.dimensions.height },
      },
      templateLayouts(template),
    );
    const { bookPages, resources } = bookFromLayout(template, laidOut.pages, found.pictures);
    const design: TemplateLineAdd = {
      product: { uuid: productUuid },
      subProductUuids: [],
      quantity: 1,
      template: { uuid: template.uuid, version: template.version, resources, year: null, bookPages },
    };
    // A picture gone or unreadable since it was chosen is left out and said so, not a failed book.
    const unreadable = [...found.pending, ...found.unknown].map((uuid) => ({
      uuid,
      reason: 'unreadable' as const,
    }));
    await set({ status: 'done', progress: 1, design, dropped: [...laidOut.dropped, ...unreadable] });
  } catch (error) {
    if (attempt.lastAttempt) await set({ status: 'failed' });
    else await set({ status: 'queued' });
    throw error;
  }
}
