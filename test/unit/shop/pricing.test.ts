import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '../../../shop/orderLimits.ts';
import { pageCounts } from '../../../shop/photobook/pages.ts';
import {
  bulkMinimumQuantity,
  campaignMatches,
  cartTotal,
  clampQuantity,
  linePrice,
  lowestPrice,
  minimumOrderAdjustment,
  photobookLinePrice,
  photobookPrice,
  photobookPriceList,
  priceTable,
  priceText,
  tierLabel,
  tierPrice,
} from '../../../shop/pricing.ts';

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

const member = (requirement: string) => requirement === 'member';
const nobody = () => false;

describe('campaignMatches', () => {
  it('always matches a null requirement, whatever the caller says', () => {
    expect(campaignMatches({ campaignrequirement: null })).toBe(true);
    expect(campaignMatches({ campaignrequirement: null }, nobody)).toBe(true);
  });
  it('matches a named requirement only when the caller says it is met', () => {
    expect(campaignMatches({ campaignrequirement: 'member' })).toBe(false);
    expect(campaignMatches({ campaignrequirement: 'member' }, member)).toBe(true);
    expect(campaignMatches({ campaignrequirement: 'student' }, member)).toBe(false);
  });
});

describe('linePrice tiers (first price type 0)', () => {
  it('prices a quantity below every tier at the first tier', () => {
    expect(linePrice(tiered, 3)).toBe(400 * 3);
  });
  it('prices a quantity exactly on a tier boundary at that tier', () => {
    expect(linePrice(tiered, 5)).toBe(400 * 5);
    expect(linePrice(tiered, 10)).toBe(300 * 10);
    expect(linePrice(tiered, 50)).toBe(200 * 50);
  });
  it('prices a quantity between tiers at the lower tier', () => {
    expect(linePrice(tiered, 9)).toBe(400 * 9);
    expect(linePrice(tiered, 49)).toBe(300 * 49);
  });
  it('prices a quantity above the top tier at the top tier', () => {
    expect(linePrice(tiered, 1000)).toBe(200 * 1000);
  });
  it('does not depend on the order the tiers are listed in', () => {
    const shuffled = product([
      [50, 200],
      [5, 400],
      [10, 300, 250],
    ]);
    for (const quantity of [1, 5, 9, 10, 49, 50, 51]) {
      expect(linePrice(shuffled, quantity)).toBe(linePrice(tiered, quantity));
    }
  });
  it('is 0 for a negative quantity', () => {
    expect(linePrice(tiered, -1)).toBe(0);
    expect(linePrice(tiered, -1, ['gloss'])).toBe(0);
  });
  it('is 0 for a product with no prices', () => {
    expect(linePrice(product([]), 1)).toBe(0);
    expect(linePrice(product([]), 7)).toBe(0);
  });
});

describe('linePrice campaign', () => {
  it('uses the campaign price for a null requirement', () => {
    const open = product([[1, 300, 250]], null);
    expect(linePrice(open, 4)).toBe(250 * 4);
    expect(linePrice(open, 4, [], nobody)).toBe(250 * 4);
  });
  it('uses the campaign price for a named requirement only when it is met', () => {
    expect(linePrice(tiered, 10)).toBe(300 * 10);
    expect(linePrice(tiered, 10, [], nobody)).toBe(300 * 10);
    expect(linePrice(tiered, 10, [], member)).toBe(250 * 10);
    expect(linePrice(product([[10, 300, 250]], 'student'), 10, [], member)).toBe(300 * 10);
  });
  it('never uses a campaign price of 0', () => {
    // The campaign is on, but the tiers at 5 and 50 have no campaign price.
    expect(linePrice(tiered, 5, [], member)).toBe(400 * 5);
    expect(linePrice(tiered, 50, [], member)).toBe(200 * 50);
    expect(linePrice(product([[1, 300, 0]], null), 2)).toBe(600);
  });
  it('adds subproduct extras at their own price on a campaign line', () => {
    expect(linePrice(tiered, 10, ['gloss'], member)).toBe(250 * 10 + 50 * 10);
  });
});

