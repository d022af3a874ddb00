/**
 * The lab's order desk: orders of every portal newest first with their production and fulfilment, the
 * lab's status changes (order_events), the files a ready order's manifest lists, and re-runs of a
 * failed production. The routes (routes/lab.ts) only validate and answer.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import yazl from 'yazl';
import type {
  FulfilmentStatus,
  LabDelivery,
  LabEvent,
  LabFile,
  LabLine,
  LabOrder,
  LabOrderDetail,
  LabOrderPage,
  LabPaymentSummary,
  LineKind,
  ProductionStatus,
} from '../../../shop/index.ts';
import { orderReference } from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import { orderEvents, orders, portals } from '../../db/schema.ts';
import { HttpError, notFound } from '../../errors.ts';
import { productNameFor } from '../../i18n.ts';
import {
  MANIFEST_NAME,
  type Manifest,
  type ManifestFile,
  orderFolder,
  readManifest,
} from '../../storage/manifest.ts';
import type { ObjectStore } from '../../storage/objectStore.ts';
import type { Providers } from '../payments/index.ts';
import { paymentOfOrder } from '../payments/operations.ts';
import { paymentSummaries } from '../payments/views.ts';
import type { OrderJobs } from './orderJobs.ts';
import type { OrderSnapshot } from './orders.ts';

/** Compares a presented password with the configured one without leaking either's length or content. */
export function passwordMatches(presented: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

type OrderRow = typeof orders.$inferSelect;
type PortalRow = Pick<typeof portals.$inferSelect, 'uuid' | 'name' | 'locale' | 'currencyFormat'>;

const RANK: Record<FulfilmentStatus, number> = { printed: 1, 'ready-for-pickup': 2, shipped: 2 };

/** Product types of the price list (products.producttype; templates/products.json for the template products): 0 prints, 1 cards, 2 calendars, 3 photo books. */
const KIND_OF_TYPE: Record<number, LineKind> = { 0: 'print', 1: 'card', 2: 'calendar', 3: 'photobook' };

const fileApi = (orderUuid: string, name: string) =>
  `/lab/api/orders/${orderUuid}/files/${encodeURIComponent(name)}`;

const THUMBNAIL_WIDTH = 240;

function labFile(orderUuid: string, f: ManifestFile): LabFile {
  const type = f.name.toLowerCase().endsWith('.pdf') ? 'pdf' : 'jpg';
  return {
    name: f.name,
    url: fileApi(orderUuid, f.name),
    thumbnailUrl: type === 'jpg' ? `${fileApi(orderUuid, f.name)}?width=${THUMBNAIL_WIDTH}` : null,
    type,
    bytes: f.bytes,
    widthMm: f.widthMm,
    heightMm: f.heightMm,
    dpi: f.dpi,
    pages: f.pages ?? null,
    printLayout: f.printLayout ?? null,
    folds: f.folds ?? [],
    bookPart: f.bookPart ?? null,
    spineMm: f.spineMm ?? null,
  };
}

/** The latest status first by the order of the rules (equal times cannot reorder them), then by time. */
function latest(events: LabEvent[]): FulfilmentStatus | null {
  let best: FulfilmentStatus | null = null;
  for (const e of events) if (!best || RANK[e.status] >= RANK[best]) best = e.status;
  return best;
}

/** The statuses the rules allow next; an empty list once the order is out of the lab's hands. */
export function nextStatuses(
  production: ProductionStatus,
  deliveryType: LabDelivery['type'],
  events: readonly LabEvent[],
): FulfilmentStatus[] {
  const done = new Set(events.map((e) => e.status));
  if (!done.has('printed')) return production === 'ready' ? ['printed'] : [];
  const last = deliveryType === 'store-pickup' ? 'ready-for-pickup' : 'shipped';
  return done.has(last) ? [] : [last];
}

function deliveryOf(snap: OrderSnapshot): LabDelivery {
  const d = snap.delivery;
  if (d.type === 'store-pickup') {
    return {
      type: 'store-pickup',
      name: d.name,
      address: [d.address1, d.address2].filter(Boolean).join(', '),
      postalCode: d.postalCode,
      city: d.city,
      express: d.express,
    };
  }
  const c = snap.customer;
  return {
    type: 'postage',
    name: d.name,
    address: { name: c.name, address: c.address, postalCode: c.postalCode, city: c.city },
  };
}

function labOrder(
  row: OrderRow,
  portal: PortalRow | undefined,
  events: LabEvent[],
  manifest: Manifest | null,
  paymentSummary: LabPaymentSummary | null,
) {
  const snap = row.snapshot as OrderSnapshot;
  // The lab reads a line as the shopper's mail named it: in the order's portal language.
  const productName = productNameFor(snap.portal.locale);
  const fromManifest = new Map((manifest?.lines ?? []).map((l) => [l.orderLineUuid, l]));
  const lines: LabLine[] = snap.lines.map((l) => {
    const m = fromManifest.get(l.uuid);
    const files = (m?.files ?? []).map((f) => labFile(row.uuid, f));
    const hasTemplate = Array.isArray(l.templates) && l.templates.length > 0;
    return {
      orderLineUuid: l.uuid,
      productName: productName(m?.product.name ?? l.productName),
      description: l.description,
      quantity: l.quantity,
      kind: m?.kind ?? KIND_OF_TYPE[l.type] ?? (hasTemplate ? 'photogift' : 'print'),
      warnings: m?.warnings ?? [],
      files,
      thumbnailUrl: files.find((f) => f.thumbnailUrl)?.thumbnailUrl ?? null,
    };
  });
  const delivery = deliveryOf(snap);
  const production = row.productionStatus as ProductionStatus;
  return {
    uuid: row.uuid,
    reference: orderReference(row.uuid),
    createdAt: row.createdAt.toISOString(),
    portal: {
      uuid: row.portalUuid,
      name: portal?.name ?? snap.portal.name,
      locale: portal?.locale ?? snap.portal.locale,
      currencyFormat: snap.portal.currencyFormat ?? portal?.currencyFormat ?? '',
    },
    production: {
      status: production,
      error: row.productionError,
      attempts: row.productionAttempts,
      startedAt: row.productionStartedAt?.toISOString() ?? null,
      finishedAt: row.productionFinishedAt?.toISOString() ?? null,
    },
    fulfilment: latest(events),
    events,
    nextStatuses: nextStatuses(production, delivery.type, events),
    shopper: { name: snap.customer.name, email: snap.customer.email, phone: snap.customer.mobile },
    delivery,
    payment: snap.payment.title,
    comment: snap.ordercomment ?? '',
    total: row.total,
    lines,
    paymentSummary,
  } satisfies LabOrder;
}

export interface LabDeps {
  db: Db;
  /** The storage of the print files: one folder per order (server/storage/manifest.ts). */
  storage: ObjectStore;
  /** The payment providers, for an order's payment (its hold, what can be refunded); none: not shown. */
  providers?: Providers;
  now?: () => Date;
}

/** A manifest that cannot be read is shown as none: the desk still lists the order and its error. */
async function manifestOf(deps: LabDeps, orderUuid: string): Promise<Manifest | null> {
  return readManifest(deps.storage, orderUuid).catch(() => null);
}

async function eventsOf(db: Db, orderUuids: string[]): Promise<Map<string, LabEvent[]>> {
  const byOrder = new Map<string, LabEvent[]>();
  if (!orderUuids.length) return byOrder;
  const rows = await db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderUuid, orderUuids))
    .orderBy(asc(orderEvents.createdAt));
  for (const r of rows) {
    const list = byOrder.get(r.orderUuid) ?? [];
    list.push({ status: r.status as FulfilmentStatus, at: r.createdAt.toISOString() });
    byOrder.set(r.orderUuid, list);
  }
  return byOrder;
}

