/**
 * What the Delivery and Help pages say about delivery and payment (issue 34), read from the portal's
 * own checkout data when the page is served, so a page never disagrees with the checkout: postage
 * options with their prices and days, the stores a shopper can pick with their lead times, express
 * times and opening days, and the ways of paying this shop offers.
 */
import { asc, eq } from 'drizzle-orm';
import type { ContentModule } from '../../../shop/index.ts';
import { isExpress, listedStores, storeKey } from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import { paymentOptions, portals } from '../../db/schema.ts';
import type { Providers } from '../payments/index.ts';
import { deliveryRows, locationOf, offered } from './checkout.ts';

type DeliveryInfo = Omit<Extract<ContentModule, { type: 'DeliveryInfo' }>, 'id' | 'type'>;
type PaymentInfo = Omit<Extract<ContentModule, { type: 'PaymentInfo' }>, 'id' | 'type'>;

export async function deliveryInfoOf(db: Db, portalUuid: string): Promise<DeliveryInfo> {
  const [[portal], { pickups, postage }] = await Promise.all([
    db
      .select({ regional: portals.regional, threshold: portals.freeShippingThreshold })
      .from(portals)
      .where(eq(portals.uuid, portalUuid)),
    deliveryRows(db, portalUuid),
  ]);
  const locations = pickups.map((r) => ({ ...locationOf(r), cutoffhour: r.cutoffHour }));
  const express = locations.filter((l) => isExpress(l.uuid));
  const stores = listedStores(locations, portal?.regional ?? false).map((store) => ({
    ...store,
    expresshours:
      express.find((e) => storeKey(e.uuid) === storeKey(store.uuid) && e.deliverytimeunit === 'h')
        ?.deliverytime ?? null,
  }));
  const lowest = (prices: number[]) => (prices.length ? Math.min(...prices) : null);
  return {
    postage: postage.map((r) => ({
      uuid: r.uuid,
      name: r.name,
      price: r.price,
      deliverytime: r.deliveryDays,
    })),
    pickupPrice: lowest(stores.map((s) => s.price)),
    expressPrice: lowest(express.map((e) => e.price)),
    freeShippingThreshold: portal?.threshold ?? null,
    stores,
  };
}

/** The ways of paying the checkout offers in this shop (`offered`), with their descriptions. */
export async function paymentInfoOf(db: Db, portalUuid: string, providers: Providers): Promise<PaymentInfo> {
  const rows = await db
    .select()
    .from(paymentOptions)
    .where(eq(paymentOptions.portalUuid, portalUuid))
    .orderBy(asc(paymentOptions.position));
  return { options: offered(rows, providers).map((r) => ({ title: r.title, description: r.description })) };
}
