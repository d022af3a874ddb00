import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AutoCorrection, OrderLineChange } from '../../shop/contract.ts';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../errors.ts';
import {
  applyLineChanges,
  cartOf,
  cartView,
  deleteLine,
  sessionCart,
  setAutoCorrection,
} from '../services/cart.ts';

const LineParams = z.object({ lineUuid: z.string().uuid('The order line id is not a valid uuid') });

export async function cartRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/m/api/webshop/cart', async (request, reply) => {
    return sessionCart(db, await request.ensureSession(reply));
  });

  // One line: the body is the order line (S0 §7); its uuid, when given, must be the path's.
  app.put('/m/api/webshop/cart/:lineUuid', async (request, reply) => {
    const { lineUuid } = LineParams.parse(request.params);
    const body = OrderLineChange.partial({ uuid: true }).parse(request.body);
    if (body.uuid && body.uuid !== lineUuid) {
      throw new HttpError(400, 'line_mismatch', 'The order line in the body is not the one in the path');
    }
    return applyLineChanges(db, await request.ensureSession(reply), [{ ...body, uuid: lineUuid }]);
  });

  // Several lines at once (bulk editing, S0 §4), all or nothing.
  app.put('/m/api/webshop/cart', async (request, reply) => {
    const lines = z.array(OrderLineChange).max(1000).parse(request.body);
    return applyLineChanges(db, await request.ensureSession(reply), lines);
  });

  app.put('/m/api/webshop/cart/auto-correction', async (request, reply) => {
    const { autoCorrection } = AutoCorrection.parse(request.body);
    return setAutoCorrection(db, await request.ensureSession(reply), autoCorrection);
  });

  app.delete('/m/api/webshop/cart/:lineUuid', async (request, reply) => {
    const { lineUuid } = LineParams.parse(request.params);
    const cartUuid = await cartOf(db, await request.ensureSession(reply));
    await deleteLine(db, cartUuid, lineUuid);
    return cartView(db, cartUuid);
  });
}
