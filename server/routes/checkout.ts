/**
 * S0 §7 checkout calls, at their exact paths, and the payment hand-off we designed: where a
 * transaction stands, and the shopper's return from the provider (docs/decisions.md, "Checkout").
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkoutRoutes as api } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { HttpError, notFound } from '../errors.ts';
import { serve } from '../plugins/contract.ts';
import { acceptFormBodies } from '../plugins/formBody.ts';
import { cartOf } from '../services/cart/cart.ts';
import {
  applyRebateCode,
  createTransaction,
  deliveryTypesOf,
  haveActiveRebateCodes,
  orderInfoFor,
  paymentOptionsFor,
  productsTotal,
  resolveDelivery,
} from '../services/checkout/checkout.ts';
import type { OrderJobs } from '../services/checkout/orderJobs.ts';
import {
  applyPaymentReport,
  fulfilFromReturn,
  ownedBy,
  providerTransaction,
  startedPayment,
  stateOf,
  transactionRow,
} from '../services/checkout/orders.ts';
import { hostsOf, shopOrigin } from '../services/identity/loginLinks.ts';
import { AttemptLimiter } from '../services/limits/attemptLimiter.ts';
import { type Providers, providerOf } from '../services/payments/index.ts';

/** The shop's origin as the shopper reached it: the providers send the shopper back there. */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Wrong rebate codes per address per 15 minutes before further tries are refused (guessing codes). */
const REBATE_TRIES = 20;

export async function checkoutRoutes(
  app: FastifyInstance,
  { db, providers, jobs }: { db: Db; providers: Providers; jobs: OrderJobs },
) {
  acceptFormBodies(app);
  const rebateTries = new AttemptLimiter(app.limits, {
    name: 'rebate-address',
    limit: REBATE_TRIES,
    windowMs: 15 * 60 * 1000,
  });

  serve(app, api.deliveryOptions, async (request) => {
    const total = await productsTotal(db, await request.session());
    return deliveryTypesOf(db, request.portal, total, app.clock.now());
  });

  serve(app, api.paymentOptions, async (request) => {
    const { deliveryOptionUuid } = request.params;
    const portalUuid = request.portal.portal.uuid;
    const delivery = await resolveDelivery(db, portalUuid, deliveryOptionUuid);
    if (!delivery) throw notFound('deliveryOption');
    return paymentOptionsFor(db, portalUuid, delivery.kind, providers);
  });

  serve(app, api.haveActiveRebateCodes, async (request) => {
    return { haveActiveRebateCodes: await haveActiveRebateCodes(db, request.portal.portal.uuid) };
  });

  serve(app, api.useRebateCode, async (request, reply) => {
    const { code } = request.body;
    if (await rebateTries.blocked(request.ip)) {
      throw new HttpError(429, 'too_many_attempts', { key: 'too_many_rebate_codes' });
    }
    const session = await request.ensureSession(reply);
    try {
      return await applyRebateCode(db, session, await cartOf(db, session), code, app.clock.now());
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 400) await rebateTries.fail(request.ip);
      throw err;
    }
  });

  serve(app, api.orderLines, async (request) => {
    const choice = request.body;
    return orderInfoFor(db, request.portal, await request.session(), choice, app.clock.now());
  });

  serve(app, api.getTransaction, async (request) => {
    const body = request.body;
    const made = await createTransaction(
      db,
      providers,
      request.portal,
      await request.session(),
      body,
      app.clock.now(),
      shopOrigin(request.protocol, request.headers.host, await hostsOf(db, request.portal.portal.uuid)),
    );
    const provider = providerOf(providers, made.provider);
    const row = (await transactionRow(db, made.uuid))!;
    if (provider.confirmsAtOnce) {
      // Pay in store and invoice accept the order at once: it is made before the answer.
      await applyPaymentReport(
        db,
        row.uuid,
        await provider.status(providerTransaction(row)),
        jobs,
        app.clock.now(),
      );
    } else {
      // The provider's page is made now, so a provider that is down is said at once (503, nothing
      // charged, the cart as it was); the hand-off page asks again if this answer is lost.
      await startedPayment(db, providers, row, { origin: originOf(request) }, app.clock.now());
    }
    return { transactionid: made.uuid };
  });

  async function ownTransaction(request: FastifyRequest<{ Params: { transactionId: string } }>) {
    const { transactionId } = request.params;
    const row = await transactionRow(db, transactionId);
    if (!row || !ownedBy(row, await request.session())) throw notFound('transaction');
    return row;
  }

  serve(app, api.transaction, async (request) => {
    const row = await ownTransaction(request);
    return stateOf(await startedPayment(db, providers, row, { origin: originOf(request) }, app.clock.now()));
  });

  serve(app, api.fulfil, async (request) => {
    const row = await ownTransaction(request);
    return fulfilFromReturn(db, providers, jobs, row, { origin: originOf(request) }, app.clock.now());
  });
}
