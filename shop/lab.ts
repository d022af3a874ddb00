/**
 * The lab's order desk (`/lab/api/…`, docs/decisions.md "The lab's order desk"): what the lab sends and
 * what the server answers. Money is integer minor units with the order's own portal currency format,
 * because one desk lists the orders of every portal.
 */
import { z } from 'zod';
import type { Fold, PrintLayout } from '../engine/index.ts';
import type { PaymentState } from './payment.ts';
import {
  FULFILMENT_STATUSES,
  type FulfilmentStatus,
  type LineKind,
  type Manifest,
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

export interface LabFile {
  name: string;
  /** Where the desk fetches it (with the Bearer header). */
  url: string;
  /** A small JPEG of it; null for a PDF (the desk shows an icon). */
  thumbnailUrl: string | null;
  type: 'jpg' | 'pdf';
  bytes: number;
  widthMm: number;
  heightMm: number;
  dpi: number;
  pages: number | null;
  /** A folded card's PDF: how its pages go onto the sheet (the manifest's `printLayout`); else null. */
  printLayout: PrintLayout | null;
  /** Where that sheet is folded (the manifest's `folds`); empty for a flat print. */
  folds: Fold[];
}

export interface LabLine {
  orderLineUuid: string;
  productName: string;
  description: string;
  quantity: number;
  kind: LineKind;
  /** The print files' warnings (low resolution and the like); empty until production has run. */
  warnings: string[];
  /** Listed once the manifest has them. */
  files: LabFile[];
  thumbnailUrl: string | null;
}

export interface LabEvent {
  status: FulfilmentStatus;
  at: string;
}

export type LabDelivery =
  | {
      type: 'store-pickup';
      name: string;
      address: string;
      postalCode: string;
      city: string;
      express: boolean;
    }
  | {
      type: 'postage';
      /** The postage option's name. */
      name: string;
      address: { name: string; address: string; postalCode: string; city: string };
    };

export interface LabOrder {
  uuid: string;
  /** The receipt's short reference: the uuid's first 8 characters. */
  reference: string;
  createdAt: string;
  portal: { uuid: string; name: string; locale: string; currencyFormat: string };
  production: {
    status: ProductionStatus;
    error: string | null;
    attempts: number;
    startedAt: string | null;
    finishedAt: string | null;
  };
  /** The latest of the lab's changes, null before the first. */
  fulfilment: FulfilmentStatus | null;
  events: LabEvent[];
  /** What the lab may record next; the buttons follow it. */
  nextStatuses: FulfilmentStatus[];
  shopper: { name: string; email: string; phone: string };
  delivery: LabDelivery;
  payment: string;
  comment: string;
  total: number;
  lines: LabLine[];
  /** The payment at a glance, for the list's mark (issue 29); null when the order has no transaction row. */
  paymentSummary: LabPaymentSummary | null;
}

/**
 * Why the list marks an order's payment: a problem the lab must look at (a failed capture), or an
 * authorisation that lapses within a day (ship it, so it is captured, or release it).
 */
export type LabPaymentFlag = 'problem' | 'lapsing';

export interface LabPaymentSummary {
  state: PaymentState;
  flag: LabPaymentFlag | null;
}

/** An order's payment as the desk shows it (issue 29): its state, what was taken and given back, its history. */
export interface LabPayment {
  /** store, invoice, test-card, stripe, vipps. */
  provider: string;
  state: PaymentState;
  amount: number;
  captured: number;
  refunded: number;
  currency: string;
  /** Something the lab must look at: an amount that did not match, a capture that failed. */
  problem: string | null;
  /** When an authorisation not yet captured lapses at the provider, and whether that is within a day. */
  lapsesAt: string | null;
  lapsingSoon: boolean;
  /** What the refund button may do: release the whole authorisation, or refund up to `left`. */
  refundable: { kind: 'cancel' | 'refund'; left: number } | null;
  /** The provider's messages, oldest first. */
  events: { at: string; kind: string; reported: string | null }[];
  refunds: { at: string; amount: number; kind: 'refund' | 'cancel'; status: string; error: string | null }[];
}

export interface LabOrderDetail extends LabOrder {
  manifest: Manifest | null;
  paymentDetail: LabPayment | null;
}

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
export interface LabPaymentProblem {
  transactionUuid: string;
  /** Null for a mismatch: no order was made. */
  orderUuid: string | null;
  /** The order's reference, or the transaction's first 8 characters when there is no order. */
  reference: string;
  portal: { name: string; currencyFormat: string };
  provider: string;
  /** The provider's own name for the payment (a Checkout Session id, a Vipps reference). */
  providerRef: string | null;
  state: PaymentState;
  amount: number;
  currency: string;
  /** `amount_mismatch: …` or `capture_failed: …`: a code, then the server's English detail. */
  problem: string;
  problemAt: string | null;
  createdAt: string;
  shopper: { name: string; email: string };
}

export interface LabPaymentProblems {
  problems: LabPaymentProblem[];
}

export interface LabOrderPage {
  orders: LabOrder[];
  /** Pass as `before` for the next (older) page; null when this is the last. */
  nextBefore: string | null;
}

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