describe('linePrice subproducts', () => {
  const framed = product(
    [
      [1, 1000],
      [10, 800],
    ],
    null,
    [
      { uuid: 'gloss', name: 'Gloss', extraprice: 50 },
      { uuid: 'frame', name: 'Frame', extraprice: 120 },
    ],
  );
  it('adds nothing when none is chosen', () => {
    expect(linePrice(framed, 3)).toBe(1000 * 3);
    expect(linePrice(framed, 3, [])).toBe(1000 * 3);
  });
  it('adds one chosen extra per item', () => {
    expect(linePrice(framed, 3, ['frame'])).toBe(1000 * 3 + 120 * 3);
    expect(linePrice(framed, 12, ['gloss'])).toBe(800 * 12 + 50 * 12);
  });
  it('adds two chosen extras per item', () => {
    expect(linePrice(framed, 3, ['gloss', 'frame'])).toBe(1000 * 3 + (50 + 120) * 3);
  });
  it('ignores unknown uuids', () => {
    expect(linePrice(framed, 3, ['nope'])).toBe(1000 * 3);
    expect(linePrice(framed, 3, ['nope', 'frame'])).toBe(1000 * 3 + 120 * 3);
  });
  it('counts a subproduct chosen twice once', () => {
    expect(linePrice(framed, 2, ['gloss', 'gloss'])).toBe(1000 * 2 + 50 * 2);
  });
});

describe('linePrice unit pricing (first price type not 0)', () => {
  const unit = product(
    [
      [1, 1000, 900, 1],
      [3, 600, 0, 1],
    ],
    'member',
  );
  it('prices each unit at the tier of its own position', () => {
    expect(linePrice(unit, 1)).toBe(1000);
    expect(linePrice(unit, 2)).toBe(1000 + 1000);
    expect(linePrice(unit, 3)).toBe(1000 + 1000 + 600);
    expect(linePrice(unit, 4)).toBe(1000 + 1000 + 600 + 600);
  });
  it('prices units below every tier at the first tier', () => {
    const late = product([
      [2, 500, 0, 1],
      [4, 300, 0, 1],
    ]);
    expect(linePrice(late, 1)).toBe(500);
    expect(linePrice(late, 5)).toBe(500 + 500 + 500 + 300 + 300);
  });
  it('uses campaign prices per unit where the campaign applies and the price is above 0', () => {
    expect(linePrice(unit, 4, [], member)).toBe(900 + 900 + 600 + 600);
  });
  it('adds no subproduct extras, as S0 §9 gives unit pricing none', () => {
    expect(linePrice(unit, 4, ['gloss'])).toBe(1000 + 1000 + 600 + 600);
  });
  it('is 0 for no units', () => {
    expect(linePrice(unit, 0)).toBe(0);
  });
});

/** Products with integer money, as the contract allows, for the properties below. */
const arbProduct = fc.record({
  productprices: fc.array(
    fc.record({
      quantity: fc.integer({ min: 1, max: 120 }),
      price: fc.integer({ min: 0, max: 100_000 }),
      campaignprice: fc.integer({ min: 0, max: 100_000 }),
      type: fc.constantFrom(0, 1),
    }),
    { maxLength: 6 },
  ),
  subproducts: fc.uniqueArray(
    fc.record({
      uuid: fc.constantFrom('a', 'b', 'c', 'd'),
      name: fc.constant('extra'),
      extraprice: fc.integer({ min: -1000, max: 1000 }),
    }),
    { selector: (s) => s.uuid, maxLength: 4 },
  ),
  campaignrequirement: fc.constantFrom(null, 'member'),
});
const arbChosen = fc.array(fc.constantFrom<string>('a', 'b', 'c', 'x'), { maxLength: 4 });

describe('linePrice properties', () => {
  it('gives an integer for integer inputs', () => {
    fc.assert(
      fc.property(
        arbProduct,
        fc.integer({ min: -5, max: 300 }),
        arbChosen,
        fc.boolean(),
        (p, quantity, chosen, met) => {
          expect(Number.isInteger(linePrice(p, quantity, chosen, () => met))).toBe(true);
        },
      ),
    );
  });
  it('follows the S0 §9 rule for either price type', () => {
    fc.assert(
      fc.property(
        arbProduct,
        fc.integer({ min: 1, max: 300 }),
        arbChosen,
        fc.boolean(),
        (p, quantity, chosen, met) => {
          const campaign = campaignMatches(p, () => met);
          const actual = linePrice(p, quantity, chosen, () => met);
          if ((p.productprices[0]?.type ?? 0) === 0) {
            const extras = p.subproducts
              .filter((s) => chosen.includes(s.uuid))
              .reduce((sum, s) => sum + s.extraprice, 0);
            expect(actual).toBe(tierPrice(p, quantity, campaign) * quantity + extras * quantity);
          } else {
            let sum = 0;
            for (let unit = 1; unit <= quantity; unit++) sum += tierPrice(p, unit, campaign);
            expect(actual).toBe(sum);
          }
        },
      ),
    );
  });
});

