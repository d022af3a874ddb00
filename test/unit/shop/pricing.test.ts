import { describe, expect, it } from 'vitest';
import { campaignMatches, linePrice, tierPrice } from '../../../shop/pricing.ts';

const product = (
  prices: [quantity: number, price: number, campaignprice?: number, type?: number][],
  campaignrequirement: string | null = 'member',
  subproducts = [{ uuid: 'gloss', name: 'Gloss', extraprice: 50 }],
) => ({
  productprices: prices.map(([quantity, price, campaignprice = 0, type = 0]) => ({
    quantity,
    price,
    campaignprice,
    type,
  })),
  subproducts,
  campaignrequirement,
});

const tiered = product([
  [5, 400],
  [10, 300, 250],
  [50, 200],
]);

describe('tierPrice', () => {
  it('uses the first tier when the quantity is below every tier', () => {
    expect(tierPrice(tiered, 1, false)).toBe(400);
  });
  it('uses the tier exactly on its boundary', () => {
    expect(tierPrice(tiered, 10, false)).toBe(300);
    expect(tierPrice(tiered, 50, false)).toBe(200);
  });
  it('uses the highest tier not above the quantity between tiers', () => {
    expect(tierPrice(tiered, 9, false)).toBe(400);
    expect(tierPrice(tiered, 49, false)).toBe(300);
    expect(tierPrice(tiered, 500, false)).toBe(200);
  });
  it('uses the campaign price only when the campaign is on and the price is above 0', () => {
    expect(tierPrice(tiered, 10, true)).toBe(250);
    expect(tierPrice(tiered, 10, false)).toBe(300);
    expect(tierPrice(tiered, 50, true)).toBe(200);
  });
  it('is 0 without tiers', () => {
    expect(tierPrice(product([]), 3, true)).toBe(0);
  });
});

describe('linePrice', () => {
  it('is tier price × quantity when the first price type is 0', () => {
    expect(linePrice(tiered, 12)).toBe(300 * 12);
  });
  it('applies the campaign when the requirement is null or met', () => {
    const open = product([[1, 300, 250]], null);
    expect(campaignMatches(open)).toBe(true);
    expect(linePrice(open, 2)).toBe(500);
    const gated = product([[1, 300, 250]], 'member');
    expect(linePrice(gated, 2)).toBe(600);
    expect(linePrice(gated, 2, [], (r) => r === 'member')).toBe(500);
  });
  it('adds each chosen subproduct extra × quantity', () => {
    expect(linePrice(tiered, 10, ['gloss'])).toBe(300 * 10 + 50 * 10);
    expect(linePrice(tiered, 10, ['unknown'])).toBe(3000);
  });
  it('sums each unit tier price when the first price type is not 0', () => {
    const unit = product([
      [1, 1000, 0, 1],
      [3, 600, 0, 1],
    ]);
    expect(linePrice(unit, 4)).toBe(1000 + 1000 + 600 + 600);
  });
  it('is 0 for no units', () => {
    expect(linePrice(tiered, 0)).toBe(0);
  });
});
