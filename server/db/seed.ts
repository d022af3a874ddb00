import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { assertTemplate, languageOf, type Template, templateInLanguage } from '../../engine/index.ts';
import type { MenuItem } from '../../shop/index.ts';
import { artSources, portalPreviewName, STORED_ART_PREFIX, withArtSources } from '../../shop/index.ts';
import { storedArtName } from '../storage/artNames.ts';
import { DEMO_TEMPLATES_DIR, readTemplateFolders } from '../storage/templateFiles.ts';
import type { Db } from './connect.ts';
import {
  contentPages,
  menuItems,
  paymentOptions,
  pickupLocations,
  portalHosts,
  portals,
  postageOptions,
  productCategories,
  productPrices,
  products,
  rebateCodes,
  subproducts,
  templateCategories,
  templates,
} from './schema.ts';
import {
  paymentUuid,
  pickupUuid,
  postageUuid,
  type SeedPortal,
  seedPortals,
  stableUuid,
} from './seed-data.ts';
import {
  nameIn,
  PRICE_TIERS,
  productKeyOf,
  TEMPLATE_CATEGORIES,
  TEMPLATE_PRODUCTS,
  type TemplateProductDef,
  type TemplateProductKey,
  templateProductRef,
  templateProductUuid,
} from './templates/products.ts';

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
    invoiceDueDays: p.invoice.dueDays,
    invoicePaymentDetails: p.invoice.paymentDetails,
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

/**
 * The template products (with tiered prices and subproducts) and the template categories of one
 * portal; those it has already are left as they are.
 */
async function seedTemplateProducts(tx: Db, p: SeedPortal) {
  const scale = (pence: number) => Math.round(pence * p.priceScale);
  const keys = Object.keys(TEMPLATE_PRODUCTS) as TemplateProductKey[];
  for (const [i, key] of keys.entries()) {
    const def: TemplateProductDef = TEMPLATE_PRODUCTS[key]!;
    const uuid = templateProductUuid(p.uuid, key);
    await tx
      .insert(products)
      .values({
        uuid,
        portalUuid: p.uuid,
        position: 100 + i,
        name: nameIn(def.names, p.locale),
        producttype: def.producttype,
        widthMm: def.widthMm,
        heightMm: def.heightMm,
        minQuantity: def.minQuantity,
        whiteBorder: false,
        campaignRequirement: def.campaignRequirement ?? null,
        templateProduct: templateProductRef(key).uuid,
      })
      .onConflictDoNothing();
    await tx
      .insert(productPrices)
      .values(
        def.pagePrices
          ? // A photo book: unit prices (S1 §9) whose units are page steps, the first the base book.
            [
              { productUuid: uuid, quantity: 1, price: scale(def.pagePrices.base), type: 1 },
              { productUuid: uuid, quantity: 2, price: scale(def.pagePrices.step), type: 1 },
            ]
          : PRICE_TIERS.map((quantity, tier) => ({
              productUuid: uuid,
              quantity,
              price: scale(def.prices![tier]!),
              campaignPrice: def.campaign ? scale(def.campaign[tier]!) : 0,
              type: 0,
            })),
      )
      .onConflictDoNothing();
    if (def.subproducts.length) {
      await tx
        .insert(subproducts)
        .values(
          def.subproducts.map((s) => ({
            uuid: stableUuid(`${uuid}:sub:${s.key}`),
            productUuid: uuid,
            name: nameIn(s.names, p.locale),
            extraPrice: scale(s.extraprice),
          })),
        )
        .onConflictDoNothing();
    }
  }
  await tx
    .insert(templateCategories)
    .values(TEMPLATE_CATEGORIES.map((c, position) => ({ portalUuid: p.uuid, position, ...c })))
    .onConflictDoNothing();
}

/**
 * A demo template naming its art by content (`art/stored/<sha256>.<ext>`), as a published one does:
 * only stored art may name the shop's art (publishing refuses a bare name a template does not
 * bring), so a by-uuid answer of a demo template publishes again as it is. The files stay in the demo
 * folders, which are read for stored art the storage does not have (render/templateArt.ts).
 */
