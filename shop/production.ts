/**
 * An order's production and what the lab does after it: the words the server, the lab's desk and the
 * shopper's screens share. The manifest is `DATA_DIR/production/{orderUuid}/manifest.json`
 * (docs/production.md), what a lab needs to print an order without asking the shop.
 */
import type { Fold, PrintLayout } from '../engine/index.ts';

export const PRODUCTION_STATUSES = ['queued', 'rendering', 'ready', 'failed'] as const;
export type ProductionStatus = (typeof PRODUCTION_STATUSES)[number];

/** What the lab does after production; each change is recorded with its time and shown to the shopper. */
export const FULFILMENT_STATUSES = ['printed', 'ready-for-pickup', 'shipped'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

export type LineKind = 'print' | 'card' | 'calendar' | 'photogift';

/** The receipt's short reference of an order: its uuid's first 8 characters. */
export const orderReference = (orderUuid: string) => orderUuid.slice(0, 8);

export interface ManifestFile {
  /** The file's name in the order's folder. */
  name: string;
  sha256: string;
  bytes: number;
  /** The printed size (a PDF: its trim size; the page itself carries 3 mm of bleed on each side). */
  widthMm: number;
  heightMm: number;
  /** Pixels per inch of the print (JPEG), or the lowest effective ppi of its pictures (PDF). */
  dpi: number;
  /** PDF: its pages, one per printed part. */
  pages?: number;
  /**
   * A folded card's PDF: how its pages go onto the sheet (the template's `printLayout`): `duplex`,
   * pages 1 and 2 are the outside and the inside of one sheet, turned over about the fold; `booklet`,
   * pages 1 to 4 are the front, inside left, inside right and back panels, imposed [4 | 1] outside and
   * [2 | 3] inside on a sheet twice as wide, folded in the middle (docs/template-format.md "Folded
   * cards: print layout"). Absent: every page is a sheet of its own, printed on one side.
   */
  printLayout?: PrintLayout;
  /** Where the sheet is folded, in mm from the trim box's top-left corner of each page (the template's `folds`). */
  folds?: Fold[];
}

export interface ManifestLine {
  orderLineUuid: string;
  product: { uuid: string; name: string };
  quantity: number;
  kind: LineKind;
  description: string;
  warnings: string[];
  files: ManifestFile[];
}

export interface Manifest {
  orderUuid: string;
  /** orderReference(orderUuid) */
  reference: string;
  status: ProductionStatus;
  /** Readable, for the lab: why production failed. */
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  lines: ManifestLine[];
}

/** Where an order stands, as the shopper's screens (receipt, My orders) receive it. */
export interface OrderProgress {
  production: ProductionStatus;
  /** The lab's steps, oldest first, each with its time (ISO 8601). */
  events: { status: FulfilmentStatus; at: string }[];
}

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
