/**
 * The few words the server writes into checkout answers (order info descriptions, delivery names,
 * delivery time strings on the receipt), per portal locale. English is the fallback; the Norwegian
 * portal gets Norwegian. Pure.
 */
import type { DeliveryTimeUnit } from '../../shop/checkout.ts';

interface Words {
  products: string;
  delivery: string;
  rebate: string;
  total: string;
  minimum: string;
  storePickup: string;
  postage: string;
  express: string;
  day: [string, string];
  hour: [string, string];
}

const en: Words = {
  products: 'Products',
  delivery: 'Delivery',
  rebate: 'Rebate',
  total: 'Total',
  minimum: 'Minimum price adjustment',
  storePickup: 'Store pickup',
  postage: 'Postage',
  express: 'express',
  day: ['business day', 'business days'],
  hour: ['hour', 'hours'],
};

const nb: Words = {
  products: 'Produkter',
  delivery: 'Levering',
  rebate: 'Rabatt',
  total: 'Totalt',
  minimum: 'Justering til minstepris',
  storePickup: 'Hent i butikk',
  postage: 'Post',
  express: 'ekspress',
  day: ['virkedag', 'virkedager'],
  hour: ['time', 'timer'],
};

export function wordsFor(locale: string): Words {
  return /^(nb|no|nn)(_|-|$)/i.test(locale) ? nb : en;
}

/** '1 business day', '2 business days', '1 hour', '2 hours' (or the portal's language). */
export function deliveryTimeString(time: number, unit: DeliveryTimeUnit, locale = 'en_GB'): string {
  const w = wordsFor(locale);
  const [one, many] = unit === 'h' ? w.hour : w.day;
  return `${time} ${time === 1 ? one : many}`;
}
