/**
 * Producing one order: every line becomes its print files under `production/{orderUuid}/`, then the
 * manifest is written, then the order is marked ready.
 *
 * Idempotent and resumable: each file is rendered under a temporary name and renamed (renderTask.ts),
 * and its manifest entry is kept beside it in `.work/` once the rename is done; a run after a crash
 * keeps the files that have an entry and renders the rest. Rendering is deterministic, so a file
 * rendered twice is byte-identical. The manifest that says 'ready' is written after every file.
 * Rendering (CPU) runs in worker threads (pool.ts); this module only reads rows and moves files.
 */
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Template } from '../../engine/template.ts';
import { systemClock } from '../../shop/clock.ts';
import {
  type LineKind,
  type ManifestFile,
  type ManifestLine,
  orderReference,
} from '../../shop/production.ts';
import type { Db } from '../db/connect.ts';
import { orders, pictures, products, templates } from '../db/schema.ts';
import type { OrderSnapshot } from '../services/orders.ts';
import { uprightSource } from '../services/pictures.ts';
import type { StoredTemplate } from '../services/templateLines.ts';
import { type Manifest, orderDir, readManifest, writeAtomic, writeManifest } from './manifest.ts';
import type { RenderResult, RenderTask } from './renderTask.ts';

export interface ProduceDeps {
  db: Db;
  /** `DATA_DIR/production` */
  productionDir: string;
  /** `DATA_DIR/pictures/originals` */
  originalsDir: string;
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

const WORK_DIR = '.work';

const TEMPLATE_KINDS: Record<string, LineKind> = {
  CARDS: 'card',
  CALENDAR: 'calendar',
  PHOTOGIFT: 'photogift',
};

/** A file name a lab can sort and read: line position, product, and the print's number in the line. */
export function fileNameFor(
  position: number,
  productName: string,
  n: number | null,
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

async function exists(file: string) {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** The finished file's manifest entry from an earlier run, if both are there. */
async function doneBefore(dir: string, name: string): Promise<RenderResult | null> {
  if (!(await exists(path.join(dir, name)))) return null;
  const entry = await readFile(path.join(dir, WORK_DIR, `${name}.json`), 'utf8').catch(() => null);
  return entry ? (JSON.parse(entry) as RenderResult) : null;
}

/** Loads what the order's lines need and plans one render task per file. */
async function planLines(deps: ProduceDeps, orderUuid: string, snap: OrderSnapshot, dir: string) {
  const { db } = deps;
  const plans: { line: SnapshotLine; kind: LineKind; productName: string; tasks: RenderTask[] }[] = [];
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
      for (const uuid of used) sources[uuid] = (await storedPicture(deps, uuid, `Line ${position + 1}`)).file;
      const name = fileNameFor(position, product.name, null, 'pdf');
      plans.push({
        line,
        kind: TEMPLATE_KINDS[row.type] ?? 'photogift',
        productName: product.name,
        tasks: [
          {
            kind: 'template',
            out: path.join(dir, name),
            name,
            template: row.body as Template,
            stored,
            pictureSources: sources,
            title: `${orderReference(orderUuid)} ${product.name}`,
            author: snap.portal.name,
            orderedAt: snap.paidAt,
          },
        ],
      });
      continue;
    }
    const files = (line.files as PrintFileRef[] | null) ?? [];
    const image = line.image as PrintImage | null;
    if (!files.length) throw new ProductionError(`Line ${position + 1}: no picture to print`);
    const tasks: RenderTask[] = [];
    for (const [n, file] of files.entries()) {
      const { picture, file: source } = await storedPicture(
        deps,
        file.uuid,
        `Line ${position + 1}`,
        file.name,
      );
      const name = fileNameFor(position, product.name, files.length > 1 ? n + 1 : null, 'jpg');
      tasks.push({
        kind: 'print',
        out: path.join(dir, name),
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

/** A picture the order uses and its upright source file, or a ProductionError naming what is gone. */
async function storedPicture(deps: ProduceDeps, uuid: string, where: string, name: string = uuid) {
  const [picture] = await deps.db.select().from(pictures).where(eq(pictures.uuid, uuid));
  if (!picture) throw new ProductionError(`${where}: picture ${name} is gone from the store`);
  const file = uprightSource(deps.originalsDir, picture);
  if (!(await exists(file))) {
    throw new ProductionError(`${where}: the file of picture ${picture.originalName} is missing`);
  }
  return { picture, file };
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
  const dir = orderDir(deps.productionDir, orderUuid);
  const snap = order.snapshot as OrderSnapshot;
  const base: Omit<Manifest, 'status' | 'error' | 'finishedAt' | 'lines'> = {
    orderUuid,
    reference: orderReference(orderUuid),
    createdAt: order.createdAt.toISOString(),
  };
  if (order.productionStatus === 'ready') {
    const manifest = await readManifest(dir);
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
    await writeManifest(dir, { ...base, status: 'rendering', error: null, finishedAt: null, lines: [] });
    const plans = await planLines(deps, orderUuid, snap, dir);
    for (const plan of plans) {
      const files: ManifestFile[] = [];
      const warnings: string[] = [];
      for (const task of plan.tasks) {
        attempt.signal?.throwIfAborted();
        let result = await doneBefore(dir, task.name);
        if (!result) {
          result = await deps.render(task, attempt.signal);
          await writeAtomic(path.join(dir, WORK_DIR, `${task.name}.json`), JSON.stringify(result));
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
    await removeStrays(dir, new Set(linesSoFar.flatMap((l) => l.files.map((f) => f.name))));
    const finishedAt = now();
    await writeManifest(dir, {
      ...base,
      status: 'ready',
      error: null,
      finishedAt: finishedAt.toISOString(),
      lines: linesSoFar,
    });
    await rm(path.join(dir, WORK_DIR), { recursive: true, force: true });
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
  await writeManifest(orderDir(deps.productionDir, orderUuid), {
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
  const manifest = await readManifest(orderDir(deps.productionDir, orderUuid)).catch(() => null);
  await recordFailure(
    deps,
    orderUuid,
    error,
    true,
    { orderUuid, reference: orderReference(orderUuid), createdAt: order.createdAt.toISOString() },
    manifest?.lines ?? [],
  );
}

/** Files left by an earlier run that the order no longer has (temporary names from a crash). */
async function removeStrays(dir: string, keep: Set<string>) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name === 'manifest.json' || keep.has(entry.name)) continue;
    await rm(path.join(dir, entry.name), { force: true });
  }
}
