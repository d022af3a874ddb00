/**
 * The products the demo templates are sold as, and the template categories. Prices are pence at
 * 1, 10 and 50 pieces and are scaled per portal currency, as the print formats are (seed-data.ts).
 */
import { stableUuid } from '../seed-data.ts';

/** The languages every demo product and category is named in. */
export type Names = { en_GB: string; nb_NO: string; da_DK: string };

/** The cart's product type codes (S0 §2): 1 cards, 2 calendars, 89 photo gifts. */
export const PRODUCT_TYPE = { CARDS: 1, CALENDAR: 2, PHOTOGIFT: 89 } as const;

/** The quantity at which each price tier starts. */
export const PRICE_TIERS = [1, 10, 50] as const;

export interface TemplateProductDef {
  names: Names;
  producttype: number;
  widthMm: number;
  heightMm: number;
  minQuantity: number;
  /** Pence at 1, 10 and 50 pieces. */
  prices: [number, number, number];
  /** Campaign pence at the same tiers, when the category in `campaignRequirement` runs a campaign. */
  campaign?: [number, number, number];
  campaignRequirement?: string;
  subproducts: { key: string; names: Names; extraprice: number }[];
}

const envelopes = [
  {
    key: 'envelope-white',
    names: { en_GB: 'White envelope', nb_NO: 'Hvit konvolutt', da_DK: 'Hvid kuvert' },
    extraprice: 0,
  },
  {
    key: 'envelope-kraft',
    names: { en_GB: 'Kraft envelope', nb_NO: 'Brun konvolutt', da_DK: 'Brun kuvert' },
    extraprice: 25,
  },
];
const giftBox = [
  { key: 'gift-box', names: { en_GB: 'Gift box', nb_NO: 'Gaveeske', da_DK: 'Gaveæske' }, extraprice: 300 },
];
const hangingKit = [
  {
    key: 'hanging-kit',
    names: { en_GB: 'Hanging kit', nb_NO: 'Opphengssett', da_DK: 'Ophængssæt' },
    extraprice: 200,
  },
];

export const TEMPLATE_PRODUCTS = {
  'card-10x15': {
    names: { en_GB: 'Card 10x15', nb_NO: 'Kort 10x15', da_DK: 'Kort 10x15' },
    producttype: PRODUCT_TYPE.CARDS,
    widthMm: 148,
    heightMm: 105,
    minQuantity: 1,
    prices: [249, 199, 149],
    campaign: [179, 149, 119],
    campaignRequirement: 'CHRISTMAS',
    subproducts: envelopes,
  },
  'card-15x15': {
    names: { en_GB: 'Card 15x15', nb_NO: 'Kort 15x15', da_DK: 'Kort 15x15' },
    producttype: PRODUCT_TYPE.CARDS,
    widthMm: 150,
    heightMm: 150,
    minQuantity: 1,
    prices: [299, 249, 199],
    subproducts: envelopes,
  },
  'calendar-a4': {
    names: {
      en_GB: 'Calendar A4 (12 months)',
      nb_NO: 'Kalender A4 (12 måneder)',
      da_DK: 'Kalender A4 (12 måneder)',
    },
    producttype: PRODUCT_TYPE.CALENDAR,
    widthMm: 210,
    heightMm: 297,
    minQuantity: 1,
    prices: [1999, 1699, 1399],
    subproducts: [],
  },
  'calendar-20x30': {
    names: {
      en_GB: 'Calendar 20x30 (12 months)',
      nb_NO: 'Kalender 20x30 (12 måneder)',
      da_DK: 'Kalender 20x30 (12 måneder)',
    },
    producttype: PRODUCT_TYPE.CALENDAR,
    widthMm: 200,
    heightMm: 300,
    minQuantity: 1,
    prices: [2299, 1899, 1599],
    subproducts: [],
  },
  mug: {
    names: { en_GB: 'Photo mug', nb_NO: 'Fotokrus', da_DK: 'Fotokrus' },
    producttype: PRODUCT_TYPE.PHOTOGIFT,
    widthMm: 200,
    heightMm: 85,
    minQuantity: 1,
    prices: [1299, 1099, 899],
    subproducts: giftBox,
  },
  'magic-mug': {
    names: { en_GB: 'Magic mug', nb_NO: 'Magisk krus', da_DK: 'Magisk krus' },
    producttype: PRODUCT_TYPE.PHOTOGIFT,
    widthMm: 200,
    heightMm: 85,
    minQuantity: 1,
    prices: [1699, 1499, 1199],
    subproducts: giftBox,
  },
  'canvas-30x40': {
    names: { en_GB: 'Canvas 30x40', nb_NO: 'Lerret 30x40', da_DK: 'Lærred 30x40' },
    producttype: PRODUCT_TYPE.PHOTOGIFT,
    widthMm: 300,
    heightMm: 400,
    minQuantity: 1,
    prices: [3499, 2999, 2499],
    subproducts: hangingKit,
  },
  'canvas-40x40': {
    names: { en_GB: 'Canvas 40x40', nb_NO: 'Lerret 40x40', da_DK: 'Lærred 40x40' },
    producttype: PRODUCT_TYPE.PHOTOGIFT,
    widthMm: 400,
    heightMm: 400,
    minQuantity: 1,
    prices: [4499, 3899, 3299],
    subproducts: hangingKit,
  },
} satisfies Record<string, TemplateProductDef>;

