/**
 * What the lab and the shopper see of payments (issue 29): the desk list's mark on an order whose
 * payment needs the lab, the desk's list of payment problems (most of them have no order to show them
 * on), and the shopper's view of an online payment on the receipt and in My orders. Read-only: every
 * change of a payment goes through applyPaymentReport (services/checkout/orders.ts) and operations.ts.
 */
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type {
  LabPaymentProblem,
  LabPaymentProblems,
  LabPaymentSummary,
  ShopperPayment,
} from '../../../shop/index.ts';
import { lapsingSoon, orderReference, type PaymentState } from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import { paymentRefunds, transactions } from '../../db/schema.ts';
import type { TransactionSnapshot } from '../checkout/checkout.ts';
import type { Providers } from './index.ts';
import type { ProviderType } from './provider.ts';

/**
 * Providers whose orders are paid in the store or by invoice: nothing is held, taken or given back
 * online, so the shopper is shown no payment state (the receipt's info text says how to pay). Named
 * here rather than read from the running providers, so a receipt reads the same after a provider is
 * switched off.
 */
const PAID_OFFLINE: readonly string[] = ['store', 'invoice'] satisfies ProviderType[];

export interface PaymentViewDeps {
  db: Db;
  /** For how long each provider's authorisations hold; without it nothing is flagged as lapsing. */
  providers?: Providers;
  now?: () => Date;
}

/** Each transaction's state and mark, for the desk's order list. */
export async function paymentSummaries(
  deps: PaymentViewDeps,
  transactionUuids: string[],
): Promise<Map<string, LabPaymentSummary>> {
  const found = new Map<string, LabPaymentSummary>();
  if (!transactionUuids.length) return found;
  const rows = await deps.db
    .select({
      uuid: transactions.uuid,
      provider: transactions.provider,
      status: transactions.status,
      problem: transactions.problem,
      authorisedAt: transactions.authorisedAt,
    })
    .from(transactions)
    .where(inArray(transactions.uuid, [...new Set(transactionUuids)]));
  const now = (deps.now ?? (() => new Date()))();
  for (const row of rows) {
    const holdDays = deps.providers?.[row.provider as ProviderType]?.holdDays ?? null;
    const lapsing =
      row.status === 'authorised' &&
      row.authorisedAt !== null &&
      holdDays !== null &&
      lapsingSoon(row.authorisedAt, holdDays, now);
    found.set(row.uuid, {
      state: row.status as PaymentState,
      flag: row.problem ? 'problem' : lapsing ? 'lapsing' : null,
    });
  }
  return found;
}

/**
 * Payments with a problem, newest first: amounts the provider holds that are not the transaction's
 * (no order: the lab finds the shopper by the address and settles it with the provider) and captures
 * that failed after every retry (the order's page has Capture again).
 */
export async function paymentProblems(db: Db, { limit }: { limit: number }): Promise<LabPaymentProblems> {
  const rows = await db
    .select()
    .from(transactions)
    .where(isNotNull(transactions.problem))
    .orderBy(
      desc(sql`coalesce(${transactions.problemAt}, ${transactions.updatedAt})`),
      desc(transactions.uuid),
    )
    .limit(limit);
  return {
    problems: rows.map((row): LabPaymentProblem => {
      const snap = row.request as Partial<TransactionSnapshot>;
      return {
        transactionUuid: row.uuid,
        orderUuid: row.orderUuid,
        reference: orderReference(row.orderUuid ?? row.uuid),
        portal: { name: snap.portal?.name ?? '', currencyFormat: snap.portal?.currencyFormat ?? '' },
        provider: row.provider,
        providerRef: row.providerRef,
        state: row.status as PaymentState,
        amount: row.amount,
        currency: row.currencyCode,
        problem: row.problem!,
        problemAt: row.problemAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        shopper: { name: snap.customer?.name ?? '', email: snap.customer?.email ?? '' },
      };
    }),
  };
}

/**
 * The shopper's view of each transaction's payment, by transaction uuid; absent for payments made in
 * the store or by invoice. Refunds count once the provider has given the money back, dated then.
 */
export async function shopperPayments(
  db: Db,
  transactionUuids: string[],
): Promise<Map<string, ShopperPayment>> {
  const found = new Map<string, ShopperPayment>();
  const uuids = [...new Set(transactionUuids)];
  if (!uuids.length) return found;
  const [rows, refunds] = await Promise.all([
    db.select().from(transactions).where(inArray(transactions.uuid, uuids)),
    db
      .select({
        transactionUuid: paymentRefunds.transactionUuid,
        amount: paymentRefunds.amount,
        at: paymentRefunds.updatedAt,
      })
      .from(paymentRefunds)
      .where(
        and(
          inArray(paymentRefunds.transactionUuid, uuids),
          eq(paymentRefunds.kind, 'refund'),
          eq(paymentRefunds.status, 'succeeded'),
        ),
      )
      .orderBy(asc(paymentRefunds.updatedAt), asc(paymentRefunds.createdAt), asc(paymentRefunds.uuid)),
  ]);
  for (const row of rows) {
    if (PAID_OFFLINE.includes(row.provider)) continue;
    found.set(row.uuid, {
      state: row.status as PaymentState,
      amount: row.amount,
      captured: row.amountCaptured,
      refunded: row.amountRefunded,
      refunds: refunds
        .filter((r) => r.transactionUuid === row.uuid)
        .map((r) => ({ amount: r.amount, at: r.at.toISOString() })),
    });
  }
  return found;
}
