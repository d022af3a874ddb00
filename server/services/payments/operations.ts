/**
 * What happens to a payment after the order (issue 29): its capture when the order leaves the lab,
 * the lab's refunds (or the release of an authorisation not yet captured), and the reconciliation of
 * payments whose provider never said how they ended. Every provider call carries an idempotency key
 * derived from the transaction (or the refund), and every answer goes through applyPaymentReport, the
 * one place a payment's state changes.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { LabPayment } from '../../../shop/index.ts';
import {
  lapsesAt,
  lapsingSoon,
  type PaymentFacts,
  type PaymentState,
  refundable,
} from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import { orders, paymentEvents, paymentRefunds, transactions } from '../../db/schema.ts';
import { HttpError, notFound } from '../../errors.ts';
import type { OrderJobs } from '../checkout/orderJobs.ts';
import {
  applyPaymentReport,
  factsOf,
  type OrderSnapshot,
  providerTransaction,
  type TransactionRow,
  transactionRow,
} from '../checkout/orders.ts';
import { type Providers, providerOf } from './index.ts';
import type { ProviderType } from './provider.ts';

export interface PaymentDeps {
  db: Db;
  providers: Providers;
  jobs: OrderJobs;
  now(): Date;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

/** The mail a refund sends the shopper: one per refund (its uuid in the kind keeps them apart). */
export const REFUND_MAIL = 'payment-refund';
export const refundMailKind = (refundUuid: string) => `${REFUND_MAIL}:${refundUuid}`;

/**
 * Takes an authorised payment (the order has left the lab). Nothing to do when it is not authorised
 * (captured already, released, pay in store) or its provider takes no money online; a provider that
 * fails throws, and the job is retried with the same idempotency key.
 */
export async function capturePayment(deps: PaymentDeps, transactionUuid: string): Promise<void> {
  const row = await transactionRow(deps.db, transactionUuid);
  if (row?.status !== 'authorised') return;
  const provider = providerOf(deps.providers, row.provider);
  if (!provider.capture) return;
  const report = await provider.capture(providerTransaction(row), row.amount);
  // Recorded as the provider's answer, so the desk's history shows when the money was taken.
  await applyPaymentReport(deps.db, transactionUuid, report, deps.jobs, deps.now(), {
    provider: row.provider,
    eventId: `capture:${transactionUuid}`,
    kind: 'capture',
    body: JSON.stringify(report),
  });
  if (row.problem?.startsWith('capture_failed')) {
    await deps.db
      .update(transactions)
      .set({ problem: null, problemAt: null })
      .where(eq(transactions.uuid, transactionUuid));
  }
}

/** A capture out of retries: the desk shows it, and its Capture button queues the capture again. */
export async function captureGaveUp(deps: PaymentDeps, transactionUuid: string): Promise<void> {
  const row = await transactionRow(deps.db, transactionUuid);
  if (row?.status !== 'authorised') return;
  await deps.db
    .update(transactions)
    .set({
      problem: 'capture_failed: the payment could not be captured after every retry',
      problemAt: deps.now(),
    })
    .where(eq(transactions.uuid, transactionUuid));
  deps.log.warn({ transactionUuid }, 'A payment could not be captured after every retry');
}

export interface RefundOutcome {
  refundUuid: string;
  kind: 'refund' | 'cancel';
  amount: number;
  state: PaymentState;
  captured: number;
  refunded: number;
}

/** The uuid of an order's transaction; 404 when there is no such order. */
export async function transactionOfOrder(db: Db, orderUuid: string): Promise<string> {
  return (await orderTransaction(db, orderUuid)).uuid;
}

async function orderTransaction(db: Db, orderUuid: string): Promise<TransactionRow> {
  const [order] = await db
    .select({ transactionUuid: orders.transactionUuid })
    .from(orders)
    .where(eq(orders.uuid, orderUuid));
  if (!order) throw notFound('order');
  return (await transactionRow(db, order.transactionUuid))!;
}

