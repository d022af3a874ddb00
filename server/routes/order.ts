import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MyOrder, Receipt } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { HttpError, notFound } from '../errors.ts';
import { ordersOfUser, receiptOf } from '../services/checkout/orders.ts';

const OrderParams = z.object({ orderUuid: z.string().uuid('The order id is not a valid uuid') });

export async function orderRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // Only the session or user that placed the order reads it; anyone else gets the same 404 as a missing one.
  app.get('/m/api/order/:orderUuid/receipt', async (request): Promise<Receipt> => {
    const { orderUuid } = OrderParams.parse(request.params);
    const receipt = await receiptOf(db, await request.session(), orderUuid);
    if (!receipt) throw notFound('order');
    return receipt;
  });

  // My orders: a logged-in shopper's orders on any device; each one's receipt is its detail.
  app.get('/m/api/orders', async (request): Promise<{ orders: MyOrder[] }> => {
    const list = await ordersOfUser(db, await request.session());
    if (!list) throw new HttpError(401, 'not_logged_in');
    return { orders: list };
  });
}
