/**
 * The checkout's reads and the making of a transaction (S0 §3, §7): delivery types, payment options,
 * rebate codes, order info, and POST /ajax/get_transaction.php. Every amount is the server's own.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, isNotNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { PortalConfig } from '../../../shop/index.ts';
import {
  amountProblem,
  type DeliveryDate,
  type DeliveryTimeUnit,
  type DeliveryType,
  isExpress,
  isValid,
  type OrderInfo,
  type OrderItem,
  orderLimitProblem,
  type PaymentOption,
  type PickupLocation,
  type PostageInput,
  type PostageOption,
  postSchedule,
  type RebateApplied,
  readyDateAt,
  type TransactionRequest,
  VALIDATION_MESSAGES,
  type ValidationKey,
  validatePickupContact,
  validatePostage,
} from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import {
  carts,
  orderLines,
  paymentOptions,
  pickupLocations,
  postageOptions,
  products,
  rebateCodes,
  transactions,
} from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { productNameFor } from '../../i18n.ts';
import { cartOwner } from '../cart/cart.ts';
import type { Session } from '../identity/sessions.ts';
import { type Providers, providerOf } from '../payments/index.ts';
import { type ProviderType, REAL_PROVIDERS } from '../payments/provider.ts';
import { sanitizeContentHtml } from '../storefront/safeHtml.ts';
import { wordsFor } from './checkoutText.ts';
import { computeTotals, orderInfoOf, type Rebate, rebateAmount, type Totals } from './orderTotals.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Checked before a string meets a uuid column: PostgreSQL refuses a malformed uuid with an error. */
export const isUuid = (value: string) => UUID.test(value);

type PickupRow = typeof pickupLocations.$inferSelect;
type PostageRow = typeof postageOptions.$inferSelect;
type PaymentRow = typeof paymentOptions.$inferSelect;
type RebateRow = typeof rebateCodes.$inferSelect;
export type DeliveryKind = DeliveryType['type'];

// ---- Delivery ----

/** When a pickup location has an order placed at `now` ready, and when the post delivers one. */
const pickupReady = (r: PickupRow, now: Date, locale: string) =>
  readyDateAt(
    now,
    locale,
    { time: r.deliveryTime, unit: r.deliveryTimeUnit as DeliveryTimeUnit },
    { openingDays: r.openingDays, cutoffHour: r.cutoffHour },
  );
const postageArrives = (r: PostageRow, now: Date, locale: string) =>
  readyDateAt(now, locale, { time: r.deliveryDays, unit: 'd' }, postSchedule());

/** A pickup location as S0 §3 answers it, with the store's opening days (issue 34). */
export const locationOf = (r: PickupRow, price = r.price): PickupLocation => ({
  uuid: r.uuid,
  description: r.description,
  pickupregion: r.region,
  pickupcity: r.city,
  pickupaddress1: r.address1,
  pickupaddress2: r.address2,
  pickuppostalcode: r.postalCode,
  price,
  deliverytime: r.deliveryTime,
  deliverytimeunit: r.deliveryTimeUnit as DeliveryTimeUnit,
  openingdays: r.openingDays,
});

const pickupOf = (r: PickupRow, price: number, now: Date, locale: string): PickupLocation => ({
  ...locationOf(r, price),
  readydate: pickupReady(r, now, locale),
});

const postageOf = (r: PostageRow, price: number, now: Date, locale: string): PostageOption => ({
  uuid: r.uuid,
  name: r.name,
  price,
  deliverytime: r.deliveryDays,
  deliverydate: postageArrives(r, now, locale),
});

/** True when the products reach the portal's free-shipping threshold: every delivery option is free. */
export function deliveryIsFree(portal: PortalConfig, productsTotal: number): boolean {
  const threshold = portal.options['free-shipping-threshold'];
  return threshold !== null && threshold > 0 && productsTotal >= threshold;
}

/** A portal's pickup locations and postage options, in their order. */
export async function deliveryRows(db: Db, portalUuid: string) {
  const [pickups, postage] = await Promise.all([
    db
      .select()
      .from(pickupLocations)
      .where(eq(pickupLocations.portalUuid, portalUuid))
      .orderBy(asc(pickupLocations.position)),
    db
      .select()
      .from(postageOptions)
      .where(eq(postageOptions.portalUuid, portalUuid))
      .orderBy(asc(postageOptions.position)),
  ]);
  return { pickups, postage };
}

