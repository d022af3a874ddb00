import type { Db } from '../../db/connect.ts';

/**
 * The work an order causes after its request, as durable jobs: the services call it, and
 * server/production/jobs.ts implements it (so services/ need not import production/).
 */
export interface OrderJobs {
  /**
   * Called inside the database transaction that makes the order: its production and its confirmation
   * mail are queued in that transaction, so they exist exactly when the order does.
   */
  enqueueOrder(tx: Db, orderUuid: string): Promise<void>;
  /** The lab's re-run of a failed production. */
  rerunProduction(orderUuid: string): Promise<void>;
  /**
   * Called inside the database transaction that marks an order as leaving the lab (shipped, ready for
   * pickup): the capture of its payment is queued with that change (issue 29).
   */
  enqueueCapture(tx: Db, transactionUuid: string): Promise<void>;
  /** Queues one more mail about an order (a refund), in the caller's database transaction. */
  enqueueMail(tx: Db, orderUuid: string, kind: string, toAddress: string): Promise<void>;
}