/**
 * The lab's refund of an order (`POST /lab/api/orders/{uuid}/refund`): `amount` in minor units, or
 * what is left. Before capture only the whole authorisation can be released (a cancel); after capture
 * any part of what was taken and not yet given back. The same idempotency key (the desk sends one per
 * press; without it, one from the amount and what was refunded before) is one refund however often it
 * is sent: recorded first, sent to the provider with the refund's own key, applied when it answers. A
 * provider that fails leaves the refund requested, and sending the same request again retries it.
 */
export async function refundOrder(
  deps: PaymentDeps,
  orderUuid: string,
  request: { amount?: number; idempotencyKey?: string },
): Promise<RefundOutcome> {
  const { db } = deps;
  const before = await orderTransaction(db, orderUuid);
  const provider = providerOf(deps.providers, before.provider);
  const key =
    request.idempotencyKey ?? `${request.amount ?? 'rest'}@${before.amountRefunded}:${before.status}`;

  const refund = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .select()
      .from(transactions)
      .where(eq(transactions.uuid, before.uuid))
      .for('update');
    const [known] = await tx
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.transactionUuid, row!.uuid), eq(paymentRefunds.idempotencyKey, key)));
    if (known) return known;
    // Refunds sent and not yet answered count as given back: two desks pressing at once cannot
    // refund more than was taken.
    const [inFlight] = await tx
      .select({ amount: sql<number>`coalesce(sum(${paymentRefunds.amount}), 0)::int` })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.transactionUuid, row!.uuid), eq(paymentRefunds.status, 'requested')));
    const facts: PaymentFacts = { ...factsOf(row!), refunded: row!.amountRefunded + (inFlight?.amount ?? 0) };
    const what = refundable(facts);
    if (!what || (!provider.refund && !provider.cancel)) {
      throw new HttpError(409, 'nothing_to_refund', {
        key: provider.confirmsAtOnce
          ? row!.provider === 'store'
            ? 'nothing_to_refund_store'
            : 'nothing_to_refund_invoice'
          : 'nothing_to_refund',
      });
    }
    const amount = request.amount ?? what.left;
    if (what.kind === 'cancel' && amount !== what.left) {
      throw new HttpError(409, 'capture_first');
    }
    if (amount > what.left) {
      throw new HttpError(409, 'refund_too_large', { values: { left: what.left } });
    }
    const [made] = await tx
      .insert(paymentRefunds)
      .values({
        transactionUuid: row!.uuid,
        amount,
        kind: what.kind,
        idempotencyKey: key,
        createdAt: deps.now(),
        updatedAt: deps.now(),
      })
      .returning();
    return made!;
  });

  if (refund.status !== 'succeeded') {
    const current = (await transactionRow(db, before.uuid))!;
    let report: Awaited<ReturnType<NonNullable<typeof provider.refund>>>;
    try {
      report =
        refund.kind === 'cancel'
          ? await provider.cancel!(providerTransaction(current))
          : await provider.refund!(providerTransaction(current), refund.amount, refund.uuid);
    } catch (error) {
      await db
        .update(paymentRefunds)
        .set({ error: error instanceof Error ? error.message : String(error), updatedAt: deps.now() })
        .where(eq(paymentRefunds.uuid, refund.uuid));
      throw error;
    }
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [claimed] = await tx
        .update(paymentRefunds)
        .set({ status: 'succeeded', error: null, updatedAt: deps.now() })
        .where(and(eq(paymentRefunds.uuid, refund.uuid), eq(paymentRefunds.status, 'requested')))
        .returning();
      // Another request with the same key finished first: its mail is already queued.
      if (!claimed) return;
      const [order] = await tx.select().from(orders).where(eq(orders.uuid, orderUuid));
      const email = (order!.snapshot as OrderSnapshot).customer.email;
      await deps.jobs.enqueueMail(tx, orderUuid, refundMailKind(refund.uuid), email);
    });
    await applyPaymentReport(db, before.uuid, report, deps.jobs, deps.now(), {
      provider: before.provider,
      eventId: `${refund.kind}:${refund.uuid}`,
      kind: refund.kind,
      body: JSON.stringify(report),
    });
  }
  const after = (await transactionRow(db, before.uuid))!;
  return {
    refundUuid: refund.uuid,
    kind: refund.kind as 'refund' | 'cancel',
    amount: refund.amount,
    state: after.status as PaymentState,
    captured: after.amountCaptured,
    refunded: after.amountRefunded,
  };
}