async function withStoredArt({ dir, template }: { dir: string; template: Template }): Promise<Template> {
  const names = new Map<string, string>();
  for (const src of artSources(template)) {
    const name = storedArtName(src, await readFile(path.join(dir, src)));
    if (!name) throw new Error(`${dir}: art "${src}" is not SVG, PNG or JPEG`);
    names.set(src, `${STORED_ART_PREFIX}${name}`);
  }
  return withArtSources(template, (src) => names.get(src)!);
}

/**
 * The template products and categories (seedTemplateProducts) and the demo templates of one portal.
 * Each template is checked with assertTemplate after its product is made the portal's own, so a
 * broken demo template stops the seed with every problem listed.
 */
async function seedTemplates(tx: Db, p: SeedPortal) {
  await seedTemplateProducts(tx, p);
  const demo = await Promise.all((await readTemplateFolders(DEMO_TEMPLATES_DIR)).map(withStoredArt));
  const newest = new Map<string, number>();
  for (const t of demo) newest.set(t.uuid, Math.max(t.version, newest.get(t.uuid) ?? 0));
  const current = demo.filter((t) => newest.get(t.uuid) === t.version);
  const positionOf = new Map(current.map((t, i) => [t.uuid, i]));
  const row = (t: Template) => {
    const key = productKeyOf(t.product.uuid);
    if (!key) throw new Error(`Template ${t.name.en_GB} names no template product (${t.product.uuid})`);
    const def: TemplateProductDef = TEMPLATE_PRODUCTS[key]!;
    const productUuid = templateProductUuid(p.uuid, key);
    // Stored in the portal's language, so its editor, previews and prints all suggest the same text.
    const body = assertTemplate({
      ...templateInLanguage(t, p.locale),
      preview: { large: portalPreviewName(t.uuid, t.version, languageOf(p.locale)) },
      product: { ...t.product, uuid: productUuid, name: nameIn(def.names, p.locale) },
    });
    return {
      portalUuid: p.uuid,
      uuid: t.uuid,
      version: t.version,
      type: t.type,
      categories: t.categories,
      productUuid,
      body,
      position: positionOf.get(t.uuid) ?? 0,
      isCurrent: newest.get(t.uuid) === t.version,
    };
  };
  await tx.insert(templates).values(demo.map(row)).onConflictDoNothing();
}

/**
 * The checkout data of one portal: stores (each express twin right after its store), postage options,
 * payment options and rebate codes.
 */
