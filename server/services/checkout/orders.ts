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
import { FALLBACK_LANGUAGE } from '../../../engine/index.ts';
import type { MyOrder, Receipt, TransactionState } from '../../../shop/index.ts';
import {
  type FulfilmentStatus,
  isHeld,
  type OrderProgress,
  orderReference,
  type PaymentFacts,
  type PaymentReport,
  type PaymentState,
  type ProductionStatus,
  paymentChange,
  UNPAID_ENDS,
} from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import {
  carts,
  orderEvents,
  orderLines,
  orders,
  paymentEvents,
  rebateCodes,
  transactions,
} from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { productNameFor, serverT } from '../../i18n.ts';
import type { Session } from '../identity/sessions.ts';
import { type Providers, providerOf } from '../payments/index.ts';
import { type ProviderTransaction, returnUrl, type StartContext } from '../payments/provider.ts';
import { shopperPayments } from '../payments/views.ts';
import { orderItemsOf, type TransactionSnapshot } from './checkout.ts';
import { deliveryTimeString } from './checkoutText.ts';
import type { OrderJobs } from './orderJobs.ts';

export type TransactionRow = typeof transactions.$inferSelect;

type UnpaidEnd = 'declined' | 'cancelled' | 'expired' | 'failed';

/** What the shopper is told when a payment ends without an order (the cart is as it was), in the portal's language. */
export function paymentError(status: UnpaidEnd, language: string): string {
  return serverT(language, 'server')(`payment.${status}`);
}

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

/** A provider's message about a payment, recorded once by its own id (payment_events). */
export interface PaymentEventRecord {
  provider: string;
  eventId: string;
  kind: string;
  body: string;
}

/** The order of a paid transaction, made from the snapshot taken when the transaction was made. */
async function makeOrder(tx: Db, row: TransactionRow, jobs: OrderJobs, now: Date): Promise<string> {
  // The cart's lock, as get_transaction takes it: a confirm racing this settle waits, then sees the
  // lines gone and the transaction held together, never one without the other.
  if (row.cartUuid)
    await tx.select({ uuid: carts.uuid }).from(carts).where(eq(carts.uuid, row.cartUuid)).for('update');
  const snapshot = row.request as TransactionSnapshot;
  const orderSnapshot: OrderSnapshot = {
    ...snapshot,
    transactionUuid: row.uuid,
    amount: row.amount,
    paidAt: now.toISOString(),
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
      createdAt: now,
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
        .set({ rebateCode: null, updatedAt: now })
        .where(and(eq(carts.uuid, row.cartUuid), eq(carts.rebateCode, snapshot.rebate.code)));
    }
  }
  return orderUuid;
}

/** What the shop knows of a transaction's payment (shop/payment.ts). */
export const factsOf = (row: TransactionRow): PaymentFacts => ({
  state: row.status as PaymentState,
  amount: row.amount,
  currency: row.currencyCode,
  captured: row.amountCaptured,
  refunded: row.amountRefunded,
  hasOrder: row.orderUuid !== null,
});

/**
 * Applies a provider's report to a transaction, once, through the one payment state machine
 * (shop/payment.ts paymentChange): the first report that the money is held makes the order (from the
 * snapshot taken when the transaction was made), removes exactly the paid lines from the cart (lines
 * added since stay), counts the rebate code's use and takes it off the cart, all in one database
 * transaction under a lock on the transaction row; the UNIQUE index on orders.transaction_uuid is the
 * backstop. A message with an event id already recorded changes nothing (a repeated webhook). An
 * amount or currency other than the transaction's makes no order and is left for the lab.
 *
 * PGlite has one connection and serialises anyway; on PostgreSQL the row lock is what makes
 * concurrent callers (webhooks, the shopper's return, the reconciliation) wait and then see the order.
 */
export async function applyPaymentReport(
  db: Db,
  uuid: string,
  report: PaymentReport,
  jobs: OrderJobs,
  now: Date,
  event?: PaymentEventRecord,
): Promise<TransactionRow> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx.select().from(transactions).where(eq(transactions.uuid, uuid)).for('update');
    if (!row) throw notFound('transaction');
    if (event) {
      const [fresh] = await tx
        .insert(paymentEvents)
        .values({ ...event, transactionUuid: uuid, reported: report.state, receivedAt: now })
        .onConflictDoNothing()
        .returning({ uuid: paymentEvents.uuid });
      if (!fresh) return row;
    }
    const change = paymentChange(factsOf(row), report);
    if (change.kind === 'none') return row;
    if (change.kind === 'mismatch') {
      const [failed] = await tx
        .update(transactions)
        .set({
          status: 'failed',
          problem: `amount_mismatch: ${change.problem}`,
          problemAt: now,
          updatedAt: now,
        })
        .where(eq(transactions.uuid, uuid))
        .returning();
      return failed!;
    }
    const orderUuid = change.makesOrder ? await makeOrder(tx, row, jobs, now) : row.orderUuid;
    const [moved] = await tx
      .update(transactions)
      .set({
        status: change.state,
        orderUuid,
        amountCaptured: change.captured,
        amountRefunded: change.refunded,
        authorisedAt: row.authorisedAt ?? (isHeld(change.state) ? now : null),
        updatedAt: now,
      })
      .where(eq(transactions.uuid, uuid))
      .returning();
    return moved!;
  });
}

