/**
 * The checkout's sums (S0 §3 order info), pure and in integer minor units:
 *
 * - products: the sum of the cart's line prices (the server's own);
 * - rebate: a percentage of the products (rounded to the nearest minor unit) or a fixed amount, never
 *   more than the products; delivery is never discounted;
 * - minimum: when the products after the rebate are below the portal's minimum price, the difference
 *   (shop/pricing.ts `minimumOrderAdjustment`), so the goods are never charged below the minimum;
 * - delivery: the chosen option's price, free when the products reach the free-shipping threshold
 *   (the same rule as the banner, shop/shipping.ts);
 * - total = products − rebate + minimum + delivery.
 */
import { minimumOrderAdjustment, ORDER_INFO_TYPES, type OrderInfo } from '../../../shop/index.ts';

export interface Rebate {
  code: string;
  text: string;
  percentOff: number | null;
  amountOff: number | null;
}

export interface TotalsInput {
  products: number;
  /** The chosen delivery option's price, or null when none is chosen yet. */
  deliveryPrice: number | null;
  rebate: Rebate | null;
  minimumPrice: number;
  freeShippingThreshold: number | null;
}

export interface Totals {
  products: number;
  rebate: number;
  minimum: number;
  delivery: number;
  total: number;
}

export function rebateAmount(products: number, rebate: Rebate | null): number {
  if (!rebate || products <= 0) return 0;
  const off =
    rebate.percentOff !== null ? Math.round((products * rebate.percentOff) / 100) : (rebate.amountOff ?? 0);
  return Math.max(0, Math.min(products, off));
}

/** Delivery is free once the products reach the threshold (S0 §9 'Free delivery!'). */
export function deliveryCharge(price: number, products: number, threshold: number | null): number {
  return threshold !== null && threshold > 0 && products >= threshold ? 0 : price;
}

export function computeTotals(input: TotalsInput): Totals {
  const products = input.products;
  const rebate = rebateAmount(products, input.rebate);
  const goods = products - rebate;
  // An empty cart has nothing to adjust: the minimum applies to an order, not to nothing.
  const minimum = products > 0 ? minimumOrderAdjustment(goods, input.minimumPrice).adjustedTotal - goods : 0;
  const delivery =
    input.deliveryPrice === null
      ? 0
      : deliveryCharge(input.deliveryPrice, products, input.freeShippingThreshold);
  return { products, rebate, minimum, delivery, total: goods + minimum + delivery };
}

export interface OrderInfoLabels {
  products: string;
  minimum: string;
  delivery: string;
  rebate: string;
  total: string;
}

/**
 * The order info answer: a type 0 line per cart line (S0 §3: not shown), then products (1), the
 * minimum-price adjustment (5) when there is one, delivery (2) when an option is chosen, the rebate
 * (3, negative) when one applies, and the total (4).
 */
export function orderInfoOf(
  lines: readonly { description: string; linePrice: number }[],
  totals: Totals,
  labels: OrderInfoLabels,
  { deliveryChosen, rebateText }: { deliveryChosen: boolean; rebateText: string | null },
): OrderInfo {
  const t = ORDER_INFO_TYPES;
  const out: OrderInfo['orderLines'] = lines.map((l) => ({
    type: 0,
    description: l.description,
    linePrice: l.linePrice,
  }));
  out.push({ type: t.products, description: labels.products, linePrice: totals.products });
  if (totals.minimum > 0)
    out.push({ type: t.minimum, description: labels.minimum, linePrice: totals.minimum });
  if (deliveryChosen)
    out.push({ type: t.delivery, description: labels.delivery, linePrice: totals.delivery });
  if (totals.rebate > 0) {
    out.push({ type: t.rebate, description: rebateText ?? labels.rebate, linePrice: -totals.rebate });
  }
  out.push({ type: t.total, description: labels.total, linePrice: totals.total });
  return { orderLines: out };
}
