/**
 * One schema, one SQL dialect (PostgreSQL), used by embedded PGlite and by a real server alike.
 * Money columns are integer minor units; sizes are millimetres.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PersonalDate, PictureRegions, Template } from '../../engine/index.ts';
import type { MenuItem } from '../../shop/index.ts';

export const portals = pgTable('portals', {
  uuid: uuid('uuid').primaryKey(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  locale: text('locale').notNull(),
  useMetricSystem: boolean('use_metric_system').notNull(),
  currencyCode: text('currency_code').notNull(),
  currencyFormat: text('currency_format').notNull(),
  logoSrc: text('logo_src').notNull(),
  logoAlt: text('logo_alt').notNull(),
  logoHref: text('logo_href').notNull(),
  logoExternal: boolean('logo_external').notNull().default(false),
  freeShippingThreshold: integer('free_shipping_threshold'),
  askAutoCorrection: boolean('ask_auto_correction').notNull().default(false),
  minimumPrice: integer('minimum_price').notNull().default(0),
  companyName: text('company_name').notNull(),
  regional: boolean('regional').notNull().default(false),
  externalGiftSite: text('external_gift_site'),
  /**
   * Where the calendars' public holidays are those of (issue 34): an ISO 3166 country or
   * country-subdivision code as date-holidays knows it ('GB-SCT', 'NO'); null is the default of the
   * portal's language (shop/holidays.ts: England and Wales on en_GB).
   */
  holidayRegion: text('holiday_region'),
  /** Days an invoice gives the shopper to pay (issue 34): its due date is the order's day plus these. */
  invoiceDueDays: integer('invoice_due_days').notNull().default(14),
  /** How to pay an invoice (bank and account), printed on it as written; '' prints none. */
  invoicePaymentDetails: text('invoice_payment_details').notNull().default(''),
});

export const portalHosts = pgTable('portal_hosts', {
  host: text('host').primaryKey(),
  portalUuid: uuid('portal_uuid')
    .notNull()
    .references(() => portals.uuid, { onDelete: 'cascade' }),
});

export const menuItems = pgTable(
  'menu_items',
  {
    id: text('id').notNull(),
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    parentId: text('parent_id'),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    inApp: boolean('in_app').notNull(),
  },
  (t) => [primaryKey({ columns: [t.portalUuid, t.id] })],
);

export const contentPages = pgTable(
  'content_pages',
  {
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    pageId: text('page_id').notNull(),
    title: text('title').notNull(),
    /** The page's modules as authored; PromoteCategory modules are filled with categories when served. */
    modules: jsonb('modules').$type<Record<string, unknown>[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.portalUuid, t.pageId] })],
);

export const productCategories = pgTable(
  'product_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    category: text('category').notNull(),
    link: text('link'),
    image: text('image').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
  },
  (t) => [index('product_categories_portal').on(t.portalUuid, t.position)],
);

export const products = pgTable(
  'products',
  {
    uuid: uuid('uuid').primaryKey(),
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    producttype: integer('producttype').notNull(),
    widthMm: integer('width_mm').notNull(),
    heightMm: integer('height_mm').notNull(),
    minQuantity: integer('min_quantity').notNull().default(1),
    whiteBorder: boolean('white_border').notNull().default(false),
    campaignRequirement: text('campaign_requirement'),
    /**
     * A template product: the portal-neutral uuid that template files name it by (the same in every
     * portal; templates/products.json). Publishing a template finds each portal's product through it.
     * Null for a print format.
     */
    templateProduct: uuid('template_product'),
  },
  (t) => [
    index('products_portal').on(t.portalUuid, t.position),
    index('products_template_product').on(t.templateProduct),
  ],
);

export const productPrices = pgTable(
  'product_prices',
  {
    productUuid: uuid('product_uuid')
      .notNull()
      .references(() => products.uuid, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    price: integer('price').notNull(),
    campaignPrice: integer('campaign_price').notNull().default(0),
    type: integer('type').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productUuid, t.quantity] })],
);

