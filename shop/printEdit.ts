/**
 * The print editor's edit session (S0 §4 'Edit session'): which page is open, the draft of the
 * order line and whether the shopper changed anything. Pure: the React editor keeps the state and
 * calls these commands; the server prices and stores the line when it is saved.
 *
 * The draft carries no orientation of its own. A stored crop already says how the print lies
 * (landscape when crop.width × picture width > crop.height × picture height); with no crop (a new
 * format resets it) the format is turned like the picture, as the upload does.
 */
import {
  adaptionForCrop,
  adaptionName,
  type CropRect,
  type Frame,
  flipOrientation as flipFrame,
  frameLike,
  innerFrame,
  type PictureRegions,
  type PictureSize,
  snapCrop,
  suggestedCrop,
} from '../engine/index.ts';
import type { OrderLine, Product } from './contract.ts';
import { clampQuantity } from './pricing.ts';

export type EditPage = 'main' | 'filter' | 'quantity' | 'format' | 'crop';
export type PrintFilter = NonNullable<OrderLine['image']>['filter'];
/** A print line's picture settings (named apart from contract.ts's LineImage, a template slot's picture). */
export type PrintImage = NonNullable<OrderLine['image']>;

export interface PrintDraft {
  productUuid: string;
  quantity: number;
  image: PrintImage;
}

export interface EditSession {
  page: EditPage;
  draft: PrintDraft;
  changed: boolean;
}

/**
 * What the commands look things up in: the price list and the upright picture's pixel size. The
 * size may be unknown (the picture is gone): format, quantity and filter still work, the crop not.
 */
export interface EditContext {
  products: readonly Product[];
  picture: PictureSize | null;
  /** What the analysis found in the picture (issue 32); null or absent while it has not run. */
  regions?: PictureRegions | null;
}

/** A print line saved before the picture settings existed has none: it prints the whole default. */
const DEFAULT_IMAGE: PrintImage = { filter: 'original', cropRect: null, adaption: 0, defaultCrop: true };

export function startSession(line: OrderLine): EditSession {
  return {
    page: 'main',
    draft: { productUuid: line.product.uuid, quantity: line.quantity, image: line.image ?? DEFAULT_IMAGE },
    changed: false,
  };
}

export function isChanged(session: EditSession): boolean {
  return session.changed;
}

export function openPage(session: EditSession, page: EditPage): EditSession {
  return { ...session, page };
}

/** A choice returns to main; only one that alters the draft counts as a change worth confirming. */
function choose(session: EditSession, draft: PrintDraft | null): EditSession {
  return draft ? { page: 'main', draft, changed: true } : { ...session, page: 'main' };
}

// Formats.

export function printFrame(product: Pick<Product, 'printareasize'>): Frame {
  return { widthMm: product.printareasize[0], heightMm: product.printareasize[1] };
}

export function findProduct(products: readonly Product[], uuid: string): Product | undefined {
  return products.find((p) => p.uuid === uuid);
}

/** The format's white-border alternative (S0 §3): the same print area with the border switched. */
export function whiteBorderTwin(product: Product, products: readonly Product[]): Product | undefined {
  return products.find(
    (p) =>
      p.producttype === 0 &&
      p.uuid !== product.uuid &&
      p.whiteBorder !== product.whiteBorder &&
      p.printareasize[0] === product.printareasize[0] &&
      p.printareasize[1] === product.printareasize[1],
  );
}

/** The format a white-border product is a variant of; the format list shows only these. */
export function plainFormat(product: Product, products: readonly Product[]): Product {
  return product.whiteBorder ? (whiteBorderTwin(product, products) ?? product) : product;
}

/** The formats the format page offers: white-border variants are reached by the toggle instead. */
export function formatChoices(products: readonly Product[]): Product[] {
  return products.filter(
    (p) => p.producttype === 0 && (!p.whiteBorder || whiteBorderTwin(p, products) === undefined),
  );
}

/** The format's minimum order quantity; at least 1, and 1 for a format no longer in the list. */
export function minimumQuantity(product: Pick<Product, 'minQuantity'> | undefined): number {
  return Math.max(1, product?.minQuantity ?? 1);
}

// Geometry of the draft.

export function isLandscapeCrop(crop: CropRect, picture: PictureSize): boolean {
  return crop.width * picture.width > crop.height * picture.height;
}

/** The print as it lies: turned like the stored crop, or like the picture when there is none. */
export function orientedFrame(product: Product, picture: PictureSize, crop: CropRect | null): Frame {
  const frame = printFrame(product);
  if (!crop) return frameLike(frame, picture);
  const frameLandscape = frame.widthMm > frame.heightMm;
  return isLandscapeCrop(crop, picture) === frameLandscape ? frame : flipFrame(frame);
}

/** The part of the print the picture covers: inside the white border when the format has one. */
export function pictureFrame(product: Pick<Product, 'whiteBorder'>, frame: Frame): Frame {
  return product.whiteBorder ? innerFrame(frame) : frame;
}

/** Everything the preview draws: the whole print, the picture's area on it and the crop shown there. */
export interface DraftView {
  product: Product;
  print: Frame;
  area: Frame;
  crop: CropRect;
  landscape: boolean;
}

/**
 * The draft as the preview shows it; a reset crop shows the shop's crop (suggestedCrop: the centred
 * crop, or the one that holds the faces once the picture is analysed) of the format turned like the
 * picture. Undefined while the picture's size is unknown or the format is not in the price list.
 */
