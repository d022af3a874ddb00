import { and, asc, eq, gt, inArray, isNull, max, or, sql } from 'drizzle-orm';
import {
  adaptionForCrop,
  type CropRect,
  cropBelowMinimum,
  MIN_CROP_DPI,
  type PictureRegions,
} from '../../../engine/index.ts';
import type { Cart, OrderLine, OrderLineChange, Product, TemplateLineAdd } from '../../../shop/index.ts';
import {
  chooseCalendarExtras,
  chooseStartMonth,
  defaultPrintImage,
  type LineTally,
  linePrice,
  lineTemplate,
  orderChangeProblem,
  templateLinePrice,
} from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import { carts, orderLines, pictures, sessions } from '../../db/schema.ts';
import { HttpError, notFound } from '../../errors.ts';
import { productNameFor } from '../../i18n.ts';
import { idHashOf, SEEN_PRECISION_MS, type Session, touchSession } from '../identity/sessions.ts';
import { productsOf } from '../storefront/content.ts';
import {
  checkTemplateProduct,
  loadTemplate,
  resolveBookPages,
  resolveTemplateState,
  type StoredTemplate,
  storedTemplateOf,
  type TemplateLineDeps,
  templateLineDescription,
} from '../templates/templateLines.ts';
import type { CartReadCache } from './cartReadCache.ts';
import { rememberPersonalDates } from './personalDates.ts';

export const emptyCart = (): Cart => ({ orderLines: [], summary: { totalPrice: 0 } });

/**
 * Which cart a session uses: an anonymous session has a cart of its own; a logged-in session uses its
 * user's cart (one per user, whichever session or device), which has no session.
 */
export function cartOwner(session: Session) {
  return session.userUuid ? eq(carts.userUuid, session.userUuid) : eq(carts.sessionIdHash, session.idHash);
}

/** The session's cart, made on first use. */
export async function cartOf(db: Db, session: Session): Promise<string> {
  const [found] = await db.select({ uuid: carts.uuid }).from(carts).where(cartOwner(session));
  if (found) return found.uuid;
  const [made] = await db
    .insert(carts)
    .values(
      session.userUuid
        ? { portalUuid: session.portalUuid, sessionIdHash: null, userUuid: session.userUuid }
        : { portalUuid: session.portalUuid, sessionIdHash: session.idHash, userUuid: null },
    )
    .onConflictDoNothing()
    .returning({ uuid: carts.uuid });
  if (made) return made.uuid;
  // Two first requests of one session (or user) raced; the other made the cart.
  const [raced] = await db.select({ uuid: carts.uuid }).from(carts).where(cartOwner(session));
  return raced!.uuid;
}

/** The session's cart row when it has one (nothing is made). */
export async function findCart(db: Db, session: Session | null) {
  if (!session) return null;
  const [found] = await db.select().from(carts).where(cartOwner(session));
  return found ?? null;
}

type LineRow = typeof orderLines.$inferSelect;

/** A template line's stored entry keeps its subproducts; the answer shows them on the line. */
function answeredTemplates(r: LineRow): Pick<OrderLine, 'templates' | 'subProductUuids'> {
  const stored = r.type === PRINT ? null : storedTemplateOf(r.templates);
  if (!stored) return { templates: r.templates as OrderLine['templates'], subProductUuids: [] };
  const { subProductUuids, ...entry } = stored;
  return { templates: [entry], subProductUuids };
}

function toCart(rows: LineRow[]): Cart {
  const lines: OrderLine[] = rows.map((r) => ({
    uuid: r.uuid,
    type: r.type,
    description: r.description,
    product: { uuid: r.productUuid, type: r.type },
    files: r.files as OrderLine['files'],
    quantity: r.quantity,
    actualLinePrice: r.actualLinePrice,
    image: (r.image as OrderLine['image']) ?? null,
    ...answeredTemplates(r),
  }));
  return { orderLines: lines, summary: { totalPrice: lines.reduce((sum, l) => sum + l.actualLinePrice, 0) } };
}

