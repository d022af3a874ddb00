import { describe, expect, it } from 'vitest';
import { type DeliveryType, EXPRESS_SUFFIX, type PickupLocation } from '../../../shop/checkout.ts';
import {
  choiceOnArrival,
  chooseType,
  deliveryTimeKey,
  expressTwin,
  groupStores,
  listedStores,
  NO_CHOICE,
  orderDeliveryTypes,
  pickupPromise,
  standardOf,
} from '../../../shop/deliveryChoice.ts';

/** A store uuid: the first 24 characters name the store, the last 12 tell standard from express. */
const uuid = (n: number, express = false) =>
  `0000000${n % 10}-0000-4000-8000-${express ? EXPRESS_SUFFIX : `00000000000${n % 10}`}`;

function store(
  n: number,
  region: string,
  city: string,
  description: string,
  express = false,
): PickupLocation {
  return {
    uuid: uuid(n, express),
    description,
    pickupregion: region,
    pickupcity: city,
    pickupaddress1: `${n} High Street`,
    pickupaddress2: '',
    pickuppostalcode: `AB${n} 1CD`,
    price: express ? 300 : 0,
    deliverytime: express ? 2 : 3,
    deliverytimeunit: express ? 'h' : 'd',
  };
}

const pickup = (locations: PickupLocation[]): DeliveryType => ({
  type: 'store-pickup',
  name: 'Store pickup',
  price: 0,
  deliveryOptions: [],
  pickupLocations: locations,
});
const postage = (n: number): DeliveryType => ({
  type: 'postage',
  name: 'Post',
  price: 199,
  deliveryOptions: Array.from({ length: n }, (_, i) => ({
    uuid: `p-${i + 1}`,
    name: `Post ${i + 1}`,
    price: 199,
    deliverytime: 3,
  })),
  pickupLocations: [],
});

const north = store(1, 'North', 'York', 'York Centre');
const northExpress = store(1, 'North', 'York', 'York Centre (express)', true);
const south = store(2, 'South', 'Brighton', 'Brighton Pier');
const regionless = store(3, '', 'Oban', 'Oban Harbour');

describe('orderDeliveryTypes (S0 §2: store pickup first)', () => {
  it('puts store pickup before postage and keeps the rest in order', () => {
    const types = [postage(1), pickup([north])];
    expect(orderDeliveryTypes(types).map((t) => t.type)).toEqual(['store-pickup', 'postage']);
    expect(orderDeliveryTypes([pickup([north]), postage(1)]).map((t) => t.type)).toEqual([
      'store-pickup',
      'postage',
    ]);
    expect(orderDeliveryTypes([])).toEqual([]);
  });
});

describe('listedStores (S0 §5)', () => {
  it('hides express entries always and regionless stores only in the regional variant', () => {
    const all = [north, northExpress, south, regionless];
    expect(listedStores(all, false)).toEqual([north, south, regionless]);
    expect(listedStores(all, true)).toEqual([north, south]);
  });
  it('treats a region of spaces as no region', () => {
    expect(listedStores([{ ...south, pickupregion: '  ' }], true)).toEqual([]);
  });
});

describe('chooseType (S0 §4: selecting a type clears the option, then auto-selects)', () => {
  it('selects the sole postage option', () => {
    expect(chooseType(postage(1), false)).toEqual({ deliveryType: 'postage', deliveryOption: 'p-1' });
  });
  it('selects nothing when there are several postage options', () => {
    expect(chooseType(postage(2), false)).toEqual({ deliveryType: 'postage', deliveryOption: null });
  });
  it('selects the sole non-express location, not its express twin', () => {
    expect(chooseType(pickup([northExpress, north]), false)).toEqual({
      deliveryType: 'store-pickup',
      deliveryOption: north.uuid,
    });
  });
  it('selects nothing when there are several stores, or only an express entry', () => {
    expect(chooseType(pickup([north, south]), false).deliveryOption).toBeNull();
    expect(chooseType(pickup([northExpress]), false).deliveryOption).toBeNull();
  });
  it('counts only the stores the regional variant lists', () => {
    expect(chooseType(pickup([north, regionless]), true).deliveryOption).toBe(north.uuid);
    expect(chooseType(pickup([north, regionless]), false).deliveryOption).toBeNull();
  });
});