describe('lowestPrice', () => {
  it('is null for a product with no prices', () => {
    expect(lowestPrice(product([]))).toBeNull();
    expect(lowestPrice(product([], null))).toBeNull();
  });
  it('is the only tier price with one tier', () => {
    expect(lowestPrice(product([[1, 700]]))).toBe(700);
    expect(lowestPrice(product([[20, 700]]))).toBe(700);
  });
  it('is the price of the largest-quantity tier with several tiers, however listed', () => {
    expect(lowestPrice(tiered)).toBe(200);
    // The largest-quantity tier (10) wins even though the tier at 5 is cheaper.
    const odd = product([
      [10, 300],
      [1, 500],
      [5, 200],
    ]);
    expect(lowestPrice(odd)).toBe(300);
  });
  it('is the campaign price of that tier when the campaign applies and it is above 0', () => {
    expect(lowestPrice(product([[1, 700, 650]], null))).toBe(650);
    const top = product([
      [1, 500, 450],
      [10, 300, 250],
    ]);
    expect(lowestPrice(top)).toBe(300);
    expect(lowestPrice(top, nobody)).toBe(300);
    expect(lowestPrice(top, member)).toBe(250);
  });
  it('ignores campaign prices of other tiers and a campaign price of 0', () => {
    // The campaign is on; the top tier (50) has campaign price 0, the tier at 10 has one.
    expect(lowestPrice(tiered, member)).toBe(200);
    expect(lowestPrice(product([[1, 700, 0]], null))).toBe(700);
  });
  it('agrees with the tier price at the largest quantity', () => {
    fc.assert(
      fc.property(arbProduct, fc.boolean(), (p, met) => {
        const top = Math.max(...p.productprices.map((t) => t.quantity));
        const expected = p.productprices.length
          ? tierPrice(
              p,
              top,
              campaignMatches(p, () => met),
            )
          : null;
        expect(lowestPrice(p, () => met)).toBe(expected);
      }),
    );
  });
});

describe('priceText', () => {
  it('is null for a product with no prices', () => {
    expect(priceText(product([]))).toBeNull();
  });
  it("says 'Prices from' with one tier and no campaign", () => {
    expect(priceText(product([[1, 700]]))).toEqual({ key: 'prices.from', amount: 700, quantity: 1 });
  });
  it("says 'Campaign prices from' with one tier on an open campaign", () => {
    expect(priceText(product([[1, 700, 650]], null))).toEqual({
      key: 'prices.campaignFrom',
      amount: 650,
      quantity: 1,
    });
  });
  it('says the quantity the lowest price needs, campaign or not (issue 34)', () => {
    const top = product([
      [1, 500, 450],
      [10, 300, 250],
    ]);
    expect(priceText(top)).toEqual({ key: 'prices.fromQuantity', amount: 300, quantity: 10 });
    expect(priceText(top, nobody)).toEqual({ key: 'prices.fromQuantity', amount: 300, quantity: 10 });
    expect(priceText(top, member)).toEqual({ key: 'prices.campaignFromQuantity', amount: 250, quantity: 10 });
  });
  it("says 'Prices from' when the shown tier has no campaign price, even with the campaign on", () => {
    expect(priceText(tiered, member)).toEqual({ key: 'prices.fromQuantity', amount: 200, quantity: 50 });
    expect(priceText(product([[1, 700, 0]], null))).toEqual({ key: 'prices.from', amount: 700, quantity: 1 });
  });
  it('shows the same amount as lowestPrice', () => {
    fc.assert(
      fc.property(arbProduct, fc.boolean(), (p, met) => {
        expect(priceText(p, () => met)?.amount ?? null).toBe(lowestPrice(p, () => met));
      }),
    );
  });
});