/**
 * S0 §3 delivery types, store pickup first, each with its options and the lowest of their prices. All
 * pickup locations are sent (express twins and stores without a region too): the app applies S0 §5's
 * list rules. Prices are 0 when the cart reaches the free-shipping threshold. Each option carries the
 * day an order placed `now` is ready or delivered (shop/deliveryDates.ts).
 */
export async function deliveryTypesOf(
  db: Db,
  portal: PortalConfig,
  productsTotal: number,
  now: Date,
): Promise<DeliveryType[]> {
  const { pickups, postage } = await deliveryRows(db, portal.portal.uuid);
  const free = deliveryIsFree(portal, productsTotal);
  const charge = (price: number) => (free ? 0 : price);
  const words = wordsFor(portal.locale.code);
  const types: DeliveryType[] = [];
  if (pickups.length) {
    const locale = portal.locale.code;
    const locations = pickups.map((r) => pickupOf(r, charge(r.price), now, locale));
    types.push({
      type: 'store-pickup',
      name: words.storePickup,
      price: Math.min(...locations.map((l) => l.price)),
      deliveryOptions: [],
      pickupLocations: locations,
    });
  }
  if (postage.length) {
    const options = postage.map((r) => postageOf(r, charge(r.price), now, portal.locale.code));
    types.push({
      type: 'postage',
      name: words.postage,
      price: Math.min(...options.map((o) => o.price)),
      deliveryOptions: options,
      pickupLocations: [],
    });
  }
  return types;
}

export type DeliveryChoice =
  | { kind: 'store-pickup'; location: PickupRow }
  | { kind: 'postage'; option: PostageRow };

/** The portal's pickup location or postage option with this uuid, or null. */
export async function resolveDelivery(
  db: Db,
  portalUuid: string,
  uuid: string,
): Promise<DeliveryChoice | null> {
  if (!isUuid(uuid)) return null;
  const [location] = await db
    .select()
    .from(pickupLocations)
    .where(and(eq(pickupLocations.portalUuid, portalUuid), eq(pickupLocations.uuid, uuid)));
  if (location) return { kind: 'store-pickup', location };
  const [option] = await db
    .select()
    .from(postageOptions)
    .where(and(eq(postageOptions.portalUuid, portalUuid), eq(postageOptions.uuid, uuid)));
  return option ? { kind: 'postage', option } : null;
}

const deliveryPrice = (choice: DeliveryChoice) =>
  choice.kind === 'store-pickup' ? choice.location.price : choice.option.price;

/** The day the chosen delivery comes, for an order placed at `now` (issue 34). */
export function deliveryDateOf(choice: DeliveryChoice, now: Date, locale: string): DeliveryDate {
  return choice.kind === 'store-pickup'
    ? { type: 'store-pickup', date: pickupReady(choice.location, now, locale) }
    : { type: 'postage', date: postageArrives(choice.option, now, locale) };
}

// ---- Payment ----

const paymentOf = (r: PaymentRow): PaymentOption => ({
  uuid: r.uuid,
  type: r.provider,
  title: r.title,
  description: r.description,
  mobileDescription: sanitizeContentHtml(r.mobileDescription),
});

/**
 * Whether a portal's payment option is offered: its provider runs in this shop (a real provider only
 * with its keys set), and the test card only where no real provider serves the portal, so a shopper
 * never sees a pretend card beside a real one.
 */
export function offered(rows: readonly PaymentRow[], providers: Providers): PaymentRow[] {
  const runs = (r: PaymentRow) => providers[r.provider as ProviderType] !== undefined;
  const real = rows.some((r) => runs(r) && REAL_PROVIDERS.includes(r.provider as ProviderType));
  return rows.filter((r) => runs(r) && !(real && r.provider === 'test-card'));
}