async function portalsOf(db: Db, uuids: string[]): Promise<Map<string, PortalRow>> {
  if (!uuids.length) return new Map();
  const rows = await db
    .select({
      uuid: portals.uuid,
      name: portals.name,
      locale: portals.locale,
      currencyFormat: portals.currencyFormat,
    })
    .from(portals)
    .where(inArray(portals.uuid, [...new Set(uuids)]));
  return new Map(rows.map((r) => [r.uuid, r]));
}

/** Orders of every portal, newest first (ties by uuid, so paging never skips or repeats one). */
export async function listOrders(
  deps: LabDeps,
  { limit, before }: { limit: number; before?: string },
): Promise<LabOrderPage> {
  const { db } = deps;
  let older: SQL | undefined;
  if (before) {
    const [cursor] = await db
      .select({ createdAt: orders.createdAt, uuid: orders.uuid })
      .from(orders)
      .where(eq(orders.uuid, before));
    if (!cursor) throw new HttpError(400, 'invalid_cursor');
    older = or(
      lt(orders.createdAt, cursor.createdAt),
      and(eq(orders.createdAt, cursor.createdAt), lt(orders.uuid, cursor.uuid)),
    );
  }
  const rows = await db
    .select()
    .from(orders)
    .where(older)
    .orderBy(desc(orders.createdAt), desc(orders.uuid))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const uuids = page.map((r) => r.uuid);
  const [events, portalRows, manifests, payments] = await Promise.all([
    eventsOf(db, uuids),
    portalsOf(
      db,
      page.map((r) => r.portalUuid),
    ),
    Promise.all(uuids.map((u) => manifestOf(deps, u))),
    paymentSummaries(
      deps,
      page.map((r) => r.transactionUuid),
    ),
  ]);
  return {
    orders: page.map((r, i) =>
      labOrder(
        r,
        portalRows.get(r.portalUuid),
        events.get(r.uuid) ?? [],
        manifests[i] ?? null,
        payments.get(r.transactionUuid) ?? null,
      ),
    ),
    nextBefore: rows.length > limit ? (page.at(-1)?.uuid ?? null) : null,
  };
}

