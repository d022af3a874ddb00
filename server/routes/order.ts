import type { FastifyInstance } from 'fastify';
import { accountRoutes as api } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { HttpError, notFound } from '../errors.ts';
import { serve } from '../plugins/contract.ts';
import { ordersOfUser, receiptOf } from '../services/checkout/orders.ts';
import { receiptLinkKey, verifyReceiptLink } from '../services/identity/receiptLinks.ts';

export async function orderRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const linkKey = receiptLinkKey(db);
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

  // My orders: a logged-in shopper's orders on any device; each one's receipt is its detail.
  serve(app, api.myOrders, async (request) => {
    const list = await ordersOfUser(db, await request.session());
    if (!list) throw new HttpError(401, 'not_logged_in');
    return { orders: list };
  });
}
