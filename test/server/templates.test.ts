import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Template, visiblePages } from '../../engine/template.ts';
import {
  productPrices,
  products,
  subproducts,
  templateCategories,
  templates,
} from '../../server/db/schema.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';
import { seedPortals, stableUuid } from '../../server/db/seed-data.ts';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_PRODUCTS,
  type TemplateProductDef,
  templateProductUuid,
} from '../../server/db/templates/products.ts';
import type { Product } from '../../shop/contract.ts';
import { PHOTOBOOK_PRODUCT_TYPE, PHOTOBOOKS } from '../../shop/photobook/products.ts';
import { photobookPrice } from '../../shop/pricing.ts';
import { allDemoTemplates, currentDemoTemplates } from '../support/demoTemplates.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { databaseKinds } from './databases.ts';

const [english, norwegian, us] = seedPortals as [
  (typeof seedPortals)[0],
  (typeof seedPortals)[0],
  (typeof seedPortals)[0],
];
const balloonParty = stableUuid('template:card-balloon-party');
const missing = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';
const currentOf = (type: Template['type']) => currentDemoTemplates().filter((t) => t.type === type);

describe.each(databaseKinds())('templates on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, host = 'localhost') => t.app.inject({ url, headers: { host } });
  const list = async (url: string, host?: string) => {
    const res = await get(url, host);
    expect(res.statusCode, url).toBe(200);
    return res.json<Template[]>();
  };
  const productsOf = async (host = 'localhost') =>
    (await get('/m/api/products', host)).json<{ products: Product[] }>().products;

  describe('lists', () => {
    it('cards: the current version of each, with the fields of S1 §3 and its product', async () => {
      const cards = await list('/m/api/templates/cards');
      expect(cards.length).toBeGreaterThanOrEqual(6);
      expect(cards.every((c) => c.type === 'CARDS')).toBe(true);
      expect(new Set(cards.map((c) => c.uuid)).size).toBe(cards.length);
      const card = cards.find((c) => c.uuid === balloonParty)!;
      expect(card).toMatchObject({
        version: 4,
        name: { en_GB: 'Balloon party', nb_NO: expect.any(String), da_DK: expect.any(String) },
        categories: ['BIRTHDAY'],
        product: {
          uuid: expect.any(String),
          name: 'Card 10x15',
          formatSize: { widthMm: 148, heightMm: 105 },
        },
        hasUserText: true,
        numUserImages: 1,
        numUserParts: 2,
        preview: { large: `${balloonParty}-4-en_GB.png` },
        dimensions: { width: 148, height: 105 },
        separateFromBackground: true,
        supportedYears: [],
        year: null,
      });
      for (const key of ['resources', 'partTypes', 'pages']) expect(card).toHaveProperty(key);
      expect(cards.some((c) => c.dimensions.width === 150 && c.dimensions.height === 150)).toBe(true);
    });

    it('keeps position order: the seed order', async () => {
      const names = (await list('/m/api/templates/cards')).map((c) => c.name.en_GB);
      expect(names.slice(0, 3)).toEqual(['Balloon party', 'Party collage', 'Big number']);
    });

    it('calendars: every current one, of 13 visible pages, with a month on each month page', async () => {
      const calendars = await list('/m/api/templates/calendars');
      expect(calendars.map((c) => c.uuid).sort()).toEqual(
        currentOf('CALENDAR')
          .map((c) => c.uuid)
          .sort(),
      );
      for (const c of calendars) {
        expect(c.type).toBe('CALENDAR');
        expect(visiblePages(c)).toHaveLength(13);
        expect(c.pages.slice(1).map((p) => p.months.grid)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      }
      // Modern 20x30 is sold for this year and the next two, Classic A4 for the shop's YEARS_AHEAD.
      const byName = (name: string) => calendars.find((c) => c.name.en_GB === name)!;
      const years = (c: Template) => [c.supportedYears, c.year, c.yearsAhead];
      expect(years(byName('Modern 20x30'))).toEqual([[], null, 2]);
      expect(years(byName('Classic A4'))).toEqual([[], null, undefined]);
      expect(byName('Modern 20x30').product.name).toBe('Calendar 20x30 (12 months)');
      expect(byName('Classic A4').product.name).toBe('Calendar A4 (12 months)');
    });

    it('photo gifts: every current one, each in a photo gift category, mugs and canvases among them', async () => {
      const gifts = await list('/m/api/templates/photogift');
      expect(gifts.map((g) => g.uuid).sort()).toEqual(
        currentOf('PHOTOGIFT')
          .map((g) => g.uuid)
          .sort(),
      );
      const giftCategories = TEMPLATE_CATEGORIES.filter((c) => c.type === 'PHOTOGIFT').map((c) => c.category);
      for (const g of gifts) expect(giftCategories).toContain(g.categories[0]);
      expect(gifts.find((g) => g.name.en_GB === 'Photo mug')!.categories).toEqual(['MUG']);
      expect(gifts.find((g) => g.name.en_GB === 'Canvas 30x40')!.categories).toEqual(['CANVAS']);
    });

    it("names each portal's own product, in its language", async () => {
      const [en, no] = [
        await list('/m/api/templates/cards'),
        await list('/m/api/templates/cards', 'no.localhost'),
      ];
      expect(no.map((c) => c.uuid)).toEqual(en.map((c) => c.uuid));
      expect(no[0]!.product.name).toBe('Kort 10x15');
      expect(no[0]!.product.uuid).not.toBe(en[0]!.product.uuid);
      const noProducts = await productsOf('no.localhost');
      for (const c of no) expect(noProducts.map((p) => p.uuid)).toContain(c.product.uuid);
    });

    it('an unknown type is a 400 with a readable message', async () => {
      const res = await get('/m/api/templates/posters');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalid_request',
        error: expect.stringMatching(/: should be one of cards, calendars, photogift, photobooks$/),
      });
    });
  });

  describe('by category', () => {
    it('filters cards by category, case-insensitively', async () => {
      const christmas = await list('/m/api/templates/cards/categories/CHRISTMAS');
      expect(christmas.length).toBeGreaterThanOrEqual(2);
      expect(christmas.every((c) => c.categories.includes('CHRISTMAS'))).toBe(true);
      expect((await list('/m/api/templates/cards/categories/christmas')).map((c) => c.uuid)).toEqual(
        christmas.map((c) => c.uuid),
      );
      // Every card is listed under each of its categories, and under no other.
      const all = await list('/m/api/templates/cards');
      for (const { category } of TEMPLATE_CATEGORIES.filter((c) => c.type === 'CARDS')) {
        const listed = (await list(`/m/api/templates/cards/categories/${category}`)).map((c) => c.uuid);
        const expected = all.filter((c) => c.categories.includes(category)).map((c) => c.uuid);
        expect(listed, category).toEqual(expected);
        expect(listed.length, category).toBeGreaterThan(0);
      }
    });

    it('filters photo gifts by category', async () => {
      const mugs = await list('/m/api/templates/photogift/categories/mug');
      expect(mugs.every((m) => m.categories.includes('MUG'))).toBe(true);
      expect(new Set(mugs.map((m) => m.product.name))).toEqual(new Set(['Photo mug', 'Magic mug']));
      expect(mugs.every((m) => m.dimensions.width === 200 && m.dimensions.height === 85)).toBe(true);
    });

    it('an unknown category is an empty list; a malformed one a 400', async () => {
      expect(await list('/m/api/templates/cards/categories/EASTER')).toEqual([]);
      expect(await list('/m/api/templates/calendars/categories/BIRTHDAY')).toEqual([]);
      const res = await get('/m/api/templates/cards/categories/%3Cb%3E');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain('category');
    });

    it('a bad type with a category is a 400', async () => {
      const res = await get('/m/api/templates/posters/categories/BIRTHDAY');
      expect(res.statusCode).toBe(400);
      // The allowed values are named (in the portal's words: test/server/portal-language.test.ts).
      expect(res.json().error).toContain('cards, calendars');
    });
  });

  describe('categories', () => {
    it('lists card categories with names in three languages and a default', async () => {
      const res = await get('/m/api/templates/cards/categories');
      expect(res.statusCode).toBe(200);
      const body = res.json<{ categories: { category: string; names: object }[]; defaultCategory: string }>();
      // The card categories of templates/products.json, in their order.
      expect(body).toEqual({
        categories: TEMPLATE_CATEGORIES.filter((c) => c.type === 'CARDS').map((c) => ({
          category: c.category,
          names: c.names,
        })),
        defaultCategory: 'BIRTHDAY',
      });
      expect(body.categories.slice(0, 3)).toEqual([
        { category: 'BIRTHDAY', names: { en_GB: 'Birthday', nb_NO: 'Bursdag', da_DK: 'Fødselsdag' } },
        { category: 'CHRISTMAS', names: { en_GB: 'Christmas', nb_NO: 'Jul', da_DK: 'Jul' } },
        { category: 'THANKS', names: { en_GB: 'Thank you', nb_NO: 'Takk', da_DK: 'Tak' } },
      ]);
    });

    it('gives photo gift category info, case-insensitively', async () => {
      const mug = await get('/m/api/templates/photogift/categories/MUG/info');
      expect(mug.statusCode).toBe(200);
      expect(mug.json()).toEqual({
        names: { en_GB: 'Mugs', nb_NO: 'Krus', da_DK: 'Krus' },
        separateFromBackground: false,
      });
      const canvas = await get('/m/api/templates/photogift/categories/canvas/info');
      expect(canvas.json()).toMatchObject({ separateFromBackground: true });
    });

    it('an unknown photo gift category is a JSON 404', async () => {
      const res = await get('/m/api/templates/photogift/categories/KEYRING/info');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: 'The photo gift category "KEYRING" was not found',
        code: 'not_found',
      });
    });
  });

  describe('by uuid', () => {
    it('gives the current version', async () => {
      const res = await get(`/m/api/templates/by-uuid/${balloonParty}`);
      expect(res.statusCode).toBe(200);
      const card = res.json<Template>();
      expect(card.version).toBe(4);
      expect(card.resources.find((r) => r.id === 'greeting')?.font?.family).toBe('Pacifico');
    });

    it('gives an older version by number, and the current one too', async () => {
      const v1 = (await get(`/m/api/templates/by-uuid/${balloonParty}/1`)).json<Template>();
      expect(v1.version).toBe(1);
      expect(v1.preview.large).toBe(`${balloonParty}-1-en_GB.png`);
      expect(v1.resources.find((r) => r.id === 'greeting')?.font?.family).toBe('Roboto');
      for (const version of [2, 3]) {
        const older = await get(`/m/api/templates/by-uuid/${balloonParty}/${version}`);
        expect(older.statusCode).toBe(200);
        expect(older.json<Template>().version).toBe(version);
      }
    });

    it('serves every listed template by uuid as listed', async () => {
      const calendars = await list('/m/api/templates/calendars');
      const one = (await get(`/m/api/templates/by-uuid/${calendars[0]!.uuid}`)).json<Template>();
      expect(one).toEqual(calendars[0]);
    });

    it('an unknown uuid or version is a JSON 404', async () => {
      for (const url of [
        `/m/api/templates/by-uuid/${missing}`,
        `/m/api/templates/by-uuid/${missing}/1`,
        `/m/api/templates/by-uuid/${balloonParty}/5`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({
          code: 'not_found',
          error: expect.stringContaining('template'),
        });
      }
    });

    it('a malformed uuid or version is a 400 with a readable message', async () => {
      const badUuid = await get('/m/api/templates/by-uuid/not-a-uuid');
      expect(badUuid.statusCode).toBe(400);
      expect(badUuid.json()).toMatchObject({
        code: 'invalid_request',
        error: expect.stringContaining('uuid'),
      });
      for (const version of ['0', '-1', '1.5', 'two', '99999999999']) {
        const res = await get(`/m/api/templates/by-uuid/${balloonParty}/${version}`);
        expect(res.statusCode, version).toBe(400);
        expect(res.json().error, version).toContain('version');
      }
      expect((await get('/m/api/templates/by-uuid/not-a-uuid/1')).statusCode).toBe(400);
    });
  });

  describe('products', () => {
    it('lists template products with tiered prices, a campaign and subproducts in minor units', async () => {
      const products = await productsOf();
      const byType = (type: number) => products.filter((p) => p.producttype === type);
      // One product per template product of templates/products.json, of its type.
      for (const def of Object.values(TEMPLATE_PRODUCTS) as TemplateProductDef[]) {
        const p = products.find((x) => x.name === def.names.en_GB);
        expect(p, def.names.en_GB).toMatchObject({
          producttype: def.producttype,
          printareasize: [def.widthMm, def.heightMm],
        });
      }
      expect(byType(1).map((p) => p.name)).toEqual(expect.arrayContaining(['Card 10x15', 'Card 15x15']));
      for (const p of [...byType(1), ...byType(2), ...byType(89)]) {
        expect(p.productprices.map((x) => x.quantity)).toEqual([1, 10, 50]);
        expect(p.productprices.every((x) => Number.isInteger(x.price) && x.price > 0)).toBe(true);
        expect(p.minQuantity).toBeGreaterThanOrEqual(1);
      }
      const card = products.find((p) => p.name === 'Card 10x15')!;
      expect(card.productprices.map((x) => [x.price, x.campaignprice])).toEqual([
        [249, 179],
        [199, 149],
        [149, 119],
      ]);
      expect(card.campaignrequirement).toBe('CHRISTMAS');
      expect(card.printareasize).toEqual([148, 105]);
      expect(card.subproducts.map((s) => [s.name, s.extraprice])).toEqual([
        ['White envelope', 0],
        ['Kraft envelope', 25],
      ]);
      const mug = products.find((p) => p.name === 'Photo mug')!;
      expect(mug.subproducts.map((s) => s.extraprice)).toEqual([300]);
      expect(products.find((p) => p.name === 'Calendar A4 (12 months)')!.subproducts).toEqual([]);
    });

    it("scales prices to each portal's currency", async () => {
      const no = (await productsOf('no.localhost')).find((p) => p.name === 'Kort 10x15')!;
      expect(no.productprices.map((x) => x.price)).toEqual([249 * 13, 199 * 13, 149 * 13]);
      expect(no.subproducts.map((s) => s.extraprice)).toEqual([0, 25 * 13]);
      const us = (await productsOf('us.localhost')).find((p) => p.name === 'Card 10x15')!;
      expect(us.productprices.map((x) => x.price)).toEqual([311, 249, 186]);
    });

    it('answers a photo book with its spec and its unit prices: the base book, then each page step (issue 33)', async () => {
      const gb = (await productsOf()).find((p) => p.name === 'Photo book 20x20, hard cover')!;
      expect(gb.producttype).toBe(PHOTOBOOK_PRODUCT_TYPE);
      expect(gb.photobook).toEqual(PHOTOBOOKS['photobook-20x20-hard']);
      const { base, step } = TEMPLATE_PRODUCTS['photobook-20x20-hard']!.pagePrices!;
      expect(gb.productprices).toEqual([
        { quantity: 1, price: base, campaignprice: 0, type: 1 },
        { quantity: 2, price: step, campaignprice: 0, type: 1 },
      ]);
      expect(photobookPrice({ ...gb, photobook: gb.photobook! }, 28)).toBe(base + 2 * step);
      const no = (await productsOf('no.localhost')).find((p) => p.name === 'Fotobok 20x20, hard perm')!;
      expect(no.productprices.map((x) => x.price)).toEqual([base * 13, step * 13]);
      // Every other product is answered without one.
      expect((await productsOf()).filter((p) => p.photobook)).toHaveLength(Object.keys(PHOTOBOOKS).length);
    });
  });

  it('seeds the same templates in every portal', async () => {
    for (const host of ['localhost', 'no.localhost', 'us.localhost', 'dk.localhost']) {
      const all = [
        ...(await list('/m/api/templates/cards', host)),
        ...(await list('/m/api/templates/calendars', host)),
        ...(await list('/m/api/templates/photogift', host)),
        ...(await list('/m/api/templates/photobooks', host)),
      ];
      expect(all.length, host).toBe(currentDemoTemplates().length);
    }
    expect(english.uuid).not.toBe(norwegian.uuid);
  });

  it('a database seeded before templates existed gets them once, on the next start', async () => {
    const { db } = t.db.database;
    const count = async () =>
      (await db.select().from(templates).where(eq(templates.portalUuid, us.uuid))).length;
    const before = await count();
    // Every version of every demo template folder (older ones stay for their cart lines).
    expect(before).toBe(allDemoTemplates().length);
    await db.delete(templates).where(eq(templates.portalUuid, us.uuid));
    expect(await seedIfEmpty(db)).toBe(false);
    expect(await count()).toBe(before);
    await seedIfEmpty(db);
    expect(await count()).toBe(before);
    expect(await list('/m/api/templates/photogift', 'us.localhost')).toHaveLength(
      currentOf('PHOTOGIFT').length,
    );
  });

  it('a database seeded before a template product or category existed gets it on the next start', async () => {
    // As a database seeded before issue 18's posters: no poster product, no POSTER category. The
    // start then adds both, and publishing the template folders puts the posters on sale there.
    const { db } = t.db.database;
    const poster = templateProductUuid(us.uuid, 'poster-50x70');
    const posterCategory = and(
      eq(templateCategories.portalUuid, us.uuid),
      eq(templateCategories.category, 'POSTER'),
    );
    await db.delete(templates).where(eq(templates.productUuid, poster));
    await db.delete(subproducts).where(eq(subproducts.productUuid, poster));
    await db.delete(productPrices).where(eq(productPrices.productUuid, poster));
    await db.delete(products).where(eq(products.uuid, poster));
    await db.delete(templateCategories).where(posterCategory);
    expect((await productsOf('us.localhost')).some((p) => p.uuid === poster)).toBe(false);
    expect((await get('/m/api/templates/photogift/categories/POSTER/info', 'us.localhost')).statusCode).toBe(
      404,
    );

    expect(await seedIfEmpty(db)).toBe(false);
    const back = (await productsOf('us.localhost')).find((p) => p.uuid === poster)!;
    expect(back.productprices.map((x) => x.quantity)).toEqual([1, 10, 50]);
    expect(back.subproducts).toHaveLength(1);
    expect((await get('/m/api/templates/photogift/categories/POSTER/info', 'us.localhost')).statusCode).toBe(
      200,
    );
    // A product the shop has is left as it is: its price is not seeded again.
    const card = templateProductUuid(us.uuid, 'card-10x15');
    await db.update(productPrices).set({ price: 1 }).where(eq(productPrices.productUuid, card));
    await seedIfEmpty(db);
    const prices = await db.select().from(productPrices).where(eq(productPrices.productUuid, card));
    expect(prices.map((x) => x.price)).toEqual([1, 1, 1]);
  });
});
