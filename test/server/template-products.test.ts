/**
 * Template products are data (issue 30): templates/products.json is seeded into each demo portal's
 * products, each carrying the portal-neutral uuid template files name it by (template_product), and
 * publishing a template finds each portal's product, and its name, in the database, not in seed code.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portals, productPrices, products, templates } from '../../server/db/schema.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';
import { seedPortals, stableUuid } from '../../server/db/seed-data.ts';
import {
  readTemplateProducts,
  TEMPLATE_PRODUCTS,
  templateProductRef,
  templateProductUuid,
} from '../../server/db/templates/products.ts';
import { publishTemplate } from '../../server/services/templates/templateImport.ts';
import { openObjectStore } from '../../server/storage/open.ts';
import { type DatabaseKind, databaseKinds, openTestDatabase, type TestDatabase } from './databases.ts';

const FOLDER = path.resolve(import.meta.dirname, '../fixtures/template-folders/author-card');
const authorCard = () => JSON.parse(readFileSync(path.join(FOLDER, 'template.json'), 'utf8'));
const art = new Map([['art/leaves.svg', readFileSync(path.join(FOLDER, 'art', 'leaves.svg'))]]);

describe.each(databaseKinds())('template products as data, on %s', (kind: DatabaseKind) => {
  let db: TestDatabase;
  let dataDir: string;
  const deps = () => ({ db: db.database.db, storage: openObjectStore({ kind: 'local', root: dataDir }) });
  const stored = (uuid: string) =>
    db.database.db
      .select({ portalUuid: templates.portalUuid, productUuid: templates.productUuid, body: templates.body })
      .from(templates)
      .where(eq(templates.uuid, uuid));

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    dataDir = mkdtempSync(path.join(tmpdir(), 'template-products-'));
  });
  afterAll(async () => {
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds every product of templates/products.json into each demo portal, marked with its neutral uuid', async () => {
    const file = readTemplateProducts();
    expect(Object.keys(file.products).length).toBeGreaterThan(10);
    for (const p of seedPortals) {
      const rows = await db.database.db
        .select({ uuid: products.uuid, templateProduct: products.templateProduct, name: products.name })
        .from(products)
        .where(and(eq(products.portalUuid, p.uuid), isNotNull(products.templateProduct)));
      expect(rows).toHaveLength(Object.keys(file.products).length);
      for (const key of Object.keys(file.products)) {
        expect(rows).toContainEqual(
          expect.objectContaining({
            uuid: templateProductUuid(p.uuid, key),
            templateProduct: templateProductRef(key).uuid,
          }),
        );
      }
    }
  });

  it("publishes under each portal's own product with the name the database gives it", async () => {
    const card = templateProductRef('card-10x15').uuid;
    const [gb] = await db.database.db.select().from(portals).where(eq(portals.locale, 'en_GB'));
    const gbCard = templateProductUuid(gb!.uuid, 'card-10x15');
    // The shop renamed its product after the seed: the database is the product's truth from then on.
    await db.database.db
      .update(products)
      .set({ name: 'Greeting card (renamed)' })
      .where(eq(products.uuid, gbCard));
    const json = {
      ...authorCard(),
      uuid: 'b7c1f3a2-0d4e-4f5a-9b6c-7d8e9f0a1b2c',
      product: { ...authorCard().product, uuid: card },
    };
    expect((await publishTemplate(deps(), json, art)).outcome).toBe('new-template');
    const rows = await stored(json.uuid);
    const sellers = await db.database.db
      .select({ portalUuid: products.portalUuid })
      .from(products)
      .where(eq(products.templateProduct, card));
    expect(rows.map((r) => r.portalUuid).sort()).toEqual(sellers.map((s) => s.portalUuid).sort());
    const gbRow = rows.find((r) => r.portalUuid === gb!.uuid)!;
    expect(gbRow.productUuid).toBe(gbCard);
    expect(gbRow.body.product).toMatchObject({ uuid: gbCard, name: 'Greeting card (renamed)' });
  });

  it('takes a template for a product that is only in the database, and only where it is sold', async () => {
    // A product the lab added as data (no entry in templates/products.json), in one portal only.
    const neutral = stableUuid('test:template-product:postcard');
    expect(Object.keys(TEMPLATE_PRODUCTS).map((k) => templateProductRef(k).uuid)).not.toContain(neutral);
    const [gb] = await db.database.db.select().from(portals).where(eq(portals.locale, 'en_GB'));
    const own = stableUuid('test:postcard:gb');
    await db.database.db.insert(products).values({
      uuid: own,
      portalUuid: gb!.uuid,
      position: 999,
      name: 'Postcard',
      producttype: 1,
      widthMm: 148,
      heightMm: 105,
      templateProduct: neutral,
    });
    await db.database.db.insert(productPrices).values({ productUuid: own, quantity: 1, price: 99 });
    const json = {
      ...authorCard(),
      uuid: 'c8d2a4b3-1e5f-4a6b-8c7d-8e9f0a1b2c3d',
      product: { ...authorCard().product, uuid: neutral },
    };
    await publishTemplate(deps(), json, art);
    const rows = await stored(json.uuid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ portalUuid: gb!.uuid, productUuid: own });
    expect(rows[0]!.body.product).toMatchObject({ uuid: own, name: 'Postcard' });
  });

  it('gives products seeded before the column existed their neutral uuid at the next start', async () => {
    await db.database.db
      .update(products)
      .set({ templateProduct: null })
      .where(isNotNull(products.templateProduct));
    expect(await seedIfEmpty(db.database.db)).toBe(false);
    const p = seedPortals[0]!;
    const [row] = await db.database.db
      .select({ templateProduct: products.templateProduct })
      .from(products)
      .where(eq(products.uuid, templateProductUuid(p.uuid, 'mug')));
    expect(row?.templateProduct).toBe(templateProductRef('mug').uuid);
  });
});
