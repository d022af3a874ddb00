/**
 * The checkout (S0 §3, §7): delivery and payment options, rebate codes, the order's sums, the
 * transaction (the legacy form post) and the hand-off back from the payment provider.
 */
import { z } from 'zod';
import {
  DeliveryType,
  OrderInfo,
  OrderLinesRequest,
  PaymentOption,
  RebateApplied,
  RebateCodeRequest,
  TransactionRequest,
  TransactionStarted,
  TransactionState,
} from '../checkout.ts';
import { defineRoute, errors } from './route.ts';

const tags = ['checkout'] as const;
const TransactionParams = z.object({
  transactionId: z.string().uuid('The transaction id is not a valid uuid'),
});

export const deliveryOptions = defineRoute({
  method: 'GET',
  path: '/m/api/checkout/delivery-options',
  summary: "The portal's delivery types (store pickup, postage) with their options and prices",
  tags,
  responses: { 200: z.array(DeliveryType) },
});

export const paymentOptions = defineRoute({
  method: 'GET',
  path: '/m/api/checkout/delivery-options/:deliveryOptionUuid/payment-options',
  summary: 'The payment options a delivery option allows',
  tags,
  params: z.object({ deliveryOptionUuid: z.string().max(64) }),
  responses: { 200: z.array(PaymentOption), ...errors(400, 404) },
});

export const haveActiveRebateCodes = defineRoute({
  method: 'GET',
  path: '/m/api/checkout/rebate-codes/have-active-rebate-codes',
  summary: 'Whether the portal has rebate codes in use (the field is shown only then)',
  tags,
  responses: { 200: z.object({ haveActiveRebateCodes: z.boolean() }) },
});

export const useRebateCode = defineRoute({
  method: 'POST',
  path: '/m/api/checkout/rebate-codes/use-rebate-code',
  summary: 'Applies a rebate code to the cart; a code that does not apply is a 400 with its reason',
  tags,
  body: RebateCodeRequest,
  responses: { 200: RebateApplied, ...errors(400, 429) },
});

export const orderLines = defineRoute({
  method: 'POST',
  path: '/m/api/checkout/order-lines',
  summary: "The order's sums for the current choices (products, delivery, rebate, total)",
  tags,
  body: OrderLinesRequest,
  responses: { 200: OrderInfo, ...errors(400) },
});

export const getTransaction = defineRoute({
  method: 'POST',
  path: '/ajax/get_transaction.php',
  summary:
    "Starts the payment of the cart with the customer's details (form-encoded, S0 §7); a refused form is a 400 with `fields`",
  tags,
  body: TransactionRequest,
  form: true,
  responses: { 200: TransactionStarted, ...errors(400, 409, 502, 503) },
});

export const transaction = defineRoute({
  method: 'GET',
  path: '/m/api/checkout/transactions/:transactionId',
  summary: "Where the visitor's transaction stands (pending with the provider's page, paid, or ended)",
  tags,
  params: TransactionParams,
  responses: { 200: TransactionState, ...errors(400, 404, 502, 503) },
});

export const fulfil = defineRoute({
  method: 'POST',
  path: '/m/api/checkout/transactions/:transactionId/fulfil',
  summary: "The shopper is back from the provider: the transaction's state, the order made once it is paid",
  tags,
  params: TransactionParams,
  responses: { 200: TransactionState, ...errors(400, 404, 502, 503) },
});

export const checkoutRoutes = {
  deliveryOptions,
  paymentOptions,
  haveActiveRebateCodes,
  useRebateCode,
  orderLines,
  getTransaction,
  transaction,
  fulfil,
};