/** The portal's ways of paying for a delivery kind, as offered (`offered`). */
export async function paymentOptionsFor(
  db: Db,
  portalUuid: string,
  kind: DeliveryKind,
  providers: Providers,
): Promise<PaymentOption[]> {
  const rows = await db
    .select()
    .from(paymentOptions)
    .where(eq(paymentOptions.portalUuid, portalUuid))
    .orderBy(asc(paymentOptions.position));
  return offered(rows, providers)
    .filter((r) => r.deliveryTypes.includes(kind))
    .map(paymentOf);
}

export async function paymentOptionRow(db: Db, portalUuid: string, uuid: string): Promise<PaymentRow | null> {
  if (!isUuid(uuid)) return null;
  const [row] = await db
    .select()
    .from(paymentOptions)
    .where(and(eq(paymentOptions.portalUuid, portalUuid), eq(paymentOptions.uuid, uuid)));
  return row ?? null;
}

// ---- Rebate codes ----

export const normalizeCode = (code: string) => code.trim().toUpperCase();

const usable = (r: RebateRow) => r.active && (r.maxUses === null || r.uses < r.maxUses);

const rebateOf = (r: RebateRow): Rebate => ({
  code: r.code,
  text: r.text,
  percentOff: r.percentOff,
  amountOff: r.amountOff,
});

async function rebateRow(db: Db, portalUuid: string, code: string): Promise<RebateRow | null> {
  const [row] = await db
    .select()
    .from(rebateCodes)
    .where(and(eq(rebateCodes.portalUuid, portalUuid), eq(rebateCodes.code, normalizeCode(code))));
  return row ?? null;
}

export async function haveActiveRebateCodes(db: Db, portalUuid: string): Promise<boolean> {
  const rows = await db
    .select()
    .from(rebateCodes)
    .where(and(eq(rebateCodes.portalUuid, portalUuid), eq(rebateCodes.active, true)));
  return rows.some(usable);
}

/** Checks a shopper's code and keeps it on the cart (made if needed): `{code, text}`, or a 400. */
export async function applyRebateCode(
  db: Db,
  session: Session,
  cartUuid: string,
  code: string,
  now: Date,
): Promise<RebateApplied> {
  const row = await rebateRow(db, session.portalUuid, code);
  if (!row?.active) throw new HttpError(400, 'rebate_unknown');
  if (!usable(row)) throw new HttpError(400, 'rebate_used_up');
  await db.update(carts).set({ rebateCode: row.code, updatedAt: now }).where(eq(carts.uuid, cartUuid));
  return { code: row.code, text: row.text };
}

// ---- Order info ----

export interface CartLine {
  uuid: string;
  type: number;
  description: string;
  productUuid: string;
  productName: string;
  quantity: number;
  linePrice: number;
  image: unknown;
  files: unknown;
  templates: unknown;
}

async function cartLines(db: Db, cartUuid: string): Promise<CartLine[]> {
  const rows = await db
    .select({ line: orderLines, productName: products.name })
    .from(orderLines)
    .innerJoin(products, eq(products.uuid, orderLines.productUuid))
    .where(eq(orderLines.cartUuid, cartUuid))
    .orderBy(asc(orderLines.position), asc(orderLines.createdAt));
  return rows.map(({ line, productName }) => ({
    uuid: line.uuid,
    type: line.type,
    description: line.description,
    productUuid: line.productUuid,
    productName,
    quantity: line.quantity,
    linePrice: line.actualLinePrice,
    image: line.image,
    files: line.files,
    templates: line.templates,
  }));
}

/** A line as the order info lists it, its product named in the portal's language. */
const lineLabel = (l: CartLine, productName: (name: string) => string) =>
  l.description ? `${productName(l.productName)}: ${l.description}` : productName(l.productName);

const FILTERS = ['original', 'bw', 'sepia'] as const;

/** The things ordered, as the payment step and the receipt list them: a print with its picture. */
export function orderItemsOf(lines: readonly CartLine[]): OrderItem[] {
  return lines.map((l) => {
    const file = (l.files as { uuid?: unknown }[] | null)?.[0];
    const filter = (l.image as { filter?: unknown } | null)?.filter;
    const picture =
      l.type === 0 && typeof file?.uuid === 'string'
        ? {
            uuid: file.uuid,
            filter: FILTERS.find((f) => f === filter) ?? 'original',
          }
        : null;
    return {
      uuid: l.uuid,
      type: l.type,
      productName: l.productName,
      description: l.description,
      quantity: l.quantity,
      linePrice: l.linePrice,
      picture,
    };
  });
}

