/**
 * The demo templates the seed puts in every portal. To add one: write a builder next to its kind
 * (cards.ts, calendars.ts, gifts.ts) and list it there; art goes in public/templates2/art/.
 * A new version of a template is a new entry with the same slug and a higher version: the newest
 * is current, and older versions stay for cart lines made with them.
 */
import type { Template } from '../../../engine/template.ts';
import { demoCalendars } from './calendars.ts';
import { balloonParty, demoCards } from './cards.ts';
import { demoGifts } from './gifts.ts';
import { TEMPLATE_PRODUCTS, type TemplateProductKey, templateProductRef } from './products.ts';

/** The current version of every demo template, in list order (cards, calendars, photo gifts). */
export const currentDemoTemplates = (): Template[] => [...demoCards(), ...demoCalendars(), ...demoGifts()];

/** Versions that have been replaced but are still served by uuid and version. */
export const olderDemoTemplates = (): Template[] => [balloonParty(1)];

/** Which template product a demo template is sold as. */
export function productKeyOf(t: Template): TemplateProductKey {
  const key = (Object.keys(TEMPLATE_PRODUCTS) as TemplateProductKey[]).find(
    (k) => templateProductRef(k).uuid === t.product.uuid,
  );
  if (!key) throw new Error(`Template ${t.uuid} names no demo product`);
  return key;
}
