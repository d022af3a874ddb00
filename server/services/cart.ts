import { and, asc, eq, inArray, max } from 'drizzle-orm';
import { adaptionForCrop, frameLike, startingCrop } from '../../engine/image.ts';
import type { Cart, OrderLine, OrderLineChange, Product } from '../../shop/contract.ts';
import { linePrice } from '../../shop/pricing.ts';
import type { Db } from '../db/connect.ts';
import { carts, orderLines } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { productsOf } from './content.ts';
import type { Session } from './sessions.ts';

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
    templates: r.templates as OrderLine['templates'],
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

/** The session's cart with its lines in one query (the cart is read on every page); made when missing. */
export async function sessionCart(db: Db, session: Session): Promise<Cart> {
  const rows = await db
    .select({ cartUuid: carts.uuid, line: orderLines })
    .from(carts)
    .leftJoin(orderLines, eq(orderLines.cartUuid, carts.uuid))
    .where(cartOwner(session))
    .orderBy(asc(orderLines.position), asc(orderLines.createdAt));
  if (rows.length === 0) {
    await cartOf(db, session);
    return emptyCart();
  }
  return toCart(rows.flatMap((r) => (r.line ? [r.line] : [])));
}

/** Deletes one line of this cart; another cart's line is not found, exactly like a missing one. */
export async function deleteLine(db: Db, cartUuid: string, lineUuid: string): Promise<void> {
  const deleted = await db
    .delete(orderLines)
    .where(and(eq(orderLines.uuid, lineUuid), eq(orderLines.cartUuid, cartUuid)))
    .returning({ uuid: orderLines.uuid });
  if (deleted.length === 0) throw notFound('The order line');
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
 * format turned to the picture's orientation, its minimum quantity, a centred fill-in crop (the fit
 * test then says fill-in) and the server's own price.
 */
export async function addPrintLines(
  db: Db,
  session: Session,
  files: readonly UploadedPrint[],
): Promise<void> {
  if (files.length === 0) return;
  const product = defaultPrintFormat(await productsOf(db, session.portalUuid));
  if (!product) return;
  const cartUuid = await cartOf(db, session);
  const [last] = await db
    .select({ position: max(orderLines.position) })
    .from(orderLines)
    .where(eq(orderLines.cartUuid, cartUuid));
  let position = (last?.position ?? -1) + 1;
  const quantity = Math.max(1, product.minQuantity);
  const frame = { widthMm: product.printareasize[0], heightMm: product.printareasize[1] };
  const price = linePrice(product, quantity);
  await db.insert(orderLines).values(
    files.map((f) => {
      const crop = startingCrop(f, 0, frameLike(frame, f), 'fill-in');
      return {
        cartUuid,
        position: position++,
        type: 0,
        productUuid: product.uuid,
        description: f.name,
        quantity,
        actualLinePrice: price,
        image: { filter: 'original' as const, cropRect: crop, adaption: adaptionForCrop(crop) },
        files: [{ uuid: f.uuid, size: f.size, name: f.name, error: null, product: product.uuid }],
      };
    }),
  );
}

/** Order line type 0 is a print (S0 §2): its product is a print format (product type 0). */
const PRINT = 0;

/**
 * Applies a client's changes to lines of this session's cart, all or nothing: one transaction, and
 * any change that cannot be applied (a line of another cart, an unknown format, a quantity below the
 * format's minimum) rolls back every other. Each line is written whole in one UPDATE, so two edits of
 * one line at the same moment leave one of them, never a mix (last write wins per line). Prices come
 * from the price list, never from the client.
 */
export async function applyLineChanges(
  db: Db,
  session: Session,
  changes: readonly OrderLineChange[],
): Promise<Cart> {
  const uuids = changes.map((c) => c.uuid);
  if (new Set(uuids).size !== uuids.length) {
    throw new HttpError(400, 'duplicate_line', 'An order line appears twice in the update');
  }
  const cartUuid = await cartOf(db, session);
  const catalogue = new Map((await productsOf(db, session.portalUuid)).map((p) => [p.uuid, p]));
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const rows =
      uuids.length === 0
        ? []
        : await tx
            .select()
            .from(orderLines)
            .where(and(eq(orderLines.cartUuid, cartUuid), inArray(orderLines.uuid, uuids)))
            .for('update');
    const byUuid = new Map(rows.map((r) => [r.uuid, r]));
    for (const change of changes) {
      const row = byUuid.get(change.uuid);
      if (!row) throw notFound('The order line');
      if (change.deleted) {
        await tx.delete(orderLines).where(eq(orderLines.uuid, row.uuid));
        continue;
      }
      const product = catalogue.get(change.product.uuid);
      const sameKind = row.type === PRINT ? product?.producttype === 0 : product?.uuid === row.productUuid;
      if (!product || !sameKind) {
        throw new HttpError(400, 'invalid_product', 'The product cannot be chosen for this order line');
      }
      if (change.quantity < product.minQuantity) {
        throw new HttpError(
          400,
          'below_minimum',
          `The minimum quantity of ${product.name} is ${product.minQuantity}`,
        );
      }
      if (row.type === PRINT && change.image === null) {
        throw new HttpError(400, 'invalid_image', 'A print needs its filter and crop');
      }
      const image = change.image === undefined ? row.image : lineImage(change.image);
      const files = (row.files as OrderLine['files']).map((f) => ({ ...f, product: product.uuid }));
      await tx
        .update(orderLines)
        .set({
          productUuid: product.uuid,
          quantity: change.quantity,
          image,
          files,
          actualLinePrice: linePrice(product, change.quantity),
          updatedAt: new Date(),
        })
        .where(eq(orderLines.uuid, row.uuid));
    }
  });
  return cartView(db, cartUuid);
}

/** The stored picture settings: the fit test on the crop decides the adaption (S0 §4), not the client. */
function lineImage(image: OrderLineChange['image']): OrderLine['image'] {
  if (!image) return null;
  const crop = image.cropRect;
  return { filter: image.filter, cropRect: crop, adaption: crop ? adaptionForCrop(crop) : 0 };
}

/** S0 §7 auto-correction: the shopper's answer to the checkout question, kept on the cart. */
export async function setAutoCorrection(db: Db, session: Session, value: 0 | 1): Promise<Cart> {
  const cartUuid = await cartOf(db, session);
  await db
    .update(carts)
    .set({ autoCorrection: value, updatedAt: new Date() })
    .where(eq(carts.uuid, cartUuid));
  return cartView(db, cartUuid);
}
