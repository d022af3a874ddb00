/**
 * The products the demo templates are sold as, and the template categories: data in
 * templates/products.json, checked here and seeded into each demo portal (seed.ts), where they are the
 * shop's from then on. Publishing a template reads the products from the database
 * (products.template_product), not from this file. Prices are pence at 1, 10 and 50 pieces and are
 * scaled per portal currency, as the print formats are (seed-data.ts).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { PHOTOBOOK_PRODUCT_TYPE, PHOTOBOOKS, type PhotobookSpec } from '../../../shop/index.ts';
import { stableUuid } from '../seed-data.ts';

/** The template products' data file, beside the demo template folders. */
export const TEMPLATE_PRODUCTS_FILE = new URL('../../../templates/products.json', import.meta.url);

/** The cart's product type codes (S0 §2): 1 cards, 2 calendars, 89 photo gifts; 3 photo books (issue 33). */
export const PRODUCT_TYPE = {
  CARDS: 1,
  CALENDAR: 2,
  PHOTOGIFT: 89,
  PHOTOBOOK: PHOTOBOOK_PRODUCT_TYPE,
} as const;

/** The languages every demo product and category is named in. */
const Names = z.object({ en_GB: z.string().min(1), nb_NO: z.string().min(1), da_DK: z.string().min(1) });
export type Names = z.infer<typeof Names>;

const Tiers = z.tuple([
  z.number().int().nonnegative(),
  z.number().int().nonnegative(),
  z.number().int().nonnegative(),
]);

const TemplateProductDef = z
  .object({
    /** Why the product's size is what it is (a folded card's flat sheet, …), for whoever edits the file. */
    note: z.string().optional(),
    names: Names,
    producttype: z.union([
      z.literal(PRODUCT_TYPE.CARDS),
      z.literal(PRODUCT_TYPE.CALENDAR),
      z.literal(PRODUCT_TYPE.PHOTOGIFT),
      z.literal(PRODUCT_TYPE.PHOTOBOOK),
    ]),
    widthMm: z.number().int().positive(),
    heightMm: z.number().int().positive(),
    minQuantity: z.number().int().positive(),
    /** Pence at 1, 10 and 50 pieces (every product but a photo book). */
    prices: Tiers.optional(),
    /**
     * A photo book's pence (issue 33): `base` for a book of the minimum pages, `step` for each further
     * page step; seeded as unit prices (S1 §9; shop/pricing.ts photobookPrice).
     */
    pagePrices: z
      .object({ base: z.number().int().positive(), step: z.number().int().nonnegative() })
      .optional(),
    /** Campaign pence at the same tiers, when the category in `campaignRequirement` runs a campaign. */
    campaign: Tiers.optional(),
    campaignRequirement: z.string().optional(),
    subproducts: z.array(
      z.object({ key: z.string().min(1), names: Names, extraprice: z.number().int().nonnegative() }),
    ),
  })
  .refine(
    (p) => (p.producttype === PRODUCT_TYPE.PHOTOBOOK ? !p.prices && p.pagePrices : p.prices && !p.pagePrices),
    {
      message: 'A photo book has pagePrices and no prices; every other product prices and no pagePrices',
    },
  );
export type TemplateProductDef = z.infer<typeof TemplateProductDef>;

const TemplateCategoryDef = z.object({
  type: z.enum(['CARDS', 'PHOTOGIFT']),
  category: z.string().min(1),
  names: Names,
  /** Draw the product with a shadow, lifted off the page (S1 §3). */
  separateFromBackground: z.boolean(),
  isDefault: z.boolean(),
});
export type TemplateCategoryDef = z.infer<typeof TemplateCategoryDef>;

const TemplateProductsFile = z.object({
  /** The quantity at which each price tier starts. */
  priceTiers: z.tuple([z.literal(1), z.number().int(), z.number().int()]),
  products: z.record(z.string().regex(/^[a-z0-9-]+$/), TemplateProductDef),
  /** Card categories (the first default) and photo gift categories, in display order. */
  categories: z.array(TemplateCategoryDef),
});

