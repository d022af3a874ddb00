/**
 * The HTTP contract shared by server/ and src/: zod schemas for what crosses the wire.
 * Money is integer minor units; sizes are millimetres.
 */
import { z } from 'zod';
import type {
  CropRect,
  Effect,
  ImageValue,
  Instance,
  PictureRegions,
  ResourceValue,
  Rotation,
} from '../engine/index.ts';
import {
  cropProblem,
  Font,
  MAX_PERSONAL_DATES,
  PORTAL_LOCALES,
  personalDateProblem,
  type Template,
} from '../engine/index.ts';
import { PickupLocation, PostageOption } from './deliveryOptions.ts';
import { countText, MAX_LINE_QUANTITY } from './orderLimits.ts';
import { PhotobookSpec } from './photobook/products.ts';

/**
 * A whole number a PostgreSQL `integer` column holds (-2^31 to 2^31 - 1). Every integer a client sends
 * is one, so it can reach a query: a template version of 2^53 or 1e308 was answered 500 ("out of
 * range" from the database) instead of 400 (issue 28).
 */
export const DbInteger = z.int32();

export const LocaleCode = z.enum(PORTAL_LOCALES);
export type LocaleCode = z.infer<typeof LocaleCode>;

export interface MenuItem {
  id: string;
  title: string;
  url: string;
  /** true: an in-app link (a route of this app); false: an ordinary link. */
  m: boolean;
  children?: MenuItem[];
}
export const MenuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    url: z.string(),
    m: z.boolean(),
    children: z.array(MenuItem).optional(),
  }),
);

export const PortalConfig = z.object({
  portal: z.object({ uuid: z.string().uuid(), name: z.string() }),
  locale: z.object({ code: LocaleCode, use_metric_system: z.boolean() }),
  currency: z.object({ code: z.string().length(3), formatString: z.string() }),
  logo: z.object({ src: z.string(), alt: z.string(), href: z.string(), external: z.boolean() }),
  menu: z.array(MenuItem),
  options: z.object({
    'free-shipping-threshold': DbInteger.nonnegative().nullable(),
    'checkout-ask-for-auto-correction': z.boolean(),
  }),
  minimumPrice: DbInteger.nonnegative(),
  companyName: z.string(),
  /** The regional variant of S0 §1 (white-border products, no products page, a pickup promise from the stores' data). */
  regional: z.boolean(),
  /** Where the regional variant's products page sends the shopper. */
  externalGiftSite: z.string().nullable(),
  /** Where its calendars' public holidays are those of ('GB-SCT'); null: its language's default (shop/holidays.ts). */
  holidayRegion: z.string().nullable(),
});
export type PortalConfig = z.infer<typeof PortalConfig>;

export const CategoryType = z.enum([
  'CARDS',
  'CALENDARS',
  'PHOTOGIFT',
  'PAPER_COPIES',
  'PHOTOBOOK',
  'EXTERNAL',
]);
export const Category = z.object({
  type: CategoryType,
  category: z.string(),
  link: z.string().nullable(),
  image: z.string(),
  title: z.string(),
  description: z.string(),
});
export type Category = z.infer<typeof Category>;

/** A picture's own size in px, added by the server when it knows it: the box is reserved before it loads. */
const intrinsicSize = {
  width: DbInteger.positive().optional(),
  height: DbInteger.positive().optional(),
};

export const Slide = z.object({
  background: z.string(),
  ...intrinsicSize,
  title: z.string(),
  text: z.string(),
  button: z.object({ text: z.string(), link: z.string() }).nullable(),
});
export type Slide = z.infer<typeof Slide>;