describe('tierLabel', () => {
  const rows = [{ quantity: 1 }, { quantity: 50 }, { quantity: 100 }];
  it('labels the first row up to just before the next tier', () => {
    expect(tierLabel(rows, 0)).toBe('1-49');
  });
  it('labels a middle row up to just before the next tier', () => {
    expect(tierLabel(rows, 1)).toBe('50-99');
  });
  it('labels the last row as open-ended', () => {
    expect(tierLabel(rows, 2)).toBe('100+');
  });
  it('labels a single tier as open-ended', () => {
    expect(tierLabel([{ quantity: 1 }], 0)).toBe('1+');
    expect(tierLabel([{ quantity: 25 }], 0)).toBe('25+');
  });
  it('labels a one-quantity tier from-to with equal ends', () => {
    expect(tierLabel([{ quantity: 1 }, { quantity: 2 }], 0)).toBe('1-1');
  });
  it('takes the tiers sorted by quantity', () => {
    const shuffled = [{ quantity: 100 }, { quantity: 1 }, { quantity: 50 }];
    expect([0, 1, 2].map((i) => tierLabel(shuffled, i))).toEqual(['1-49', '50-99', '100+']);
  });
  it('throws for an index with no tier', () => {
    expect(() => tierLabel(rows, 3)).toThrow(RangeError);
    expect(() => tierLabel(rows, -1)).toThrow(RangeError);
    expect(() => tierLabel(rows, 0.5)).toThrow(RangeError);
    expect(() => tierLabel([], 0)).toThrow(RangeError);
  });
});

describe('priceTable', () => {
  it('is empty for a product with no prices', () => {
    expect(priceTable(product([]))).toEqual([]);
  });
  it('lists the tiers by quantity without campaign prices when the campaign does not apply', () => {
    const shuffled = product([
      [50, 200],
      [5, 400],
      [10, 300, 250],
    ]);
    expect(priceTable(shuffled)).toEqual([
      { label: '5-9', price: 400, campaignPrice: null },
      { label: '10-49', price: 300, campaignPrice: null },
      { label: '50+', price: 200, campaignPrice: null },
    ]);
  });
  it('shows a campaign price only where the campaign applies and it is above 0', () => {
    expect(priceTable(tiered, member)).toEqual([
      { label: '5-9', price: 400, campaignPrice: null },
      { label: '10-49', price: 300, campaignPrice: 250 },
      { label: '50+', price: 200, campaignPrice: null },
    ]);
    expect(priceTable(product([[1, 700, 650]], null))).toEqual([
      { label: '1+', price: 700, campaignPrice: 650 },
    ]);
  });
});

describe('minimumOrderAdjustment', () => {
  it('adjusts a total below the minimum up to it', () => {
    expect(minimumOrderAdjustment(9000, 10000)).toEqual({ belowMinimum: true, adjustedTotal: 10000 });
    expect(minimumOrderAdjustment(0, 10000)).toEqual({ belowMinimum: true, adjustedTotal: 10000 });
  });
  it('does not treat a total equal to the minimum as below it', () => {
    expect(minimumOrderAdjustment(10000, 10000)).toEqual({ belowMinimum: false, adjustedTotal: 10000 });
  });
  it('keeps a total above the minimum', () => {
    expect(minimumOrderAdjustment(12345, 10000)).toEqual({ belowMinimum: false, adjustedTotal: 12345 });
  });
  it('has no minimum when the minimum is 0 or less', () => {
    expect(minimumOrderAdjustment(500, 0)).toEqual({ belowMinimum: false, adjustedTotal: 500 });
    expect(minimumOrderAdjustment(0, 0)).toEqual({ belowMinimum: false, adjustedTotal: 0 });
    expect(minimumOrderAdjustment(500, -100)).toEqual({ belowMinimum: false, adjustedTotal: 500 });
  });
  it('never charges less than the total or, with a minimum, less than the minimum', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.integer({ min: -1000, max: 1_000_000 }), (total, minimum) => {
        const { belowMinimum, adjustedTotal } = minimumOrderAdjustment(total, minimum);
        expect(adjustedTotal).toBeGreaterThanOrEqual(total);
        if (minimum > 0) expect(adjustedTotal).toBeGreaterThanOrEqual(minimum);
        expect(belowMinimum).toBe(adjustedTotal !== total);
      }),
    );
  });
});

