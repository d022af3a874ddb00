/**
 * Price rules of S0 §9, in integer minor units. Pure: the server prices order lines with them and
 * the client may show the same numbers.
 */
import type { Product } from './contract.ts';
import { MAX_LINE_QUANTITY } from './orderLimits.ts';
import { extraPageSteps, type PageRules, pageCounts } from './photobook/pages.ts';

type PricedProduct = Pick<Product, 'productprices' | 'subproducts' | 'campaignrequirement'>;
/** A product as advertised; a photo book's rules (Product.photobook) change what its tiers mean. */
type TieredProduct = Pick<Product, 'productprices' | 'campaignrequirement'> & {
  photobook?: { pages: PageRules } | undefined;
};
/** A photo book as priced: its unit prices and its page rules (Product.photobook). */
type BookProduct = Pick<Product, 'productprices' | 'campaignrequirement'> & {
  photobook: { pages: PageRules };
};
type Tier = Product['productprices'][number];
/** Says whether a named campaign requirement is met; the kinds are not specified yet (S0 §9). */
type RequirementCheck = (requirement: string) => boolean;

/**
 * Whether the product's campaign requirement is met. A null requirement always matches; a named
 * requirement matches only when the caller says so (no requirement kinds are specified yet).
 */
export function campaignMatches(
  product: Pick<Product, 'campaignrequirement'>,
  requirementMet: RequirementCheck = () => false,
): boolean {
  return product.campaignrequirement === null || requirementMet(product.campaignrequirement);
}

/** The tiers by ascending quantity. */
function tiers(product: Pick<Product, 'productprices'>): Tier[] {
  return [...product.productprices].sort((a, b) => a.quantity - b.quantity);
}

/** A campaign price of 0 means "no campaign price" for that tier, so it never replaces the price. */
function shownPrice(tier: Tier, campaign: boolean): number {
  return campaign && tier.campaignprice > 0 ? tier.campaignprice : tier.price;
}

/** Tier lookup on tiers already sorted, so unit pricing sorts once rather than once per unit. */
function sortedTierPrice(sorted: readonly Tier[], quantity: number, campaign: boolean): number {
  const first = sorted[0];
  if (!first) return 0;
  let tier = first;
  for (const t of sorted) if (t.quantity <= quantity) tier = t;
  return shownPrice(tier, campaign);
}

/** Unit pricing (S0 §9): unit n priced at the tier for quantity n, summed over `units`. */
function sortedUnitSum(sorted: readonly Tier[], units: number, campaign: boolean): number {
  let sum = 0;
  for (let unit = 1; unit <= units; unit++) sum += sortedTierPrice(sorted, unit, campaign);
  return sum;
}

/**
 * The unit price for `quantity`: the tier with the highest quantity not above it (the first tier
 * when the quantity is below them all); its campaign price when `campaign` and that price is above 0.
 */
export function tierPrice(product: PricedProduct, quantity: number, campaign: boolean): number {
  return sortedTierPrice(tiers(product), quantity, campaign);
}

/**
 * The line price. First price type 0: tier price × quantity plus each chosen subproduct's extra ×
 * quantity. Otherwise unit pricing: the sum of each unit's tier price (unit n priced at quantity n);
 * S0 §9 gives unit pricing no subproduct extras, so none are added there.
 */
export function linePrice(
  product: PricedProduct,
  quantity: number,
  subproductUuids: readonly string[] = [],
  requirementMet?: RequirementCheck,
): number {
  if (quantity <= 0) return 0;
  const campaign = campaignMatches(product, requirementMet);
  const firstType = product.productprices[0]?.type ?? 0;
  const sorted = tiers(product);
  if (firstType === 0) {
    const extras = product.subproducts
      .filter((s) => subproductUuids.includes(s.uuid))
      .reduce((sum, s) => sum + s.extraprice, 0);
    return sortedTierPrice(sorted, quantity, campaign) * quantity + extras * quantity;
  }
  return sortedUnitSum(sorted, quantity, campaign);
}