const moduleBase = { id: z.string() };
export const ContentModule = z.discriminatedUnion('type', [
  z.object({
    ...moduleBase,
    type: z.literal('Slider'),
    duration: z.number().positive().optional(),
    slides: z.array(Slide),
  }),
  z.object({
    ...moduleBase,
    type: z.literal('PromoteCategory'),
    title: z.string().optional(),
    categories: z.array(Category),
  }),
  z.object({ ...moduleBase, type: z.literal('Title'), text: z.string() }),
  z.object({
    ...moduleBase,
    type: z.literal('Paragraph'),
    text: z.string().optional(),
    html: z.string().optional(),
  }),
  z.object({
    ...moduleBase,
    type: z.literal('Image'),
    src: z.string(),
    alt: z.string(),
    ...intrinsicSize,
    link: z.string().optional(),
    newWindow: z.boolean().optional(),
  }),
  z.object({ ...moduleBase, type: z.literal('RichText'), html: z.string() }),
  /**
   * The portal's delivery as configured (issue 34), filled by the server when the page is served:
   * postage options, pickup prices and the stores with their lead times and opening days.
   */
  z.object({
    ...moduleBase,
    type: z.literal('DeliveryInfo'),
    postage: z.array(PostageOption),
    /** The cheapest standard pickup and express pickup; null when the portal has none. */
    pickupPrice: z.number().nullable(),
    expressPrice: z.number().nullable(),
    freeShippingThreshold: z.number().nullable(),
    /** The stores a shopper can pick (standard entries), each with its express time in hours when it has one. */
    stores: z.array(PickupLocation.extend({ expresshours: z.number().nullable(), cutoffhour: z.number() })),
  }),
  /** The portal's ways of paying as offered (issue 34), filled by the server when the page is served. */
  z.object({
    ...moduleBase,
    type: z.literal('PaymentInfo'),
    options: z.array(z.object({ title: z.string(), description: z.string() })),
  }),
]);
export type ContentModule = z.infer<typeof ContentModule>;
/** A page as served: known modules, and unknown ones kept with their id and type only. */
export type PageModule = ContentModule | { id: string; type: string };
export interface ContentPage {
  id: string;
  title: string;
  modules: PageModule[];
}

export const ProductPrice = z.object({
  quantity: DbInteger.positive(),
  price: DbInteger.nonnegative(),
  campaignprice: DbInteger.nonnegative(),
  type: DbInteger,
});
export const Subproduct = z.object({ uuid: z.string(), name: z.string(), extraprice: DbInteger });
export const Product = z.object({
  uuid: z.string(),
  name: z.string(),
  producttype: DbInteger,
  /** Print area [width, height] in mm. */
  printareasize: z.tuple([z.number(), z.number()]),
  minQuantity: DbInteger.positive(),
  whiteBorder: z.boolean(),
  productprices: z.array(ProductPrice),
  subproducts: z.array(Subproduct),
  campaignrequirement: z.string().nullable(),
  /**
   * A photo book's page size, page rules and binding (issue 33; shop/photobook): present only for a
   * book, so the app can add pages in the product's steps, price each count (photobookPrice) and draw
   * the cover at its width. Its productprices are then unit prices: the base for the minimum pages,
   * then each extra page step.
   */
  photobook: PhotobookSpec.optional(),
});
export type Product = z.infer<typeof Product>;

export const OrderLineImage = z.object({
  filter: z.enum(['original', 'bw', 'sepia']),
  cropRect: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable(),
  adaption: z.union([z.literal(0), z.literal(1)]),
  /**
   * True while the crop is the shop's, not one the shopper set (issue 32): the centred crop, or the
   * suggestion that holds the faces once the picture is analysed; the server moves it when the
   * analysis finishes. Absent (lines from before) or false: the shopper's crop, never changed.
   */
  defaultCrop: z.boolean().optional(),
});

/** A box of the picture analysis (engine/pictureRegions.ts): fractions of the upright picture. */
const RegionBoxShape = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
/** What the analysis found in a picture; null (or absent) while it has not run. */
export const PictureRegionsShape = z.object({
  faces: z.array(RegionBoxShape),
  salient: RegionBoxShape.nullable(),
}) satisfies z.ZodType<PictureRegions>;
// ---- A template line's resources as stored and answered: the engine's own values, by full id ----

const RotationValue = z.union([
  z.literal(0),
  z.literal(90),
  z.literal(180),
  z.literal(270),
]) satisfies z.ZodType<Rotation>;
const EffectValue = z.enum(['original', 'bw', 'sepia']) satisfies z.ZodType<Effect>;

