/**
 * How much one order may hold (issue 16): a cap per line and per order, run by the app's quantity
 * editors and by the server on every change of a cart and at checkout. Pure and in integer minor units.
 *
 * - A line holds at most 999 pieces: more of one picture is a print run, not a shop order, and the
 *   quantity field has room for three digits.
 * - An order holds at most 5,000 pieces in all: a big family archive or a wedding is a few hundred
 *   pictures; more is a job for the lab's trade desk, and one order's production stays a day's work.
 * - No line and no order may cost more than the database's integer columns hold (2,147,483,647 minor
 *   units); with the caps above no real price list comes near it, but a price list is data.
 */
export const MAX_LINE_QUANTITY = 999;
export const MAX_ORDER_QUANTITY = 5000;
/** The largest amount an integer column (PostgreSQL `integer`) holds: line prices, transactions, orders. */
export const MAX_AMOUNT = 2 ** 31 - 1;

export type OrderLimitCode = 'line_quantity_limit' | 'order_quantity_limit' | 'order_amount_limit';

export interface OrderLimitProblem {
  /** Also the key of the server's message (`errors.<code>` of server.json). */
  code: OrderLimitCode;
  /** The limit that was passed, for the app's wording. */
  limit: number;
  /** The message's values: the limit (`max`) and what the order would hold (`found`). */
  values: { max: number; found: number };
}

/** What the limits look at in a line: its quantity and its price (minor units). */
export interface LineTally {
  quantity: number;
  linePrice: number;
}

/** A count in the API's English messages (5,000). */
export const countText = (n: number) => n.toLocaleString('en-GB');

interface Measures {
  pieces: number;
  amount: number;
  largestLine: number;
  largestPrice: number;
}

function measures(lines: readonly LineTally[]): Measures {
  let pieces = 0;
  let amount = 0;
  let largestLine = 0;
  let largestPrice = 0;
  for (const line of lines) {
    pieces += line.quantity;
    amount += line.linePrice;
    largestLine = Math.max(largestLine, line.quantity);
    largestPrice = Math.max(largestPrice, line.linePrice);
  }
  return { pieces, amount, largestLine, largestPrice };
}

/** Each limit: what it measures and its cap. */
const LIMITS: readonly { code: OrderLimitCode; limit: number; measure: (m: Measures) => number }[] = [
  { code: 'line_quantity_limit', limit: MAX_LINE_QUANTITY, measure: (m) => m.largestLine },
  { code: 'order_quantity_limit', limit: MAX_ORDER_QUANTITY, measure: (m) => m.pieces },
  { code: 'order_amount_limit', limit: MAX_AMOUNT, measure: (m) => Math.max(m.amount, m.largestPrice) },
];

const problem = (code: OrderLimitCode, limit: number, found: number): OrderLimitProblem => ({
  code,
  limit,
  values: { max: limit, found },
});

/** The first limit the order passes, or null when it is within all of them. */
export function orderLimitProblem(lines: readonly LineTally[]): OrderLimitProblem | null {
  const m = measures(lines);
  for (const limit of LIMITS) {
    const value = limit.measure(m);
    if (value > limit.limit) return problem(limit.code, limit.limit, value);
  }
  return null;
}

/**
 * Whether a change of the order (`before` → `after`) is refused: when it takes the order past a limit,
 * or further past one it was already over. A change back towards the limits is always let through, so
 * a cart from before the caps can still be lowered, one line at a time.
 */
export function orderChangeProblem(
  before: readonly LineTally[],
  after: readonly LineTally[],
): OrderLimitProblem | null {
  const was = measures(before);
  const is = measures(after);
  for (const limit of LIMITS) {
    const value = limit.measure(is);
    if (value > limit.limit && value > limit.measure(was)) {
      return problem(limit.code, limit.limit, value);
    }
  }
  return null;
}

/** Whether an amount (a total with delivery) fits the database's integer columns. */
export function amountProblem(amount: number): OrderLimitProblem | null {
  if (amount <= MAX_AMOUNT) return null;
  return problem('order_amount_limit', MAX_AMOUNT, amount);
}
