/**
 * The one payment state machine (issue 29), for every provider: a transaction is `pending` until the
 * provider says the money is held for the shop (`authorised`: the order is made), taken (`captured`,
 * when the order leaves the lab) and possibly given back (`partly_refunded`, `refunded`). A payment
 * that never got that far ends `declined`, `cancelled`, `expired` or `failed`; an authorisation the lab
 * releases before capture ends `cancelled` with its order kept.
 *
 * Providers' messages come more than once and out of order (a webhook, the shopper's return, the
 * reconciliation job): the next state is worked out from what is known and what is reported, never
 * going back, so a repeated or late message changes nothing.
 */

export const PAYMENT_STATES = [
  'pending',
  'authorised',
  'captured',
  'partly_refunded',
  'refunded',
  'declined',
  'cancelled',
  'expired',
  'failed',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** States that end a payment before any money was held: no order. */
export const UNPAID_ENDS: readonly PaymentState[] = ['declined', 'cancelled', 'expired', 'failed'];

/** How far along a payment with money held is; the order exists from `authorised` on. */
const HELD_RANK: Partial<Record<PaymentState, number>> = {
  authorised: 1,
  captured: 2,
  partly_refunded: 3,
  refunded: 4,
};

export const isHeld = (state: PaymentState) => HELD_RANK[state] !== undefined;

/** What a provider said about a payment, as the shop reads its message or its API's answer. */
export interface PaymentReport {
  state: PaymentState;
  /** The amount held (authorised), in the currency's minor units, when the provider says it. */
  amount?: number;
  /** ISO 4217, upper case. */
  currency?: string;
  /** Totals so far, when the provider says them (a capture, a refund). */
  captured?: number;
  refunded?: number;
}

/** What the shop knows of a payment. */
export interface PaymentFacts {
  state: PaymentState;
  amount: number;
  currency: string;
  captured: number;
  refunded: number;
  /** Whether the order was made (it was, once the payment was held). */
  hasOrder: boolean;
}

export type PaymentChange =
  | { kind: 'none' }
  /** The amount or currency the provider holds is not the transaction's: no order, the lab is told. */
  | { kind: 'mismatch'; problem: string }
  | { kind: 'move'; state: PaymentState; captured: number; refunded: number; makesOrder: boolean };

/**
 * The change a report makes. Rules:
 * - a held payment's amount and currency must be the transaction's (a pending one's report is
 *   checked; once held, the order stands and later reports only move it along);
 * - money held wins over an earlier decline or cancel (the shopper paid on a second try), but never
 *   over `failed` (a mismatch stays for the lab);
 * - held states only go forward: authorised → captured → partly refunded → refunded, or authorised →
 *   cancelled (released before capture) or expired (the authorisation lapsed);
 * - an unpaid end never replaces another.
 */
export function paymentChange(facts: PaymentFacts, report: PaymentReport): PaymentChange {
  const { state } = facts;
  const captured = Math.max(facts.captured, report.captured ?? 0);
  const refunded = Math.max(facts.refunded, report.refunded ?? 0);
  const reportedHeld = isHeld(report.state);

  if (state === 'failed' || state === 'refunded') return { kind: 'none' };

  if (!facts.hasOrder) {
    if (reportedHeld) {
      const amountWrong = report.amount !== undefined && report.amount !== facts.amount;
      const currencyWrong =
        report.currency !== undefined && report.currency.toUpperCase() !== facts.currency.toUpperCase();
      if (amountWrong || currencyWrong) {
        return {
          kind: 'mismatch',
          problem: `The provider holds ${report.amount ?? '?'} ${report.currency ?? facts.currency}, the transaction is for ${facts.amount} ${facts.currency}`,
        };
      }
      return {
        kind: 'move',
        state: heldState(report.state, captured, refunded),
        captured,
        refunded,
        makesOrder: true,
      };
    }
    if (state === 'pending' && report.state !== 'pending') {
      return { kind: 'move', state: report.state, captured, refunded, makesOrder: false };
    }
    return { kind: 'none' };
  }

  // The order exists: the payment only moves forward.
  if (state === 'cancelled' || state === 'expired') return { kind: 'none' };
  if (reportedHeld) {
    const next = heldState(report.state, captured, refunded);
    if (HELD_RANK[next]! < HELD_RANK[state]!) return { kind: 'none' };
    if (next === state && captured === facts.captured && refunded === facts.refunded) return { kind: 'none' };
    return { kind: 'move', state: next, captured, refunded, makesOrder: false };
  }
  // Released or lapsed before capture; after capture only refunds end it.
  if (state === 'authorised' && (report.state === 'cancelled' || report.state === 'expired')) {
    return { kind: 'move', state: report.state, captured, refunded, makesOrder: false };
  }
  return { kind: 'none' };
}

/** A held state from the amounts: refunds decide between partly and wholly refunded. */
function heldState(reported: PaymentState, captured: number, refunded: number): PaymentState {
  if (refunded > 0 && captured > 0) return refunded >= captured ? 'refunded' : 'partly_refunded';
  if (reported === 'partly_refunded' || reported === 'refunded') return captured > 0 ? reported : 'captured';
  return captured > 0 ? 'captured' : 'authorised';
}

/**
 * What the lab may still give back, and how: before capture only the whole authorisation can be
 * released (cancelled); after capture any part of what was taken and not yet refunded.
 */
export function refundable(facts: PaymentFacts): { kind: 'cancel' | 'refund'; left: number } | null {
  if (!facts.hasOrder) return null;
  if (facts.state === 'authorised') return { kind: 'cancel', left: facts.amount };
  if (facts.state === 'captured' || facts.state === 'partly_refunded') {
    const left = facts.captured - facts.refunded;
    return left > 0 ? { kind: 'refund', left } : null;
  }
  return null;
}

/** Days an authorisation holds with a provider before it lapses (Stripe's card payments: 7). */
export function lapsesAt(authorisedAt: Date, holdDays: number): Date {
  return new Date(authorisedAt.getTime() + holdDays * 24 * 3600 * 1000);
}

/** Whether an authorisation lapses within a day: the lab should ship (capture) or release it. */
export function lapsingSoon(authorisedAt: Date, holdDays: number, now: Date): boolean {
  return lapsesAt(authorisedAt, holdDays).getTime() - now.getTime() < 24 * 3600 * 1000;
}