describe('bulkMinimumQuantity', () => {
  it('is 1 for no selected formats', () => {
    expect(bulkMinimumQuantity([])).toBe(1);
  });
  it('is the minimum of a single format', () => {
    expect(bulkMinimumQuantity([{ minQuantity: 1 }])).toBe(1);
    expect(bulkMinimumQuantity([{ minQuantity: 3 }])).toBe(3);
  });
  it('is the highest minimum among several formats', () => {
    expect(bulkMinimumQuantity([{ minQuantity: 5 }, { minQuantity: 20 }, { minQuantity: 10 }])).toBe(20);
  });
  it('is at least 1', () => {
    expect(bulkMinimumQuantity([{ minQuantity: 0 }])).toBe(1);
  });
});

describe('clampQuantity', () => {
  it('falls back to the minimum for non-numeric text', () => {
    expect(clampQuantity('', 1)).toBe(1);
    expect(clampQuantity('   ', 5)).toBe(5);
    expect(clampQuantity('abc', 5)).toBe(5);
    expect(clampQuantity('12abc', 5)).toBe(5);
  });
  it('falls back to the minimum for non-integer text', () => {
    expect(clampQuantity('3.7', 1)).toBe(1);
    expect(clampQuantity('3.7', 5)).toBe(5);
  });
  it('keeps whole-number text at or above the minimum', () => {
    expect(clampQuantity('7', 1)).toBe(7);
    expect(clampQuantity(' 7 ', 5)).toBe(7);
    expect(clampQuantity('5', 5)).toBe(5);
  });
  it('raises whole-number text below the minimum to it', () => {
    expect(clampQuantity('3', 5)).toBe(5);
    expect(clampQuantity('0', 1)).toBe(1);
    expect(clampQuantity('-1', 1)).toBe(1);
  });
  it('floors a fractional number, then clamps it', () => {
    expect(clampQuantity(2.5, 1)).toBe(2);
    expect(clampQuantity(7.9, 1)).toBe(7);
    expect(clampQuantity(2.5, 5)).toBe(5);
  });
  it('raises 0, negative numbers and numbers below the minimum to the minimum', () => {
    expect(clampQuantity(0, 1)).toBe(1);
    expect(clampQuantity(-1, 1)).toBe(1);
    expect(clampQuantity(4, 5)).toBe(5);
  });
  it('keeps an integer at or above the minimum', () => {
    expect(clampQuantity(5, 5)).toBe(5);
    expect(clampQuantity(12, 5)).toBe(12);
  });
  it('falls back to the minimum for NaN and infinities', () => {
    expect(clampQuantity(Number.NaN, 3)).toBe(3);
    expect(clampQuantity(Number.POSITIVE_INFINITY, 3)).toBe(3);
    expect(clampQuantity(Number.NEGATIVE_INFINITY, 3)).toBe(3);
  });
  it('caps at the line cap, 999', () => {
    expect(MAX_LINE_QUANTITY).toBe(999);
    expect(clampQuantity(1e9, 1)).toBe(999);
    expect(clampQuantity('1000000000', 1)).toBe(999);
    expect(clampQuantity(999, 1)).toBe(999);
    expect(clampQuantity(1000, 1)).toBe(999);
    expect(clampQuantity('1000', 1)).toBe(999);
  });
  it('lets the minimum win over the cap', () => {
    expect(clampQuantity(5, 10000)).toBe(10000);
  });
  it('always gives an integer between the minimum and the cap', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double(), fc.integer(), fc.string(), fc.integer().map(String)),
        fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
        (value, minimum) => {
          const q = clampQuantity(value, minimum);
          expect(Number.isInteger(q)).toBe(true);
          expect(q).toBeGreaterThanOrEqual(minimum);
          expect(q).toBeLessThanOrEqual(MAX_LINE_QUANTITY);
        },
      ),
    );
  });
});

describe('cartTotal', () => {
  it('is 0 for no lines', () => {
    expect(cartTotal([])).toBe(0);
  });
  it('sums the line prices', () => {
    expect(cartTotal([1200])).toBe(1200);
    expect(cartTotal([100, 250, 1])).toBe(351);
  });
  it('is an integer sum of integer line prices', () => {
    fc.assert(
      fc.property(
        arbProduct,
        fc.array(fc.integer({ min: 1, max: 300 }), { maxLength: 8 }),
        (p, quantities) => {
          const lines = quantities.map((q) => linePrice(p, q));
          const total = cartTotal(lines);
          expect(Number.isInteger(total)).toBe(true);
          expect(total).toBe(lines.reduce((a, b) => a + b, 0));
        },
      ),
    );
  });
});

