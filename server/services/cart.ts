import { and, asc, eq, max } from 'drizzle-orm';
import { adaptionForCrop, frameLike, startingCrop } from '../../engine/image.ts';
import type { Cart, OrderLine, Product } from '../../shop/contract.ts';
import { linePrice } from '../../shop/pricing.ts';
import type { Db } from '../db/connect.ts';
import { carts, orderLines } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { productsOf } from './content.ts';
import type { Session } from './sessions.ts';

export const emptyCart = (): Cart => ({ orderLines: [], summary: { totalPrice: 0 } });

/** The session's cart, made on first use: an anonymous session gets a cart of its own. */
export async function cartOf(db: Db, session: Session): Promise<string> {
  const [found] = await db
    .select({ uuid: carts.uuid })
    .from(carts)
    .where(eq(carts.sessionIdHash, session.idHash));
  if (found) return found.uuid;
  const [made] = await db
    .insert(carts)
    .values({ portalUuid: session.portalUuid, sessionIdHash: session.idHash, userUuid: session.userUuid })
    .onConflictDoNothing()
    .returning({ uuid: carts.uuid });
  if (made) return made.uuid;
  // Two first requests of one session raced; the other made the cart.
  const [raced] = await db
    .select({ uuid: carts.uuid })
    .from(carts)
    .where(eq(carts.sessionIdHash, session.idHash));
  return raced!.uuid;
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
    .where(eq(carts.sessionIdHash, session.idHash))
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
