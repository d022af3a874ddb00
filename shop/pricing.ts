/**
 * Price rules of S0 §9, in integer minor units. Pure: the server prices order lines with them and
 * the client may show the same numbers.
 */
import type { Product } from './contract.ts';

type PricedProduct = Pick<Product, 'productprices' | 'subproducts' | 'campaignrequirement'>;

/**
 * Whether the product's campaign requirement is met. A null requirement always matches; a named
 * requirement matches only when the caller says so (no requirement kinds are specified yet).
 */
export function campaignMatches(
  product: Pick<Product, 'campaignrequirement'>,
  requirementMet: (requirement: string) => boolean = () => false,
): boolean {
  return product.campaignrequirement === null || requirementMet(product.campaignrequirement);
}

/** The tiers by ascending quantity. */
function tiers(product: PricedProduct) {
  return [...product.productprices].sort((a, b) => a.quantity - b.quantity);
}

/**
 * The unit price for `quantity`: the tier with the highest quantity not above it (the first tier
 * when the quantity is below them all); its campaign price when `campaign` and that price is above 0.
 */
export function tierPrice(product: PricedProduct, quantity: number, campaign: boolean): number {
  const sorted = tiers(product);
  const first = sorted[0];
  if (!first) return 0;
  let tier = first;
  for (const t of sorted) if (t.quantity <= quantity) tier = t;
  return campaign && tier.campaignprice > 0 ? tier.campaignprice : tier.price;
}

/**
 * The line price. First price type 0: tier price × quantity plus each chosen subproduct's extra ×
 * quantity. Otherwise unit pricing: the sum of each unit's tier price (unit n priced at quantity n).
 */
export function linePrice(
  product: PricedProduct,
  quantity: number,
  subproductUuids: readonly string[] = [],
  requirementMet?: (requirement: string) => boolean,
): number {
  if (quantity <= 0) return 0;
  const campaign = campaignMatches(product, requirementMet);
  const firstType = product.productprices[0]?.type ?? 0;
  if (firstType === 0) {
    const extras = product.subproducts
      .filter((s) => subproductUuids.includes(s.uuid))
      .reduce((sum, s) => sum + s.extraprice, 0);
    return tierPrice(product, quantity, campaign) * quantity + extras * quantity;
  }
  let sum = 0;
  for (let unit = 1; unit <= quantity; unit++) sum += tierPrice(product, unit, campaign);
  return sum;
}
