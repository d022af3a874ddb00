/**
 * The checkout's calls (S0 §3, §7) and the payment hand-off we designed (docs/decisions.md), as zod
 * schemas for what clients send and types for what the server answers. Money is integer minor units.
 */

import { z } from 'zod';
import { isEmailAddress, type ValidationKey } from './customerForms.ts';
import { PickupLocation, PostageOption } from './deliveryOptions.ts';
import { PAYMENT_STATES } from './payment.ts';
import { OrderProgress } from './production.ts';

// ---- Identities (S0 §7: POST /ajax/login.php, POST /ajax/create.php) ----

export const LoginRequest = z.object({
  username: z.string().trim().min(1, 'Email address is required').max(320),
  password: z.string().min(1, 'Password is required').max(1024),
});

export const SignUpRequest = z.object({
  name: z.string().max(200).default(''),
  mobile: z.string().max(50).default(''),
  email: z.string().max(320).default(''),
  password: z.string().max(1024).default(''),
  address: z.string().max(300).optional(),
  zipcode: z.string().max(20).optional(),
  city: z.string().max(100).optional(),
});

/**
 * Login and sign-up answer `{result: 'OK', user}` or `{error, fields?}` (S0 §8: the response carries error).
 * `fields` holds the English message per field; `fieldKeys` (added by the server side) the same errors as
 * `VALIDATION_MESSAGES` keys, for showing them in the portal's language.
 */
export const SignedIn = z.object({
  result: z.literal('OK'),
  user: z.object({ uuid: z.string(), name: z.string(), email: z.string(), mobile: z.string() }),
});
export type IdentityAnswer =
  | z.infer<typeof SignedIn>
  | {
      error: string;
      code: string;
      fields?: Record<string, string>;
      fieldKeys?: Partial<Record<string, ValidationKey>>;
    };

/** How long a mailed login link works (issue 28). */
export const LOGIN_LINK_MINUTES = 15;

/**
 * POST /m/api/user/login-link: mail a one-time login link to the account with this address (issue 28).
 * The answer is `{result: 'OK'}` whether or not there is such an account.
 */
export const LoginLinkRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email address is required')
    .max(320)
    .refine(isEmailAddress, 'Invalid email format'),
});
export const LoginLinkAnswer = z.object({ result: z.literal('OK') });
export type LoginLinkAnswer = z.infer<typeof LoginLinkAnswer>;

/** POST /m/api/user/login-link/redeem: the token from the link's fragment; answers like a login. */
export const LoginLinkRedeem = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a login link token'),
});

/** POST /m/api/user/logout: always `{result: 'OK'}`; the session is gone on the server and the cookie cleared. */
export const LogoutAnswer = z.object({ result: z.literal('OK') });
export type LogoutAnswer = z.infer<typeof LogoutAnswer>;

// ---- Delivery (S0 §3) ----

export type DeliveryTimeUnit = 'd' | 'h';

// The delivery options' schemas live on their own, so content pages (shop/contract.ts) use them
// without the checkout's other schemas in the start page's JavaScript.
export { PickupLocation, PostageOption };

export const DeliveryType = z.object({
  type: z.enum(['store-pickup', 'postage']),
  name: z.string(),
  /** The lowest price among its options, shown beside the type. */
  price: z.number(),
  deliveryOptions: z.array(PostageOption),
  pickupLocations: z.array(PickupLocation),
});
export type DeliveryType = z.infer<typeof DeliveryType>;

export { EXPRESS_SUFFIX, isExpress, storeKey } from './deliveryOptions.ts';

// ---- Payment (S0 §3, §7) ----

export const PaymentOption = z.object({
  uuid: z.string(),
  /** Which provider takes the payment: 'store' (pay at pickup), 'invoice', 'test-card', 'stripe' or 'vipps'. */
  type: z.string(),
  title: z.string(),
  description: z.string(),
  /** May hold links and line breaks: shown through the HTML sanitiser. */
  mobileDescription: z.string(),
});
export type PaymentOption = z.infer<typeof PaymentOption>;

export const RebateCodeRequest = z.object({ code: z.string().trim().min(1).max(64) });
export const RebateApplied = z.object({ code: z.string(), text: z.string() });
export type RebateApplied = z.infer<typeof RebateApplied>;
export type RebateAnswer = RebateApplied | { error: string; code?: string };

export const OrderLinesRequest = z.object({
  paymentOption: z.string().max(64).default(''),
  deliveryOption: z.string().max(64).default(''),
});

/**
 * S0 §3 order info: type 0 would be a product line (not shown); 1 products, 2 delivery, 3 rebate,
 * 4 the total, 5 the minimum-price adjustment.
 */
export const ORDER_INFO_TYPES = { products: 1, delivery: 2, rebate: 3, total: 4, minimum: 5 } as const;
/**
 * One thing ordered, as the payment step and the receipt list it (issue 34): a print shows its
 * picture (with its filter), a card, calendar or photo gift the server's drawing of its first page.
 */
