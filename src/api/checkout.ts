/** The checkout's calls (S0 §7) with the shapes of shop/checkout.ts. */
import {
  accountRoutes,
  type Cart,
  cartRoutes,
  checkoutRoutes as checkout,
  type DeliveryType,
  type OrderInfo,
  type PaymentOption,
  type Receipt,
  type TransactionState,
} from '../../shop/index.ts';
import { call } from './call.ts';

/** S0 §7: the shopper's answer to the auto-correction question, kept on the cart. */
export function setAutoCorrection(autoCorrection: 0 | 1): Promise<Cart> {
  return call(cartRoutes.autoCorrection, { body: { autoCorrection } });
}

export function getDeliveryOptions(signal?: AbortSignal): Promise<DeliveryType[]> {
  return call(checkout.deliveryOptions, {}, { signal });
}

export function getPaymentOptions(
  deliveryOptionUuid: string,
  signal?: AbortSignal,
): Promise<PaymentOption[]> {
  return call(checkout.paymentOptions, { params: { deliveryOptionUuid } }, { signal });
}

export async function haveActiveRebateCodes(signal?: AbortSignal): Promise<boolean> {
  const answer = await call(checkout.haveActiveRebateCodes, {}, { signal });
  return answer.haveActiveRebateCodes === true;
}

/** Applied: `{code, text}`; refused: rejects with the server's error text (shown under the field). */
export function applyRebateCode(code: string): Promise<{ code: string; text: string }> {
  return call(checkout.useRebateCode, { body: { code } });
}

/** S0 §7: the order's summary lines for the current choices (uuids, or empty when not chosen). */
export function getOrderLines(
  choice: { paymentOption: string; deliveryOption: string },
  signal?: AbortSignal,
): Promise<OrderInfo> {
  return call(checkout.orderLines, { body: choice }, { signal });
}

export interface TransactionFields {
  name: string;
  mobile: string;
  email: string;
  address: string;
  /** S0 §7: the customer's postal code travels as `zipcode`. */
  zipcode: string;
  city: string;
  paymentoption: string;
  deliveryoption: string;
}

/** S0 §7: asks for a transaction id; the fixed fields ride along as the legacy call wants them. */
export function getTransaction(fields: TransactionFields): Promise<{ transactionid: string }> {
  return call(checkout.getTransaction, { body: { ...fields, cartfallback: true, ordercomment: '' } });
}

/** Where a transaction stands; idempotent on the server, so a reload or a second tab is harmless. */
export function fulfilTransaction(transactionId: string): Promise<TransactionState> {
  return call(checkout.fulfil, { params: { transactionId } });
}

export function getReceipt(orderUuid: string, key: string | null, signal?: AbortSignal): Promise<Receipt> {
  return call(accountRoutes.receipt, { params: { orderUuid }, query: key ? { key } : {} }, { signal });
}
