/**
 * Payment providers behind one interface (docs/decisions.md, "Checkout"). A provider is told about a
 * transaction the server made (with the server's amount), says where the shopper goes next, and
 * reports where a payment stands. Orders are never made here: every path that learns a payment is
 * settled calls the one idempotent `settleTransaction` (server/services/orders.ts).
 */

export type ProviderType = 'store' | 'invoice' | 'test-card';
export const PROVIDER_TYPES: readonly ProviderType[] = ['store', 'invoice', 'test-card'];

export type PaymentStatus = 'pending' | 'paid' | 'declined' | 'cancelled';
export type PaymentOutcome = Exclude<PaymentStatus, 'pending'>;

export interface ProviderTransaction {
  uuid: string;
  amount: number;
  currencyCode: string;
  status: PaymentStatus;
}

/** A provider's word about one payment, from its callback, after the signature was checked. */
export interface CallbackEvent {
  transactionUuid: string;
  result: PaymentOutcome;
  amount: number;
}

export interface PaymentProvider {
  readonly type: ProviderType;
  /**
   * True when the order is accepted as soon as the transaction exists (pay in store, invoice): no
   * page to visit, the transaction is settled 'paid' at once (paid meaning "accepted by the provider").
   */
  readonly confirmsAtOnce: boolean;
  /** Where the browser goes while the payment is pending: the provider's page, or straight back. */
  redirectUrl(tx: ProviderTransaction): string;
  /**
   * Where the payment stands as the provider sees it. The shopper's return (`…/fulfil`) asks this and
   * never takes the browser's `result=` at its word. A real provider would call its API here.
   */
  status(tx: ProviderTransaction): Promise<PaymentStatus>;
  /** Checks a callback's signature, then reads it. */
  verifyCallback?(
    rawBody: string,
    signatureHeader: string | undefined,
  ): CallbackEvent | 'bad-signature' | 'bad-body';
}

/** Where the shopper comes back to after the provider: the app's payment page (S0 §2 hand-off). */
export const returnUrl = (transactionUuid: string, result?: PaymentOutcome) =>
  `/m/cart/checkout/payment?transaction=${encodeURIComponent(transactionUuid)}${result ? `&result=${result}` : ''}`;
