/**
 * Producing one order: every line becomes its print files under `production/{orderUuid}/` in the
 * shop's storage (server/storage/), then the manifest is written, then the order is marked ready.
 *
 * Idempotent and resumable: each file is written whole or not at all (renderTask.ts), and its
 * manifest entry is kept beside it in `.work/` (the done-notes) once it is written; a run after a
 * crash keeps the files that have an entry and renders the rest. Rendering is deterministic, so a
 * file rendered twice is byte-identical. The manifest that says 'ready' is written after every file.
 * Rendering (CPU) runs in worker threads (pool.ts); this module only reads rows and notes.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Template } from '../../engine/index.ts';
import {
  coverSpread,
  type LineKind,
  type ManifestFile,
  type ManifestLine,
  orderReference,
  systemClock,
  validPageCount,
} from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { orders, pictures, portals, products, templates } from '../db/schema.ts';
import { photobookOf } from '../db/templates/products.ts';
import type { OrderSnapshot } from '../services/checkout/orders.ts';
import { uprightKey } from '../services/pictures/pictures.ts';
import type { StoredTemplate } from '../services/templates/templateLines.ts';
import {
  MANIFEST_NAME,
  type Manifest,
  orderFolder,
  readManifest,
  writeManifest,
} from '../storage/manifest.ts';
import type { ObjectStore, StorageConfig } from '../storage/objectStore.ts';
import type { BookPrintPart, RenderResult, RenderTask } from './renderTask.ts';

export interface ProduceDeps {
  db: Db;
  /** The pictures and the print files (`production/<order>/`). */
  storage: ObjectStore;
  /** The same storage as plain data, for the render threads. */
  storageConfig: StorageConfig;
  /** Runs a render task in a worker thread. */
  render(task: RenderTask, signal?: AbortSignal): Promise<RenderResult>;
  now?: () => Date;
}

/** A fault that no retry mends (a picture gone from the store, a template gone): fail at once. */
export class ProductionError extends Error {
  override name = 'ProductionError';
}

type SnapshotLine = OrderSnapshot['lines'][number];
interface PrintFileRef {
  uuid: string;
  name: string;
}
interface PrintImage {
  filter: 'original' | 'bw' | 'sepia';
  cropRect: { x: number; y: number; width: number; height: number } | null;
  adaption: 0 | 1;
}

const WORK_DIR = '.work/';

const TEMPLATE_KINDS: Record<string, LineKind> = {
  CARDS: 'card',
  CALENDAR: 'calendar',
  PHOTOGIFT: 'photogift',
  PHOTOBOOK: 'photobook',
};

/**
 * A file name a lab can sort and read: line position, product, and the print's number in the line
 * (or the book's part: `cover`, `pages`).
 */
export function fileNameFor(
  position: number,
  productName: string,
  n: number | string | null,
  ext: 'jpg' | 'pdf',
): string {
  const slug =
    productName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'product';
  const line = String(position + 1).padStart(2, '0');
  return `${line}-${slug}${n === null ? '' : `-${n}`}.${ext}`;
}

/** The finished file's manifest entry from an earlier run, if both are there. */
async function doneBefore(storage: ObjectStore, folder: string, name: string): Promise<RenderResult | null> {
  if (!(await storage.exists(`${folder}${name}`))) return null;
  const entry = await storage.get(`${folder}${WORK_DIR}${name}.json`).catch(() => null);
  return entry ? (JSON.parse(entry.toString('utf8')) as RenderResult) : null;
}

