/**
 * The test card provider, the demo when no real provider is configured: it behaves like a hosted
 * payment page with a card held and captured later. The shopper is sent to `/payments/test-card/{id}`
 * (server/routes/payments.ts, standing in for the provider's own site), chooses Pay, Decline or
 * Cancel, and the provider tells the shop with a signed callback to
 * `POST /m/api/payments/test-card/callback` before sending the browser back. It keeps no books of its
 * own: what the shop recorded is its state, and capture, refund and cancel always succeed (no money
 * moves).
 */
import { z } from 'zod';
import { type PaymentReport, paymentProviderRoutes } from '../../../shop/index.ts';
import type { PaymentProvider } from './provider.ts';
import { verifyBody } from './signature.ts';

export const TEST_CARD_PAGE = (transactionUuid: string) => `/payments/test-card/${transactionUuid}`;
export const TEST_CARD_CALLBACK = paymentProviderRoutes.testCardCallback.path;

export const TestCardCallbackBody = z.object({
  transactionId: z.string().uuid(),
  result: z.enum(['paid', 'declined', 'cancelled']),
  amount: z.number().int().nonnegative(),
});

/** A callback read after its signature was checked. */
export interface TestCardEvent {
  transactionUuid: string;
  report: PaymentReport;
  /** Distinguishes one transaction's messages: a repeated callback is the same event. */
  eventId: string;
}

export function testCardProvider(secret: string) {
  const provider: PaymentProvider & {
    verifyCallback(
      rawBody: string,
      signature: string | undefined,
    ): TestCardEvent | 'bad-signature' | 'bad-body';
  } = {
    type: 'test-card',
    confirmsAtOnce: false,
    // As a card's authorisation holds at Stripe.
    holdDays: 7,
    start: async (tx) => ({ redirectUrl: TEST_CARD_PAGE(tx.uuid), providerRef: tx.uuid }),
    status: async (tx) => ({ state: tx.state, amount: tx.amount, currency: tx.currencyCode }),
    capture: async (_tx, amount) => ({ state: 'captured', captured: amount }),
    refund: async (tx, amount) => ({
      state: 'refunded',
      captured: tx.captured,
      refunded: tx.refunded + amount,
    }),
    cancel: async () => ({ state: 'cancelled' }),
    verifyCallback(rawBody, signature) {
      if (!verifyBody(secret, rawBody, signature)) return 'bad-signature';
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return 'bad-body';
      }
      const parsed = TestCardCallbackBody.safeParse(json);
      if (!parsed.success) return 'bad-body';
      const { transactionId, result, amount } = parsed.data;
      return {
        transactionUuid: transactionId,
        eventId: `${transactionId}:${result}`,
        report: result === 'paid' ? { state: 'authorised', amount } : { state: result },
      };
    },
  };
  return provider;
}
