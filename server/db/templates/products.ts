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
const posterHanger = [
  {
    key: 'poster-hanger',
    names: { en_GB: 'Wooden poster hanger', nb_NO: 'Plakatheng i tre', da_DK: 'Plakathænger i træ' },
    extraprice: 900,
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
  // A folded card's page is the flat sheet: 2 pages, the outside and the inside, folded at x = 105
  // (docs/template-format.md "Folded cards: print layout"). Folded, an A6 portrait card.
  'folded-card-a6': {
    names: {
      en_GB: 'Folded card A6 (2 pages)',
      nb_NO: 'Brettet kort A6 (2 sider)',
      da_DK: 'Foldet kort A6 (2 sider)',
    },
    producttype: PRODUCT_TYPE.CARDS,
    widthMm: 210,
    heightMm: 148,
    minQuantity: 1,
    prices: [349, 299, 249],
    subproducts: envelopes,
  },
  // A 4-page card's page is one panel (front, inside left, inside right, back), 150 x 150 mm: the
  // lab imposes the four on a 300 x 150 mm sheet folded in the middle.
  'folded-card-15x15': {
    names: {
      en_GB: 'Folded card 15x15 (4 pages)',
      nb_NO: 'Brettet kort 15x15 (4 sider)',
      da_DK: 'Foldet kort 15x15 (4 sider)',
    },
    producttype: PRODUCT_TYPE.CARDS,
    widthMm: 150,
    heightMm: 150,
    minQuantity: 1,
    prices: [449, 379, 299],
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
  'calendar-a4-landscape': {
    names: {
      en_GB: 'Calendar A4 landscape (12 months)',
      nb_NO: 'Kalender A4 liggende (12 måneder)',
      da_DK: 'Kalender A4 liggende (12 måneder)',
    },
    producttype: PRODUCT_TYPE.CALENDAR,
    widthMm: 297,
    heightMm: 210,
    minQuantity: 1,
    prices: [1999, 1699, 1399],
    subproducts: [],
  },
  'calendar-a3': {
    names: {
      en_GB: 'Calendar A3 (12 months)',
      nb_NO: 'Kalender A3 (12 måneder)',
      da_DK: 'Kalender A3 (12 måneder)',
    },
    producttype: PRODUCT_TYPE.CALENDAR,
    widthMm: 297,
    heightMm: 420,
    minQuantity: 1,
    prices: [2999, 2599, 2199],
    subproducts: [],
  },
  'calendar-a3-landscape': {
    names: {
      en_GB: 'Calendar A3 landscape (12 months)',
      nb_NO: 'Kalender A3 liggende (12 måneder)',
      da_DK: 'Kalender A3 liggende (12 måneder)',
    },
    producttype: PRODUCT_TYPE.CALENDAR,
    widthMm: 420,
    heightMm: 297,
    minQuantity: 1,
    prices: [2999, 2599, 2199],
    subproducts: [],
  },
  // A page of a desk calendar on its stand (the stand is the lab's, not printed).
  'calendar-desk': {
    names: {
      en_GB: 'Desk calendar (12 months)',
      nb_NO: 'Bordkalender (12 måneder)',
      da_DK: 'Bordkalender (12 måneder)',
    },
    producttype: PRODUCT_TYPE.CALENDAR,
    widthMm: 210,
    heightMm: 100,
    minQuantity: 1,
    prices: [1499, 1299, 1099],
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
  'poster-a3': {
    names: { en_GB: 'Poster A3', nb_NO: 'Plakat A3', da_DK: 'Plakat A3' },
    producttype: PRODUCT_TYPE.PHOTOGIFT,
    widthMm: 297,
    heightMm: 420,
    minQuantity: 1,
    prices: [1299, 1099, 899],
    subproducts: [],
  },
  'poster-50x70': {
    names: { en_GB: 'Poster 50x70', nb_NO: 'Plakat 50x70', da_DK: 'Plakat 50x70' },
    producttype: PRODUCT_TYPE.PHOTOGIFT,
    widthMm: 500,
    heightMm: 700,
    minQuantity: 1,
    prices: [2499, 2199, 1899],
    subproducts: posterHanger,
  },
  // The picture of a 500-piece puzzle, A4 landscape; it comes in a box.
  puzzle: {
    names: {
      en_GB: 'Photo puzzle (500 pieces)',
      nb_NO: 'Fotopuslespill (500 brikker)',
      da_DK: 'Fotopuslespil (500 brikker)',
    },
    producttype: PRODUCT_TYPE.PHOTOGIFT,
    widthMm: 297,
    heightMm: 210,
    minQuantity: 1,
    prices: [2299, 1999, 1699],
    subproducts: [],
  },
  mousemat: {
    names: { en_GB: 'Mouse mat', nb_NO: 'Musematte', da_DK: 'Musemåtte' },
    producttype: PRODUCT_TYPE.PHOTOGIFT,
    widthMm: 235,
    heightMm: 195,
    minQuantity: 1,
    prices: [1199, 999, 799],
    subproducts: [],
  },
  // The printed front of a 40 x 40 cm cushion cover, filling included.
  cushion: {
    names: { en_GB: 'Cushion 40x40', nb_NO: 'Pute 40x40', da_DK: 'Pude 40x40' },
    producttype: PRODUCT_TYPE.PHOTOGIFT,
    widthMm: 400,
    heightMm: 400,
    minQuantity: 1,
    prices: [2999, 2599, 2199],
    subproducts: [],
  },
  // The print area on one side of a cotton tote bag.
  'tote-bag': {
    names: { en_GB: 'Tote bag', nb_NO: 'Handlenett', da_DK: 'Mulepose' },
    producttype: PRODUCT_TYPE.PHOTOGIFT,
    widthMm: 300,
    heightMm: 300,
    minQuantity: 1,
    prices: [1799, 1499, 1199],
    subproducts: giftBox,
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
    type: 'CARDS',
    category: 'WEDDING',
    names: { en_GB: 'Wedding', nb_NO: 'Bryllup', da_DK: 'Bryllup' },
    separateFromBackground: true,
    isDefault: false,
  },
  {
    type: 'CARDS',
    category: 'BABY',
    names: { en_GB: 'Baby', nb_NO: 'Baby', da_DK: 'Baby' },
    separateFromBackground: true,
    isDefault: false,
  },
  {
    type: 'CARDS',
    category: 'INVITATION',
    names: { en_GB: 'Invitations', nb_NO: 'Invitasjoner', da_DK: 'Invitationer' },
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
  {
    type: 'PHOTOGIFT',
    category: 'POSTER',
    names: { en_GB: 'Posters', nb_NO: 'Plakater', da_DK: 'Plakater' },
    separateFromBackground: true,
    isDefault: false,
  },
  {
    type: 'PHOTOGIFT',
    category: 'PUZZLE',
    names: { en_GB: 'Puzzles', nb_NO: 'Puslespill', da_DK: 'Puslespil' },
    separateFromBackground: true,
    isDefault: false,
  },
  {
    type: 'PHOTOGIFT',
    category: 'MOUSEMAT',
    names: { en_GB: 'Mouse mats', nb_NO: 'Musematter', da_DK: 'Musemåtter' },
    separateFromBackground: true,
    isDefault: false,
  },
  {
    type: 'PHOTOGIFT',
    category: 'CUSHION',
    names: { en_GB: 'Cushions', nb_NO: 'Puter', da_DK: 'Puder' },
    separateFromBackground: true,
    isDefault: false,
  },
  {
    type: 'PHOTOGIFT',
    category: 'BAG',
    names: { en_GB: 'Tote bags', nb_NO: 'Handlenett', da_DK: 'Muleposer' },
    separateFromBackground: false,
    isDefault: false,
  },
];
