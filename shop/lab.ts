/**
 * The lab's order desk (`/lab/api/…`, docs/decisions.md "The lab's order desk"): what the lab sends and
 * what the server answers. Money is integer minor units with the order's own portal currency format,
 * because one desk lists the orders of every portal.
 */
import { z } from 'zod';
import { Fold, PRINT_LAYOUTS } from '../engine/index.ts';
import { PAYMENT_STATES } from './payment.ts';
import {
  FULFILMENT_STATUSES,
  type FulfilmentStatus,
  LineKind,
  Manifest,
  PRODUCTION_STATUSES,
  type ProductionStatus,
} from './production.ts';

export type { FulfilmentStatus, LineKind, ProductionStatus };

export const LAB_PAGE_SIZE = 50;
export const LAB_MAX_PAGE_SIZE = 200;

export const LabOrdersQuery = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LAB_MAX_PAGE_SIZE, `limit must be at most ${LAB_MAX_PAGE_SIZE}`)
    .default(LAB_PAGE_SIZE),
  /** An order uuid: the page continues with the orders made before it. */
  before: z.string().uuid('before must be an order uuid').optional(),
});

export const LabOrderParams = z.object({ orderUuid: z.string().uuid('The order id is not a valid uuid') });

export const LabFileParams = LabOrderParams.extend({
  name: z.string().min(1).max(200, 'The file name is too long'),
});

export const LabFileQuery = z.object({
  /** A JPEG scaled down to this width (a thumbnail); without it the file itself. */
  width: z.coerce.number().int().min(32).max(1024).optional(),
});

export const LabStatusRequest = z.object({
  status: z.enum(FULFILMENT_STATUSES, {
    message: `status must be one of ${FULFILMENT_STATUSES.join(', ')}`,
  }),
});
export type LabStatusRequest = z.infer<typeof LabStatusRequest>;

export const LabFile = z.object({
  name: z.string(),
  /** Where the desk fetches it (with the Bearer header). */
  url: z.string(),
  /** A small JPEG of it; null for a PDF (the desk shows an icon). */
  thumbnailUrl: z.string().nullable(),
  type: z.enum(['jpg', 'pdf']),
  bytes: z.number(),
  widthMm: z.number(),
  heightMm: z.number(),
  dpi: z.number(),
  pages: z.number().nullable(),
  /** A folded card's PDF: how its pages go onto the sheet (the manifest's `printLayout`); else null. */
  printLayout: z.enum(PRINT_LAYOUTS).nullable(),
  /** Where that sheet is folded (the manifest's `folds`); empty for a flat print. */
  folds: z.array(Fold),
  /** A photo book's cover or pages (the manifest's `bookPart`); else null. */
  bookPart: z.enum(['cover', 'pages']).nullable(),
  /** A photo book's cover: its spine's width in mm; else null. */
  spineMm: z.number().nullable(),
});
export type LabFile = z.infer<typeof LabFile>;

export const LabLine = z.object({
  orderLineUuid: z.string(),
  productName: z.string(),
  description: z.string(),
  quantity: z.number(),
  kind: LineKind,
  /** The print files' warnings (low resolution and the like); empty until production has run. */
  warnings: z.array(z.string()),
  /** Listed once the manifest has them. */
  files: z.array(LabFile),
  thumbnailUrl: z.string().nullable(),
});
export type LabLine = z.infer<typeof LabLine>;

const FulfilmentStatusSchema = z.enum(FULFILMENT_STATUSES);
const PaymentStateSchema = z.enum(PAYMENT_STATES);

export const LabEvent = z.object({ status: FulfilmentStatusSchema, at: z.string() });
export type LabEvent = z.infer<typeof LabEvent>;

export const LabDelivery = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('store-pickup'),
    name: z.string(),
    address: z.string(),
    postalCode: z.string(),
    city: z.string(),
    express: z.boolean(),
  }),
  z.object({
    type: z.literal('postage'),
    /** The postage option's name. */
    name: z.string(),
    address: z.object({ name: z.string(), address: z.string(), postalCode: z.string(), city: z.string() }),
  }),
]);
export type LabDelivery = z.infer<typeof LabDelivery>;

/**
 * Why the list marks an order's payment: a problem the lab must look at (a failed capture), or an
 * authorisation that lapses within a day (ship it, so it is captured, or release it).
 */
export const LabPaymentFlag = z.enum(['problem', 'lapsing']);
export type LabPaymentFlag = z.infer<typeof LabPaymentFlag>;

export const LabPaymentSummary = z.object({ state: PaymentStateSchema, flag: LabPaymentFlag.nullable() });
export type LabPaymentSummary = z.infer<typeof LabPaymentSummary>;