export async function cartView(db: Db, cartUuid: string): Promise<Cart> {
  const rows = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.cartUuid, cartUuid))
    .orderBy(asc(orderLines.position), asc(orderLines.createdAt));
  return toCart(rows);
}

/**
 * The session's cart with its lines in one query (the cart is read on every page). Nothing is made:
 * no session or no cart yet reads as an empty cart.
 */
export async function sessionCart(db: Db, session: Session | null): Promise<Cart> {
  if (!session) return emptyCart();
  const rows = await db
    .select({ cartUuid: carts.uuid, line: orderLines })
    .from(carts)
    .leftJoin(orderLines, eq(orderLines.cartUuid, carts.uuid))
    .where(cartOwner(session))
    .orderBy(asc(orderLines.position), asc(orderLines.createdAt));
  if (rows.length === 0) return emptyCart();
  return toCart(rows.flatMap((r) => (r.line ? [r.line] : [])));
}

/**
 * The cart read as a prepared statement, built once per database: the cart is read on every page, and
 * building the query (drizzle) and planning it (PostgreSQL) each time cost more than running it
 * (issue 31's cart-read goal; docs/decisions.md, "Server memory").
 */
const cartReads = new WeakMap<Db, ReturnType<typeof prepareCartRead>>();
function prepareCartRead(db: Db) {
  return db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userUuid: sessions.userUuid,
      cartUuid: carts.uuid,
      line: orderLines,
    })
    .from(sessions)
    .leftJoin(
      carts,
      or(
        eq(carts.userUuid, sessions.userUuid),
        and(isNull(sessions.userUuid), eq(carts.sessionIdHash, sessions.idHash)),
      ),
    )
    .leftJoin(orderLines, eq(orderLines.cartUuid, carts.uuid))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        eq(sessions.portalUuid, sql.placeholder('portalUuid')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .orderBy(asc(orderLines.position), asc(orderLines.createdAt))
    .prepare('cart_of_token');
}
function cartReadOf(db: Db) {
  let read = cartReads.get(db);
  if (!read) {
    read = prepareCartRead(db);
    cartReads.set(db, read);
  }
  return read;
}

/**
 * The cart of a session cookie's token in one query (the cart is read on every page): the session,
 * its cart (its own, or its user's) and the lines, joined. No session or no cart is an empty cart.
 * With `cache`, a recent read of the same session is answered from memory (cartReadCache.ts).
 */
export async function cartOfToken(
  db: Db,
  token: string | undefined,
  portalUuid: string,
  now: Date,
  cache?: CartReadCache,
): Promise<Cart> {
  const idHash = idHashOf(token);
  if (!idHash) return emptyCart();
  const kept = cache?.get(idHash, portalUuid, now);
  if (kept) return kept;
  const read = cache?.begin(idHash);
  const rows = await cartReadOf(db).execute({ idHash, portalUuid, now });
  if (rows.length === 0) return emptyCart();
  const [first] = rows as [(typeof rows)[number]];
  await touchSession(db, idHash, first.lastSeenAt, now);
  const cart = toCart(rows.flatMap((r) => (r.line ? [r.line] : [])));
  if (cache && read) {
    const { expiresAt, userUuid, cartUuid } = first;
    // Seen now, as far as the next hour's reads go: touchSession noted it, or it was noted within the hour.
    const lastSeenAt =
      now.getTime() - first.lastSeenAt.getTime() > SEEN_PRECISION_MS ? now : first.lastSeenAt;
    cache.keep(read, { portalUuid, expiresAt, lastSeenAt, userUuid, cartUuid, cart }, now);
  }
  return cart;
}

/** Deletes one line of this cart; another cart's line is not found, exactly like a missing one. */
export async function deleteLine(db: Db, cartUuid: string, lineUuid: string): Promise<void> {
  const deleted = await db
    .delete(orderLines)
    .where(and(eq(orderLines.uuid, lineUuid), eq(orderLines.cartUuid, cartUuid)))
    .returning({ uuid: orderLines.uuid });
  if (deleted.length === 0) throw notFound('orderLine');
}