function priced(
  portal: PortalConfig,
  lines: CartLine[],
  delivery: DeliveryChoice | null,
  rebate: Rebate | null,
  now: Date,
): { totals: Totals; orderInfo: OrderInfo } {
  const words = wordsFor(portal.locale.code);
  const totals = computeTotals({
    products: lines.reduce((sum, l) => sum + l.linePrice, 0),
    deliveryPrice: delivery ? deliveryPrice(delivery) : null,
    rebate,
    minimumPrice: portal.minimumPrice,
    freeShippingThreshold: portal.options['free-shipping-threshold'],
  });
  const orderInfo = orderInfoOf(
    lines.map((l) => ({
      description: lineLabel(l, productNameFor(portal.locale.code)),
      linePrice: l.linePrice,
    })),
    totals,
    words,
    { deliveryChosen: delivery !== null, rebateText: rebate ? `${rebate.code}: ${rebate.text}` : null },
  );
  orderInfo.items = orderItemsOf(lines);
  if (delivery) orderInfo.delivery = deliveryDateOf(delivery, now, portal.locale.code);
  return { totals, orderInfo };
}

/**
 * S0 §3 order info for the session's cart and the chosen options (uuids or empty). An unknown option
 * is a 400; a rebate code that can no longer be used is left out (get_transaction refuses it).
 */
export async function orderInfoFor(
  db: Db,
  portal: PortalConfig,
  session: Session | null,
  choice: { deliveryOption: string; paymentOption: string },
  now: Date,
): Promise<OrderInfo> {
  const portalUuid = portal.portal.uuid;
  let delivery: DeliveryChoice | null = null;
  if (choice.deliveryOption) {
    delivery = await resolveDelivery(db, portalUuid, choice.deliveryOption);
    if (!delivery) throw new HttpError(400, 'unknown_delivery_option');
  }
  if (choice.paymentOption && !(await paymentOptionRow(db, portalUuid, choice.paymentOption))) {
    throw new HttpError(400, 'unknown_payment_option');
  }
  const [cart] = session ? await db.select().from(carts).where(cartOwner(session)) : [];
  const lines = cart ? await cartLines(db, cart.uuid) : [];
  const rebateRowFound = cart?.rebateCode ? await rebateRow(db, portalUuid, cart.rebateCode) : null;
  const rebate = rebateRowFound && usable(rebateRowFound) ? rebateOf(rebateRowFound) : null;
  return priced(portal, lines, delivery, rebate, now).orderInfo;
}

/** The products total of the session's cart (0 without one), for delivery prices. */
export async function productsTotal(db: Db, session: Session | null): Promise<number> {
  if (!session) return 0;
  const [cart] = await db.select({ uuid: carts.uuid }).from(carts).where(cartOwner(session));
  if (!cart) return 0;
  const rows = await db
    .select({ price: orderLines.actualLinePrice })
    .from(orderLines)
    .where(eq(orderLines.cartUuid, cart.uuid));
  return rows.reduce((sum, r) => sum + r.price, 0);
}

// ---- Transactions ----

/** What a transaction pays for, as computed when it was made; the order is made from it. */
export interface TransactionSnapshot {
  portal: { uuid: string; name: string; locale: string; currencyCode: string; currencyFormat: string };
  /** The shop's address as the shopper reached it (one of the portal's hosts): the mails link there. */
  shopUrl?: string;
  lines: CartLine[];
  customer: PostageInput;
  delivery:
    | {
        type: 'store-pickup';
        uuid: string;
        name: string;
        region: string;
        address1: string;
        address2: string;
        postalCode: string;
        city: string;
        express: boolean;
        price: number;
        deliveryTime: number;
        deliveryTimeUnit: DeliveryTimeUnit;
      }
    | {
        type: 'postage';
        uuid: string;
        name: string;
        price: number;
        deliveryTime: number;
        deliveryTimeUnit: 'd';
      };
  payment: { uuid: string; provider: ProviderType; title: string; infoText: string };
  rebate: { code: string; text: string; amount: number } | null;
  totals: Totals;
  orderInfo: OrderInfo;
  ordercomment: string;
  /** Same customer, choices and comment: a repeat of the same confirm. */
  requestKey: string;
  /** Same request and the same lines and amount. */
  contentKey: string;
}

