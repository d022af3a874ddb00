/**
 * What the payment providers call (issue 29): each posts a signed JSON body, which the route reads
 * raw to check the signature, so the contract names no body schema. Stripe's Checkout back link
 * sends the shopper on (303).
 */
import { z } from 'zod';
import { defineRoute, errors, NoContent } from './route.ts';

const tags = ['payments'] as const;

/** A provider's event acknowledged: what it did to the transaction, or why it was left alone. */
const Received = z.object({
  received: z.literal(true),
  status: z.string().optional(),
  handled: z.boolean().optional(),
  ignored: z.string().optional(),
});

export const testCardCallback = defineRoute({
  method: 'POST',
  path: '/m/api/payments/test-card/callback',
  summary: "The test card provider's signed report of a payment",
  tags,
  consumes: ['application/json'],
  responses: { 200: Received, ...errors(400, 401, 404) },
});

export const stripeWebhook = defineRoute({
  method: 'POST',
  path: '/m/api/payments/stripe/webhook',
  summary: "Stripe's events (Stripe-Signature checked with the webhook secret)",
  tags,
  consumes: ['application/json'],
  responses: { 200: Received, ...errors(400, 502, 503) },
});

export const stripeBack = defineRoute({
  method: 'GET',
  path: '/m/api/payments/stripe/back',
  summary: "Stripe Checkout's back link: the payment is cancelled and the shopper sent to the shop",
  tags,
  query: z.object({ transaction: z.string().max(64) }),
  responses: { 303: NoContent },
});

export const vippsWebhook = defineRoute({
  method: 'POST',
  path: '/m/api/payments/vipps/webhook',
  summary: "Vipps MobilePay's ePayment events (the Webhooks API's HMAC checked)",
  tags,
  consumes: ['application/json'],
  responses: { 200: Received, ...errors(400, 401, 502, 503) },
});

export const paymentProviderRoutes = { testCardCallback, stripeWebhook, stripeBack, vippsWebhook };