/** The data file, checked: a mistake in it stops the seed with the field named. */
export function readTemplateProducts(file: URL | string = TEMPLATE_PRODUCTS_FILE) {
  const parsed = TemplateProductsFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${String(file)}: ${z.prettifyError(parsed.error)}`);
  const problem = photobookMismatch(parsed.data.products);
  if (problem) throw new Error(`${String(file)}: ${problem}`);
  return parsed.data;
}

/**
 * The photo books of the data file and of shop/photobook (PHOTOBOOKS) must be the same products of
 * the same page size: a book sold without its spine data could not be printed. The reason, or null.
 */
export function photobookMismatch(products: Record<string, TemplateProductDef>): string | null {
  const books = Object.entries(products).filter(([, p]) => p.producttype === PRODUCT_TYPE.PHOTOBOOK);
  for (const [key, p] of books) {
    const spec = Object.hasOwn(PHOTOBOOKS, key) ? PHOTOBOOKS[key] : undefined;
    if (!spec) return `photo book "${key}" has no spec in shop/photobook/products.ts (PHOTOBOOKS)`;
    if (spec.pageMm.width !== p.widthMm || spec.pageMm.height !== p.heightMm) {
      return `photo book "${key}" is ${p.widthMm} × ${p.heightMm} mm here but ${spec.pageMm.width} × ${spec.pageMm.height} mm in PHOTOBOOKS`;
    }
  }
  const missing = Object.keys(PHOTOBOOKS).find((key) => !books.some(([k]) => k === key));
  return missing ? `PHOTOBOOKS names "${missing}", which is no photo book product here` : null;
}

const data = readTemplateProducts();

export const PRICE_TIERS = data.priceTiers;
export const TEMPLATE_PRODUCTS: Record<string, TemplateProductDef> = data.products;
export const TEMPLATE_CATEGORIES: TemplateCategoryDef[] = data.categories;

/** A template product's key in the data file (`card-10x15`, `mug`, …). */
export type TemplateProductKey = string;

/** A product's name in a portal's language; en_GB for any language we have no name in (en_US). */
export const nameIn = (names: Names, locale: string): string =>
  (names as Record<string, string>)[locale] ?? names.en_GB;

/** The uuid of a template product in one portal (products, and so their uuids, are per portal). */
export const templateProductUuid = (portalUuid: string, key: TemplateProductKey) =>
  stableUuid(`${portalUuid}:template-product:${key}`);

/**
 * The product a template names before it is seeded into a portal: a portal-neutral uuid and the
 * English name. Each portal's product keeps the neutral uuid (products.template_product).
 */
export function templateProductRef(key: TemplateProductKey) {
  const p = TEMPLATE_PRODUCTS[key];
  if (!p) throw new Error(`No template product "${key}" in templates/products.json`);
  return {
    uuid: stableUuid(`template-product:${key}`),
    name: p.names.en_GB,
    formatSize: { widthMm: p.widthMm, heightMm: p.heightMm },
  };
}

/** The photo books by their portal-neutral uuid (products.template_product), to answer them with their spec. */
const PHOTOBOOK_BY_NEUTRAL_UUID = new Map(
  Object.keys(TEMPLATE_PRODUCTS)
    .filter((key) => TEMPLATE_PRODUCTS[key]!.producttype === PRODUCT_TYPE.PHOTOBOOK)
    .map((key) => [templateProductRef(key).uuid, PHOTOBOOKS[key]!] as const),
);

/** A product's photo book spec by its products.template_product, or undefined when it is no book. */
export function photobookOf(templateProduct: string | null): PhotobookSpec | undefined {
  return templateProduct === null ? undefined : PHOTOBOOK_BY_NEUTRAL_UUID.get(templateProduct);
}

/** Which template product a template file names by its portal-neutral uuid (templateProductRef). */
export function productKeyOf(productUuid: string): TemplateProductKey | undefined {
  return Object.keys(TEMPLATE_PRODUCTS).find((k) => templateProductRef(k).uuid === productUuid);
}