async function orderRow(db: Db, orderUuid: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.uuid, orderUuid));
  if (!row) throw notFound('order');
  return row;
}

export async function orderDetail(deps: LabDeps, orderUuid: string): Promise<LabOrderDetail> {
  const row = await orderRow(deps.db, orderUuid);
  const [events, portalRows, manifest, paymentDetail, payments] = await Promise.all([
    eventsOf(deps.db, [orderUuid]),
    portalsOf(deps.db, [row.portalUuid]),
    manifestOf(deps, orderUuid),
    deps.providers
      ? paymentOfOrder(
          { db: deps.db, providers: deps.providers, now: deps.now ?? (() => new Date()) },
          orderUuid,
        )
      : null,
    paymentSummaries(deps, [row.transactionUuid]),
  ]);
  return {
    ...labOrder(
      row,
      portalRows.get(row.portalUuid),
      events.get(orderUuid) ?? [],
      manifest,
      payments.get(row.transactionUuid) ?? null,
    ),
    manifest,
    paymentDetail,
  };
}

/** Why the lab cannot give an order a status: the key of its message. */
const STATUS_REFUSALS: Record<FulfilmentStatus, (o: { production: string; delivery: string }) => string> = {
  printed: ({ production }) =>
    production === 'failed' ? 'statusRefused.printedFailed' : 'statusRefused.printedNotReady',
  'ready-for-pickup': ({ delivery }) =>
    delivery === 'store-pickup' ? 'statusRefused.pickupBeforePrinted' : 'statusRefused.pickupOfPost',
  shipped: ({ delivery }) =>
    delivery === 'postage' ? 'statusRefused.shippedBeforePrinted' : 'statusRefused.shippedOfPickup',
};

/** The mail kind `order-status:<status>`: the lab marked the order ready for pickup or shipped (issue 34). */
export const STATUS_MAIL = 'order-status';

/**
 * Records one of the lab's changes with its time, under a lock on the order row so two desks clicking
 * at once record it once. Repeating a recorded status changes nothing and answers the current state.
 * Shipped and ready for pickup also queue the capture of the order's payment, in the same transaction.
 */
export async function recordStatus(
  deps: LabDeps & { jobs: OrderJobs },
  orderUuid: string,
  status: FulfilmentStatus,
  now: Date,
): Promise<LabOrderDetail> {
  await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx.select().from(orders).where(eq(orders.uuid, orderUuid)).for('update');
    if (!row) throw notFound('order');
    const events = (await eventsOf(tx, [orderUuid])).get(orderUuid) ?? [];
    if (events.some((e) => e.status === status)) return;
    const snap = row.snapshot as OrderSnapshot;
    const allowed = nextStatuses(row.productionStatus as ProductionStatus, snap.delivery.type, events);
    if (!allowed.includes(status)) {
      throw new HttpError(409, 'status_not_allowed', {
        key: STATUS_REFUSALS[status]({ production: row.productionStatus, delivery: snap.delivery.type }),
        values: { production: row.productionStatus },
      });
    }
    await tx.insert(orderEvents).values({ orderUuid, status, createdAt: now });
    // The order leaves the lab: its payment is taken now (issue 29), by a job queued with the change.
    // And the shopper is told, by a mail queued with it: once per status, whatever retries follow.
    if (status === 'shipped' || status === 'ready-for-pickup') {
      await deps.jobs.enqueueCapture(tx, row.transactionUuid);
      await deps.jobs.enqueueMail(tx, orderUuid, `${STATUS_MAIL}:${status}`, snap.customer.email);
    }
  });
  return orderDetail(deps, orderUuid);
}

/**
 * Queues a failed production again. The order is 'queued' first (only if it is still failed, so two
 * clicks queue it once), then the job is sent; a job that cannot be sent puts the failure back.
 */
