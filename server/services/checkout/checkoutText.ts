/**
 * The few words the server writes into checkout answers (order info descriptions, delivery names,
 * delivery time strings on the receipt), in the portal's language: the `checkout` keys of the
 * server's locale files and the app's own delivery phrases (`common`), through the one server i18n
 * (server/i18n.ts), so Danish is Danish and the receipt says what the checkout showed.
 */
import type { DeliveryTimeUnit } from '../../../shop/index.ts';
import { deliveryTimeKey } from '../../../shop/index.ts';
import { serverT } from '../../i18n.ts';

const WORDS = [
  'products',
  'delivery',
  'rebate',
  'total',
  'minimum',
  'storePickup',
  'postage',
  'express',
] as const;

export type Words = Record<(typeof WORDS)[number], string>;

export function wordsFor(locale: string): Words {
  const t = serverT(locale, 'server');
  return Object.fromEntries(WORDS.map((w) => [w, t(`checkout.${w}`)])) as Words;
}

/** '1 business day', '2 business days', '1 hour', '2 hours' (or the portal's language). */
export function deliveryTimeString(time: number, unit: DeliveryTimeUnit, locale = 'en_GB'): string {
  return serverT(locale, 'common')(`delivery.${deliveryTimeKey(unit)}`, { count: time });
}
