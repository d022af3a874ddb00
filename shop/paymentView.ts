/**
 * How a payment is put into words (issue 29): the sentences the shopper's receipt and My orders show
 * for an online payment, how the lab's desk reads a payment's problem, and how its refund field reads
 * and writes an amount. Pure: the words are the locale files', money is formatted at the edge.
 */
import type { ShopperPayment } from './checkout.ts';
import { parseMoneyFormat } from './money.ts';

/** Keys under `orders.payment.` in the app's locale files. */
export type ShopperPaymentKey =
  | 'reserved'
  | 'taken'
  | 'refundedOn'
  | 'refundedInFull'
  | 'released'
  | 'lapsed';

export interface ShopperPaymentLine {
  key: ShopperPaymentKey;
  /** Minor units, formatted by the screen. */
  amount: number;
  /** ISO 8601, for `refundedOn`. */
  at?: string;
}

/**
 * What the shopper is told, in order: the money reserved until the order is ready, then taken, then
 * each refund with its date. A released or lapsed reservation says nothing was taken. Pending,
 * declined and failed payments have no order, so no receipt; they say nothing here.
 */
export function shopperPaymentLines(payment: ShopperPayment): ShopperPaymentLine[] {
  const refunds: ShopperPaymentLine[] = payment.refunds.map((r) => ({
    key: 'refundedOn',
    amount: r.amount,
    at: r.at,
  }));
  switch (payment.state) {
    case 'authorised':
      return [{ key: 'reserved', amount: payment.amount }];
    case 'captured':
      return [{ key: 'taken', amount: payment.captured }];
    case 'partly_refunded':
      return [{ key: 'taken', amount: payment.captured }, ...refunds];
    case 'refunded':
      return [{ key: 'refundedInFull', amount: payment.refunded }, ...refunds];
    case 'cancelled':
      return [{ key: 'released', amount: payment.amount }];
    case 'expired':
      return [{ key: 'lapsed', amount: payment.amount }];
    default:
      return [];
  }
}

export type PaymentProblemCode = 'amount_mismatch' | 'capture_failed' | 'other';

/** A transaction's problem (`amount_mismatch: …`, `capture_failed: …`): its code and the server's detail. */
export function paymentProblem(problem: string): { code: PaymentProblemCode; detail: string } {
  const match = /^([a-z_]+):\s*(.*)$/s.exec(problem);
  const code = match?.[1];
  if (code === 'amount_mismatch' || code === 'capture_failed') return { code, detail: match![2]! };
  const unknown: PaymentProblemCode = 'other';
  return { code: unknown, detail: problem };
}

/**
 * An amount as the refund field shows it: the number alone, with the portal's decimal separator and
 * two decimals, no currency and no grouping, so the lab can edit it as typed.
 */
export function amountInputText(minor: number, currencyFormat: string): string {
  const { decimalSeparator } = parseMoneyFormat(currencyFormat);
  return `${Math.floor(minor / 100)}${decimalSeparator}${String(minor % 100).padStart(2, '0')}`;
}

const AMOUNT = /^(\d{1,3}(?:[.,\u00a0 ]\d{3})+|\d+)(?:[.,](\d{1,2}))?$/;

/**
 * Minor units from what the lab typed in the refund field: `5`, `5.5`, `5,50`, `1 234,50`, with or
 * without the portal's currency text. Either `.` or `,` is taken as the decimal mark when one or two
 * digits follow it (a lab may type either), and the other one as grouping when three do. Null when it
 * is not an amount.
 */
export function parseAmountInput(text: string, currencyFormat: string): number | null {
  const { prefix, suffix, decimalSeparator } = parseMoneyFormat(currencyFormat);
  let value = text.trim();
  for (const currency of [prefix.trim(), suffix.trim()]) {
    if (currency && value.startsWith(currency)) value = value.slice(currency.length).trim();
    if (currency && value.endsWith(currency)) value = value.slice(0, -currency.length).trim();
  }
  const match = AMOUNT.exec(value);
  // The portal's own decimal mark never groups: `5.123` on a pound portal is a typo, not £5,123.
  if (!match || match[1]!.includes(decimalSeparator)) return null;
  const whole = Number(match[1]!.replace(/[.,\u00a0 ]/g, ''));
  const fraction = Number((match[2] ?? '0').padEnd(2, '0'));
  const minor = whole * 100 + fraction;
  return Number.isSafeInteger(minor) ? minor : null;
}
