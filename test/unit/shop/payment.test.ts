import { describe, expect, it } from 'vitest';
import {
  lapsingSoon,
  type PaymentFacts,
  type PaymentState,
  paymentChange,
  refundable,
} from '../../../shop/payment.ts';

const facts = (state: PaymentState, more: Partial<PaymentFacts> = {}): PaymentFacts => ({
  state,
  amount: 12_900,
  currency: 'NOK',
  captured: 0,
  refunded: 0,
  hasOrder: !['pending', 'declined', 'cancelled', 'expired', 'failed'].includes(state),
  ...more,
});

describe('paymentChange: the one payment state machine', () => {
  it('pending → authorised makes the order, when the amount and currency are the transaction’s', () => {
    expect(paymentChange(facts('pending'), { state: 'authorised', amount: 12_900, currency: 'nok' })).toEqual(
      {
        kind: 'move',
        state: 'authorised',
        captured: 0,
        refunded: 0,
        makesOrder: true,
      },
    );
  });

  it('a held amount or currency other than the transaction’s is a mismatch: no order', () => {
    expect(
      paymentChange(facts('pending'), { state: 'authorised', amount: 12_899, currency: 'NOK' }).kind,
    ).toBe('mismatch');
    expect(
      paymentChange(facts('pending'), { state: 'authorised', amount: 12_900, currency: 'DKK' }).kind,
    ).toBe('mismatch');
    // Once failed, nothing moves it: the lab decides.
    expect(paymentChange(facts('failed'), { state: 'authorised', amount: 12_900 })).toEqual({ kind: 'none' });
  });

  it('pending ends declined, cancelled or expired without an order; the first end stays', () => {
    for (const end of ['declined', 'cancelled', 'expired', 'failed'] as const) {
      expect(paymentChange(facts('pending'), { state: end })).toMatchObject({
        kind: 'move',
        state: end,
        makesOrder: false,
      });
    }
    expect(paymentChange(facts('declined'), { state: 'cancelled' })).toEqual({ kind: 'none' });
    expect(paymentChange(facts('pending'), { state: 'pending' })).toEqual({ kind: 'none' });
  });

  it('money held wins over an earlier decline or cancel (paid on a second try)', () => {
    expect(paymentChange(facts('declined'), { state: 'authorised', amount: 12_900 })).toMatchObject({
      kind: 'move',
      state: 'authorised',
      makesOrder: true,
    });
  });

  it('a capture reported before the authorisation (out of order) makes the order once, captured', () => {
    const first = paymentChange(facts('pending'), { state: 'captured', amount: 12_900, captured: 12_900 });
    expect(first).toMatchObject({ kind: 'move', state: 'captured', captured: 12_900, makesOrder: true });
    const late = paymentChange(facts('captured', { captured: 12_900 }), {
      state: 'authorised',
      amount: 12_900,
    });
    expect(late).toEqual({ kind: 'none' });
  });

  it('held states go forward only: authorised → captured → partly refunded → refunded', () => {
    const captured = paymentChange(facts('authorised'), { state: 'captured', captured: 12_900 });
    expect(captured).toMatchObject({ kind: 'move', state: 'captured', captured: 12_900, makesOrder: false });
    const part = paymentChange(facts('captured', { captured: 12_900 }), {
      state: 'refunded',
      refunded: 2_900,
    });
    expect(part).toMatchObject({ kind: 'move', state: 'partly_refunded', refunded: 2_900 });
    const more = paymentChange(facts('partly_refunded', { captured: 12_900, refunded: 2_900 }), {
      state: 'partly_refunded',
      refunded: 5_000,
    });
    expect(more).toMatchObject({ kind: 'move', state: 'partly_refunded', refunded: 5_000 });
    const all = paymentChange(facts('partly_refunded', { captured: 12_900, refunded: 5_000 }), {
      state: 'refunded',
      refunded: 12_900,
    });
    expect(all).toMatchObject({ kind: 'move', state: 'refunded' });
    // A repeat of what is known, or a smaller total from an old message, changes nothing.
    expect(
      paymentChange(facts('partly_refunded', { captured: 12_900, refunded: 5_000 }), {
        state: 'partly_refunded',
        refunded: 2_900,
      }),
    ).toEqual({ kind: 'none' });
    expect(
      paymentChange(facts('refunded', { captured: 12_900, refunded: 12_900 }), { state: 'captured' }),
    ).toEqual({
      kind: 'none',
    });
  });

  it('an authorisation may be released (cancelled) or lapse (expired) before capture, not after', () => {
    expect(paymentChange(facts('authorised'), { state: 'cancelled' })).toMatchObject({
      kind: 'move',
      state: 'cancelled',
    });
    expect(paymentChange(facts('authorised'), { state: 'expired' })).toMatchObject({
      kind: 'move',
      state: 'expired',
    });
    expect(paymentChange(facts('captured', { captured: 12_900 }), { state: 'cancelled' })).toEqual({
      kind: 'none',
    });
    // A released authorisation with its order stays released.
    expect(
      paymentChange(facts('cancelled', { hasOrder: true }), { state: 'captured', captured: 12_900 }),
    ).toEqual({
      kind: 'none',
    });
  });
});

describe('refundable', () => {
  it('before capture only the whole authorisation, as a cancel', () => {
    expect(refundable(facts('authorised'))).toEqual({ kind: 'cancel', left: 12_900 });
  });
  it('after capture what was taken and not yet given back', () => {
    expect(refundable(facts('captured', { captured: 12_900 }))).toEqual({ kind: 'refund', left: 12_900 });
    expect(refundable(facts('partly_refunded', { captured: 12_900, refunded: 12_000 }))).toEqual({
      kind: 'refund',
      left: 900,
    });
  });
  it('nothing when it is all given back, released, or there is no order', () => {
    expect(refundable(facts('refunded', { captured: 12_900, refunded: 12_900 }))).toBeNull();
    expect(refundable(facts('cancelled', { hasOrder: true }))).toBeNull();
    expect(refundable(facts('pending'))).toBeNull();
  });
});

describe('lapsingSoon', () => {
  const authorised = new Date();
  const day = 24 * 3600 * 1000;
  it('is true within the last day of the hold and after it', () => {
    expect(lapsingSoon(authorised, 7, new Date(authorised.getTime() + 5 * day))).toBe(false);
    expect(lapsingSoon(authorised, 7, new Date(authorised.getTime() + 6 * day + 1))).toBe(true);
    expect(lapsingSoon(authorised, 7, new Date(authorised.getTime() + 8 * day))).toBe(true);
  });
});
