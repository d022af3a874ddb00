import { sql } from 'drizzle-orm';
import type { MenuItem } from '../../shop/contract.ts';
import type { Db } from './connect.ts';
import {
  contentPages,
  menuItems,
  portalHosts,
  portals,
  productCategories,
  productPrices,
  products,
} from './schema.ts';
import { type SeedPortal, seedPortals, stableUuid } from './seed-data.ts';

function flattenMenu(portalUuid: string, items: MenuItem[], parentId: string | null) {
  return items.flatMap((item, position): (typeof menuItems.$inferInsert)[] => [
    { id: item.id, portalUuid, parentId, position, title: item.title, url: item.url, inApp: item.m },
    ...flattenMenu(portalUuid, item.children ?? [], item.id),
  ]);
}

async function seedPortal(tx: Db, p: SeedPortal) {
  await tx.insert(portals).values({
    uuid: p.uuid,
    name: p.name,
    isDefault: p.isDefault,
    locale: p.locale,
    useMetricSystem: p.useMetricSystem,
    currencyCode: p.currencyCode,
    currencyFormat: p.currencyFormat,
    logoSrc: p.logo.src,
    logoAlt: p.logo.alt,
    logoHref: p.logo.href,
    logoExternal: p.logo.external,
    freeShippingThreshold: p.freeShippingThreshold,
    askAutoCorrection: p.askAutoCorrection,
    minimumPrice: p.minimumPrice,
    companyName: p.companyName,
    regional: p.regional,
    externalGiftSite: p.externalGiftSite,
  });
  await tx.insert(portalHosts).values(p.hosts.map((host) => ({ host, portalUuid: p.uuid })));
  await tx.insert(menuItems).values(flattenMenu(p.uuid, p.menu, null));
  await tx.insert(contentPages).values(p.pages.map((page) => ({ portalUuid: p.uuid, ...page })));
  await tx
    .insert(productCategories)
    .values(p.categories.map((c, position) => ({ portalUuid: p.uuid, position, ...c })));
  for (const [position, f] of p.printFormats.entries()) {
    const uuid = stableUuid(`${p.uuid}:print:${f.name}`);
    await tx.insert(products).values({
      uuid,
      portalUuid: p.uuid,
      position,
      name: f.name,
      producttype: 0,
      widthMm: f.widthMm,
      heightMm: f.heightMm,
      minQuantity: f.minQuantity ?? 1,
      whiteBorder: f.whiteBorder ?? false,
      campaignRequirement: null,
    });
    await tx.insert(productPrices).values(
      [1, 50, 100].map((quantity, i) => ({
        productUuid: uuid,
        quantity,
        price: f.prices[i]!,
        campaignPrice: f.campaign ?? 0,
        type: 0,
      })),
    );
  }
}

/** Seeds the demo portals once: a database that already has portals is left as it is. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(portals);
  if (row && row.n > 0) return false;
  await db.transaction(async (tx) => {
    for (const p of seedPortals) await seedPortal(tx as unknown as Db, p);
  });
  return true;
}
