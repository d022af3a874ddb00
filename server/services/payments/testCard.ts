/**
 * The test card provider: behaves like a hosted payment page. The shopper is sent to
 * `/payments/test-card/{id}` (server/routes/payments.ts, standing in for the provider's own site),
 * chooses Pay, Decline or Cancel, and the provider tells the shop with a signed callback to
 * `POST /m/api/payments/test-card/callback` before sending the browser back. The shop's record of
 * the outcome is what that callback settled, as it would be for a real provider whose callback
 * arrived; a real provider's `status` would ask its API.
 */
import { z } from 'zod';
import { type CallbackEvent, type PaymentProvider, returnUrl } from './provider.ts';
import { verifyBody } from './signature.ts';

export const TEST_CARD_PAGE = (transactionUuid: string) => `/payments/test-card/${transactionUuid}`;
export const TEST_CARD_CALLBACK = '/m/api/payments/test-card/callback';

export const TestCardCallbackBody = z.object({
  transactionId: z.string().uuid(),
  result: z.enum(['paid', 'declined', 'cancelled']),
  amount: z.number().int().nonnegative(),
});

export function testCardProvider(secret: string): PaymentProvider {
  return {
    type: 'test-card',
    confirmsAtOnce: false,
    redirectUrl: (tx) => (tx.status === 'pending' ? TEST_CARD_PAGE(tx.uuid) : returnUrl(tx.uuid, tx.status)),
    status: async (tx) => tx.status,
    verifyCallback(rawBody: string, signature: string | undefined) {
      if (!verifyBody(secret, rawBody, signature)) return 'bad-signature';
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return 'bad-body';
      }
      const parsed = TestCardCallbackBody.safeParse(json);
      if (!parsed.success) return 'bad-body';
      const event: CallbackEvent = {
        transactionUuid: parsed.data.transactionId,
        result: parsed.data.result,
        amount: parsed.data.amount,
      };
      return event;
    },
  };
}
