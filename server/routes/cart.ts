import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/connect.ts';
import { cartOf, cartView, deleteLine, sessionCart } from '../services/cart.ts';

const LineParams = z.object({ lineUuid: z.string().uuid('The order line id is not a valid uuid') });

export async function cartRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/m/api/webshop/cart', async (request, reply) => {
    return sessionCart(db, await request.ensureSession(reply));
  });

  app.delete('/m/api/webshop/cart/:lineUuid', async (request, reply) => {
    const { lineUuid } = LineParams.parse(request.params);
    const cartUuid = await cartOf(db, await request.ensureSession(reply));
    await deleteLine(db, cartUuid, lineUuid);
    return cartView(db, cartUuid);
  });
}
