/**
 * Settling transactions and making orders: the one idempotent path every caller uses (a provider's
 * callback, the shopper's return, the at-once providers), and the receipt.
 *
 * Exactly one order per transaction, whatever arrives first and however often: the transaction row is
 * locked (`SELECT … FOR UPDATE`) for the whole database transaction that reads its status, makes the
 * order, takes the paid lines out of the cart, counts the rebate code's use and marks it paid; the
 * UNIQUE index on orders.transaction_uuid is the backstop. PGlite has one connection and serialises
 * anyway; on PostgreSQL the lock is what makes concurrent callers wait and then see 'paid'.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MyOrder, Receipt, TransactionState } from '../../shop/checkout.ts';
import {
  type FulfilmentStatus,
  type OrderProgress,
  orderReference,
  type ProductionStatus,
} from '../../shop/production.ts';
import type { Db } from '../db/connect.ts';
import { carts, orderEvents, orderLines, orders, rebateCodes, transactions } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import type { OrderJobs } from '../production/types.ts';
import type { TransactionSnapshot } from './checkout.ts';
import { deliveryTimeString } from './checkoutText.ts';
import { type Providers, providerOf } from './payments/index.ts';
import type { PaymentOutcome, PaymentStatus, ProviderType } from './payments/provider.ts';
import type { Session } from './sessions.ts';

export type TransactionRow = typeof transactions.$inferSelect;

export const PAYMENT_ERRORS: Record<'declined' | 'cancelled', string> = {
  declined: 'The payment was declined. Your cart is unchanged: try again or choose another payment option.',
  cancelled: 'The payment was cancelled. Your cart is unchanged.',
};

/** The order snapshot: what the transaction paid for, and when. */
export interface OrderSnapshot extends TransactionSnapshot {
  transactionUuid: string;
  amount: number;
  paidAt: string;
}

/** Whether this session (or its user) made the transaction or order: anyone else gets a 404. */
export function ownedBy(
  row: { sessionIdHash: string; userUuid: string | null },
  session: Session | null,
): boolean {
  if (!session) return false;
  return row.sessionIdHash === session.idHash || (row.userUuid !== null && row.userUuid === session.userUuid);
}

export async function transactionRow(db: Db, uuid: string): Promise<TransactionRow | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.uuid, uuid));
  return row ?? null;
}

/**
 * Settles a transaction with a provider's outcome, once. 'paid' makes the order (from the snapshot
 * taken when the transaction was made), removes exactly the paid lines from the cart (lines added
 * since stay), counts the rebate code's use and takes it off the cart, all in one database
 * transaction. A paid transaction never changes again; a declined or cancelled one may still become
 * paid (a provider's word that money moved wins; the cart was left intact). Declined and cancelled
 * leave the cart as it is.
 */
export async function settleTransaction(
  db: Db,
  uuid: string,
  outcome: PaymentOutcome,
  jobs: OrderJobs,
  now: Date,
): Promise<TransactionState> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx.select().from(transactions).where(eq(transactions.uuid, uuid)).for('update');
    if (!row) throw notFound('The transaction');
    if (row.status === 'paid') return { status: 'paid', orderUuid: row.orderUuid! };
    if (outcome !== 'paid') {
      const status = row.status === 'pending' ? outcome : (row.status as 'declined' | 'cancelled');
      if (row.status === 'pending') {
        await tx.update(transactions).set({ status, updatedAt: now }).where(eq(transactions.uuid, uuid));
      }
      return { status, error: PAYMENT_ERRORS[status] };
    }
    // The cart's lock, as get_transaction takes it: a confirm racing this settle waits, then sees the
    // lines gone and the transaction paid together, never one without the other.
    if (row.cartUuid)
      await tx.select({ uuid: carts.uuid }).from(carts).where(eq(carts.uuid, row.cartUuid)).for('update');
    const snapshot = row.request as TransactionSnapshot;
    const paidAt = now;
    const orderSnapshot: OrderSnapshot = {
      ...snapshot,
      transactionUuid: row.uuid,
      amount: row.amount,
      paidAt: paidAt.toISOString(),
    };
    const [order] = await tx
      .insert(orders)
      .values({
        portalUuid: row.portalUuid,
        transactionUuid: row.uuid,
        sessionIdHash: row.sessionIdHash,
        userUuid: row.userUuid,
        total: row.amount,
        snapshot: orderSnapshot,
        createdAt: paidAt,
      })
      .returning({ uuid: orders.uuid });
    const orderUuid = order!.uuid;
    // Its print files and confirmation mail are queued with the order, in this very transaction.
    await jobs.enqueueOrder(tx, orderUuid);
    const paidLines = snapshot.lines.map((l) => l.uuid);
    if (row.cartUuid && paidLines.length) {
      await tx
        .delete(orderLines)
        .where(and(eq(orderLines.cartUuid, row.cartUuid), inArray(orderLines.uuid, paidLines)));
    }
    if (snapshot.rebate) {
      await tx
        .update(rebateCodes)
        .set({ uses: sql`${rebateCodes.uses} + 1` })
        .where(and(eq(rebateCodes.portalUuid, row.portalUuid), eq(rebateCodes.code, snapshot.rebate.code)));
      if (row.cartUuid) {
        await tx
          .update(carts)
          .set({ rebateCode: null, updatedAt: paidAt })
          .where(and(eq(carts.uuid, row.cartUuid), eq(carts.rebateCode, snapshot.rebate.code)));
      }
    }
    await tx
      .update(transactions)
      .set({ status: 'paid', orderUuid, updatedAt: paidAt })
      .where(eq(transactions.uuid, uuid));
    return { status: 'paid', orderUuid };
  });
}

