import { describe, expect, it } from 'vitest';
import type { ShopperPayment } from '../../../shop/checkout.ts';
import type { PaymentState } from '../../../shop/payment.ts';
import {
  amountInputText,
  parseAmountInput,
  paymentProblem,
  shopperPaymentLines,
} from '../../../shop/paymentView.ts';

/** A refund's time, `days` after now: the rule passes the time on as it is. */
const day = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();

const payment = (state: PaymentState, over: Partial<ShopperPayment> = {}): ShopperPayment => ({
  state,
  amount: 1290,
  captured: 0,
  refunded: 0,
  refunds: [],
  ...over,
});

describe('shopperPaymentLines', () => {
  it('says a reservation is taken when the order is ready', () => {
    expect(shopperPaymentLines(payment('authorised'))).toEqual([{ key: 'reserved', amount: 1290 }]);
  });

  it('says what was taken once captured', () => {
    expect(shopperPaymentLines(payment('captured', { captured: 1290 }))).toEqual([
      { key: 'taken', amount: 1290 },
    ]);
  });

  it('lists each refund with its date after what was taken', () => {
    const refunds = [
      { amount: 500, at: day(1) },
      { amount: 90, at: day(3) },
    ];
    expect(
      shopperPaymentLines(payment('partly_refunded', { captured: 1290, refunded: 590, refunds })),
    ).toEqual([
      { key: 'taken', amount: 1290 },
      { key: 'refundedOn', amount: 500, at: refunds[0]!.at },
      { key: 'refundedOn', amount: 90, at: refunds[1]!.at },
    ]);
  });

  it('says refunded in full, then the refunds', () => {
    const refunds = [{ amount: 1290, at: day(1) }];
    expect(shopperPaymentLines(payment('refunded', { captured: 1290, refunded: 1290, refunds }))).toEqual([
      { key: 'refundedInFull', amount: 1290 },
      { key: 'refundedOn', amount: 1290, at: refunds[0]!.at },
    ]);
  });

  it('says a released or lapsed reservation took nothing', () => {
    expect(shopperPaymentLines(payment('cancelled'))).toEqual([{ key: 'released', amount: 1290 }]);
    expect(shopperPaymentLines(payment('expired'))).toEqual([{ key: 'lapsed', amount: 1290 }]);
  });

  it('says nothing for states that never make an order', () => {
    for (const state of ['pending', 'declined', 'failed'] as const) {
      expect(shopperPaymentLines(payment(state)), state).toEqual([]);
    }
  });
});

describe('paymentProblem', () => {
  it('splits the known codes from the server’s detail', () => {
    expect(
      paymentProblem('amount_mismatch: The provider holds 999 GBP, the transaction is for 1290 GBP'),
    ).toEqual({
      code: 'amount_mismatch',
      detail: 'The provider holds 999 GBP, the transaction is for 1290 GBP',
    });
    expect(paymentProblem('capture_failed: the payment could not be captured after every retry')).toEqual({
      code: 'capture_failed',
      detail: 'the payment could not be captured after every retry',
    });
  });

  it('keeps an unknown problem whole', () => {
    expect(paymentProblem('something_new: look at it')).toEqual({
      code: 'other',
      detail: 'something_new: look at it',
    });
    expect(paymentProblem('No code at all')).toEqual({ code: 'other', detail: 'No code at all' });
  });
});

describe('the refund field', () => {
  it('shows an amount with the portal’s decimal mark, without currency or grouping', () => {
    expect(amountInputText(1290, '£#,##0.00')).toBe('12.90');
    expect(amountInputText(123456, 'kr # ##0,00')).toBe('1234,56');
    expect(amountInputText(5, '#.##0,00 kr.')).toBe('0,05');
  });

  it.each([
    ['5', '£#,##0.00', 500],
    ['5.5', '£#,##0.00', 550],
    ['5.05', '£#,##0.00', 505],
    ['£12.90', '£#,##0.00', 1290],
    ['1,234.50', '£#,##0.00', 123450],
    ['12,90', '£#,##0.00', 1290],
    ['129,00', 'kr # ##0,00', 12900],
    ['kr 1 234,50', 'kr # ##0,00', 123450],
    ['1.234,50 kr.', '#.##0,00 kr.', 123450],
    [' 7 ', '$#,##0.00', 700],
  ])('reads %s in %s as %i', (text, format, minor) => {
    expect(parseAmountInput(text, format)).toBe(minor);
  });

  it.each(['', 'abc', '5.123', '-5', '5..0', '1e3', '12,3,4'])('refuses %j', (text) => {
    expect(parseAmountInput(text, '£#,##0.00')).toBeNull();
  });

  it('reads back what it shows', () => {
    for (const format of ['£#,##0.00', 'kr # ##0,00', '#.##0,00 kr.']) {
      for (const minor of [1, 99, 100, 1290, 123456]) {
        expect(parseAmountInput(amountInputText(minor, format), format)).toBe(minor);
      }
    }
  });
});