/**
 * The cart's lines as the order's limits count them (shop/orderLimits.ts), read under a lock on the
 * cart: changes of one cart are checked and written one after another, so two at once cannot each
 * stay within a limit and together pass it.
 */
async function lockedTally(tx: Db, cartUuid: string): Promise<Map<string, LineTally>> {
  await tx.select({ uuid: carts.uuid }).from(carts).where(eq(carts.uuid, cartUuid)).for('update');
  const rows = await tx
    .select({ uuid: orderLines.uuid, quantity: orderLines.quantity, linePrice: orderLines.actualLinePrice })
    .from(orderLines)
    .where(eq(orderLines.cartUuid, cartUuid));
  return new Map(rows.map((r) => [r.uuid, { quantity: r.quantity, linePrice: r.linePrice }]));
}

/** A 400 naming the limit when the change takes the order past one of them (nothing is written). */
function refuseOverLimits(before: Iterable<LineTally>, after: Iterable<LineTally>): void {
  const problem = orderChangeProblem([...before], [...after]);
  if (problem) throw new HttpError(400, problem.code, { values: problem.values });
}

/** The cart's next free position, read in the transaction that adds to it. */
async function nextPosition(tx: Db, cartUuid: string): Promise<number> {
  const [last] = await tx
    .select({ position: max(orderLines.position) })
    .from(orderLines)
    .where(eq(orderLines.cartUuid, cartUuid));
  return (last?.position ?? -1) + 1;
}

/** The portal's default print format (S0 §3): the first print format by position that sells singly. */
export function defaultPrintFormat(products: readonly Product[]): Product | null {
  return products.find((p) => p.producttype === 0 && p.minQuantity === 1) ?? null;
}

export interface UploadedPrint {
  uuid: string;
  size: number;
  name: string;
  width: number;
  height: number;
}

/**
 * Each stored file of a print upload becomes a print line (type 0) of the session's cart: the default
 * format turned to the picture's orientation, its minimum quantity, the shop's fill-in crop (centred
 * until the analysis has found faces: defaultPrintImage) and the server's own price.
 */
export async function addPrintLines(
  db: Db,
  session: Session,
  files: readonly UploadedPrint[],
  /** The portal's products, read beforehand when `db` is a transaction (productsOf reads in parallel). */
  catalogue?: readonly Product[],
): Promise<void> {
  if (files.length === 0) return;
  const product = defaultPrintFormat(catalogue ?? (await productsOf(db, session.portalUuid)));
  if (!product) return;
  const cartUuid = await cartOf(db, session);
  const quantity = Math.max(1, product.minQuantity);
  const price = linePrice(product, quantity);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const before = [...(await lockedTally(tx, cartUuid)).values()];
    refuseOverLimits(before, [...before, ...files.map(() => ({ quantity, linePrice: price }))]);
    // Read under a share lock: an analysis recording regions now waits for these lines, and then
    // moves their crops (recropDefaultLines); one that recorded them first is read here.
    const regions = await pictureRegionsOf(
      tx,
      files.map((f) => f.uuid),
      'share',
    );
    let position = await nextPosition(tx, cartUuid);
    await tx.insert(orderLines).values(
      files.map((f) => {
        const image = defaultPrintImage(product, 'original', { picture: f, regions: regions.get(f.uuid) })!;
        return {
          cartUuid,
          position: position++,
          type: 0,
          productUuid: product.uuid,
          description: f.name,
          quantity,
          actualLinePrice: price,
          image,
          files: [{ uuid: f.uuid, size: f.size, name: f.name, error: null, product: product.uuid }],
        };
      }),
    );
  });
}

/** Order line type 0 is a print (S0 §2): its product is a print format (product type 0). */
const PRINT = 0;

/**
 * Applies a client's changes to lines of this session's cart, all or nothing: one transaction, and
 * any change that cannot be applied (a line of another cart, an unknown format, a quantity below the
 * format's minimum, an order past its limits) rolls back every other. Each line is written whole in one UPDATE, so two edits of
 * one line at the same moment leave one of them, never a mix (last write wins per line). Prices come
 * from the price list, never from the client.
 */