export function draftView(draft: PrintDraft, context: EditContext): DraftView | undefined {
  const { picture } = context;
  const product = findProduct(context.products, draft.productUuid);
  if (!product || !picture) return undefined;
  const print = orientedFrame(product, picture, draft.image.cropRect);
  const area = pictureFrame(product, print);
  const crop =
    draft.image.cropRect ??
    suggestedCrop(picture, 0, area, adaptionName(draft.image.adaption), context.regions);
  return { product, print, area, crop, landscape: print.widthMm > print.heightMm };
}

/**
 * A print line's picture settings with the shop's crop (issue 32): the crop a reset draft shows, kept
 * on the line so the cart's thumbnail and the print file show it too, and marked as the shop's so the
 * server may move it when the analysis finishes. Undefined while the picture's size is unknown.
 */
export function defaultPrintImage(
  product: Product,
  filter: PrintFilter,
  context: Omit<EditContext, 'products'>,
): PrintImage | undefined {
  const image: PrintImage = { filter, cropRect: null, adaption: 0, defaultCrop: true };
  const view = draftView(
    { productUuid: product.uuid, quantity: 1, image },
    { ...context, products: [product] },
  );
  return view && { ...image, cropRect: view.crop, adaption: adaptionForCrop(view.crop) };
}

const sameCrop = (a: CropRect | null, b: CropRect | null) =>
  a === b || (!!a && !!b && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height);

// Commands.

export function chooseFilter(session: EditSession, filter: PrintFilter): EditSession {
  const { draft } = session;
  if (draft.image.filter === filter) return choose(session, null);
  return choose(session, { ...draft, image: { ...draft.image, filter } });
}

/** S0 §5: anything below the format's minimum, or not a whole number, becomes the minimum. */
export function setQuantity(session: EditSession, value: number | string, context: EditContext): EditSession {
  const { draft } = session;
  const quantity = clampQuantity(value, minimumQuantity(findProduct(context.products, draft.productUuid)));
  if (quantity === draft.quantity) return choose(session, null);
  return choose(session, { ...draft, quantity });
}

/**
 * S0 §4: a new format resets the crop (the old one has the old format's aspect) and the adaption.
 * The quantity is raised to the new format's minimum, which the server would refuse to go below.
 * Choosing the format the line already has, white border or not, changes nothing.
 */
export function chooseFormat(session: EditSession, product: Product, context: EditContext): EditSession {
  const { draft } = session;
  const current = findProduct(context.products, draft.productUuid);
  const currentPlain = current ? plainFormat(current, context.products) : undefined;
  if (product.uuid === draft.productUuid || product.uuid === currentPlain?.uuid) return choose(session, null);
  return choose(session, {
    productUuid: product.uuid,
    quantity: Math.max(draft.quantity, minimumQuantity(product)),
    image: { ...draft.image, cropRect: null, adaption: 0, defaultCrop: true },
  });
}

/**
 * The crop page's result. The adaption follows the fit test (S0 §4). Confirming the crop the
 * preview already showed for a reset crop is no change: the line prints the same either way.
 */
export function setCrop(session: EditSession, crop: CropRect, context: EditContext): EditSession {
  const { draft } = session;
  const shown = draftView(draft, context)?.crop ?? draft.image.cropRect;
  if (sameCrop(shown, crop)) return choose(session, null);
  return choose(session, {
    ...draft,
    image: { ...draft.image, cropRect: crop, adaption: adaptionForCrop(crop), defaultCrop: false },
  });
}

/**
 * The crop page's 'Landscape orientation' switch (S0 §4): the old crop has the wrong aspect for the
 * turned print, so the crop starts over. It stays on the crop page, whose Done returns to main.
 */
export function flipOrientation(session: EditSession, context: EditContext): EditSession {
  const { draft } = session;
  const view = draftView(draft, context);
  if (!view || !context.picture) return session;
  const area = pictureFrame(view.product, flipFrame(view.print));
  const crop = suggestedCrop(context.picture, 0, area, adaptionName(draft.image.adaption), context.regions);
  // The shopper chose how the print lies: the crop is theirs from now on.
  const image = { ...draft.image, cropRect: crop, adaption: adaptionForCrop(crop), defaultCrop: false };
  return { ...session, draft: { ...draft, image }, changed: true };
}

/**
 * The crop page's white-border toggle: the format's twin with the border switched. The picture's
 * area shrinks or grows by the border and changes aspect a little, so a stored crop is snapped to
 * it (keeping its place on the picture) rather than started over. Stays on the crop page.
 */
export function toggleWhiteBorder(session: EditSession, context: EditContext): EditSession {
  const { draft } = session;
  const view = draftView(draft, context);
  const twin = view && whiteBorderTwin(view.product, context.products);
  if (!view || !twin || !context.picture) return session;
  const stored = draft.image.cropRect;
  let image = draft.image;
  if (draft.image.defaultCrop) {
    // The shop's crop stays the shop's: made again for the new area (the server does the same).
    image = { ...draft.image, cropRect: null, adaption: 0 };
  } else if (stored) {
    const area = pictureFrame(twin, view.print);
    const crop = snapCrop(stored, context.picture, 0, area, adaptionName(draft.image.adaption));
    image = { ...draft.image, cropRect: crop, adaption: adaptionForCrop(crop) };
  }
  return {
    ...session,
    draft: { productUuid: twin.uuid, quantity: Math.max(draft.quantity, minimumQuantity(twin)), image },
    changed: true,
  };
}

/** The order line to save: the draft over the line as the server sent it. */
export function mergeDraft(line: OrderLine, draft: PrintDraft): OrderLine {
  return {
    ...line,
    product: { ...line.product, uuid: draft.productUuid },
    quantity: draft.quantity,
    image: draft.image,
  };
}
