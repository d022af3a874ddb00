import type { FastifyInstance } from 'fastify';
import { accountRoutes as api } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { HttpError, notFound } from '../errors.ts';
import { serve } from '../plugins/contract.ts';
import { ordersOfUser, receiptOf } from '../services/checkout/orders.ts';

export async function orderRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // Only the session or user that placed the order reads it; anyone else gets the same 404 as a missing one.
  serve(app, api.receipt, async (request) => {
    const { orderUuid } = request.params;
    const receipt = await receiptOf(db, await request.session(), orderUuid);
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