/** How long a payment may stay pending with a provider that still says so before it is taken as expired. */
export const GIVE_UP_AFTER_MS = 48 * 3600 * 1000;
/** Payments asked about per run: a backlog is worked off over a few minutes, not in one burst. */
const RECONCILE_BATCH = 200;

/**
 * Asks each provider about the payments pending with it for longer than `afterSeconds` (a webhook
 * that never came, a tab closed on the provider's page) and applies what it says, so each ends as an
 * order or as declined, cancelled or expired. One that a provider still calls pending after two days
 * is taken as expired. A provider that fails for one payment is logged and asked again next run.
 */
export async function reconcilePayments(
  deps: PaymentDeps,
  afterSeconds: number,
): Promise<{ asked: number; settled: number }> {
  const now = deps.now();
  const online = Object.values(deps.providers)
    .filter((p) => p && !p.confirmsAtOnce)
    .map((p) => p!.type);
  if (online.length === 0) return { asked: 0, settled: 0 };
  const pending = await deps.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.status, 'pending'),
        inArray(transactions.provider, online),
        lt(transactions.createdAt, new Date(now.getTime() - afterSeconds * 1000)),
      ),
    )
    .orderBy(asc(transactions.createdAt))
    .limit(RECONCILE_BATCH);
  let settled = 0;
  for (const row of pending) {
    try {
      let report = await providerOf(deps.providers, row.provider).status(providerTransaction(row));
      if (report.state === 'pending' && now.getTime() - row.createdAt.getTime() > GIVE_UP_AFTER_MS) {
        report = { state: 'expired' };
      }
      const after = await applyPaymentReport(deps.db, row.uuid, report, deps.jobs, now);
      if (after.status !== 'pending') settled += 1;
    } catch (error) {
      deps.log.warn({ err: error, transactionUuid: row.uuid }, 'A pending payment could not be reconciled');
    }
  }
  if (pending.length) deps.log.info({ asked: pending.length, settled }, 'Reconciled pending payments');
  return { asked: pending.length, settled };
}

/** An order's payment for the lab's desk: its state, amounts, problem, lapse, refunds and history. */
export async function paymentOfOrder(
  deps: Pick<PaymentDeps, 'db' | 'providers' | 'now'>,
  orderUuid: string,
): Promise<LabPayment | null> {
  const { db } = deps;
  const [order] = await db
    .select({ transactionUuid: orders.transactionUuid })
    .from(orders)
    .where(eq(orders.uuid, orderUuid));
  if (!order) return null;
  const row = await transactionRow(db, order.transactionUuid);
  if (!row) return null;
  const [events, refunds] = await Promise.all([
    db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.transactionUuid, row.uuid))
      .orderBy(asc(paymentEvents.receivedAt)),
    db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.transactionUuid, row.uuid))
      .orderBy(asc(paymentRefunds.createdAt)),
  ]);
  const holdDays = deps.providers[row.provider as ProviderType]?.holdDays ?? null;
  const authorised = row.status === 'authorised' && row.authorisedAt !== null && holdDays !== null;
  return {
    provider: row.provider,
    state: row.status as PaymentState,
    amount: row.amount,
    captured: row.amountCaptured,
    refunded: row.amountRefunded,
    currency: row.currencyCode,
    problem: row.problem,
    lapsesAt: authorised ? lapsesAt(row.authorisedAt!, holdDays!).toISOString() : null,
    lapsingSoon: authorised ? lapsingSoon(row.authorisedAt!, holdDays!, deps.now()) : false,
    refundable:
      deps.providers[row.provider as ProviderType]?.confirmsAtOnce === false
        ? refundable(factsOf(row))
        : null,
    events: events.map((e) => ({ at: e.receivedAt.toISOString(), kind: e.kind, reported: e.reported })),
    refunds: refunds.map((r) => ({
      at: r.createdAt.toISOString(),
      amount: r.amount,
      kind: r.kind as 'refund' | 'cancel',
      status: r.status,
      error: r.error,
    })),
  };
}