export const LabOrder = z.object({
  uuid: z.string(),
  /** The receipt's short reference: the uuid's first 8 characters. */
  reference: z.string(),
  createdAt: z.string(),
  portal: z.object({ uuid: z.string(), name: z.string(), locale: z.string(), currencyFormat: z.string() }),
  production: z.object({
    status: z.enum(PRODUCTION_STATUSES),
    error: z.string().nullable(),
    attempts: z.number(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  }),
  /** The latest of the lab's changes, null before the first. */
  fulfilment: FulfilmentStatusSchema.nullable(),
  events: z.array(LabEvent),
  /** What the lab may record next; the buttons follow it. */
  nextStatuses: z.array(FulfilmentStatusSchema),
  shopper: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  delivery: LabDelivery,
  payment: z.string(),
  comment: z.string(),
  total: z.number(),
  lines: z.array(LabLine),
  /** The payment at a glance, for the list's mark (issue 29); null when the order has no transaction row. */
  paymentSummary: LabPaymentSummary.nullable(),
});
export type LabOrder = z.infer<typeof LabOrder>;

/** An order's payment as the desk shows it (issue 29): its state, what was taken and given back, its history. */
export const LabPayment = z.object({
  /** store, invoice, test-card, stripe, vipps. */
  provider: z.string(),
  state: PaymentStateSchema,
  amount: z.number(),
  captured: z.number(),
  refunded: z.number(),
  currency: z.string(),
  /** Something the lab must look at: an amount that did not match, a capture that failed. */
  problem: z.string().nullable(),
  /** When an authorisation not yet captured lapses at the provider, and whether that is within a day. */
  lapsesAt: z.string().nullable(),
  lapsingSoon: z.boolean(),
  /** What the refund button may do: release the whole authorisation, or refund up to `left`. */
  refundable: z.object({ kind: z.enum(['cancel', 'refund']), left: z.number() }).nullable(),
  /** The provider's messages, oldest first. */
  events: z.array(z.object({ at: z.string(), kind: z.string(), reported: z.string().nullable() })),
  refunds: z.array(
    z.object({
      at: z.string(),
      amount: z.number(),
      kind: z.enum(['refund', 'cancel']),
      status: z.string(),
      error: z.string().nullable(),
    }),
  ),
});
export type LabPayment = z.infer<typeof LabPayment>;

export const LabOrderDetail = LabOrder.extend({
  manifest: Manifest.nullable(),
  paymentDetail: LabPayment.nullable(),
});
export type LabOrderDetail = z.infer<typeof LabOrderDetail>;

/** POST /lab/api/orders/{uuid}/refund: an amount in minor units, or nothing for what is left. */
export const LabRefundRequest = z.object({
  amount: z.int32().positive('The amount to refund must be more than zero').optional(),
});

/** GET /lab/api/payments/problems: the newest first, at most `limit`. */
export const LabPaymentProblemsQuery = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LAB_MAX_PAGE_SIZE, `limit must be at most ${LAB_MAX_PAGE_SIZE}`)
    .default(LAB_PAGE_SIZE),
});

/**
 * A payment the lab must look at (issue 29): an amount or currency the provider holds that is not the
 * transaction's (no order was made: the shopper may have paid and has nothing to show for it), or a
 * capture that failed after every retry (the order exists; its page has Capture again).
 */
export const LabPaymentProblem = z.object({
  transactionUuid: z.string(),
  /** Null for a mismatch: no order was made. */
  orderUuid: z.string().nullable(),
  /** The order's reference, or the transaction's first 8 characters when there is no order. */
  reference: z.string(),
  portal: z.object({ name: z.string(), currencyFormat: z.string() }),
  provider: z.string(),
  /** The provider's own name for the payment (a Checkout Session id, a Vipps reference). */
  providerRef: z.string().nullable(),
  state: PaymentStateSchema,
  amount: z.number(),
  currency: z.string(),
  /** `amount_mismatch: …` or `capture_failed: …`: a code, then the server's English detail. */
  problem: z.string(),
  problemAt: z.string().nullable(),
  createdAt: z.string(),
  shopper: z.object({ name: z.string(), email: z.string() }),
});
export type LabPaymentProblem = z.infer<typeof LabPaymentProblem>;

export const LabPaymentProblems = z.object({ problems: z.array(LabPaymentProblem) });
export type LabPaymentProblems = z.infer<typeof LabPaymentProblems>;

export const LabOrderPage = z.object({
  orders: z.array(LabOrder),
  /** Pass as `before` for the next (older) page; null when this is the last. */
  nextBefore: z.string().nullable(),
});
export type LabOrderPage = z.infer<typeof LabOrderPage>;

/** Art brought with a published template is at most this big in all (base64 in the JSON body). */
export const TEMPLATE_PUBLISH_MAX_BYTES = 20 * 1024 * 1024;

/**
 * POST /lab/api/templates: a template as written (checked by the server, which lists every problem)
 * and its art files, base64, by the `image.src` that names them.
 */
export const TemplatePublishRequest = z.object({
  template: z.unknown(),
  art: z.record(z.string().min(1).max(300), z.base64('Art is sent as base64')).default({}),
});

/** What POST /lab/api/templates answers: the version now served, and whether it is new. */
export const TemplatePublishAnswer = z.object({
  uuid: z.string(),
  version: z.number(),
  outcome: z.enum(['new-template', 'new-version', 'older-version', 'unchanged']),
});