/** A picture in a line's slot (engine/instance.ts ImageValue): its upright size is the server's. */
export const LineImage = z.object({
  uuid: z.string(),
  width: DbInteger.positive(),
  height: DbInteger.positive(),
  rotation: RotationValue,
  effect: EffectValue,
  cropRect: z.object({
    x: z.number(),
    y: z.number(),
    width: z.number(),
    height: z.number(),
  }) satisfies z.ZodType<CropRect>,
}) satisfies z.ZodType<ImageValue>;

/**
 * One user-supplied slot of a template line: an engine ResourceValue (engine/instance.ts) with its
 * full id; a text's font is the template model's Font (engine/template.ts) with the shopper's overrides.
 */
export const LineResource = z.discriminatedUnion('type', [
  z.object({ fullId: z.string(), type: z.literal('IMAGE'), image: LineImage.nullable() }),
  z.object({ fullId: z.string(), type: z.literal('STRING'), text: z.string(), font: Font }),
]);
export type LineResource = z.infer<typeof LineResource>;
// The stored form is the engine's value plus a full id, so a line becomes an Instance without casts.
type _LineResourceIsEngineValue = LineResource extends ResourceValue & { fullId: string } ? true : never;
export const lineResourceIsEngineValue: _LineResourceIsEngineValue = true;

export const OrderLine = z.object({
  uuid: z.string(),
  type: DbInteger,
  description: z.string(),
  product: z.object({ uuid: z.string(), type: DbInteger }),
  files: z.array(
    z.object({
      uuid: z.string(),
      size: DbInteger,
      name: z.string(),
      error: z.string().nullable(),
      product: z.string(),
    }),
  ),
  quantity: DbInteger.positive(),
  actualLinePrice: DbInteger,
  image: OrderLineImage.nullable(),
  templates: z.array(
    z.object({
      template: z.string(),
      /** The template version the line was made with (template lines keep it; issue 7). */
      version: DbInteger.optional(),
      resources: z.array(LineResource),
      /** Every stored line has one: for cards and photo gifts the server fills it (YEAR_STRING). */
      year: DbInteger,
      /** A calendar's first month, 1..12 (issue 18); 1 for every other line. */
      startMonth: DbInteger.min(1).max(12).optional(),
      /** A calendar's dates of the shopper's own (issue 18); [] for every other line. */
      personalDates: z
        .array(z.object({ day: z.number(), month: z.number(), text: z.string(), yearly: z.boolean() }))
        .optional(),
      /** Whether a calendar marks the portal's public holidays (issue 18). */
      holidays: z.boolean().optional(),
    }),
  ),
  /** Template lines: the chosen subproducts (envelope, gift box…), priced into the line; [] for prints. */
  subProductUuids: z.array(z.string()).optional(),
});
export type OrderLine = z.infer<typeof OrderLine>;

/** A line's quantity: a whole number from 1 to the line cap (shop/orderLimits.ts). */
export const LineQuantity = z
  .number()
  .int('The quantity must be a whole number')
  .min(1, 'The quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, `At most ${countText(MAX_LINE_QUANTITY)} of one item can be ordered`);

/**
 * A crop as fractions of the upright picture (engine/image.ts): on the picture, or around it for a
 * fit-in picture, never beside it; a crop off the picture is refused naming the field.
 */
export const CropRectInput = z
  .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
  .superRefine((crop, ctx) => {
    const problem = cropProblem(crop);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        path: [problem.field],
        message: `The crop's ${problem.field} ${problem.message}`,
      });
  });

/**
 * What the server takes from an order line a client sends (PUT /m/api/webshop/cart…): the format,
 * the quantity, the picture's filter and crop, and the transient `deleted` flag of bulk editing.
 * Everything else (price, files, description) is the server's and is ignored.
 */
// ---- Template lines (issue 7): what a client sends for a card, calendar or photo gift line ----

const ColourInput = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'A colour is #RRGGBB');
const HAlignInput = z.enum(['left', 'center', 'right']);
const VAlignInput = z.enum(['top', 'center', 'middle', 'bottom']);
const EffectInput = z.enum(['original', 'bw', 'sepia']);
const SlotId = z.string().min(1).max(200);