/**
 * One photo book of `pages` inner pages (issue 33), by S1 §9's unit pricing with page steps as the
 * units: unit 1 is the base price, which covers the product's minimum pages, and each step of pages
 * above it is one more unit (its tier's price, so a shop can make steps cheaper from some count on by
 * adding tiers). A count the product does not take throws (RangeError): nothing prices a book that
 * cannot be bound.
 */
export function photobookPrice(
  product: BookProduct,
  pages: number,
  requirementMet?: RequirementCheck,
): number {
  const units = 1 + extraPageSteps(product.photobook.pages, pages);
  return sortedUnitSum(tiers(product), units, campaignMatches(product, requirementMet));
}

/**
 * A photo book line: `copies` identical books at photobookPrice each. Copies get no volume tiers, as
 * the tiers already price the pages; 0 or fewer copies cost nothing, as linePrice has it. A book line
 * is priced here, never by linePrice, which would read the copies as page steps.
 */
export function photobookLinePrice(
  product: BookProduct,
  pages: number,
  copies: number,
  requirementMet?: RequirementCheck,
): number {
  const price = photobookPrice(product, pages, requirementMet);
  return copies > 0 ? price * copies : 0;
}

/** The price of every page count the book takes, smallest first: the app's pages-and-price list. */
export function photobookPriceList(
  product: BookProduct,
  requirementMet?: RequirementCheck,
): { pages: number; price: number }[] {
  const sorted = tiers(product);
  const campaign = campaignMatches(product, requirementMet);
  const { pages } = product.photobook;
  return pageCounts(pages).map((count) => ({
    pages: count,
    price: sortedUnitSum(sorted, 1 + (count - pages.min) / pages.step, campaign),
  }));
}

/**
 * The tier a "from" price advertises. S0 §9 takes the largest-quantity tier (the cheapest per unit in
 * a volume discount); a photo book's tiers are page steps, so its "from" is the base price, a book of
 * the minimum pages.
 */
function advertisedTier(product: TieredProduct): Tier | undefined {
  const sorted = tiers(product);
  return product.photobook ? sorted[0] : sorted.at(-1);
}

/**
 * The unit price behind 'Prices from %s'. S0 §9 takes the largest-quantity tier (the cheapest per
 * unit in a volume discount), so the "from" price is one a shopper can actually reach; null when
 * the product has no prices, as there is nothing to advertise.
 */
export function lowestPrice(product: TieredProduct, requirementMet?: RequirementCheck): number | null {
  const top = advertisedTier(product);
  return top ? shownPrice(top, campaignMatches(product, requirementMet)) : null;
}

export type PriceTextKey =
  | 'prices.from'
  | 'prices.campaignFrom'
  | 'prices.fromQuantity'
  | 'prices.campaignFromQuantity';

/**
 * The price text as an i18n key and amount, so the app formats the currency and the wording. The
 * campaign wording is only honest when the advertised amount really is a campaign price.
 */
export function priceText(
  product: TieredProduct,
  requirementMet?: RequirementCheck,
): { key: PriceTextKey; amount: number; quantity: number } | null {
  const top = advertisedTier(product);
  if (!top) return null;
  const campaign = campaignMatches(product, requirementMet) && top.campaignprice > 0;
  // A price that needs a quantity says so (issue 34: 'Prices from £13.99' held only from 50 copies).
  const key: PriceTextKey =
    top.quantity > 1 && !product.photobook
      ? campaign
        ? 'prices.campaignFromQuantity'
        : 'prices.fromQuantity'
      : campaign
        ? 'prices.campaignFrom'
        : 'prices.from';
  return { key, amount: shownPrice(top, campaign), quantity: top.quantity };
}

/**
 * The quantity range of row `index` of the price table (tiers taken by ascending quantity): a tier
 * runs up to just before the next one starts, and the last tier is open-ended. An index outside the
 * tiers is a caller's bug, hence the RangeError rather than a made-up label.
 */