/** Loads what the order's lines need and plans one render task per file. */
async function planLines(deps: ProduceDeps, orderUuid: string, snap: OrderSnapshot, folder: string) {
  const { db } = deps;
  const plans: { line: SnapshotLine; kind: LineKind; productName: string; tasks: RenderTask[] }[] = [];
  // The portal's holiday place as it is now: the snapshot has none, and a calendar prints the holidays
  // its thumbnails showed.
  const [portal] = await db
    .select({ holidayRegion: portals.holidayRegion })
    .from(portals)
    .where(eq(portals.uuid, snap.portal.uuid));
  for (const [position, line] of snap.lines.entries()) {
    const [product] = await db.select().from(products).where(eq(products.uuid, line.productUuid));
    if (!product) throw new ProductionError(`Line ${position + 1}: its product ${line.productUuid} is gone`);
    const stored = (line.templates as StoredTemplate[] | null)?.[0];
    if (stored) {
      const [row] = await db
        .select({ body: templates.body, type: templates.type })
        .from(templates)
        .where(
          and(
            eq(templates.portalUuid, snap.portal.uuid),
            eq(templates.uuid, stored.template),
            eq(templates.version, stored.version),
          ),
        );
      if (!row) {
        throw new ProductionError(
          `Line ${position + 1}: template ${stored.template} version ${stored.version} is gone`,
        );
      }
      const used = stored.resources.flatMap((r) => (r.type === 'IMAGE' && r.image ? [r.image.uuid] : []));
      const sources: Record<string, string> = {};
      for (const uuid of used) sources[uuid] = (await storedPicture(deps, uuid, `Line ${position + 1}`)).key;
      const task = (name: string, book?: BookPrintPart): RenderTask => ({
        kind: 'template',
        storage: deps.storageConfig,
        out: `${folder}${name}`,
        name,
        template: row.body as Template,
        stored,
        pictureSources: sources,
        title: `${orderReference(orderUuid)} ${product.name}`,
        author: snap.portal.name,
        orderedAt: snap.paidAt,
        // The portal the line was made on: the print names months as the editor showed them.
        language: snap.portal.locale,
        holidayRegion: portal?.holidayRegion ?? null,
        ...(book ? { book } : {}),
      });
      const kind = TEMPLATE_KINDS[row.type] ?? 'photogift';
      let tasks: RenderTask[];
      if (kind === 'photobook') {
        // A book is bound from two files: the cover spread, as wide as its page count's spine, and
        // the inner pages in order.
        const spec = photobookOf(product.templateProduct);
        const pages = stored.bookPages?.length ?? 0;
        if (!spec || !validPageCount(spec.pages, pages)) {
          throw new ProductionError(`Line ${position + 1}: a photo book of ${pages} pages cannot be bound`);
        }
        const spread = coverSpread(spec, pages);
        tasks = [
          task(fileNameFor(position, product.name, 'cover', 'pdf'), {
            part: 'cover',
            cover: { spineMm: spread.spineWidthMm, wrapMm: spread.wrapMm },
          }),
          task(fileNameFor(position, product.name, 'pages', 'pdf'), { part: 'pages' }),
        ];
      } else tasks = [task(fileNameFor(position, product.name, null, 'pdf'))];
      plans.push({ line, kind, productName: product.name, tasks });
      continue;
    }
    const files = (line.files as PrintFileRef[] | null) ?? [];
    const image = line.image as PrintImage | null;
    if (!files.length) throw new ProductionError(`Line ${position + 1}: no picture to print`);
    const tasks: RenderTask[] = [];
    for (const [n, file] of files.entries()) {
      const { picture, key: source } = await storedPicture(
        deps,
        file.uuid,
        `Line ${position + 1}`,
        file.name,
      );
      const name = fileNameFor(position, product.name, files.length > 1 ? n + 1 : null, 'jpg');
      tasks.push({
        kind: 'print',
        storage: deps.storageConfig,
        out: `${folder}${name}`,
        name,
        source,
        picture: { width: picture.width, height: picture.height, name: picture.originalName },
        image: image ?? { filter: 'original', cropRect: null, adaption: 0 },
        product: { widthMm: product.widthMm, heightMm: product.heightMm, whiteBorder: product.whiteBorder },
      });
    }
    plans.push({ line, kind: 'print', productName: product.name, tasks });
  }
  return plans;
}

/** A picture the order uses and its upright source's key, or a ProductionError naming what is gone. */
async function storedPicture(deps: ProduceDeps, uuid: string, where: string, name: string = uuid) {
  const [picture] = await deps.db.select().from(pictures).where(eq(pictures.uuid, uuid));
  if (!picture) throw new ProductionError(`${where}: picture ${name} is gone from the store`);
  const key = uprightKey(picture);
  if (!(await deps.storage.exists(key))) {
    throw new ProductionError(`${where}: the file of picture ${picture.originalName} is missing`);
  }
  return { picture, key };
}

/**
 * Produces the order's files and manifest. Throws on failure (after recording it on the order and in
 * the manifest), so the job is retried; a ProductionError is recorded as final at once.
 */
