import type { FastifyInstance } from 'fastify';
import { accountRoutes as api } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { HttpError, notFound } from '../errors.ts';
import { serve } from '../plugins/contract.ts';
import type { OrderJobs } from '../services/checkout/orderJobs.ts';
import { orderByReference, ordersOfUser, receiptOf, resendReceiptLink } from '../services/checkout/orders.ts';
import { receiptLinkKey, verifyReceiptLink } from '../services/identity/receiptLinks.ts';
import { AttemptLimiter } from '../services/limits/attemptLimiter.ts';

/** "Find my order" asks per address per hour: enough for typos, too few to guess references. */
const FIND_TRIES = 10;

export async function orderRoutes(app: FastifyInstance, { db, jobs }: { db: Db; jobs: OrderJobs }) {
  const linkKey = receiptLinkKey(db);
  const findTries = new AttemptLimiter(app.limits, {
    name: 'find-order-address',
    limit: FIND_TRIES,
    windowMs: 60 * 60 * 1000,
  });
  // Only the session or user that placed the order reads it, or a holder of the order mail's signed
  // link; anyone else (a forged or expired key too) gets the same 404 as a missing order.
  serve(app, api.receipt, async (request) => {
    const { orderUuid } = request.params;
    const { key } = request.query;
    const viaLink = key ? verifyReceiptLink(await linkKey(), orderUuid, key, app.clock.now()) : false;
    const receipt = await receiptOf(db, await request.session(), orderUuid, viaLink);
    if (!receipt) throw notFound('order');
    return receipt;
  });

  // Find my order (issue 34): a match gets the order's mail again, with its receipt link, at the
  // order's own address; the answer is the same either way, so it tells a stranger nothing. Every ask
  // counts against the address's limit, matched or not.
  serve(app, api.findOrder, async (request) => {
    if (await findTries.blocked(request.ip))
      throw new HttpError(429, 'too_many_attempts', { key: 'too_many_order_searches' });
    await findTries.fail(request.ip);
    const { email, reference } = request.body;
    const found = await orderByReference(db, request.portal.portal.uuid, email, reference);
    if (found) await resendReceiptLink(db, jobs, found, app.clock.now());
    return { result: 'OK' as const };
  });

  // My orders: a logged-in shopper's orders on any device; each one's receipt is its detail.
  serve(app, api.myOrders, async (request) => {
    const list = await ordersOfUser(db, await request.session());
    if (!list) throw new HttpError(401, 'not_logged_in');
    return { orders: list };
  });
}