export const OrderItem = z.object({
  uuid: z.string(),
  /** The order line type: 0 a print, 1 a card, 2 a calendar, 89 a photo gift (S0 §2, S1). */
  type: z.number(),
  productName: z.string(),
  description: z.string(),
  quantity: z.number(),
  linePrice: z.number(),
  /** A print's picture; null for a template line. */
  picture: z.object({ uuid: z.string(), filter: z.enum(['original', 'bw', 'sepia']) }).nullable(),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** When the chosen delivery comes (issue 34): pickup ready, or post delivered, on `date` (YYYY-MM-DD). */
export const DeliveryDate = z.object({ type: z.enum(['store-pickup', 'postage']), date: z.string() });
export type DeliveryDate = z.infer<typeof DeliveryDate>;

export const OrderInfo = z.object({
  orderLines: z.array(z.object({ type: z.number(), description: z.string(), linePrice: z.number() })),
  /** Added by the server side (issue 34): the products ordered. */
  items: z.array(OrderItem).optional(),
  /** Added by the server side (issue 34): the chosen delivery's date, once one is chosen. */
  delivery: DeliveryDate.optional(),
});
export type OrderInfo = z.infer<typeof OrderInfo>;

/** POST /ajax/get_transaction.php (S0 §7): customer info with zipcode, the choices, and fixed fields. */
export const TransactionRequest = z.object({
  name: z.string().max(200).default(''),
  mobile: z.string().max(50).default(''),
  email: z.string().max(320).default(''),
  address: z.string().max(300).default(''),
  zipcode: z.string().max(20).default(''),
  city: z.string().max(100).default(''),
  paymentoption: z.string().min(1, 'Choose a payment option').max(64),
  deliveryoption: z.string().min(1, 'Choose a delivery option').max(64),
  cartfallback: z.union([z.boolean(), z.string()]).optional(),
  ordercomment: z.string().max(2000).optional(),
});
/**
 * A refused customer info answers 400 with `fields` (English messages) and `fieldKeys` (`VALIDATION_MESSAGES`
 * keys) named like the form's fields: name, mobile, email, address, postalCode, city.
 */
export const TransactionStarted = z.object({ transactionid: z.string() });
export type TransactionAnswer =
  | z.infer<typeof TransactionStarted>
  | {
      error: string;
      code?: string;
      fields?: Record<string, string>;
      fieldKeys?: Partial<Record<string, ValidationKey>>;
    };

/**
 * GET /m/api/checkout/transactions/{id} and POST …/{id}/fulfil: where a transaction stands. `pending`
 * carries the provider's page to send the browser to; `paid` carries the order.
 */
export const TransactionState = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending'), redirectUrl: z.string() }),
  z.object({ status: z.literal('paid'), orderUuid: z.string() }),
  /** Ended without an order (issue 29's payment states): the cart is as it was. */
  z.object({ status: z.enum(['declined', 'cancelled', 'expired', 'failed']), error: z.string() }),
]);
export type TransactionState = z.infer<typeof TransactionState>;

// ---- My orders (issue 14) ----

/**
 * An online payment as the shopper sees it (issue 29), computed on the server: reserved until the
 * order leaves the lab, then taken, then perhaps given back. Minor units of the order's currency.
 */
export const ShopperPayment = z.object({
  state: z.enum(PAYMENT_STATES),
  amount: z.number(),
  captured: z.number(),
  refunded: z.number(),
  /** Money given back, oldest first, with when it was (releases of a reservation are the state). */
  refunds: z.array(z.object({ amount: z.number(), at: z.string() })),
});
export type ShopperPayment = z.infer<typeof ShopperPayment>;

/** One of a logged-in shopper's orders (GET /m/api/orders); its receipt is the detail. */
export const MyOrder = z.object({
  orderUuid: z.string(),
  reference: z.string(),
  createdAt: z.string(),
  /** Minor units, in the order's portal currency (`currencyFormat`). */
  total: z.number(),
  currencyFormat: z.string(),
  lines: z.array(z.object({ productName: z.string(), description: z.string(), quantity: z.number() })),
  progress: OrderProgress,
  /** Where the money stands (issue 29); null when nothing is paid online (in store, by invoice). */
  paymentStatus: ShopperPayment.nullable(),
});
export type MyOrder = z.infer<typeof MyOrder>;

// ---- Receipt (S0 §3) ----

const ReceiptPlace = z.object({
  name: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  deliveryTimeString: z.string(),
});

export const Receipt = z.object({
  orderUuid: z.string(),
  /**
   * Opened with the order mail's signed link by someone other than the ordering session (issue 34):
   * the pictures are not shown, since a forwarded mail should not hand out the shopper's photos.
   */
  openedByLink: z.boolean().optional(),
  /** `title` (added by the server side): the payment option's title. */
  payment: z.object({ infoText: z.string(), title: z.string().optional() }),
  /** Added by the server side: the order's sums as paid (the same shape as the order-lines answer). */
  orderInfo: OrderInfo.optional(),
  /** Added by the server side: when the order was made, ISO 8601. */
  createdAt: z.string().optional(),
  /** Added by the server side (issue 14): the print files and the lab's steps. */
  progress: OrderProgress.optional(),
  /** Added by the server side (issue 29): the online payment's state and refunds; null when none. */
  paymentStatus: ShopperPayment.nullable().optional(),
  delivery: z.discriminatedUnion('type', [
    z.object({ type: z.literal(0), pickupLocation: ReceiptPlace }),
    z.object({ type: z.literal(1), address: ReceiptPlace }),
  ]),
});
export type Receipt = z.infer<typeof Receipt>;
