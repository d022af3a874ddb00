/**
 * The delivery page's choices as pure rules (S0 §4 'Checkout', §5 store list): which delivery type
 * is selected on arrival, what choosing a type selects, which stores the selector lists and how it
 * groups them, and the express twin of a store. The page keeps the state; these only decide.
 */
import type { DeliveryTimeUnit, DeliveryType, PickupLocation } from './checkout.ts';
import { isExpress, storeKey } from './deliveryOptions.ts';

export type DeliveryTypeName = DeliveryType['type'];

/** What the checkout remembers of the delivery choice (S0 §3 checkout state). */
export interface DeliveryChoice {
  deliveryType: DeliveryTypeName | null;
  /** A postage option's uuid, or a pickup location's (standard or express). */
  deliveryOption: string | null;
}

export const NO_CHOICE: DeliveryChoice = { deliveryType: null, deliveryOption: null };

/** S0 §2: store pickup is listed first; the others keep the server's order. */
export function orderDeliveryTypes(types: readonly DeliveryType[]): DeliveryType[] {
  const pickup = types.filter((t) => t.type === 'store-pickup');
  return [...pickup, ...types.filter((t) => t.type !== 'store-pickup')];
}

/**
 * S0 §5: the store list hides the express entries (offered as a choice for their store instead) and,
 * in the regional variant, stores without a region.
 */
export function listedStores<T extends PickupLocation>(locations: readonly T[], regional: boolean): T[] {
  return locations.filter((l) => !isExpress(l.uuid) && (!regional || l.pickupregion.trim() !== ''));
}

/** Every option a type offers, express entries included: what a remembered option is checked against. */
function optionUuids(type: DeliveryType): string[] {
  return type.type === 'postage'
    ? type.deliveryOptions.map((o) => o.uuid)
    : type.pickupLocations.map((l) => l.uuid);
}

/**
 * S0 §4 'Selecting a type clears the option, then auto-selects its sole postage option, or for
 * pickup the sole non-express location' — sole among the stores the shopper could pick from the list.
 */
export function chooseType(type: DeliveryType, regional: boolean): DeliveryChoice {
  if (type.type === 'postage') {
    const only = type.deliveryOptions.length === 1 ? type.deliveryOptions[0] : undefined;
    return { deliveryType: type.type, deliveryOption: only?.uuid ?? null };
  }
  const stores = listedStores(type.pickupLocations, regional);
  const only = stores.length === 1 ? stores[0] : undefined;
  return { deliveryType: type.type, deliveryOption: only?.uuid ?? null };
}

/**
 * S0 §4 'On entering delivery options': one type is selected; otherwise the earlier choice is
 * restored (its option too, while the server still offers it); else store pickup is preselected.
 * With several types, no earlier choice and no store pickup, nothing is chosen.
 */
export function choiceOnArrival(
  types: readonly DeliveryType[],
  earlier: DeliveryChoice,
  regional: boolean,
): DeliveryChoice {
  const keep = (type: DeliveryType): DeliveryChoice => {
    if (type.type !== earlier.deliveryType) return chooseType(type, regional);
    const option = earlier.deliveryOption;
    return option && optionUuids(type).includes(option)
      ? { deliveryType: type.type, deliveryOption: option }
      : chooseType(type, regional);
  };
  if (types.length === 1) return keep(types[0]!);
  const restored = types.find((t) => t.type === earlier.deliveryType);
  if (restored) return keep(restored);
  const pickup = types.find((t) => t.type === 'store-pickup');
  return pickup ? chooseType(pickup, regional) : NO_CHOICE;
}

export interface StoreGroup<T extends PickupLocation = PickupLocation> {
  /** '' for the stores without a region (listed last). */
  region: string;
  stores: T[];
}

const byText = (a: string, b: string, locale?: string) =>
  a.localeCompare(b, locale, { sensitivity: 'base', numeric: true });

/**
 * S0 §2: the selector groups stores by region (sorted), and within a region orders them by city,
 * then description. Stores without a region come last, in a group of their own.
 */
export function groupStores<T extends PickupLocation>(
  stores: readonly T[],
  locale?: string,
): StoreGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const store of stores) {
    const region = store.pickupregion.trim();
    groups.set(region, [...(groups.get(region) ?? []), store]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : byText(a, b, locale)))
    .map(([region, list]) => ({
      region,
      stores: [...list].sort(
        (a, b) => byText(a.pickupcity, b.pickupcity, locale) || byText(a.description, b.description, locale),
      ),
    }));
}

/** The store a location belongs to, as listed: its standard entry (the location itself if standard). */
export function standardOf(
  locations: readonly PickupLocation[],
  uuid: string | null,
): PickupLocation | undefined {
  if (!uuid) return undefined;
  const key = storeKey(uuid);
  return (
    locations.find((l) => storeKey(l.uuid) === key && !isExpress(l.uuid)) ??
    locations.find((l) => l.uuid === uuid)
  );
}

/** The express twin of a store (same first 24 characters, twelve 1s at the end), if it has one. */
export function expressTwin(
  locations: readonly PickupLocation[],
  uuid: string | null,
): PickupLocation | undefined {
  if (!uuid) return undefined;
  const key = storeKey(uuid);
  return locations.find((l) => storeKey(l.uuid) === key && isExpress(l.uuid));
}

/** S0 §9: a delivery time is in business days (d) or hours (h); the page words it with a plural. */
export function deliveryTimeKey(unit: DeliveryTimeUnit): 'businessDays' | 'hours' {
  return unit === 'h' ? 'hours' : 'businessDays';
}

/** What store pickup promises (S0 §1: the regional variant advertises it), from the stores' own data. */
export type PickupPromise = { kind: 'hours'; hours: number } | { kind: 'day'; date: string };

/**
 * The pickup promise (issue 34): for the chosen store, or else the fastest of the stores the shopper
 * can pick, its express time in hours when it has an express twin, else the day it has an order
 * ready. Null when the stores say neither (no express, no date answered).
 */
export function pickupPromise(
  locations: readonly PickupLocation[],
  regional: boolean,
  chosen: string | null,
): PickupPromise | null {
  const store = standardOf(locations, chosen);
  const stores = store ? [store] : listedStores(locations, regional);
  const hours = stores
    .map((s) => expressTwin(locations, s.uuid))
    .filter((twin) => twin?.deliverytimeunit === 'h')
    .map((twin) => twin!.deliverytime);
  if (hours.length) return { kind: 'hours', hours: Math.min(...hours) };
  const dates = stores.flatMap((s) => (s.readydate ? [s.readydate] : [])).sort();
  return dates[0] ? { kind: 'day', date: dates[0] } : null;
}
