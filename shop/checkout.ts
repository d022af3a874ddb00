/**
 * The checkout's calls (S0 §3, §7) and the payment hand-off we designed (docs/decisions.md), as zod
 * schemas for what clients send and types for what the server answers. Money is integer minor units.
 */

import { z } from 'zod';
import { isEmailAddress, type ValidationKey } from './customerForms.ts';
import type { PaymentState } from './payment.ts';
import type { OrderProgress } from './production.ts';

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
export type IdentityAnswer =
  | { result: 'OK'; user: { uuid: string; name: string; email: string; mobile: string } }
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
export type LoginLinkAnswer = { result: 'OK' };

/** POST /m/api/user/login-link/redeem: the token from the link's fragment; answers like a login. */
export const LoginLinkRedeem = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a login link token'),
});

/** POST /m/api/user/logout: always `{result: 'OK'}`; the session is gone on the server and the cookie cleared. */
export type LogoutAnswer = { result: 'OK' };

// ---- Delivery (S0 §3) ----

export type DeliveryTimeUnit = 'd' | 'h';

export interface PickupLocation {
  /** The first 24 characters name the store; a last group of twelve 1s is its express twin. */
  uuid: string;
  description: string;
  /** Empty when the store has no region (hidden in the regional variant). */
  pickupregion: string;
  pickupcity: string;
  pickupaddress1: string;
  pickupaddress2: string;
  pickuppostalcode: string;
  price: number;
  deliverytime: number;
  deliverytimeunit: DeliveryTimeUnit;
}

export interface PostageOption {
  uuid: string;
  name: string;
  price: number;
  /** Business days. */
  deliverytime: number;
}

export interface DeliveryType {
  type: 'store-pickup' | 'postage';
  name: string;
  /** The lowest price among its options, shown beside the type. */
  price: number;
  deliveryOptions: PostageOption[];
  pickupLocations: PickupLocation[];
}

export const EXPRESS_SUFFIX = '111111111111';
export const isExpress = (uuid: string) => uuid.length === 36 && uuid.slice(24) === EXPRESS_SUFFIX;
/** The store a location belongs to: express and standard share it. */
export const storeKey = (uuid: string) => uuid.slice(0, 24);

// ---- Payment (S0 §3, §7) ----

export interface PaymentOption {
  uuid: string;
  /** Which provider takes the payment: 'store' (pay at pickup), 'invoice', 'test-card', 'stripe' or 'vipps'. */
  type: string;
  title: string;
  description: string;
  /** May hold links and line breaks: shown through the HTML sanitiser. */
  mobileDescription: string;
}

export const RebateCodeRequest = z.object({ code: z.string().trim().min(1).max(64) });
export type RebateAnswer = { code: string; text: string } | { error: string; code?: string };

export const OrderLinesRequest = z.object({
  paymentOption: z.string().max(64).default(''),
  deliveryOption: z.string().max(64).default(''),
});

/**
 * S0 §3 order info: type 0 would be a product line (not shown); 1 products, 2 delivery, 3 rebate,
 * 4 the total, 5 the minimum-price adjustment.
 */
export const ORDER_INFO_TYPES = { products: 1, delivery: 2, rebate: 3, total: 4, minimum: 5 } as const;
export interface OrderInfo {
  orderLines: { type: number; description: string; linePrice: number }[];
}

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
export type TransactionAnswer =
  | { transactionid: string }
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
export type TransactionState =
  | { status: 'pending'; redirectUrl: string }
  | { status: 'paid'; orderUuid: string }
  /** Ended without an order (issue 29's payment states): the cart is as it was. */
  | { status: 'declined' | 'cancelled' | 'expired' | 'failed'; error: string };

// ---- My orders (issue 14) ----

/** One of a logged-in shopper's orders (GET /m/api/orders); its receipt is the detail. */
export interface MyOrder {
  orderUuid: string;
  reference: string;
  createdAt: string;
  /** Minor units, in the order's portal currency (`currencyFormat`). */
  total: number;
  currencyFormat: string;
  lines: { productName: string; description: string; quantity: number }[];
  progress: OrderProgress;
  /** Where the money stands (issue 29); null when nothing is paid online (in store, by invoice). */
  paymentStatus: ShopperPayment | null;
}

/**
 * An online payment as the shopper sees it (issue 29), computed on the server: reserved until the
 * order leaves the lab, then taken, then perhaps given back. Minor units of the order's currency.
 */
export interface ShopperPayment {
  state: PaymentState;
  amount: number;
  captured: number;
  refunded: number;
  /** Money given back, oldest first, with when it was (releases of a reservation are the state). */
  refunds: { amount: number; at: string }[];
}

// ---- Receipt (S0 §3) ----

export interface Receipt {
  orderUuid: string;
  /** `title` (added by the server side): the payment option's title. */
  payment: { infoText: string; title?: string };
  /** Added by the server side: the order's sums as paid (the same shape as the order-lines answer). */
  orderInfo?: OrderInfo;
  /** Added by the server side: when the order was made, ISO 8601. */
  createdAt?: string;
  /** Added by the server side (issue 14): the print files and the lab's steps. */
  progress?: OrderProgress;
  /** Added by the server side (issue 29): the online payment's state and refunds; null when none. */
  paymentStatus?: ShopperPayment | null;
  delivery:
    | {
        type: 0;
        pickupLocation: {
          name: string;
          address: string;
          postalCode: string;
          city: string;
          deliveryTimeString: string;
        };
      }
    | {
        type: 1;
        address: {
          name: string;
          address: string;
          postalCode: string;
          city: string;
          deliveryTimeString: string;
        };
      };
}
