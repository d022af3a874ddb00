/**
 * An order's production and what the lab does after it: the words the server, the lab's desk and the
 * shopper's screens share. The manifest is `DATA_DIR/production/{orderUuid}/manifest.json`
 * (docs/production.md), what a lab needs to print an order without asking the shop.
 */
import { z } from 'zod';
import { Fold, PRINT_LAYOUTS } from '../engine/index.ts';

export const PRODUCTION_STATUSES = ['queued', 'rendering', 'ready', 'failed'] as const;
export type ProductionStatus = (typeof PRODUCTION_STATUSES)[number];

/** What the lab does after production; each change is recorded with its time and shown to the shopper. */
export const FULFILMENT_STATUSES = ['printed', 'ready-for-pickup', 'shipped'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** The receipt's short reference of an order: its uuid's first 8 characters. */
export const orderReference = (orderUuid: string) => orderUuid.slice(0, 8);

export const ManifestFile = z.object({
  /** The file's name in the order's folder. */
  name: z.string(),
  sha256: z.string(),
  bytes: z.number(),
  /** The printed size (a PDF: its trim size; the page itself carries 3 mm of bleed on each side). */
  widthMm: z.number(),
  heightMm: z.number(),
  /** Pixels per inch of the print (JPEG), or the lowest effective ppi of its pictures (PDF). */
  dpi: z.number(),
  /** PDF: its pages, one per printed part. */
  pages: z.number().optional(),
  /**
   * A folded card's PDF: how its pages go onto the sheet (the template's `printLayout`): `duplex`,
   * pages 1 and 2 are the outside and the inside of one sheet, turned over about the fold; `booklet`,
   * pages 1 to 4 are the front, inside left, inside right and back panels, imposed [4 | 1] outside and
   * [2 | 3] inside on a sheet twice as wide, folded in the middle (docs/template-format.md "Folded
   * cards: print layout"). Absent: every page is a sheet of its own, printed on one side.
   */
  printLayout: z.enum(PRINT_LAYOUTS).optional(),
  /** Where the sheet is folded, in mm from the trim box's top-left corner of each page (the template's `folds`). */
  folds: z.array(Fold).optional(),
  /**
   * A photo book's two files: `cover`, the one-page spread (back, spine, front; a hard cover's turn-in
   * all round) whose folds are the spine's edges; `pages`, the inner pages in reading order.
   */
  bookPart: z.enum(['cover', 'pages']).optional(),
  /** The cover: the spine's width for the book's page count, in mm (shop/photobook spineWidthMm). */
  spineMm: z.number().optional(),
  /** The cover: the material turned in round a hard cover's boards on every side, in mm (0: soft). */
  wrapMm: z.number().optional(),
});
export type ManifestFile = z.infer<typeof ManifestFile>;

export const LineKind = z.enum(['print', 'card', 'calendar', 'photogift', 'photobook']);
export type LineKind = z.infer<typeof LineKind>;

export const ManifestLine = z.object({
  orderLineUuid: z.string(),
  product: z.object({ uuid: z.string(), name: z.string() }),
  quantity: z.number(),
  kind: LineKind,
  description: z.string(),
  warnings: z.array(z.string()),
  files: z.array(ManifestFile),
});
export type ManifestLine = z.infer<typeof ManifestLine>;

export const Manifest = z.object({
  orderUuid: z.string(),
  /** orderReference(orderUuid) */
  reference: z.string(),
  status: z.enum(PRODUCTION_STATUSES),
  /** Readable, for the lab: why production failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  lines: z.array(ManifestLine),
});
export type Manifest = z.infer<typeof Manifest>;

/** Where an order stands, as the shopper's screens (receipt, My orders) receive it. */
export const OrderProgress = z.object({
  production: z.enum(PRODUCTION_STATUSES),
  /** The lab's steps, oldest first, each with its time (ISO 8601). */
  events: z.array(z.object({ status: z.enum(FULFILMENT_STATUSES), at: z.string() })),
});
export type OrderProgress = z.infer<typeof OrderProgress>;

/** The step a shopper is shown: the lab's words, not the print files' (a failed render is the lab's to mend). */
export type ShopperStep = 'received' | 'in-production' | FulfilmentStatus;

/**
 * The shopper's step of an order: its latest lab step when there is one, else 'in-production' once
 * the print files are being made (or made, or being mended after a failure), else 'received'.
 */
export function shopperStep(progress: OrderProgress): ShopperStep {
  const done = new Set(progress.events.map((e) => e.status));
  if (done.has('shipped')) return 'shipped';
  if (done.has('ready-for-pickup')) return 'ready-for-pickup';
  if (done.has('printed')) return 'printed';
  return progress.production === 'queued' ? 'received' : 'in-production';
}

/** Nothing more will happen on the shop's side: the order is on its way or waiting in the store. */
export const isFinalStep = (step: ShopperStep) => step === 'shipped' || step === 'ready-for-pickup';