describe('choiceOnArrival (S0 §4: on entering delivery options)', () => {
  const both = [pickup([north, northExpress, south]), postage(1)];
  it('selects the only type, ignoring an earlier choice of a type no longer offered', () => {
    expect(choiceOnArrival([postage(1)], NO_CHOICE, false)).toEqual({
      deliveryType: 'postage',
      deliveryOption: 'p-1',
    });
    expect(
      choiceOnArrival([postage(1)], { deliveryType: 'store-pickup', deliveryOption: north.uuid }, false),
    ).toEqual({ deliveryType: 'postage', deliveryOption: 'p-1' });
  });
  it('keeps an earlier option of the only type', () => {
    expect(
      choiceOnArrival(
        [pickup([north, south])],
        { deliveryType: 'store-pickup', deliveryOption: south.uuid },
        false,
      ),
    ).toEqual({ deliveryType: 'store-pickup', deliveryOption: south.uuid });
  });
  it('restores the earlier choice, express option included', () => {
    expect(choiceOnArrival(both, { deliveryType: 'postage', deliveryOption: 'p-1' }, false)).toEqual({
      deliveryType: 'postage',
      deliveryOption: 'p-1',
    });
    expect(
      choiceOnArrival(both, { deliveryType: 'store-pickup', deliveryOption: northExpress.uuid }, false),
    ).toEqual({ deliveryType: 'store-pickup', deliveryOption: northExpress.uuid });
  });
  it('restores the type but re-selects when the earlier option is gone', () => {
    expect(
      choiceOnArrival(
        [pickup([south]), postage(2)],
        { deliveryType: 'store-pickup', deliveryOption: north.uuid },
        false,
      ),
    ).toEqual({ deliveryType: 'store-pickup', deliveryOption: south.uuid });
    expect(choiceOnArrival(both, { deliveryType: 'postage', deliveryOption: 'gone' }, false)).toEqual({
      deliveryType: 'postage',
      deliveryOption: 'p-1',
    });
  });
  it('preselects store pickup without an earlier choice', () => {
    expect(choiceOnArrival(both, NO_CHOICE, false)).toEqual({
      deliveryType: 'store-pickup',
      deliveryOption: null,
    });
  });
  it('chooses nothing with several types, no earlier choice and no store pickup', () => {
    expect(choiceOnArrival([postage(1), { ...postage(2), name: 'Courier' }], NO_CHOICE, false)).toEqual(
      NO_CHOICE,
    );
    expect(choiceOnArrival([], NO_CHOICE, false)).toEqual(NO_CHOICE);
  });
});

describe('groupStores (S0 §2: by region sorted, then city and description)', () => {
  it('sorts regions, then cities, then descriptions, regionless last', () => {
    const stores = [
      store(4, 'South', 'Brighton', 'Brighton Station'),
      regionless,
      south,
      store(5, 'North', 'Leeds', 'Leeds Market'),
      north,
      store(6, 'North', 'leeds', 'Leeds Arcade'),
    ];
    const groups = groupStores(stores, 'en');
    expect(groups.map((g) => g.region)).toEqual(['North', 'South', '']);
    expect(groups[0]!.stores.map((s) => s.description)).toEqual([
      'Leeds Arcade',
      'Leeds Market',
      'York Centre',
    ]);
    expect(groups[1]!.stores.map((s) => s.description)).toEqual(['Brighton Pier', 'Brighton Station']);
    expect(groups[2]!.stores).toEqual([regionless]);
  });
  it('sorts Norwegian regions in Norwegian order', () => {
    const names = ['Østlandet', 'Agder', 'Vestlandet', 'Trøndelag'];
    const groups = groupStores(
      names.map((r, i) => store(i, r, 'By', 'Butikk')),
      'nb',
    );
    expect(groups.map((g) => g.region)).toEqual(['Agder', 'Trøndelag', 'Vestlandet', 'Østlandet']);
  });
  it('is empty without stores', () => {
    expect(groupStores([])).toEqual([]);
  });
});

describe('standardOf and expressTwin', () => {
  const all = [north, northExpress, south];
  it('finds the express twin of a store by its first 24 characters', () => {
    expect(expressTwin(all, north.uuid)).toBe(northExpress);
    expect(expressTwin(all, northExpress.uuid)).toBe(northExpress);
    expect(expressTwin(all, south.uuid)).toBeUndefined();
    expect(expressTwin(all, null)).toBeUndefined();
  });
  it('finds the listed store of an express choice', () => {
    expect(standardOf(all, northExpress.uuid)).toBe(north);
    expect(standardOf(all, south.uuid)).toBe(south);
    expect(standardOf(all, 'unknown')).toBeUndefined();
    expect(standardOf([northExpress], northExpress.uuid)).toBe(northExpress);
  });
});

describe('deliveryTimeKey (S0 §9)', () => {
  it('words d as business days and h as hours', () => {
    expect(deliveryTimeKey('d')).toBe('businessDays');
    expect(deliveryTimeKey('h')).toBe('hours');
  });
});

describe('pickupPromise (issue 34: from the stores own data)', () => {
  const dated = (location: PickupLocation, readydate: string): PickupLocation => ({ ...location, readydate });
  // Days of next year, from the clock: only their order matters here.
  const next = new Date().getFullYear() + 1;
  const feb = (day: number) => `${next}-02-0${day}`;
  const fastExpress = { ...store(4, 'East', 'Hull', 'Hull Docks (express)', true), deliverytime: 1 };
  const hull = store(4, 'East', 'Hull', 'Hull Docks');

  it('promises the fastest express of the stores the shopper can pick', () => {
    expect(pickupPromise([north, northExpress, south, hull, fastExpress], false, null)).toEqual({
      kind: 'hours',
      hours: 1,
    });
  });

  it('promises the chosen store’s own express, or its own day when it has none', () => {
    const all = [north, northExpress, dated(south, feb(5)), hull, fastExpress];
    expect(pickupPromise(all, false, north.uuid)).toEqual({ kind: 'hours', hours: 2 });
    expect(pickupPromise(all, false, northExpress.uuid)).toEqual({ kind: 'hours', hours: 2 });
    expect(pickupPromise(all, false, south.uuid)).toEqual({ kind: 'day', date: feb(5) });
  });

  it('without express, promises the earliest day; the regional variant counts only stores it lists', () => {
    const all = [dated(south, feb(6)), dated(regionless, feb(5))];
    expect(pickupPromise(all, false, null)).toEqual({ kind: 'day', date: feb(5) });
    expect(pickupPromise(all, true, null)).toEqual({ kind: 'day', date: feb(6) });
  });

  it('promises nothing the stores do not say', () => {
    expect(pickupPromise([south], false, null)).toBeNull();
    expect(pickupPromise([], false, null)).toBeNull();
  });
});