export async function rerunProduction(
  deps: LabDeps & { jobs: OrderJobs },
  orderUuid: string,
): Promise<LabOrderDetail> {
  const row = await orderRow(deps.db, orderUuid);
  const [queued] = await deps.db
    .update(orders)
    .set({ productionStatus: 'queued' })
    .where(and(eq(orders.uuid, orderUuid), eq(orders.productionStatus, 'failed')))
    .returning({ uuid: orders.uuid });
  if (!queued) {
    throw new HttpError(409, 'not_failed', { values: { production: row.productionStatus } });
  }
  try {
    await deps.jobs.rerunProduction(orderUuid);
  } catch (error) {
    await deps.db
      .update(orders)
      .set({ productionStatus: 'failed' })
      .where(and(eq(orders.uuid, orderUuid), eq(orders.productionStatus, 'queued')));
    throw error;
  }
  return orderDetail(deps, orderUuid);
}

/** A ready order's manifest, or 409 saying why its files cannot be had yet. */
async function readyManifest(deps: LabDeps, orderUuid: string): Promise<Manifest> {
  const row = await orderRow(deps.db, orderUuid);
  const manifest = await manifestOf(deps, orderUuid);
  if (row.productionStatus !== 'ready' || manifest?.status !== 'ready') {
    const why =
      row.productionStatus === 'failed'
        ? `its production failed${row.productionError ? `: ${row.productionError}` : ''}`
        : row.productionStatus === 'ready'
          ? 'its manifest is missing'
          : `its production is ${row.productionStatus}`;
    throw new HttpError(409, 'not_ready', { values: { why } });
  }
  return manifest;
}

/** A name the manifest lists, as a key inside the order's folder (never a key from the request). */
function listedFile(orderUuid: string, manifest: Manifest, name: string): string | null {
  const listed = manifest.lines.some((l) => l.files.some((f) => f.name === name));
  // Our own manifest, but a name with a separator would still leave the folder: never follow one.
  if (!listed || /[/\\]/.test(name) || name.startsWith('.')) return null;
  return `${orderFolder(orderUuid)}${name}`;
}

export interface OrderFile {
  stream: Readable;
  type: string;
  bytes: number | null;
}

/** One listed file, or a JPEG scaled down to `width` for the desk's thumbnails. */
export async function orderFile(
  deps: LabDeps,
  orderUuid: string,
  name: string,
  width?: number,
): Promise<OrderFile> {
  const manifest = await readyManifest(deps, orderUuid);
  const key = listedFile(orderUuid, manifest, name);
  if (!key) throw notFound('file');
  const pdf = name.toLowerCase().endsWith('.pdf');
  if (pdf && width !== undefined) {
    throw new HttpError(400, 'no_thumbnail');
  }
  const file = await deps.storage.read(key);
  if (!file) throw notFound('file');
  if (width === undefined) {
    return { stream: file.stream, type: pdf ? 'application/pdf' : 'image/jpeg', bytes: file.bytes };
  }
  const thumbnail = sharp({ sequentialRead: true })
    .resize({ width, withoutEnlargement: true })
    .jpeg({ quality: 75 });
  file.stream.on('error', (error) => thumbnail.destroy(error));
  return { stream: file.stream.pipe(thumbnail), type: 'image/jpeg', bytes: null };
}

/**
 * The zip of a ready order: manifest.json and every file it lists, streamed as it is read. Files are
 * stored, not deflated: JPEG and PDF do not shrink, and the lab wants them fast.
 */
export async function orderZip(
  deps: LabDeps,
  orderUuid: string,
): Promise<{ stream: Readable; fileName: string }> {
  const manifest = await readyManifest(deps, orderUuid);
  const files = new Map<string, { key: string; bytes: number }>();
  for (const line of manifest.lines) {
    for (const f of line.files) {
      const key = listedFile(orderUuid, manifest, f.name);
      const stored = key ? await deps.storage.stat(key) : null;
      if (!key || !stored) {
        throw new HttpError(409, 'files_missing', { values: { file: f.name } });
      }
      files.set(f.name, { key, bytes: stored.bytes });
    }
  }
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST_NAME);
  // Each file is opened when the zip reaches it: an order's files are never all open at once.
  for (const [name, { key, bytes }] of files) {
    zip.addReadStreamLazy(name, { compress: false, size: bytes }, (done) => {
      deps.storage.read(key).then(
        (file) =>
          file ? done(null, file.stream) : done(new Error(`The file ${name} is gone`), undefined as never),
        (error) => done(error, undefined as never),
      );
    });
  }
  zip.end();
  return { stream: zip.outputStream as Readable, fileName: `order-${orderReference(orderUuid)}.zip` };
}