export async function applyLineChanges(
  db: Db,
  session: Session,
  changes: readonly OrderLineChange[],
  templateDeps: TemplateLineDeps,
  /** The portal's locale: a refusal names the product in its language. */
  locale: string,
): Promise<Cart> {
  const productName = productNameFor(locale);
  const uuids = changes.map((c) => c.uuid);
  if (new Set(uuids).size !== uuids.length) {
    throw new HttpError(400, 'duplicate_line');
  }
  const cartUuid = await cartOf(db, session);
  const catalogue = new Map((await productsOf(db, session.portalUuid)).map((p) => [p.uuid, p]));
  // Template lines are checked before the transaction (templates, pictures and fonts are read
  // outside it: PGlite's one connection is held by a transaction). A line never changes its template
  // or product, so what is checked here still holds when the locked row is written.
  const templateUpdates = await prepareTemplateUpdates(
    db,
    session,
    cartUuid,
    changes,
    catalogue,
    templateDeps,
  );
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const before = await lockedTally(tx, cartUuid);
    const after = new Map(before);
    // Every change is checked before anything is written: a price past what a column holds is
    // refused as a 400, not met by the database.
    const writes: (() => Promise<unknown>)[] = [];
    const rows =
      uuids.length === 0
        ? []
        : await tx
            .select()
            .from(orderLines)
            .where(and(eq(orderLines.cartUuid, cartUuid), inArray(orderLines.uuid, uuids)))
            .for('update');
    const byUuid = new Map(rows.map((r) => [r.uuid, r]));
    const sizes = await printPictureSizes(tx, changes, byUuid);
    for (const change of changes) {
      const row = byUuid.get(change.uuid);
      if (!row) throw notFound('orderLine');
      if (change.deleted) {
        after.delete(row.uuid);
        writes.push(() => tx.delete(orderLines).where(eq(orderLines.uuid, row.uuid)));
        continue;
      }
      const product = catalogue.get(change.product.uuid);
      const sameKind = row.type === PRINT ? product?.producttype === 0 : product?.uuid === row.productUuid;
      if (!product || !sameKind) {
        throw new HttpError(400, 'invalid_product');
      }
      if (change.quantity < product.minQuantity) {
        throw new HttpError(400, 'below_minimum', {
          values: { product: productName(product.name), minimum: product.minQuantity },
        });
      }
      if (row.type === PRINT && change.image === null) {
        throw new HttpError(400, 'invalid_image');
      }
      if (row.type !== PRINT) {
        const update = templateUpdates.get(row.uuid);
        if (!update) throw notFound('lineTemplate');
        const price = update.price(change.quantity);
        after.set(row.uuid, { quantity: change.quantity, linePrice: price });
        writes.push(() =>
          tx
            .update(orderLines)
            .set({
              quantity: change.quantity,
              templates: [update.entry],
              actualLinePrice: price,
              updatedAt: templateDeps.today,
            })
            .where(eq(orderLines.uuid, row.uuid)),
        );
        continue;
      }
      const picture = sizes.get((row.files as OrderLine['files'])[0]?.uuid ?? '');
      const stored = row.image as OrderLine['image'];
      const shopCrop = keepsShopCrop(stored, change.image);
      let image = change.image === undefined ? row.image : lineImage(change.image);
      if (shopCrop) {
        // Made again for the line's format, from the regions as they are now.
        const filter = change.image?.filter ?? stored?.filter ?? 'original';
        image = (picture && defaultPrintImage(product, filter, { picture, regions: picture.regions })) ?? {
          filter,
          cropRect: null,
          adaption: 0,
          defaultCrop: true,
        };
      }
      const crop = shopCrop ? undefined : change.image?.cropRect;
      if (crop && picture) {
        const frame = { widthMm: product.printareasize[0], heightMm: product.printareasize[1] };
        if (cropBelowMinimum(crop, picture, 0, frame)) {
          throw new HttpError(400, 'crop_too_small', {
            values: { product: productName(product.name), dpi: MIN_CROP_DPI },
          });
        }
      }
      const files = (row.files as OrderLine['files']).map((f) => ({ ...f, product: product.uuid }));
      const price = linePrice(product, change.quantity);
      after.set(row.uuid, { quantity: change.quantity, linePrice: price });
      writes.push(() =>
        tx
          .update(orderLines)
          .set({
            productUuid: product.uuid,
            quantity: change.quantity,
            image,
            files,
            actualLinePrice: price,
            updatedAt: templateDeps.today,
          })
          .where(eq(orderLines.uuid, row.uuid)),
      );
    }
    refuseOverLimits(before.values(), after.values());
    for (const write of writes) await write();
    // In the same transaction: the lines and the account's kept dates change together, or neither.
    if (session.userUuid) {
      const dates = [...templateUpdates.values()].flatMap((u) => u.entry.personalDates);
      await rememberPersonalDates(tx, session.userUuid, dates);
    }
  });
  return cartView(db, cartUuid);
}

