/**
 * The mail job: sends one outbox row, once, composed by the row's kind: the order confirmation, or a
 * refund's mail (`payment-refund:<refund uuid>`, issue 29). The row was written in the transaction of
 * what caused it (jobs.ts, operations.ts); the queue is exclusive per row, so one worker holds it at a
 * time, and a row marked sent is never sent again, whatever retries or restarts follow.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { emailOutbox, orders, paymentRefunds, portals, transactions } from '../db/schema.ts';
import { serverT } from '../i18n.ts';
import { invoiceFacts, renderInvoicePdf } from '../mail/invoicePdf.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import {
  type ComposeOptions,
  type ConfirmedOrder,
  composeOrderConfirmation,
} from '../mail/orderConfirmation.ts';
import { composeOrderStatus, MAILED_STATUSES, type MailedStatus } from '../mail/orderStatus.ts';
import { composePaymentRefund } from '../mail/paymentRefund.ts';
import { STATUS_MAIL } from '../services/checkout/lab.ts';
import { type OrderSnapshot, RECEIPT_AGAIN_MAIL } from '../services/checkout/orders.ts';
import { receiptLinkKey, signReceiptLink } from '../services/identity/receiptLinks.ts';
import { REFUND_MAIL } from '../services/payments/operations.ts';
import { CONFIRMATION } from './jobs.ts';

const REFUND_KIND = new RegExp(
  `^${REFUND_MAIL}:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`,
);

const STATUS_KIND = new RegExp(`^${STATUS_MAIL}:(${MAILED_STATUSES.join('|')})$`);

/** A kind this job cannot compose (a bug, not a passing failure): kept as the outbox row's last error. */
export class UnknownMailKind extends Error {}

/**
 * A refund's mail, with what stayed paid right after it: refunds sent later are not counted, so each
 * mail says what was true when its own refund went through, whenever the job gets to it.
 */
async function refundMessage(
  db: Db,
  order: ConfirmedOrder,
  transactionUuid: string,
  refundUuid: string,
  link: ComposeOptions,
) {
  const [refund] = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.uuid, refundUuid), eq(paymentRefunds.transactionUuid, transactionUuid)));
  if (!refund) throw new UnknownMailKind(`No refund ${refundUuid} for the order ${order.uuid}`);
  const [payment] = await db
    .select({ captured: transactions.amountCaptured })
    .from(transactions)
    .where(eq(transactions.uuid, transactionUuid));
  const given = await db
    .select({ uuid: paymentRefunds.uuid, amount: paymentRefunds.amount, createdAt: paymentRefunds.createdAt })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.transactionUuid, transactionUuid),
        eq(paymentRefunds.kind, 'refund'),
        eq(paymentRefunds.status, 'succeeded'),
      ),
    );
  const upToThis = (r: { uuid: string; createdAt: Date }) =>
    r.createdAt < refund.createdAt ||
    (r.createdAt.getTime() === refund.createdAt.getTime() && r.uuid <= refund.uuid);
  const refundedThrough = given.filter(upToThis).reduce((sum, r) => sum + r.amount, 0);
  const kind = refund.kind === 'cancel' ? 'cancel' : 'refund';
  return composePaymentRefund(
    order,
    {
      kind,
      amount: refund.amount,
      at: refund.updatedAt,
      left: kind === 'cancel' ? 0 : Math.max(0, (payment?.captured ?? 0) - refundedThrough),
    },
    link,
  );
}

/**
 * An order paid by invoice: the confirmation says what to pay by when and carries the invoice's PDF
 * (issue 34), with the terms and payment details of the portal's config as they are when it is sent.
 */
async function withInvoice(db: Db, order: ConfirmedOrder, link: ComposeOptions): Promise<MailMessage> {
  const [portal] = await db
    .select({
      companyName: portals.companyName,
      dueDays: portals.invoiceDueDays,
      paymentDetails: portals.invoicePaymentDetails,
    })
    .from(portals)
    .where(eq(portals.uuid, order.snapshot.portal.uuid));
  const terms = portal ?? { companyName: order.snapshot.portal.name, dueDays: 14, paymentDetails: '' };
  const facts = invoiceFacts(order, terms);
  const email = serverT(order.snapshot.portal.locale, 'email');
  const message = composeOrderConfirmation(order, {
    ...link,
    invoiceLine: email('invoice.mailLine', {
      amount: facts.amount,
      date: facts.dueDate,
      reference: facts.reference,
    }),
  });
  return {
    ...message,
    attachments: [
      {
        filename: email('invoice.fileName', { reference: facts.reference }),
        content: await renderInvoicePdf(order, terms),
        contentType: 'application/pdf',
      },
    ],
  };
}

async function compose(
  db: Db,
  kind: string,
  order: typeof orders.$inferSelect,
  now: Date,
): Promise<MailMessage> {
  const confirmed: ConfirmedOrder = {
    uuid: order.uuid,
    createdAt: order.createdAt,
    snapshot: order.snapshot as OrderSnapshot,
  };
  // The receipt link opens on any device for RECEIPT_LINK_DAYS from the mail (issue 34).
  const shopUrl = confirmed.snapshot.shopUrl ?? null;
  const link: ComposeOptions = {
    shopUrl,
    receiptKey: shopUrl ? signReceiptLink(await receiptLinkKey(db)(), order.uuid, now) : null,
  };
  // "Find my order" sends the order's mail again, with its link (issue 34).
  if (kind === CONFIRMATION || kind.startsWith(`${RECEIPT_AGAIN_MAIL}:`)) {
    if (confirmed.snapshot.payment.provider !== 'invoice') return composeOrderConfirmation(confirmed, link);
    return withInvoice(db, confirmed, link);
  }
  const status = STATUS_KIND.exec(kind);
  if (status) return composeOrderStatus(confirmed, status[1] as MailedStatus, link);
  const refund = REFUND_KIND.exec(kind);
  if (refund) return refundMessage(db, confirmed, order.transactionUuid, refund[1]!, link);
  throw new UnknownMailKind(`No mail is composed for the kind "${kind}"`);
}

export async function sendOutboxMail(
  deps: { db: Db; mailer: Mailer; clock: Clock },
  outboxUuid: string,
): Promise<void> {
  const { db, mailer } = deps;
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.uuid, outboxUuid));
  if (!row || row.sentAt) return;
  const [order] = await db.select().from(orders).where(eq(orders.uuid, row.orderUuid));
  if (!order) return;
  await db
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1` })
    .where(eq(emailOutbox.uuid, outboxUuid));
  try {
    const message = await compose(db, row.kind, order, deps.clock.now());
    const sent = await mailer.send({ ...message, to: row.toAddress });
    await db
      .update(emailOutbox)
      .set({ sentAt: deps.clock.now(), messageId: sent.messageId, lastError: null })
      .where(eq(emailOutbox.uuid, outboxUuid));
  } catch (error) {
    await db
      .update(emailOutbox)
      .set({ lastError: error instanceof Error ? error.message : String(error) })
      .where(eq(emailOutbox.uuid, outboxUuid));
    throw error;
  }
}
