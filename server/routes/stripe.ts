/**
 * Stripe's side of the shop (issue 29), registered only when Stripe is configured:
 *
 * - `POST /m/api/payments/stripe/webhook`: Stripe's events, checked with `constructEvent` on the raw
 *   body (a bad signature is 400, logged, and changes nothing). An event is a hint, not the truth:
 *   the transaction it names is read again from Stripe (the session and its PaymentIntent), so an
 *   event that comes late, twice or out of order reports the payment as it stands now. Recorded once
 *   by Stripe's event id through applyPaymentReport, the one place an order is made. Events the shop
 *   does not use and payments it did not make are answered 200 (Stripe retries anything else for
 *   days); Stripe being unreachable while the shop asks is 503, so Stripe sends the event again.
 * - `GET /m/api/payments/stripe/back?transaction={id}`: the Checkout page's back link (cancel_url).
 *   The shopper chose to leave: the session is expired at Stripe and the payment cancelled, then the
 *   browser goes on to the S0 hand-off, which shows the payment options with the cart as it was.
 *   Without it the hand-off would find the session still open and send the shopper straight back to
 *   Stripe. Only the transaction's own session (its cookie) can do this.
 */
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { paymentProviderRoutes } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../errors.ts';
import { serve } from '../plugins/contract.ts';
import { isUuid } from '../services/checkout/checkout.ts';
import type { OrderJobs } from '../services/checkout/orderJobs.ts';
import {
  applyPaymentReport,
  ownedBy,
  providerTransaction,
  type TransactionRow,
  transactionRow,
} from '../services/checkout/orders.ts';
import { ProviderRefused, returnUrl } from '../services/payments/provider.ts';
import type { StripeProvider } from '../services/payments/stripe.ts';
import { rawJsonBodies } from './payments.ts';

/** The events to subscribe the webhook endpoint to (docs/payments.md); any other is acknowledged and left. */
export const STRIPE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.canceled',
  'charge.refunded',
] as const;
const HANDLED = new Set<string>(STRIPE_EVENTS);

export interface StripeRoutesOptions {
  db: Db;
  stripe: StripeProvider;
  jobs: OrderJobs;
}

export async function stripeRoutes(app: FastifyInstance, { db, stripe, jobs }: StripeRoutesOptions) {
  /** The shop's transaction an event is about: ours name it in client_reference_id and metadata. */
  async function transactionOf(
    event: Stripe.Event,
  ): Promise<{ row: TransactionRow; session: string | null } | null> {
    const object = event.data.object as {
      id?: string;
      object?: string;
      client_reference_id?: string | null;
      metadata?: Record<string, string> | null;
      payment_intent?: string | { id: string } | null;
    };
    const session = object.object === 'checkout.session' && typeof object.id === 'string' ? object.id : null;
    let uuid = object.client_reference_id ?? object.metadata?.transaction ?? null;
    // A charge names its PaymentIntent, whose metadata names the transaction. One Stripe does not
    // know is another account's or mode's: nothing of ours (Stripe being down still throws: 503).
    if (!uuid && object.object === 'charge') {
      uuid = await stripe.transactionOfIntent(object.payment_intent ?? null).catch((error: unknown) => {
        if (error instanceof ProviderRefused) return null;
        throw error;
      });
    }
    const row = uuid && isUuid(uuid) ? await transactionRow(db, uuid) : null;
    return row && row.provider === 'stripe' ? { row, session } : null;
  }

  await app.register(async (hook) => {
    rawJsonBodies(hook);

    // Stripe posts from its own servers: the cross-site check is the signature's job here.
    serve(hook, paymentProviderRoutes.stripeWebhook, { config: { crossSite: true } }, async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = await stripe.verifyEvent(raw, Array.isArray(header) ? header[0] : header);
      } catch (error) {
        request.log.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          'Stripe webhook refused: not signed with the webhook secret',
        );
        throw new HttpError(400, 'bad_signature');
      }
      if (!HANDLED.has(event.type)) return { received: true as const, handled: false };

      const found = await transactionOf(event);
      if (!found) {
        // Signed with our secret, so Stripe's: a payment this shop did not make (another integration
        // on the same account). Acknowledged, or Stripe would send it again for days.
        request.log.warn({ eventId: event.id, type: event.type }, 'Stripe webhook for an unknown payment');
        return { received: true as const, handled: false };
      }
      const { row } = found;
      // A session event for a transaction whose start answer was lost still names its session.
      const tx = { ...providerTransaction(row), providerRef: row.providerRef ?? found.session };
      let report: Awaited<ReturnType<StripeProvider['status']>>;
      try {
        report = await stripe.status(tx);
      } catch (error) {
        if (!(error instanceof ProviderRefused)) throw error;
        // Stripe will not say (a session of another account or mode): asking again will not help.
        request.log.error(
          { eventId: event.id, type: event.type, transactionUuid: row.uuid, err: error },
          'Stripe refused to say where a payment named by its webhook stands',
        );
        return { received: true as const, handled: false };
      }
      // The shopper's back link expired the session: cancelled, as the back link itself records.
      if (report.state === 'expired' && stripe.causedByAbandon(event, row.uuid))
        report = { state: 'cancelled' };
      const after = await applyPaymentReport(db, row.uuid, report, jobs, app.clock.now(), {
        provider: 'stripe',
        eventId: event.id,
        kind: event.type,
        body: raw,
      });
      return { received: true as const, status: after.status };
    });
  });

  serve(app, paymentProviderRoutes.stripeBack, async (request, reply) => {
    const { transaction } = request.query;
    if (!isUuid(transaction)) throw new HttpError(400, 'invalid_request', { key: 'not_a_transaction' });
    const row = await transactionRow(db, transaction);
    if (
      row &&
      row.provider === 'stripe' &&
      row.status === 'pending' &&
      !row.orderUuid &&
      ownedBy(row, await request.session())
    ) {
      try {
        const report = await stripe.abandon(providerTransaction(row));
        await applyPaymentReport(db, row.uuid, report, jobs, app.clock.now());
      } catch (error) {
        // The hand-off asks Stripe again; at worst the shopper sees Stripe's page once more.
        request.log.warn({ err: error, transactionUuid: row.uuid }, 'A Stripe session could not be expired');
      }
    }
    return reply.redirect(returnUrl(transaction, 'cancelled'), 303);
  });
}