interface TemplateUpdate {
  entry: StoredTemplate;
  price(quantity: number): number;
}

/**
 * The checked new state of each template line in `changes`: its resources and year when sent (checked
 * against the line's own template version), else as stored, with its subproducts kept. Lines of other
 * carts and prints are left to the transaction.
 */
async function prepareTemplateUpdates(
  db: Db,
  session: Session,
  cartUuid: string,
  changes: readonly OrderLineChange[],
  catalogue: ReadonlyMap<string, Product>,
  deps: TemplateLineDeps,
): Promise<Map<string, TemplateUpdate>> {
  const wanted = changes.filter((c) => !c.deleted).map((c) => c.uuid);
  const updates = new Map<string, TemplateUpdate>();
  if (wanted.length === 0) return updates;
  const rows = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.cartUuid, cartUuid), inArray(orderLines.uuid, wanted)));
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  for (const change of changes) {
    const row = byUuid.get(change.uuid);
    if (!row || row.type === PRINT || change.deleted) continue;
    const stored = storedTemplateOf(row.templates);
    if (!stored) throw new HttpError(409, 'not_a_template_line');
    const loaded = await loadTemplate(db, session.portalUuid, stored.template, stored.version);
    if (!loaded) throw notFound('lineTemplateVersion', { version: stored.version });
    const product = catalogue.get(change.product.uuid);
    if (!product || product.uuid !== row.productUuid) {
      throw new HttpError(400, 'invalid_product');
    }
    checkTemplateProduct(catalogue, loaded, product.uuid, stored.subProductUuids, change.quantity);
    let entry = stored;
    const sent = change.templates?.[0];
    if (sent) {
      if (
        sent.template !== stored.template ||
        (sent.version !== undefined && sent.version !== stored.version)
      ) {
        throw new HttpError(400, 'template_mismatch');
      }
      const bookPages = resolveBookPages(loaded.template, sent.bookPages, product, stored.bookPages);
      const state = await resolveTemplateState(
        lineTemplate(loaded.template, bookPages),
        sent.resources,
        sent.year,
        deps,
        stored.year,
      );
      const startMonth = chooseStartMonth(loaded.template, sent.startMonth, stored.startMonth);
      const extras = chooseCalendarExtras(loaded.template, sent, stored);
      entry = { ...stored, ...state, startMonth, ...extras, ...(bookPages ? { bookPages } : {}) };
    }
    const t = loaded.template;
    const pages = entry.bookPages?.length;
    updates.set(row.uuid, {
      entry,
      price: (quantity) => templateLinePrice(product, t, quantity, stored.subProductUuids, pages),
    });
  }
  return updates;
}

/**
 * Adds one template line (S1 §3 cart add payload) to the session's cart: the template (its current
 * version unless one is named), its own product with known subproducts and at least the minimum
 * quantity, the resources and year checked against the template, the server's price. Answers the
 * cart; the new line is the last one.
 */