export async function produceOrder(
  deps: ProduceDeps,
  orderUuid: string,
  attempt: { lastAttempt: boolean; signal?: AbortSignal } = { lastAttempt: true },
): Promise<'ready' | 'already-ready' | 'failed'> {
  const { db } = deps;
  const now = deps.now ?? systemClock.now;
  const [order] = await db.select().from(orders).where(eq(orders.uuid, orderUuid));
  if (!order) throw new ProductionError(`No order ${orderUuid}`);
  const { storage } = deps;
  const folder = orderFolder(orderUuid);
  const snap = order.snapshot as OrderSnapshot;
  const base: Omit<Manifest, 'status' | 'error' | 'finishedAt' | 'lines'> = {
    orderUuid,
    reference: orderReference(orderUuid),
    createdAt: order.createdAt.toISOString(),
  };
  if (order.productionStatus === 'ready') {
    const manifest = await readManifest(storage, orderUuid);
    if (manifest?.status === 'ready') return 'already-ready';
  }
  await db
    .update(orders)
    .set({
      productionStatus: 'rendering',
      productionError: null,
      productionStartedAt: now(),
      productionFinishedAt: null,
      productionAttempts: sql`${orders.productionAttempts} + 1`,
    })
    .where(eq(orders.uuid, orderUuid));
  const linesSoFar: ManifestLine[] = [];
  try {
    await writeManifest(storage, orderUuid, {
      ...base,
      status: 'rendering',
      error: null,
      finishedAt: null,
      lines: [],
    });
    const plans = await planLines(deps, orderUuid, snap, folder);
    for (const plan of plans) {
      const files: ManifestFile[] = [];
      const warnings: string[] = [];
      for (const task of plan.tasks) {
        attempt.signal?.throwIfAborted();
        let result = await doneBefore(storage, folder, task.name);
        if (!result) {
          result = await deps.render(task, attempt.signal);
          await storage.put(`${folder}${WORK_DIR}${task.name}.json`, JSON.stringify(result));
        }
        files.push(result.file);
        warnings.push(...result.warnings);
      }
      linesSoFar.push({
        orderLineUuid: plan.line.uuid,
        product: { uuid: plan.line.productUuid, name: plan.productName },
        quantity: plan.line.quantity,
        kind: plan.kind,
        description: plan.line.description,
        warnings,
        files,
      });
    }
    await removeStrays(storage, folder, new Set(linesSoFar.flatMap((l) => l.files.map((f) => f.name))));
    const finishedAt = now();
    await writeManifest(storage, orderUuid, {
      ...base,
      status: 'ready',
      error: null,
      finishedAt: finishedAt.toISOString(),
      lines: linesSoFar,
    });
    await storage.deleteAll(`${folder}${WORK_DIR}`);
    await db
      .update(orders)
      .set({ productionStatus: 'ready', productionFinishedAt: finishedAt })
      .where(eq(orders.uuid, orderUuid));
    return 'ready';
  } catch (error) {
    const final = error instanceof ProductionError || attempt.lastAttempt;
    const message = readable(error);
    await recordFailure(deps, orderUuid, message, final, base, linesSoFar);
    // A fault no retry mends ends the job here; anything else is thrown so pg-boss retries it.
    if (error instanceof ProductionError) return 'failed';
    throw error;
  }
}

function readable(error: unknown): string {
  if (error instanceof ProductionError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `Production failed: ${message}`;
}

/**
 * A failure is written to the order and the manifest. A final one leaves the order 'failed' for the
 * lab; one that will be retried leaves it 'queued' with the error, so the lab sees why it waits.
 */
async function recordFailure(
  deps: ProduceDeps,
  orderUuid: string,
  message: string,
  final: boolean,
  base: Omit<Manifest, 'status' | 'error' | 'finishedAt' | 'lines'>,
  lines: ManifestLine[],
) {
  const now = (deps.now ?? systemClock.now)();
  const status = final ? 'failed' : 'queued';
  await writeManifest(deps.storage, orderUuid, {
    ...base,
    status,
    error: message,
    finishedAt: final ? now.toISOString() : null,
    lines,
  }).catch(() => undefined);
  await deps.db
    .update(orders)
    .set({ productionStatus: status, productionError: message, productionFinishedAt: final ? now : null })
    .where(eq(orders.uuid, orderUuid));
}

/** Marks an order failed when its job ran out of retries (the dead-letter queue's worker). */
export async function productionGaveUp(deps: ProduceDeps, orderUuid: string): Promise<void> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.uuid, orderUuid));
  if (!order || order.productionStatus === 'ready') return;
  const error = order.productionError ?? 'Production gave up after every retry';
  const manifest = await readManifest(deps.storage, orderUuid).catch(() => null);
  await recordFailure(
    deps,
    orderUuid,
    error,
    true,
    { orderUuid, reference: orderReference(orderUuid), createdAt: order.createdAt.toISOString() },
    manifest?.lines ?? [],
  );
}

/**
 * Files left by an earlier run that the order no longer has, and writes a crash cut short. Only this
 * order's one job writes in its folder (the queue is exclusive per order), so no temporary of a
 * running write is here.
 */
async function removeStrays(storage: ObjectStore, folder: string, keep: Set<string>) {
  for await (const { key } of storage.list(folder)) {
    const name = key.slice(folder.length);
    if (name.includes('/') || name === MANIFEST_NAME || keep.has(name)) continue;
    await storage.delete(key);
  }
  // Every temporary, whatever its age.
  await storage.removeTemporaries(folder, new Date(8.64e15));
}
