/**
 * What an order is, in one word, so the receipt words it by what was ordered (issue 34): "we are
 * preparing your prints" for prints only, "your calendars" for calendars only, and "your order" when
 * it mixes kinds (or is not known).
 */

/** The order line types (S0 §2, S1): 0 a print, 1 a card, 2 a calendar, 3 a photo book, 89 a photo gift. */
const KIND_OF_TYPE: Record<number, OrderKind> = {
  0: 'prints',
  1: 'cards',
  2: 'calendars',
  3: 'books',
  89: 'gifts',
};

export type OrderKind = 'prints' | 'cards' | 'calendars' | 'books' | 'gifts' | 'order';

export function orderKind(lineTypes: readonly number[]): OrderKind {
  const kinds = new Set(lineTypes.map((type) => KIND_OF_TYPE[type] ?? 'order'));
  return kinds.size === 1 ? [...kinds][0]! : 'order';
}