export async function addTemplateLine(
  db: Db,
  session: Session,
  body: TemplateLineAdd,
  deps: TemplateLineDeps,
  locale: string,
): Promise<Cart> {
  const loaded = await loadTemplate(
    db,
    session.portalUuid,
    body.template.uuid,
    body.template.version ?? null,
  );
  if (!loaded) {
    const { uuid, version } = body.template;
    throw new HttpError(400, 'unknown_template', {
      key: version ? 'unknown_template_version' : 'unknown_template',
      values: { uuid, version: version ?? '' },
    });
  }
  const catalogue = new Map((await productsOf(db, session.portalUuid)).map((p) => [p.uuid, p]));
  const subProductUuids = [...new Set(body.subProductUuids)];
  const product = checkTemplateProduct(catalogue, loaded, body.product.uuid, subProductUuids, body.quantity);
  const t = loaded.template;
  const bookPages = resolveBookPages(t, body.template.bookPages, product);
  const state = await resolveTemplateState(
    lineTemplate(t, bookPages),
    body.template.resources,
    body.template.year,
    deps,
  );
  const entry: StoredTemplate = {
    template: t.uuid,
    version: t.version,
    resources: state.resources,
    year: state.year,
    startMonth: chooseStartMonth(t, body.template.startMonth),
    ...chooseCalendarExtras(t, body.template),
    subProductUuids,
    ...(bookPages ? { bookPages } : {}),
  };
  const cartUuid = await cartOf(db, session);
  const price = templateLinePrice(product, t, body.quantity, subProductUuids, bookPages?.length);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const before = [...(await lockedTally(tx, cartUuid)).values()];
    refuseOverLimits(before, [...before, { quantity: body.quantity, linePrice: price }]);
    await tx.insert(orderLines).values({
      cartUuid,
      position: await nextPosition(tx, cartUuid),
      type: product.producttype,
      productUuid: product.uuid,
      description: templateLineDescription(t, product, subProductUuids, locale),
      quantity: body.quantity,
      actualLinePrice: price,
      image: null,
      files: [],
      templates: [entry],
    });
    // A logged-in shopper's yearly dates are kept with the account for the next calendar (issue 18),
    // in the same transaction as the line.
    if (session.userUuid) await rememberPersonalDates(tx, session.userUuid, entry.personalDates);
  });
  return cartView(db, cartUuid);
}

interface LinePicture {
  width: number;
  height: number;
  regions: PictureRegions | null;
}

/**
 * The upright sizes and analysis regions of the pictures of the print lines a change touches: a set
 * crop is checked against the size, a shop's crop is made from both.
 */
async function printPictureSizes(
  tx: Db,
  changes: readonly OrderLineChange[],
  rows: ReadonlyMap<string, typeof orderLines.$inferSelect>,
): Promise<Map<string, LinePicture>> {
  const uuids = changes.flatMap((change) => {
    const row = rows.get(change.uuid);
    const file = row?.type === PRINT && !change.deleted ? (row.files as OrderLine['files'])[0] : undefined;
    return file ? [file.uuid] : [];
  });
  if (uuids.length === 0) return new Map();
  const found = await tx
    .select({
      uuid: pictures.uuid,
      width: pictures.width,
      height: pictures.height,
      regions: pictures.regions,
    })
    .from(pictures)
    .where(inArray(pictures.uuid, uuids));
  return new Map(found.map((p) => [p.uuid, p]));
}

const sameCrop = (a: CropRect | null | undefined, b: CropRect | null | undefined) =>
  !!a && !!b && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

/**
 * Whether a print line keeps the shop's crop after a change (issue 32): a client sends no crop (null:
 * a new format reset it), or sends back the shop's crop it was given (the editor saves the whole line
 * when only the quantity changed). Any other crop is the shopper's, and the shop never moves it again.
 */
function keepsShopCrop(stored: OrderLine['image'], sent: OrderLineChange['image']): boolean {
  if (sent === undefined) return stored?.defaultCrop === true;
  if (!sent) return false;
  if (sent.cropRect === null) return true;
  return stored?.defaultCrop === true && sameCrop(stored.cropRect, sent.cropRect);
}

