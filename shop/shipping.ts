/** Which of the three free-shipping banner messages of S0 §9 to show, and with which amount. */
export type FreeShippingMessage =
  | { key: 'banner.freeOver'; amount: number }
  | { key: 'banner.shopMore'; amount: number }
  | { key: 'banner.free' };

export function freeShippingMessage(
  threshold: number | null | undefined,
  cartTotal: number,
): FreeShippingMessage | null {
  if (threshold == null || threshold <= 0) return null;
  if (cartTotal <= 0) return { key: 'banner.freeOver', amount: threshold };
  if (cartTotal >= threshold) return { key: 'banner.free' };
  return { key: 'banner.shopMore', amount: threshold - cartTotal };
}