export const subproducts = pgTable('subproducts', {
  uuid: uuid('uuid').primaryKey(),
  productUuid: uuid('product_uuid')
    .notNull()
    .references(() => products.uuid, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  extraPrice: integer('extra_price').notNull(),
});

/**
 * Templates (S1 §3), per portal because their product (and its prices) is the portal's own; the
 * seed puts the same templates, with the same uuids, in every portal. Each version is a row; the
 * newest is current, older ones stay for cart lines made with them.
 */
export const templates = pgTable(
  'templates',
  {
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    uuid: uuid('uuid').notNull(),
    version: integer('version').notNull(),
    /** CARDS, CALENDAR or PHOTOGIFT. */
    type: text('type').notNull(),
    categories: jsonb('categories').$type<string[]>().notNull(),
    productUuid: uuid('product_uuid')
      .notNull()
      .references(() => products.uuid),
    /** The whole template as validated by engine/template.ts when it was stored. */
    body: jsonb('body').$type<Template>().notNull(),
    position: integer('position').notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.portalUuid, t.uuid, t.version] }),
    index('templates_list').on(t.portalUuid, t.type, t.position),
    uniqueIndex('templates_one_current').on(t.portalUuid, t.uuid).where(sql`${t.isCurrent}`),
  ],
);

/** Card and photo gift categories: localised names, the default card category, and the shadow flag. */
export const templateCategories = pgTable(
  'template_categories',
  {
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    /** CARDS or PHOTOGIFT. */
    type: text('type').notNull(),
    category: text('category').notNull(),
    position: integer('position').notNull(),
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    separateFromBackground: boolean('separate_from_background').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.portalUuid, t.type, t.category] })],
);

export const users = pgTable(
  'users',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    passwordHash: text('password_hash').notNull(),
    address: text('address'),
    zipcode: text('zipcode'),
    city: text('city'),
    /** The yearly dates of the calendars the shopper made (issue 18), offered in the next one. */
    personalDates: jsonb('personal_dates').$type<PersonalDate[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_portal_email').on(t.portalUuid, t.email)],
);

/**
 * 'My designs' (issue 18): a logged-in shopper's unfinished design of a template, saved as they work
 * and reopened on any device. One per template, as the browser's own save is: the editor opens the
 * newer of the two.
 */
export const designs = pgTable(
  'designs',
  {
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    templateUuid: uuid('template_uuid').notNull(),
    templateVersion: integer('template_version').notNull(),
    /** The editor's instance (engine/instance.ts), as the editor keeps it in the browser. */
    instance: jsonb('instance').$type<Record<string, unknown>>().notNull(),
    /** When the shopper made the change saved here, by the browser's clock: the newer save wins. */
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userUuid, t.templateUuid] }),
    index('designs_recent').on(t.userUuid, t.savedAt),
  ],
);