/** The stored picture settings: the fit test on the crop decides the adaption (S0 §4), not the client. */
function lineImage(image: OrderLineChange['image']): OrderLine['image'] {
  if (!image) return null;
  const crop = image.cropRect;
  return {
    filter: image.filter,
    cropRect: crop,
    adaption: crop ? adaptionForCrop(crop) : 0,
    defaultCrop: false,
  };
}

/**
 * The analysis regions of pictures by uuid (absent: not analysed), read under a lock on their rows
 * when asked: 'share' to wait for an analysis writing them, 'update' to be that writer.
 */
async function pictureRegionsOf(
  tx: Db,
  uuids: readonly string[],
  lock?: 'share' | 'update',
): Promise<Map<string, PictureRegions>> {
  if (uuids.length === 0) return new Map();
  const query = tx
    .select({ uuid: pictures.uuid, regions: pictures.regions })
    .from(pictures)
    .where(inArray(pictures.uuid, [...uuids]));
  const rows = lock ? await query.for(lock) : await query;
  return new Map(rows.flatMap((r) => (r.regions ? [[r.uuid, r.regions] as const] : [])));
}

/**
 * Moves the shop's crop of every cart print line of a picture to the suggestion its regions give
 * (issue 32), once the analysis has recorded them: the lines the shopper has not cropped. Runs in the
 * transaction that records the regions (setPictureRegions), after that write: the picture's row lock
 * makes an upload adding lines of it wait, or be seen. The lines are read under a lock, so a
 * shopper's crop saved meanwhile is seen and kept. Answers how many lines moved.
 */
export async function recropDefaultLines(tx: Db, pictureUuid: string): Promise<number> {
  const [picture] = await tx
    .select({
      portalUuid: pictures.portalUuid,
      sessionIdHash: pictures.sessionIdHash,
      userUuid: pictures.userUuid,
      width: pictures.width,
      height: pictures.height,
      regions: pictures.regions,
    })
    .from(pictures)
    .where(eq(pictures.uuid, pictureUuid));
  if (!picture) return 0;
  // The picture's lines are in its owner's carts: its session's, and its user's.
  const owners = [
    ...(picture.sessionIdHash ? [eq(carts.sessionIdHash, picture.sessionIdHash)] : []),
    ...(picture.userUuid ? [eq(carts.userUuid, picture.userUuid)] : []),
  ];
  if (owners.length === 0) return 0;
  const rows = await tx
    .select({ line: orderLines })
    .from(orderLines)
    .innerJoin(carts, eq(carts.uuid, orderLines.cartUuid))
    .where(
      and(
        or(...owners),
        eq(orderLines.type, PRINT),
        sql`${orderLines.files} -> 0 ->> 'uuid' = ${pictureUuid}`,
        sql`(${orderLines.image} ->> 'defaultCrop')::boolean`,
      ),
    )
    .for('update', { of: orderLines });
  if (rows.length === 0) return 0;
  const catalogue = new Map((await productsOf(tx, picture.portalUuid)).map((p) => [p.uuid, p]));
  let moved = 0;
  for (const { line } of rows) {
    const product = catalogue.get(line.productUuid);
    const stored = line.image as OrderLine['image'];
    if (!product || !stored) continue;
    const image = defaultPrintImage(product, stored.filter, { picture, regions: picture.regions });
    if (!image || sameCrop(image.cropRect, stored.cropRect)) continue;
    await tx.update(orderLines).set({ image }).where(eq(orderLines.uuid, line.uuid));
    moved++;
  }
  return moved;
}

/** S0 §7 auto-correction: the shopper's answer to the checkout question, kept on the cart. */
export async function setAutoCorrection(db: Db, session: Session, value: 0 | 1, now: Date): Promise<Cart> {
  const cartUuid = await cartOf(db, session);
  await db.update(carts).set({ autoCorrection: value, updatedAt: now }).where(eq(carts.uuid, cartUuid));
  return cartView(db, cartUuid);
}