describe('photo book prices (issue 33: a base price, then a price per extra page step)', () => {
  // Unit pricing with page steps as units: tier 1 is the book of 24 pages, tier 2 each further 2 pages.
  const book = {
    ...product(
      [
        [1, 1999, 1499, 1],
        [2, 59, 49, 1],
      ],
      'summer',
    ),
    photobook: { pages: { min: 24, max: 100, step: 2 } },
  };
  // A shop that makes steps cheaper from the 12th unit (46 pages) on.
  const cheaperLater = {
    ...product([
      [1, 1999, 0, 1],
      [2, 59, 0, 1],
      [12, 39, 0, 1],
    ]),
    photobook: book.photobook,
  };

  it.each([
    [24, 1999],
    [26, 1999 + 59],
    [28, 1999 + 2 * 59],
    [100, 1999 + 38 * 59],
  ])('%s pages cost %s', (pages, price) => {
    expect(photobookPrice(book, pages)).toBe(price);
  });

  it('prices steps from a later tier at that tier', () => {
    expect(photobookPrice(cheaperLater, 44)).toBe(1999 + 10 * 59);
    expect(photobookPrice(cheaperLater, 46)).toBe(1999 + 10 * 59 + 39);
    expect(photobookPrice(cheaperLater, 100)).toBe(1999 + 10 * 59 + 28 * 39);
  });

  it('takes the campaign prices when the campaign applies', () => {
    const summer = (r: string) => r === 'summer';
    expect(photobookPrice(book, 24, summer)).toBe(1499);
    expect(photobookPrice(book, 26, summer)).toBe(1499 + 49);
    expect(photobookPrice(book, 26)).toBe(1999 + 59);
  });

  it.each([22, 25, 102, 24.5, Number.NaN])(
    'refuses %s pages: no price for a book that cannot be bound',
    (pages) => {
      expect(() => photobookPrice(book, pages)).toThrow(RangeError);
      expect(() => photobookLinePrice(book, pages, 1)).toThrow(RangeError);
    },
  );

  it('a line is its copies times the book, with nothing for no copies', () => {
    expect(photobookLinePrice(book, 26, 3)).toBe(3 * (1999 + 59));
    expect(photobookLinePrice(book, 26, 1)).toBe(1999 + 59);
    expect(photobookLinePrice(book, 26, 0)).toBe(0);
  });

  it('lists the price of every page count, rising with the pages', () => {
    const list = photobookPriceList(book);
    expect(list.map((row) => row.pages)).toEqual(pageCounts(book.photobook.pages));
    for (const row of list) expect(row.price).toBe(photobookPrice(book, row.pages));
    expect(list[0]).toEqual({ pages: 24, price: 1999 });
    expect(list.at(-1)).toEqual({ pages: 100, price: 1999 + 38 * 59 });
  });

  it('adding a step always adds that step’s tier price, an integer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 37 }),
        (base, step, extra) => {
          const p = {
            ...product([
              [1, base, 0, 1],
              [2, step, 0, 1],
            ]),
            photobook: book.photobook,
          };
          const pages = 24 + 2 * extra;
          expect(photobookPrice(p, pages)).toBe(base + extra * step);
          expect(Number.isInteger(photobookPrice(p, pages))).toBe(true);
        },
      ),
    );
  });

  it('advertises the base price: "Prices from" a book of the minimum pages, not the cheapest step', () => {
    expect(lowestPrice(book)).toBe(1999);
    expect(lowestPrice(book, (r) => r === 'summer')).toBe(1499);
    expect(priceText(book)).toEqual({ key: 'prices.from', amount: 1999, quantity: 1 });
    expect(priceText(book, (r) => r === 'summer')).toEqual({
      key: 'prices.campaignFrom',
      amount: 1499,
      quantity: 1,
    });
    // The same tiers without the book's rules are a volume discount, advertised at the largest tier.
    const { photobook: _rules, ...tiersOnly } = book;
    expect(lowestPrice(tiersOnly)).toBe(59);
  });
});