export const sessions = pgTable('sessions', {
  /** sha256 of the cookie's token: a copy of the table does not hand out live sessions. */
  idHash: text('id_hash').primaryKey(),
  portalUuid: uuid('portal_uuid')
    .notNull()
    .references(() => portals.uuid, { onDelete: 'cascade' }),
  userUuid: uuid('user_uuid').references(() => users.uuid, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Last time the session was used (kept to the hour): idle anonymous sessions are removed by a job. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

export const carts = pgTable(
  'carts',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    sessionIdHash: text('session_id_hash').references(() => sessions.idHash, { onDelete: 'set null' }),
    userUuid: uuid('user_uuid').references(() => users.uuid, { onDelete: 'cascade' }),
    autoCorrection: integer('auto_correction'),
    /** The rebate code the shopper applied at checkout (upper case), or null. */
    rebateCode: text('rebate_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // An anonymous cart belongs to its session; a user's cart to the user (one per user, whichever
  // session they use), with no session.
  (t) => [uniqueIndex('carts_session').on(t.sessionIdHash), uniqueIndex('carts_one_per_user').on(t.userUuid)],
);

export const orderLines = pgTable(
  'order_lines',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    cartUuid: uuid('cart_uuid')
      .notNull()
      .references(() => carts.uuid, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: integer('type').notNull(),
    productUuid: uuid('product_uuid')
      .notNull()
      .references(() => products.uuid),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    /** Computed on the server from the price list; a client's price is never stored. */
    actualLinePrice: integer('actual_line_price').notNull(),
    image: jsonb('image'),
    files: jsonb('files').notNull().default([]),
    templates: jsonb('templates').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_lines_cart').on(t.cartUuid, t.position)],
);

/**
 * Uploaded pictures (S1 §7, S0 §7): the original's bytes live content-addressed on disk
 * (dataDir/pictures/originals/<sha256>); a row says who owns it and its size after EXIF orientation.
 */
/** What the photo book's auto-create reads of a picture (issue 33; server/services/pictures/pictureSignals.ts). */
export interface PictureSignals {
  /** When the picture was taken, local time as `YYYY-MM-DDTHH:mm:ss` (EXIF); null when its file does not say. */
  takenAt: string | null;
  /** 64-bit difference hash, 16 lowercase hex digits. */
  hash: string;
  /** Variance of the Laplacian at 512 px (grey levels 0–255), 2 decimals. */
  sharpness: number;
}

export const pictures = pgTable(
  'pictures',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    /** The owner session; null once that session is gone (the user, if any, still owns it). */
    sessionIdHash: text('session_id_hash').references(() => sessions.idHash, { onDelete: 'set null' }),
    userUuid: uuid('user_uuid').references(() => users.uuid, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    originalName: text('original_name').notNull(),
    /** What the magic bytes say the original is (image/jpeg, image/heic, …). */
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    /** Pixel size after EXIF orientation. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** An upright JPEG master (<sha256>.master.jpg) exists: HEIC, or an EXIF orientation other than 1. */
    hasMaster: boolean('has_master').notNull().default(false),
    /** Faces and salient region found by the picture analysis (issue 32); null until it has run. */
    regions: jsonb('regions').$type<PictureRegions>(),
    /** Capture time, perceptual hash and sharpness for the photo book (issue 33); null until analysed. */
    signals: jsonb('signals').$type<PictureSignals>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The order of insertion: the pictures of one upload share a created_at (one transaction), and are
     * listed in the order they were sent (issue 31).
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('pictures_session').on(t.sessionIdHash, t.createdAt),
    index('pictures_user').on(t.userUuid, t.createdAt),
  ],
);

// ---- Checkout (issue 6) ----

/**
 * Store pickup locations (S0 §3). The first 24 characters of the uuid name the store; a location whose
 * last group is twelve 1s is that store's express twin (delivery time in hours).
 */
export const pickupLocations = pgTable(
  'pickup_locations',
  {
    uuid: uuid('uuid').primaryKey(),
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    /** '' when the store has no region. */
    region: text('region').notNull().default(''),
    city: text('city').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    postalCode: text('postal_code').notNull(),
    price: integer('price').notNull(),
    deliveryTime: integer('delivery_time').notNull(),
    /** 'd' business days, 'h' hours. */
    deliveryTimeUnit: text('delivery_time_unit').notNull(),
    /**
     * The days the store works, ISO weekdays (1 Monday … 7 Sunday): business days are counted on them
     * and a pickup date falls on one (shop/deliveryDates.ts, issue 34).
     */
    openingDays: jsonb('opening_days').$type<number[]>().notNull().default(sql`'[1,2,3,4,5,6]'::jsonb`),
    /** Local hour from which an order starts on the store's next working day. */
    cutoffHour: integer('cutoff_hour').notNull().default(15),
  },
  (t) => [
    index('pickup_locations_portal').on(t.portalUuid, t.position),
    check('pickup_locations_unit', sql`${t.deliveryTimeUnit} in ('d', 'h')`),
    check('pickup_locations_cutoff', sql`${t.cutoffHour} between 0 and 24`),
  ],
);

export const postageOptions = pgTable(
  'postage_options',
  {
    uuid: uuid('uuid').primaryKey(),
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    /** Business days. */
    deliveryDays: integer('delivery_days').notNull(),
  },
  (t) => [index('postage_options_portal').on(t.portalUuid, t.position)],
);

export const paymentOptions = pgTable(
  'payment_options',
  {
    uuid: uuid('uuid').primaryKey(),
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The provider behind it (server/services/payments/): 'store', 'invoice', 'test-card', 'stripe' or 'vipps'. */
    provider: text('provider').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** HTML (links, line breaks); the app sanitises it before showing it. */
    mobileDescription: text('mobile_description').notNull(),
    /** The receipt's payment text. */
    infoText: text('info_text').notNull(),
    /** The delivery types that allow it: 'store-pickup', 'postage'. */
    deliveryTypes: jsonb('delivery_types').$type<('store-pickup' | 'postage')[]>().notNull(),
  },
  (t) => [
    index('payment_options_portal').on(t.portalUuid, t.position),
    check(
      'payment_options_provider',
      sql`${t.provider} in ('store', 'invoice', 'test-card', 'stripe', 'vipps')`,
    ),
  ],
);

export const rebateCodes = pgTable(
  'rebate_codes',
  {
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    /** Upper case; shoppers' input is compared in upper case. */
    code: text('code').notNull(),
    text: text('text').notNull(),
    percentOff: integer('percent_off'),
    /** Minor units. */
    amountOff: integer('amount_off'),
    /** Null: unlimited. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.portalUuid, t.code] }),
    check(
      'rebate_codes_one_kind',
      sql`(${t.percentOff} is null) <> (${t.amountOff} is null) and coalesce(${t.percentOff}, 0) between 0 and 100 and coalesce(${t.amountOff}, 0) >= 0`,
    ),
  ],
);

/**
 * A payment attempt: made by POST /ajax/get_transaction.php with the server's amount and a snapshot
 * of what is being paid for; settled once (pending → paid | declined | cancelled) under a row lock.
 */
export const transactions = pgTable(
  'transactions',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    cartUuid: uuid('cart_uuid').references(() => carts.uuid, { onDelete: 'set null' }),
    /** The session that asked for it (a hash, no reference: it outlives a logout). */
    sessionIdHash: text('session_id_hash').notNull(),
    userUuid: uuid('user_uuid').references(() => users.uuid, { onDelete: 'set null' }),
    paymentOptionUuid: uuid('payment_option_uuid').notNull(),
    provider: text('provider').notNull(),
    amount: integer('amount').notNull(),
    currencyCode: text('currency_code').notNull(),
    /** The payment's state (shop/payment.ts): pending, authorised, captured, … */
    status: text('status').notNull().default('pending'),
    /** What is paid for, as computed when the transaction was made (server/services/checkout/checkout.ts). */
    request: jsonb('request').notNull(),
    orderUuid: uuid('order_uuid'),
    /** The provider's name for the payment (a Checkout Session id, a Vipps reference), once started. */
    providerRef: text('provider_ref'),
    /** Where the shopper pays (the provider's hosted page), once started. */
    redirectUrl: text('redirect_url'),
    /** Minor units taken (captured) and given back (refunded) so far. */
    amountCaptured: integer('amount_captured').notNull().default(0),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    /** When the provider first said the amount is held for the shop (an authorisation lapses). */
    authorisedAt: timestamp('authorised_at', { withTimezone: true }),
    /** What the lab must look at: an amount that did not match, a capture that failed. */
    problem: text('problem'),
    problemAt: timestamp('problem_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_cart').on(t.cartUuid, t.createdAt),
    index('transactions_by_status').on(t.status, t.createdAt),
    uniqueIndex('transactions_provider_ref').on(t.provider, t.providerRef),
    check(
      'transactions_status',
      sql`${t.status} in ('pending', 'authorised', 'captured', 'partly_refunded', 'refunded', 'declined', 'cancelled', 'expired', 'failed')`,
    ),
  ],
);

/**
 * Every message a payment provider sent about a payment (webhooks, and the answers the shop asked
 * for), by the provider's own event id: a repeated delivery is recognised and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    transactionUuid: uuid('transaction_uuid').references(() => transactions.uuid, { onDelete: 'set null' }),
    /** The provider's name for it: checkout.session.completed, AUTHORIZED, … */
    kind: text('kind').notNull(),
    /** The state it reported (shop/payment.ts), as the shop read it. */
    reported: text('reported'),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_once').on(t.provider, t.eventId),
    index('payment_events_transaction').on(t.transactionUuid, t.receivedAt),
  ],
);

/** The lab's refunds (and cancelled authorisations), one per request, by its idempotency key. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    transactionUuid: uuid('transaction_uuid')
      .notNull()
      .references(() => transactions.uuid, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** 'refund' (money given back) or 'cancel' (an authorisation released before capture). */
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** requested (sent, or to be sent again with the same key), succeeded, failed. */
    status: text('status').notNull().default('requested'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_refunds_once').on(t.transactionUuid, t.idempotencyKey)],
);

/** An order: made exactly once per paid transaction (UNIQUE transaction), a snapshot of what was bought. */
export const orders = pgTable(
  'orders',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    transactionUuid: uuid('transaction_uuid')
      .notNull()
      .references(() => transactions.uuid),
    sessionIdHash: text('session_id_hash').notNull(),
    userUuid: uuid('user_uuid').references(() => users.uuid, { onDelete: 'set null' }),
    total: integer('total').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Production of the print files (server/production/): queued with the order, rendering while a
     * worker holds its job, ready when the manifest is written, failed with a readable error.
     */
    productionStatus: text('production_status').notNull().default('queued'),
    productionError: text('production_error'),
    productionStartedAt: timestamp('production_started_at', { withTimezone: true }),
    productionFinishedAt: timestamp('production_finished_at', { withTimezone: true }),
    /** How many times production has started (a retry or a re-run counts). */
    productionAttempts: integer('production_attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('orders_one_per_transaction').on(t.transactionUuid),
    index('orders_session').on(t.sessionIdHash),
    index('orders_user').on(t.userUuid),
    index('orders_portal_created').on(t.portalUuid, t.createdAt),
    check(
      'orders_production_status',
      sql`${t.productionStatus} in ('queued', 'rendering', 'ready', 'failed')`,
    ),
  ],
);

/**
 * What the lab did with an order after production (printed, then ready for pickup or shipped), each
 * change with its time; the shopper sees them on the receipt and in My orders.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orderUuid: uuid('order_uuid')
      .notNull()
      .references(() => orders.uuid, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order').on(t.orderUuid, t.createdAt),
    // Each step is recorded once, whatever two desks do at the same moment.
    uniqueIndex('order_events_once').on(t.orderUuid, t.status),
    check('order_events_status', sql`${t.status} in ('printed', 'ready-for-pickup', 'shipped')`),
  ],
);

/**
 * Mail that must go out because of a change (the order confirmation): written in the same database
 * transaction as the change, one row per order and kind (UNIQUE), sent by a job that marks it sent.
 * However many confirms, callbacks and retries race, there is one row, so one mail.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orderUuid: uuid('order_uuid')
      .notNull()
      .references(() => orders.uuid, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The Message-ID the mail went out with (the SMTP server's or the .eml file's). */
    messageId: text('message_id'),
  },
  (t) => [uniqueIndex('email_outbox_one_per_kind').on(t.orderUuid, t.kind)],
);

export type MenuRow = typeof menuItems.$inferSelect;
export type { MenuItem };

/**
 * Counters of the shared limits (services/limits/limitStore.ts): every instance of the shop counts in the
 * same row, so two instances do not give twice the guesses. A row past `resets_at` counts as absent.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  // Bytes (the upload allowance adds each upload's) and hits alike: a 32-bit count overflowed after
  // 2 GiB from one address and then answered every upload 500 (issue 28).
  hits: bigint('hits', { mode: 'number' }).notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});

/**
 * Secrets the shop makes itself, once, and every instance reads from here (so no environment variable
 * has to be set alike on each): the device cookies' HMAC key (services/identity/deviceCookies.ts).
 */
/**
 * A resumable (tus) upload in progress (issue 32): whose it is, so only its session resumes or sees it,
 * and what it becomes when its last byte arrives (a picture, and a print line for `printsorder`). The
 * bytes are the tus store's and go when it finishes; the row goes when it is ended or expires.
 */
export const resumableUploads = pgTable(
  'resumable_uploads',
  {
    id: text('id').primaryKey(),
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    sessionIdHash: text('session_id_hash')
      .notNull()
      .references(() => sessions.idHash, { onDelete: 'cascade' }),
    /** The session's account when the upload began, if any: the picture is theirs too. */
    userUuid: uuid('user_uuid').references(() => users.uuid, { onDelete: 'cascade' }),
    uploadType: text('upload_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When its last byte arrived and it became a picture (its bytes are gone by then). The row stays
     * till the expiry so a client whose last answer was lost learns the result instead of uploading
     * again (a second print line).
     */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** A finished upload's length and the last piece's answer (the picture's record): `{ length, answer }`. */
    result: jsonb('result').$type<{ length: number; answer: object }>(),
  },
  (t) => [index('resumable_uploads_created').on(t.createdAt)],
);

export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time login links mailed to an account's address (services/identity/loginLinks.ts): only the sha256 of the
 * link's token is kept, so a copy of the table logs nobody in.
 */
export const loginLinks = pgTable(
  'login_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('login_links_user').on(t.userUuid), index('login_links_expiry').on(t.expiresAt)],
);

/**
 * A photo book's auto-create (issue 33, services/photobooks/autocreate.ts): asked by a session, worked
 * by the `photobook-autocreate` pg-boss job queued in the same transaction, read back by its session
 * alone. Kept a day (the hourly cleanup), long enough for a shopper to come back to it.
 */
export const photobookAutocreates = pgTable(
  'photobook_autocreates',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    portalUuid: uuid('portal_uuid')
      .notNull()
      .references(() => portals.uuid, { onDelete: 'cascade' }),
    sessionIdHash: text('session_id_hash')
      .notNull()
      .references(() => sessions.idHash, { onDelete: 'cascade' }),
    /** The session's account when it was asked, if any: its pictures are the book's too. */
    userUuid: uuid('user_uuid').references(() => users.uuid, { onDelete: 'cascade' }),
    templateUuid: uuid('template_uuid').notNull(),
    templateVersion: integer('template_version').notNull(),
    /** The pictures asked for, in the order given. */
    pictures: jsonb('pictures').$type<string[]>().notNull(),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    progress: real('progress').notNull().default(0),
    /** The cart line's body (TemplateLineAdd) once done. */
    design: jsonb('design'),
    dropped: jsonb('dropped').$type<{ uuid: string; reason: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photobook_autocreates_created').on(t.createdAt)],
);
