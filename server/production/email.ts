/**
 * The confirmation mail's job: sends one outbox row, once. The row was written in the order's
 * transaction (jobs.ts); the queue is exclusive per row, so one worker holds it at a time, and a row
 * marked sent is never sent again, whatever retries or restarts follow.
 */
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../shop/clock.ts';
import type { Db } from '../db/connect.ts';
import { emailOutbox, orders } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { composeOrderConfirmation } from '../mail/orderConfirmation.ts';
import type { OrderSnapshot } from '../services/orders.ts';

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
  const message = composeOrderConfirmation({
    uuid: order.uuid,
    createdAt: order.createdAt,
    snapshot: order.snapshot as OrderSnapshot,
  });
  try {
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