/** Where a transaction stands, from its row (no side effects). */
export function stateOf(providers: Providers, row: TransactionRow): TransactionState {
  const status = row.status as PaymentStatus;
  if (status === 'paid') return { status: 'paid', orderUuid: row.orderUuid! };
  if (status === 'pending') {
    const provider = providerOf(providers, row.provider);
    return {
      status: 'pending',
      redirectUrl: provider.redirectUrl({
        uuid: row.uuid,
        amount: row.amount,
        currencyCode: row.currencyCode,
        status,
      }),
    };
  }
  return { status, error: PAYMENT_ERRORS[status] };
}

/**
 * The shopper's return (`POST …/transactions/{id}/fulfil`): asks the provider where the payment stands
 * (never the browser) and settles accordingly; still pending answers where to go.
 */
export async function fulfilFromReturn(
  db: Db,
  providers: Providers,
  jobs: OrderJobs,
  row: TransactionRow,
  now: Date,
): Promise<TransactionState> {
  if (row.status === 'paid') return stateOf(providers, row);
  const provider = providerOf(providers, row.provider);
  const status = await provider.status({
    uuid: row.uuid,
    amount: row.amount,
    currencyCode: row.currencyCode,
    status: row.status as PaymentStatus,
  });
  if (status === 'pending') return stateOf(providers, row);
  return settleTransaction(db, row.uuid, status, jobs, now);
}

// ---- Receipt ----

export async function receiptOf(db: Db, session: Session | null, orderUuid: string): Promise<Receipt | null> {
  const [order] = await db.select().from(orders).where(eq(orders.uuid, orderUuid));
  if (!order || !ownedBy(order, session)) return null;
  const snap = order.snapshot as OrderSnapshot;
  const d = snap.delivery;
  const when = deliveryTimeString(d.deliveryTime, d.deliveryTimeUnit, snap.portal.locale);
  const delivery: Receipt['delivery'] =
    d.type === 'store-pickup'
      ? {
          type: 0,
          pickupLocation: {
            name: d.name,
            address: [d.address1, d.address2].filter(Boolean).join(', '),
            postalCode: d.postalCode,
            city: d.city,
            deliveryTimeString: when,
          },
        }
      : {
          type: 1,
          address: {
            name: snap.customer.name,
            address: snap.customer.address,
            postalCode: snap.customer.postalCode,
            city: snap.customer.city,
            deliveryTimeString: when,
          },
        };
  return {
    orderUuid: order.uuid,
    payment: { infoText: snap.payment.infoText, title: snap.payment.title },
    delivery,
    orderInfo: snap.orderInfo,
    createdAt: order.createdAt.toISOString(),
    progress: await progressOf(db, order),
  };
}

/** The order's print files' status and the lab's steps, oldest first. */
async function progressOf(db: Db, order: { uuid: string; productionStatus: string }): Promise<OrderProgress> {
  const events = await db
    .select({ status: orderEvents.status, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(eq(orderEvents.orderUuid, order.uuid))
    .orderBy(asc(orderEvents.createdAt));
  return {
    production: order.productionStatus as ProductionStatus,
    events: events.map((e) => ({ status: e.status as FulfilmentStatus, at: e.at.toISOString() })),
  };
}

// ---- My orders ----

/**
 * A logged-in shopper's orders, newest first, on any device (orders are theirs by user, not by
 * session); anonymous shoppers have their receipts only. Null when nobody is logged in.
 */
export async function ordersOfUser(db: Db, session: Session | null, limit = 100): Promise<MyOrder[] | null> {
  if (!session?.userUuid) return null;
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userUuid, session.userUuid))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  return Promise.all(
    rows.map(async (order) => {
      const snap = order.snapshot as OrderSnapshot;
      return {
        orderUuid: order.uuid,
        reference: orderReference(order.uuid),
        createdAt: order.createdAt.toISOString(),
        total: order.total,
        currencyFormat: snap.portal.currencyFormat,
        lines: snap.lines.map((l) => ({
          productName: l.productName,
          description: l.description,
          quantity: l.quantity,
        })),
        progress: await progressOf(db, order),
      };
    }),
  );
}