async function seedCheckout(tx: Db, p: SeedPortal) {
  const c = p.checkout;
  const locations: (typeof pickupLocations.$inferInsert)[] = [];
  for (const s of c.stores) {
    const common = {
      portalUuid: p.uuid,
      region: s.region,
      city: s.city,
      address1: s.address1,
      address2: s.address2 ?? '',
      postalCode: s.postalCode,
      ...(s.openingDays && { openingDays: s.openingDays }),
      ...(s.cutoffHour !== undefined && { cutoffHour: s.cutoffHour }),
    };
    locations.push({
      ...common,
      uuid: pickupUuid(p.uuid, s.description),
      position: locations.length,
      description: s.description,
      price: c.pickupPrice,
      deliveryTime: s.days,
      deliveryTimeUnit: 'd',
    });
    if (s.expressHours) {
      locations.push({
        ...common,
        uuid: pickupUuid(p.uuid, s.description, true),
        position: locations.length,
        description: s.description,
        price: c.expressPrice,
        deliveryTime: s.expressHours,
        deliveryTimeUnit: 'h',
      });
    }
  }
  await tx.insert(pickupLocations).values(locations).onConflictDoNothing();
  await tx
    .insert(postageOptions)
    .values(
      c.postage.map((o, position) => ({
        uuid: postageUuid(p.uuid, o.key),
        portalUuid: p.uuid,
        position,
        name: o.name,
        price: o.price,
        deliveryDays: o.days,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(paymentOptions)
    .values(
      c.payment.map((o, position) => ({
        uuid: paymentUuid(p.uuid, o.provider),
        portalUuid: p.uuid,
        position,
        ...o,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(rebateCodes)
    .values(
      c.rebateCodes.map((r) => ({
        portalUuid: p.uuid,
        code: r.code,
        text: r.text,
        percentOff: r.percentOff ?? null,
        amountOff: r.amountOff ?? null,
        maxUses: r.maxUses ?? null,
        active: r.active ?? true,
      })),
    )
    .onConflictDoNothing();
}

/** A database seeded before checkout existed gets its data for each demo portal it has (once). */
async function seedCheckoutWhereMissing(db: Db) {
  const present = new Set((await db.select({ uuid: portals.uuid }).from(portals)).map((r) => r.uuid));
  const seeded = new Set(
    (await db.selectDistinct({ uuid: paymentOptions.portalUuid }).from(paymentOptions)).map((r) => r.uuid),
  );
  for (const p of seedPortals) {
    if (!present.has(p.uuid) || seeded.has(p.uuid)) continue;
    await db.transaction(async (tx) => seedCheckout(tx as unknown as Db, p));
  }
}

/**
 * Payment options added to the demo since a database was seeded (issue 29's Stripe and Vipps, shown
 * once their keys are set) are added to its demo portals; an option the portal has is left as it is.
 */
async function seedPaymentOptionsWhereMissing(db: Db) {
  const present = new Set((await db.select({ uuid: portals.uuid }).from(portals)).map((r) => r.uuid));
  for (const p of seedPortals) {
    if (!present.has(p.uuid)) continue;
    await db
      .insert(paymentOptions)
      .values(
        p.checkout.payment.map((o, position) => ({
          uuid: paymentUuid(p.uuid, o.provider),
          portalUuid: p.uuid,
          position,
          ...o,
        })),
      )
      .onConflictDoNothing();
  }
}

/**
 * A template product or category added to the demo since a database was seeded (issue 18's posters,
 * folded cards, …) is added to its demo portals, so the template folders published at start, which
 * name it, are sold there too; a product or category the portal has is left as it is. A template
 * product seeded before products.template_product existed (migration 0011) is given it here.
 */
async function seedTemplateProductsWhereMissing(db: Db) {
  const present = new Set((await db.select({ uuid: portals.uuid }).from(portals)).map((r) => r.uuid));
  const keys = Object.keys(TEMPLATE_PRODUCTS) as TemplateProductKey[];
  for (const p of seedPortals) {
    if (!present.has(p.uuid)) continue;
    const wanted = keys.map((k) => templateProductUuid(p.uuid, k));
    const [unmarked] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(inArray(products.uuid, wanted), isNull(products.templateProduct)));
    if (unmarked?.n) {
      for (const key of keys) {
        await db
          .update(products)
          .set({ templateProduct: templateProductRef(key).uuid })
          .where(and(eq(products.uuid, templateProductUuid(p.uuid, key)), isNull(products.templateProduct)));
      }
    }
    const [had] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(inArray(products.uuid, wanted));
    const [categories] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(templateCategories)
      .where(eq(templateCategories.portalUuid, p.uuid));
    if (had?.n === wanted.length && (categories?.n ?? 0) >= TEMPLATE_CATEGORIES.length) continue;
    await db.transaction(async (tx) => seedTemplateProducts(tx as unknown as Db, p));
  }
}

/** A database seeded before templates existed gets them for each demo portal it has (once). */
async function seedTemplatesWhereMissing(db: Db) {
  const present = new Set((await db.select({ uuid: portals.uuid }).from(portals)).map((r) => r.uuid));
  const seeded = new Set(
    (await db.selectDistinct({ uuid: templates.portalUuid }).from(templates)).map((r) => r.uuid),
  );
  for (const p of seedPortals) {
    if (!present.has(p.uuid) || seeded.has(p.uuid)) continue;
    await db.transaction(async (tx) => seedTemplates(tx as unknown as Db, p));
  }
}

/**
 * Seeds the demo portals once: a database that already has portals is left as it is, except that
 * a demo portal without templates (seeded before they existed) gets them.
 */
/**
 * The Help and Delivery pages as the demo seeded them before issue 34: a title and one sentence,
 * by their module ids. Such a page is the demo's own, never edited into something else.
 */
const ONE_SENTENCE_PAGES: Record<string, string[]> = {
  help: ['help-title', 'help-text'],
  delivery: ['delivery-title', 'delivery-text'],
};

/**
 * Content pages added to the demo since a database was seeded (the Terms of purchase; issue 34's
 * contact, returns and privacy) are added to its seeded portals; a page a shop already has is left
 * as it is, except a Help or Delivery page still the demo's one sentence, which gets the portal's
 * delivery and payment facts.
 */
async function seedContentPagesWhereMissing(db: Db) {
  const existing = new Set((await db.select({ uuid: portals.uuid }).from(portals)).map((p) => p.uuid));
  for (const p of seedPortals) {
    if (!existing.has(p.uuid)) continue;
    await db
      .insert(contentPages)
      .values(p.pages.map((page) => ({ portalUuid: p.uuid, ...page })))
      .onConflictDoNothing();
    const stored = await db
      .select()
      .from(contentPages)
      .where(
        and(
          eq(contentPages.portalUuid, p.uuid),
          inArray(contentPages.pageId, Object.keys(ONE_SENTENCE_PAGES)),
        ),
      );
    for (const row of stored) {
      const ids = row.modules.map((m) => m.id);
      const page = p.pages.find((page) => page.pageId === row.pageId);
      if (!page || JSON.stringify(ids) !== JSON.stringify(ONE_SENTENCE_PAGES[row.pageId])) continue;
      await db
        .update(contentPages)
        .set({ modules: page.modules })
        .where(and(eq(contentPages.portalUuid, p.uuid), eq(contentPages.pageId, row.pageId)));
    }
  }
}

/**
 * Demo words corrected since a database was seeded (issue 34: prints were 'Fotokopier', photocopies,
 * in Norwegian, and 'Fotoprint' in Danish where the app says 'papirbilleder'): the prints menu item and
 * category of a demo portal are renamed while they still read the old demo word; a title a shop
 * changed is left as it is.
 */
const RENAMED_PRINTS: Record<string, string> = { Fotokopier: 'Papirbilder', Fotoprint: 'Papirbilleder' };

async function renameDemoPrintsWhereUnchanged(db: Db) {
  const demo = seedPortals.map((p) => p.uuid);
  for (const [old, now] of Object.entries(RENAMED_PRINTS)) {
    await db
      .update(menuItems)
      .set({ title: now })
      .where(and(inArray(menuItems.portalUuid, demo), eq(menuItems.id, 'prints'), eq(menuItems.title, old)));
    await db
      .update(productCategories)
      .set({ title: now })
      .where(
        and(
          inArray(productCategories.portalUuid, demo),
          eq(productCategories.type, 'PAPER_COPIES'),
          eq(productCategories.title, old),
        ),
      );
  }
}

export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(portals);
  if (row && row.n > 0) {
    await seedTemplatesWhereMissing(db);
    await seedTemplateProductsWhereMissing(db);
    await seedCheckoutWhereMissing(db);
    await seedPaymentOptionsWhereMissing(db);
    await seedContentPagesWhereMissing(db);
    await renameDemoPrintsWhereUnchanged(db);
    return false;
  }
  await db.transaction(async (tx) => {
    for (const p of seedPortals) {
      await seedPortal(tx as unknown as Db, p);
      await seedTemplates(tx as unknown as Db, p);
      await seedCheckout(tx as unknown as Db, p);
    }
  });
  return true;
}