/** A picture in a user picture slot: the shopper's picture by uuid, its rotation, effect and crop. */
export const TemplateImageInput = z.object({
  uuid: z.uuid('A picture id is not a valid uuid'),
  rotation: z
    .union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)], {
      error: 'A rotation is 0, 90, 180 or 270',
    })
    .default(0),
  effect: EffectInput.optional(),
  /** S1 §3's name for the shopper's effect; wins over `effect`. */
  overrideEffect: EffectInput.optional(),
  cropRect: CropRectInput,
});

/**
 * A user text's font as a client sends it: the override fields (S1 §3), or the plain fields of an
 * edited font; the server keeps the template's font and records the differences as overrides.
 */
export const TemplateFontInput = z.object({
  family: z.string().max(100).optional(),
  size: z.number().positive().max(400).optional(),
  color: ColourInput.optional(),
  horizontalAlign: HAlignInput.optional(),
  verticalAlign: VAlignInput.optional(),
  text: z.string().max(2000).optional(),
  overrideFamily: z.string().max(100).nullable().optional(),
  overrideSize: z.number().positive().max(400).nullable().optional(),
  overrideColor: ColourInput.nullable().optional(),
  overrideHorizontalAlign: HAlignInput.nullable().optional(),
  overrideVerticalAlign: VAlignInput.nullable().optional(),
});

/** One user-supplied resource, named by its full id (`id` is accepted for template-level resources). */
export const TemplateResourceInput = z
  .discriminatedUnion('type', [
    z.object({
      fullId: SlotId.optional(),
      id: SlotId.optional(),
      type: z.literal('IMAGE'),
      image: TemplateImageInput.nullable(),
    }),
    z.object({
      fullId: SlotId.optional(),
      id: SlotId.optional(),
      type: z.literal('STRING'),
      /** The text; `font.text` is read when this is absent. */
      text: z.string().max(2000).optional(),
      font: TemplateFontInput.optional(),
    }),
  ])
  .refine((r) => (r.fullId ?? r.id) !== undefined, 'A resource needs its fullId');
export type TemplateResourceInput = z.infer<typeof TemplateResourceInput>;

/**
 * The year of a line: a calendar's is the one the shopper chose and saw; other templates may send
 * null or leave it out (the server fills the year a card's YEAR_STRING shows). shop/templateLine.ts
 * chooseLineYear decides.
 */
const YearInput = z.int32('A year is a whole number').min(1900).max(2200).nullable();

/**
 * A date of the shopper's own in a calendar (issue 18): a day that exists in its month (29 February
 * yes: it is shown in leap years), a text of 1 to 30 characters, yearly or not (default yearly).
 */
const PersonalDateInput = z
  .object({
    day: z
      .number()
      .int('day must be a whole number')
      .min(1, 'day must be 1 to 31')
      .max(31, 'day must be 1 to 31'),
    month: z
      .number()
      .int('month must be a whole number')
      .min(1, 'month must be 1 to 12')
      .max(12, 'month must be 1 to 12'),
    text: z.string().trim().min(1, 'text is empty'),
    yearly: z.boolean().default(true),
  })
  .superRefine((date, ctx) => {
    const problem = personalDateProblem(date);
    if (problem)
      ctx.addIssue({ code: 'custom', path: [problem.startsWith('day') ? 'day' : 'text'], message: problem });
  });

const PersonalDatesInput = z
  .array(PersonalDateInput)
  .max(MAX_PERSONAL_DATES, `personalDates holds at most ${MAX_PERSONAL_DATES} dates`);

/** A calendar's first month (issue 18): its twelve months run from there, into the next year. */
const StartMonthInput = z
  .number('startMonth must be a month number')
  .int('startMonth must be a whole month number, 1 to 12')
  .min(1, 'startMonth must be a month from 1 to 12')
  .max(12, 'startMonth must be a month from 1 to 12');

/**
 * A photo book's inner pages in order (issue 33): each page's id (it prefixes its slots' full ids)
 * and its layout, a part type of the book's. shop/templateLine.ts checkBookPages checks them against
 * the template and the product's page rules.
 */
export const BookPagesInput = z
  .array(
    z.object({
      id: z.string().regex(/^[A-Za-z0-9_()-]{1,64}$/, 'a page id is 1 to 64 letters, digits, _ - ( )'),
      typeId: z.string().min(1).max(64),
    }),
  )
  .max(400, 'A book has at most 400 pages');

