import { describe, expect, it } from 'vitest';
import { stateOf, type TransactionRow } from '../../../server/services/checkout/orders.ts';

/** A transaction row as far as the shopper's hand-off reads it. */
const row = (status: string, locale: string, more: Partial<TransactionRow> = {}) =>
  ({
    uuid: '2a1b0c9d-8e7f-4a6b-9c5d-4e3f2a1b0c9d',
    status,
    orderUuid: null,
    redirectUrl: null,
    request: { portal: { locale } },
    ...more,
  }) as unknown as TransactionRow;

describe('stateOf: the hand-off’s answer', () => {
  it('says why a payment ended in the portal’s language', () => {
    expect(stateOf(row('declined', 'nb_NO'))).toEqual({
      status: 'declined',
      error: expect.stringMatching(/^Betalingen ble avvist/),
    });
    expect(stateOf(row('cancelled', 'da_DK'))).toMatchObject({
      error: expect.stringMatching(/^Betalingen blev annulleret/),
    });
    expect(stateOf(row('expired', 'en_US'))).toMatchObject({
      error: expect.stringMatching(/not finished in time/),
    });
  });

  it('is paid once an order exists, whatever the payment did since (a refund, a release)', () => {
    expect(stateOf(row('refunded', 'en_GB', { orderUuid: 'o' }))).toEqual({ status: 'paid', orderUuid: 'o' });
  });

  it('sends a pending payment to its page, or back to the hand-off while it has none', () => {
    expect(stateOf(row('pending', 'en_GB', { redirectUrl: 'https://pay.example/x' }))).toEqual({
      status: 'pending',
      redirectUrl: 'https://pay.example/x',
    });
    expect(stateOf(row('pending', 'en_GB'))).toMatchObject({
      redirectUrl: expect.stringMatching(/^\/m\/cart\/checkout\/payment\?/),
    });
  });
});
