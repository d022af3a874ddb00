/**
 * Payment providers behind one interface (docs/payments.md). A provider is told about a transaction
 * the server made (with the server's amount) and says where the shopper goes (`start`), reports where
 * a payment stands when asked (`status`), and takes, gives back or releases the money when the lab
 * says so (`capture`, `refund`, `cancel`). Every call that changes something at the provider carries
 * an idempotency key derived from the transaction, so a retry after a timeout is a replay, never a
 * second payment. Orders are never made here: every report goes through `applyPaymentReport`
 * (server/services/checkout/orders.ts), the one idempotent place an order is made.
 */
import type { PaymentReport, PaymentState } from '../../../shop/index.ts';
import { HttpError } from '../../errors.ts';
import type { TransactionSnapshot } from '../checkout/checkout.ts';

export type ProviderType = 'store' | 'invoice' | 'test-card' | 'stripe' | 'vipps';
export const PROVIDER_TYPES: readonly ProviderType[] = ['store', 'invoice', 'test-card', 'stripe', 'vipps'];
/** Providers that take real money: when one serves a portal, the test card is not offered there. */
export const REAL_PROVIDERS: readonly ProviderType[] = ['stripe', 'vipps'];

/** What a provider is told about a transaction. */
export interface ProviderTransaction {
  uuid: string;
  amount: number;
  currencyCode: string;
  state: PaymentState;
  /** The provider's name for the payment, once started. */
  providerRef: string | null;
  captured: number;
  refunded: number;
  snapshot: TransactionSnapshot;
}

export interface StartContext {
  /** The shop's origin as the shopper reached it (`https://shop.example`), for the return addresses. */
  origin: string;
}

export interface StartedPayment {
  /** Where the shopper pays: the provider's hosted page, or straight back for an at-once provider. */
  redirectUrl: string;
  providerRef: string | null;
}

/**
 * The provider could not be reached or failed on its side (5xx, a timeout): nothing is decided, the
 * shopper is told to try again (503), and the retry carries the same idempotency key.
 */
export class ProviderUnavailable extends HttpError {
  constructor(
    readonly provider: ProviderType,
    detail: string,
  ) {
    super(503, 'payment_provider_unavailable', { extra: { provider } });
    this.cause = detail;
  }
}

/** The provider refused the request itself (4xx): the shop asked for something it cannot do. */
export class ProviderRefused extends HttpError {
  constructor(
    readonly provider: ProviderType,
    detail: string,
  ) {
    super(502, 'payment_provider_refused', { extra: { provider } });
    this.cause = detail;
  }
}

export interface PaymentProvider {
  readonly type: ProviderType;
  /**
   * True when the order is accepted as soon as the transaction exists (pay in store, invoice): no
   * page to visit, the payment is held at once, and there is nothing to capture or refund online.
   */
  readonly confirmsAtOnce: boolean;
  /** How many days an authorisation holds before it lapses (null: none to lapse). */
  readonly holdDays: number | null;
  /** Starts the payment with the provider (idempotent per transaction). */
  start(tx: ProviderTransaction, context: StartContext): Promise<StartedPayment>;
  /** Where the payment stands as the provider sees it (never the browser's word). */
  status(tx: ProviderTransaction): Promise<PaymentReport>;
  /** Takes `amount` of an authorisation (when the order leaves the lab). */
  capture?(tx: ProviderTransaction, amount: number): Promise<PaymentReport>;
  /** Gives back `amount` of what was captured; `key` makes a repeat of one refund a replay. */
  refund?(tx: ProviderTransaction, amount: number, key: string): Promise<PaymentReport>;
  /** Releases an authorisation that was not captured. */
  cancel?(tx: ProviderTransaction): Promise<PaymentReport>;
}

/** Where the shopper comes back to after the provider: the app's payment page (S0 §2 hand-off). */
export const returnUrl = (transactionUuid: string, result?: string) =>
  `/m/cart/checkout/payment?transaction=${encodeURIComponent(transactionUuid)}${result ? `&result=${encodeURIComponent(result)}` : ''}`;