export type TemplateProductKey = keyof typeof TEMPLATE_PRODUCTS;

/** A product's name in a portal's language; en_GB for any language we have no name in (en_US). */
export const nameIn = (names: Names, locale: string): string =>
  (names as Record<string, string>)[locale] ?? names.en_GB;

/** The uuid of a template product in one portal (products, and so their uuids, are per portal). */
export const templateProductUuid = (portalUuid: string, key: TemplateProductKey) =>
  stableUuid(`${portalUuid}:template-product:${key}`);

/**
 * The product a template names before it is seeded into a portal: a portal-neutral uuid and the
 * English name. The seed swaps in the portal's own product (templateProductUuid).
 */
export function templateProductRef(key: TemplateProductKey) {
  const p: TemplateProductDef = TEMPLATE_PRODUCTS[key];
  return {
    uuid: stableUuid(`template-product:${key}`),
    name: p.names.en_GB,
    formatSize: { widthMm: p.widthMm, heightMm: p.heightMm },
  };
}

/** Which template product a template file names by its portal-neutral uuid (templateProductRef). */
export function productKeyOf(productUuid: string): TemplateProductKey | undefined {
  return (Object.keys(TEMPLATE_PRODUCTS) as TemplateProductKey[]).find(
    (k) => templateProductRef(k).uuid === productUuid,
  );
}

export interface TemplateCategoryDef {
  type: 'CARDS' | 'PHOTOGIFT';
  category: string;
  names: Names;
  /** Draw the product with a shadow, lifted off the page (S1 §3). */
  separateFromBackground: boolean;
  isDefault: boolean;
}

/** Card categories (the first default) and photo gift categories, in display order. */
export const TEMPLATE_CATEGORIES: TemplateCategoryDef[] = [
  {
    type: 'CARDS',
    category: 'BIRTHDAY',
    names: { en_GB: 'Birthday', nb_NO: 'Bursdag', da_DK: 'Fødselsdag' },
    separateFromBackground: true,
    isDefault: true,
  },
  {
    type: 'CARDS',
    category: 'CHRISTMAS',
    names: { en_GB: 'Christmas', nb_NO: 'Jul', da_DK: 'Jul' },
    separateFromBackground: true,
    isDefault: false,
  },
  {
    type: 'CARDS',
    category: 'THANKS',
    names: { en_GB: 'Thank you', nb_NO: 'Takk', da_DK: 'Tak' },
    separateFromBackground: true,
    isDefault: false,
  },
  {
    type: 'PHOTOGIFT',
    category: 'MUG',
    names: { en_GB: 'Mugs', nb_NO: 'Krus', da_DK: 'Krus' },
    separateFromBackground: false,
    isDefault: true,
  },
  {
    type: 'PHOTOGIFT',
    category: 'CANVAS',
    names: { en_GB: 'Canvas', nb_NO: 'Lerret', da_DK: 'Lærred' },
    separateFromBackground: true,
    isDefault: false,
  },
];