/** The shop's transaction as a provider is told it. */
export const providerTransaction = (row: TransactionRow): ProviderTransaction => ({
  uuid: row.uuid,
  amount: row.amount,
  currencyCode: row.currencyCode,
  state: row.status as PaymentState,
  providerRef: row.providerRef,
  captured: row.amountCaptured,
  refunded: row.amountRefunded,
  snapshot: row.request as TransactionSnapshot,
});

/**
 * Starts a pending transaction's payment with its provider, once: the provider's page and its name
 * for the payment are kept on the row, so a reload or a retry goes to the same page. A provider that
 * fails (ProviderUnavailable) leaves the transaction pending without a page; the next ask starts it
 * again with the same idempotency key.
 */
export async function startedPayment(
  db: Db,
  providers: Providers,
  row: TransactionRow,
  context: StartContext,
  now: Date,
): Promise<TransactionRow> {
  if (row.status !== 'pending' || row.redirectUrl) return row;
  const started = await providerOf(providers, row.provider).start(providerTransaction(row), context);
  const [kept] = await db
    .update(transactions)
    .set({ redirectUrl: started.redirectUrl, providerRef: started.providerRef, updatedAt: now })
    .where(and(eq(transactions.uuid, row.uuid), eq(transactions.status, 'pending')))
    .returning();
  return kept ?? ((await transactionRow(db, row.uuid)) as TransactionRow);
}

/** Where a transaction stands, for the shopper's hand-off page (no side effects). */
export function stateOf(row: TransactionRow): TransactionState {
  if (row.orderUuid) return { status: 'paid', orderUuid: row.orderUuid };
  const status = row.status as PaymentState;
  if (status === 'pending') return { status: 'pending', redirectUrl: row.redirectUrl ?? returnUrl(row.uuid) };
  const ended = (UNPAID_ENDS as readonly string[]).includes(status) ? (status as UnpaidEnd) : 'failed';
  const language = (row.request as TransactionSnapshot).portal?.locale ?? FALLBACK_LANGUAGE;
  return { status: ended, error: paymentError(ended, language) };
}

/**
 * The shopper's return (`POST …/transactions/{id}/fulfil`): asks the provider where the payment stands
 * (never the browser) and applies its report; still pending answers where to go.
 */
export async function fulfilFromReturn(
  db: Db,
  providers: Providers,
  jobs: OrderJobs,
  row: TransactionRow,
  context: StartContext,
  now: Date,
): Promise<TransactionState> {
  if (row.orderUuid || row.status !== 'pending') return stateOf(row);
  if (!row.redirectUrl) return stateOf(await startedPayment(db, providers, row, context, now));
  const report = await providerOf(providers, row.provider).status(providerTransaction(row));
  return stateOf(await applyPaymentReport(db, row.uuid, report, jobs, now));
}

// ---- Receipt ----

/** The receipt for its owner, or for anyone holding a valid link to it (`viaLink`, issue 34). */
export async function receiptOf(
  db: Db,
  session: Session | null,
  orderUuid: string,
  viaLink = false,
): Promise<Receipt | null> {
  const [order] = await db.select().from(orders).where(eq(orders.uuid, orderUuid));
  if (!order) return null;
  const owner = ownedBy(order, session);
  if (!owner && !viaLink) return null;
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
    ...(owner ? {} : { openedByLink: true }),
    payment: { infoText: snap.payment.infoText, title: snap.payment.title },
    delivery,
    // Orders made before the items were part of the order info list them from the lines they paid for.
    orderInfo: snap.orderInfo && {
      ...snap.orderInfo,
      items: snap.orderInfo.items ?? orderItemsOf(snap.lines),
    },
    createdAt: order.createdAt.toISOString(),
    progress: await progressOf(db, order),
    paymentStatus: (await shopperPayments(db, [order.transactionUuid])).get(order.transactionUuid) ?? null,
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
  const payments = await shopperPayments(
    db,
    rows.map((r) => r.transactionUuid),
  );
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
          productName: productNameFor(snap.portal.locale)(l.productName),
          description: l.description,
          quantity: l.quantity,
        })),
        progress: await progressOf(db, order),
        paymentStatus: payments.get(order.transactionUuid) ?? null,
      };
    }),
  );
}

/**
 * The order of a portal with this customer email and reference (its uuid's first 8 hex digits), for
 * "find my order" (issue 34); null when none is.
 */
export async function orderByReference(
  db: Db,
  portalUuid: string,
  email: string,
  reference: string,
): Promise<{ uuid: string; email: string } | null> {
  const [row] = await db
    .select({ uuid: orders.uuid, email: sql<string>`${orders.snapshot}->'customer'->>'email'` })
    .from(orders)
    .where(
      and(
        sql`${orders.uuid}::text like ${`${reference.toLowerCase()}%`}`,
        sql`${orders.snapshot}->'portal'->>'uuid' = ${portalUuid}`,
        sql`lower(${orders.snapshot}->'customer'->>'email') = ${email.trim().toLowerCase()}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The mail kind of a receipt link asked for again ("find my order"): the order's mail, sent once an hour at most. */
export const RECEIPT_AGAIN_MAIL = 'receipt-again';

/** Queues the order's confirmation again, to the order's own address; twice in one hour sends once. */
export async function resendReceiptLink(
  db: Db,
  jobs: OrderJobs,
  order: { uuid: string; email: string },
  now: Date,
): Promise<void> {
  const hour = now.toISOString().slice(0, 13);
  await db.transaction(async (tx) => {
    await jobs.enqueueMail(tx as unknown as Db, order.uuid, `${RECEIPT_AGAIN_MAIL}:${hour}`, order.email);
  });
}