/** S1 §3 cart add payload: one line per call. */
export const TemplateLineAdd = z.object({
  product: z.object({ uuid: z.uuid('The product id is not a valid uuid') }),
  subProductUuids: z.array(z.uuid('A subproduct id is not a valid uuid')).max(10).default([]),
  quantity: LineQuantity,
  template: z.object({
    uuid: z.uuid('The template id is not a valid uuid'),
    /** Default: the template's current version. */
    version: DbInteger.positive().optional(),
    resources: z.array(TemplateResourceInput).max(500),
    /** A calendar's year; null or absent for other templates. */
    year: YearInput.optional(),
    /** A calendar's first month; absent: January (other templates: ignored). */
    startMonth: StartMonthInput.optional(),
    /** A calendar's own dates; absent: none (other templates: ignored). */
    personalDates: PersonalDatesInput.optional(),
    /** Whether a calendar marks public holidays; absent: it does (other templates: ignored). */
    holidays: z.boolean().optional(),
    /** A photo book's inner pages (required for a book; other templates: ignored). */
    bookPages: BookPagesInput.optional(),
  }),
});
export type TemplateLineAdd = z.infer<typeof TemplateLineAdd>;

/** A template line's `templates` as a client sends it back in a line update; prints send []. */
export const TemplateLineTemplates = z
  .array(
    z.object({
      template: z.uuid('The template id is not a valid uuid'),
      version: DbInteger.positive().optional(),
      resources: z.array(TemplateResourceInput).max(500),
      year: YearInput.optional(),
      /** Absent: the line's own start month is kept; so are its dates and holidays. */
      startMonth: StartMonthInput.optional(),
      personalDates: PersonalDatesInput.optional(),
      holidays: z.boolean().optional(),
      /** A photo book's inner pages; absent: the line's own are kept. */
      bookPages: BookPagesInput.optional(),
    }),
  )
  .max(1, 'A template line has one template');

export const OrderLineChange = z.object({
  uuid: z.uuid('The order line id is not a valid uuid'),
  product: z.object({ uuid: z.uuid('The product id is not a valid uuid') }),
  quantity: LineQuantity,
  image: z
    .object({ filter: z.enum(['original', 'bw', 'sepia']), cropRect: CropRectInput.nullable() })
    .nullable()
    .optional(),
  deleted: z.boolean().optional(),
  /** Template lines only: the user-supplied resources and the year (the template stays the line's; [] or absent: unchanged). */
  templates: TemplateLineTemplates.optional(),
});
export type OrderLineChange = z.infer<typeof OrderLineChange>;

export const AutoCorrection = z.object({ autoCorrection: z.union([z.literal(0), z.literal(1)]) });

export const Cart = z.object({
  orderLines: z.array(OrderLine),
  summary: z.object({ totalPrice: z.number() }),
});
export type Cart = z.infer<typeof Cart>;

/** The address fields (added with checkout) are there when the user gave them at sign-up: form defaults (S0 §5). */
export const Me = z.discriminatedUnion('isAnonymousUser', [
  z.object({ isAnonymousUser: z.literal(true) }),
  z.object({
    isAnonymousUser: z.literal(false),
    uuid: z.string(),
    name: z.string(),
    email: z.string(),
    mobile: z.string(),
    address: z.string().optional(),
    zipcode: z.string().optional(),
    city: z.string().optional(),
  }),
]);
export type Me = z.infer<typeof Me>;

/** Every 4xx and 5xx answer of our own API carries a readable `error` and a stable `code`. */
export interface ApiError {
  error: string;
  code: string;
  issues?: { path: string; message: string }[];
}

export const PageId = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'A page id is lower-case letters, digits and dashes');

/** 'My designs' (issue 18): a logged-in shopper's unfinished design of a template, as the server keeps it. */
export interface AccountDesign {
  /** The editor's instance (engine/instance.ts). */
  instance: Instance;
  /** When the shopper made the change saved here (ISO 8601). */
  savedAt: string;
}

/** One entry of 'My designs': the template the design is made from and when it was last changed. */
export interface DesignSummary {
  template: Template;
  savedAt: string;
}
