import type { Db } from '../db/connect.ts';

/** The work an order causes after its request, as durable jobs (server/production/jobs.ts). */
export interface OrderJobs {
  /**
   * Called inside the database transaction that makes the order: its production and its confirmation
   * mail are queued in that transaction, so they exist exactly when the order does.
   */
  enqueueOrder(tx: Db, orderUuid: string): Promise<void>;
  /** The lab's re-run of a failed production. */
  rerunProduction(orderUuid: string): Promise<void>;
}