const sha = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** How long a confirm repeated with the same request is answered with the transaction it already made. */
export const REPEAT_WINDOW_MS = 10 * 60 * 1000;

type FieldErrorsOf = Partial<Record<string, ValidationKey>>;

/** A refused form: 400 with `fields` (English messages) and `fieldKeys` (VALIDATION_MESSAGES keys). */
export function fieldErrors(fieldKeys: FieldErrorsOf): HttpError {
  const fields = Object.fromEntries(
    Object.entries(fieldKeys).map(([f, key]) => [f, VALIDATION_MESSAGES[key as ValidationKey]]),
  );
  return new HttpError(400, 'invalid_fields', { extra: { fields, fieldKeys } });
}

/**
 * POST /ajax/get_transaction.php: checks the choices and the customer info (S0 §5 rules), then, under
 * a lock on the cart, prices the cart and makes a pending transaction for the server's amount. A
 * repeat of the same confirm (a double tap, a retry) gets the transaction already made: the pending
 * one for the same lines and amount, or, once the order has emptied the cart, the paid one.
 */
export async function createTransaction(
  db: Db,
  providers: Providers,
  portal: PortalConfig,
  session: Session | null,
  body: z.output<typeof TransactionRequest>,
  now: Date,
  shopUrl?: string,
): Promise<{ uuid: string; provider: ProviderType; fresh: boolean }> {
  const portalUuid = portal.portal.uuid;
  const delivery = await resolveDelivery(db, portalUuid, body.deliveryoption);
  if (!delivery) throw new HttpError(400, 'unknown_delivery_option');
  const payment = await paymentOptionRow(db, portalUuid, body.paymentoption);
  if (!payment) throw new HttpError(400, 'unknown_payment_option');
  if (!payment.deliveryTypes.includes(delivery.kind)) {
    throw new HttpError(400, 'payment_not_allowed', { values: { payment: payment.title } });
  }
  const customer = {
    name: body.name.trim(),
    mobile: body.mobile.trim(),
    email: body.email.trim(),
    address: body.address.trim(),
    postalCode: body.zipcode.trim(),
    city: body.city.trim(),
  };
  const errors: FieldErrorsOf =
    delivery.kind === 'postage' ? validatePostage(customer) : validatePickupContact(customer);
  if (!isValid(errors)) throw fieldErrors(errors);
  if (!session) throw new HttpError(400, 'empty_cart');
  const portalOptions = await db
    .select()
    .from(paymentOptions)
    .where(eq(paymentOptions.portalUuid, portalUuid));
  if (!offered(portalOptions, providers).some((r) => r.uuid === payment.uuid)) {
    throw new HttpError(400, 'unknown_payment_option');
  }
  const provider = providerOf(providers, payment.provider);

  const deliverySnapshot: TransactionSnapshot['delivery'] =
    delivery.kind === 'store-pickup'
      ? {
          type: 'store-pickup',
          uuid: delivery.location.uuid,
          name: delivery.location.description,
          region: delivery.location.region,
          address1: delivery.location.address1,
          address2: delivery.location.address2,
          postalCode: delivery.location.postalCode,
          city: delivery.location.city,
          express: isExpress(delivery.location.uuid),
          price: delivery.location.price,
          deliveryTime: delivery.location.deliveryTime,
          deliveryTimeUnit: delivery.location.deliveryTimeUnit as DeliveryTimeUnit,
        }
      : {
          type: 'postage',
          uuid: delivery.option.uuid,
          name: delivery.option.name,
          price: delivery.option.price,
          deliveryTime: delivery.option.deliveryDays,
          deliveryTimeUnit: 'd',
        };
  // Postage needs the address; a pickup keeps only the contact (an address typed before switching is dropped).
  const kept =
    delivery.kind === 'postage' ? customer : { ...customer, address: '', postalCode: '', city: '' };
  const ordercomment = (body.ordercomment ?? '').trim();
  const requestKey = sha({
    customer: kept,
    delivery: deliverySnapshot.uuid,
    payment: payment.uuid,
    ordercomment,
  });

  const outcome = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [cart] = await tx.select().from(carts).where(cartOwner(session)).for('update');
    if (!cart) return { error: new HttpError(400, 'empty_cart') } as const;
    const recent = await tx
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.cartUuid, cart.uuid),
          or(eq(transactions.status, 'pending'), isNotNull(transactions.orderUuid)),
          gt(transactions.createdAt, new Date(now.getTime() - REPEAT_WINDOW_MS)),
        ),
      )
      .orderBy(desc(transactions.createdAt));
    const snapshotOf = (r: (typeof recent)[number]) => r.request as TransactionSnapshot;
    const lines = await cartLines(tx, cart.uuid);
    if (lines.length === 0) {
      const done = recent.find((r) => r.orderUuid !== null && snapshotOf(r).requestKey === requestKey);
      if (done) return { uuid: done.uuid, fresh: false } as const;
      return { error: new HttpError(400, 'empty_cart') } as const;
    }
    let rebate: Rebate | null = null;
    if (cart.rebateCode) {
      const row = await rebateRow(tx, portalUuid, cart.rebateCode);
      if (!row || !usable(row)) {
        // The shopper saw a lower price: take the code off and say so rather than charge more silently.
        await tx.update(carts).set({ rebateCode: null, updatedAt: now }).where(eq(carts.uuid, cart.uuid));
        return {
          error: new HttpError(400, 'rebate_unavailable', { values: { code: cart.rebateCode } }),
        } as const;
      }
      rebate = rebateOf(row);
    }
    // A cart from before the order's limits (66 lines of 9,999) is refused with the limit it passed,
    // rather than met by an integer column that cannot hold its total.
    const limited = orderLimitProblem(lines);
    if (limited) {
      return {
        error: new HttpError(400, limited.code, { values: limited.values }),
      } as const;
    }
    const { totals, orderInfo } = priced(portal, lines, delivery, rebate, now);
    const tooMuch = amountProblem(totals.total);
    if (tooMuch) return { error: new HttpError(400, tooMuch.code, { values: tooMuch.values }) } as const;
    const contentKey = sha({
      requestKey,
      lines: lines.map((l) => [l.uuid, l.productUuid, l.quantity, l.linePrice, l.image, l.templates]),
      total: totals.total,
      rebate: rebate?.code ?? null,
    });
    const same = recent.find((r) => r.status === 'pending' && snapshotOf(r).contentKey === contentKey);
    if (same) return { uuid: same.uuid, fresh: false } as const;
    const snapshot: TransactionSnapshot = {
      portal: {
        uuid: portalUuid,
        name: portal.portal.name,
        locale: portal.locale.code,
        currencyCode: portal.currency.code,
        currencyFormat: portal.currency.formatString,
      },
      ...(shopUrl ? { shopUrl } : {}),
      lines,
      customer: kept,
      delivery: { ...deliverySnapshot, price: totals.delivery },
      payment: {
        uuid: payment.uuid,
        provider: payment.provider as ProviderType,
        title: payment.title,
        infoText: payment.infoText,
      },
      rebate: rebate
        ? { code: rebate.code, text: rebate.text, amount: rebateAmount(totals.products, rebate) }
        : null,
      totals,
      orderInfo,
      ordercomment,
      requestKey,
      contentKey,
    };
    const [made] = await tx
      .insert(transactions)
      .values({
        portalUuid,
        cartUuid: cart.uuid,
        sessionIdHash: session.idHash,
        userUuid: session.userUuid,
        paymentOptionUuid: payment.uuid,
        provider: payment.provider,
        amount: totals.total,
        currencyCode: portal.currency.code,
        status: 'pending',
        request: snapshot,
        // The repeat window above is measured by the app's clock, so the row's time is the clock's too.
        createdAt: now,
        updatedAt: now,
      })
      .returning({ uuid: transactions.uuid });
    return { uuid: made!.uuid, fresh: true } as const;
  });
  if ('error' in outcome) throw outcome.error;
  return { uuid: outcome.uuid, provider: provider.type, fresh: outcome.fresh };
}