export function tierLabel(tiers: readonly Pick<Tier, 'quantity'>[], index: number): string {
  const sorted = [...tiers].sort((a, b) => a.quantity - b.quantity);
  const tier = sorted[index];
  if (!Number.isInteger(index) || !tier) throw new RangeError(`No price tier at index ${index}`);
  const next = sorted[index + 1];
  return next ? `${tier.quantity}-${next.quantity - 1}` : `${tier.quantity}+`;
}

export interface PriceTableRow {
  label: string;
  price: number;
  /** Null when no campaign price would be charged for this tier, so the table shows none. */
  campaignPrice: number | null;
}

/** The price-table dialog's rows, in the same order and with the same campaign rule as the line price. */
export function priceTable(product: TieredProduct, requirementMet?: RequirementCheck): PriceTableRow[] {
  const sorted = tiers(product);
  const campaign = campaignMatches(product, requirementMet);
  return sorted.map((tier, index) => ({
    label: tierLabel(sorted, index),
    price: tier.price,
    campaignPrice: campaign && tier.campaignprice > 0 ? tier.campaignprice : null,
  }));
}

/**
 * The checkout's minimum-price check (S0 §8 'Minimum price warning'): the order is charged at least
 * the portal's minimum. A minimum of 0 or less means the portal has none; reaching it exactly is
 * not below it, so no warning is due.
 */
export function minimumOrderAdjustment(
  total: number,
  minimumPrice: number,
): { belowMinimum: boolean; adjustedTotal: number } {
  const belowMinimum = minimumPrice > 0 && total < minimumPrice;
  return { belowMinimum, adjustedTotal: belowMinimum ? minimumPrice : total };
}

/**
 * The minimum quantity for a bulk quantity edit (S0 §5): the edit applies to every selected line,
 * so it must satisfy the strictest format; at least 1 since a line cannot hold fewer pictures.
 */
export function bulkMinimumQuantity(products: readonly Pick<Product, 'minQuantity'>[]): number {
  return products.reduce((highest, p) => Math.max(highest, p.minQuantity), 1);
}

/**
 * What a quantity editor keeps on minus and on blur (S0 §5): anything that is not a whole number
 * of pictures (empty, text, '3.7', NaN, infinity) falls back to the minimum rather than guessing;
 * a typed fraction is floored; below the minimum becomes the minimum. Capped at the line cap
 * (shop/orderLimits.ts; S0 sets none); the minimum wins should it ever exceed the cap.
 */
export function clampQuantity(value: number | string, minimum: number): number {
  let n: number;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!/^[+-]?\d+$/.test(text)) return minimum;
    n = Number(text);
  } else {
    if (!Number.isFinite(value)) return minimum;
    n = Math.floor(value);
  }
  return Math.max(minimum, Math.min(n, MAX_LINE_QUANTITY));
}

/**
 * Template products' plus (S1 §4, the buy screen and the cart's photo gift lines): from 0, or from
 * anything below the product's minimum order quantity, straight to the minimum; otherwise one more,
 * up to MAX_LINE_QUANTITY. A minimum below 1 counts as 1.
 */
export function plusQuantity(quantity: number, minimum: number): number {
  const min = Math.max(1, minimum);
  if (quantity < min) return min;
  return Math.min(quantity + 1, MAX_LINE_QUANTITY);
}

/** Template products' minus (S1 §4): one less; going below the minimum resets to 0. */
export function minusQuantity(quantity: number, minimum: number): number {
  const next = quantity - 1;
  return next < Math.max(1, minimum) ? 0 : next;
}

/**
 * A typed template product quantity on blur (S1 §5): anything that is not a whole number becomes 0,
 * and so does a value below the minimum; capped at MAX_LINE_QUANTITY.
 */
export function typedQuantity(text: string, minimum: number): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return 0;
  const value = Number(trimmed);
  if (value < Math.max(1, minimum)) return 0;
  return Math.min(value, MAX_LINE_QUANTITY);
}

/** The cart's total: line prices are integer minor units, so a plain sum has no rounding to do. */
export function cartTotal(linePrices: readonly number[]): number {
  return linePrices.reduce((sum, price) => sum + price, 0);
}
