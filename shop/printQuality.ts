/**
 * Print quality in words (issue 34): whether a print line's picture has the pixels for a sharp print,
 * the dpi it prints at, and a smaller format that would be sharp. One rule for every place a picture
 * is shown for printing (upload grid, cart line, print editor, checkout) and for the lab's warning:
 * engine/quality.ts, where the template editor's slots read it too (issue 32: three levels).
 *
 * A print is low quality when it fails S0 §5's pixel table or prints below MIN_PRINT_DPI, the
 * lab's line (below it the lab desk flags the file): so the shopper is told of every print the lab
 * will question, and of none it will not.
 */
import {
  adaptionName,
  type CropRect,
  cropQuality,
  type Frame,
  type PictureSize,
  type PrintQuality,
  startingCrop,
} from '../engine/index.ts';
import type { OrderLine, Product } from './contract.ts';
import { type DraftView, draftView, orientedFrame, pictureFrame } from './printEdit.ts';

export {
  GOOD_PRINT_DPI,
  leastPrintDpi,
  MIN_PRINT_DPI,
  type PrintQuality,
  printDpi,
  type QualityLevel,
} from '../engine/index.ts';

/** The quality of `crop` of an upright picture printed on `area`. */
export function printQuality(crop: CropRect, picture: PictureSize, area: Frame): PrintQuality {
  return cropQuality(crop, picture, 0, area);
}

export const viewQuality = (view: Pick<DraftView, 'crop' | 'area'>, picture: PictureSize): PrintQuality =>
  printQuality(view.crop, picture, view.area);

/** A print line's quality; undefined while its format or its picture's size is not known. */
export function lineQuality(
  line: Pick<OrderLine, 'product' | 'quantity' | 'image'>,
  products: readonly Product[],
  picture: PictureSize | undefined,
): PrintQuality | undefined {
  if (!picture || !line.image) return undefined;
  const view = draftView(
    { productUuid: line.product.uuid, quantity: line.quantity, image: line.image },
    {
      products,
      picture,
    },
  );
  return view && viewQuality(view, picture);
}

const area = (p: Product) => p.printareasize[0] * p.printareasize[1];

/**
 * The largest print format smaller than `current` on which the whole picture, cropped as a new line
 * of that format starts, would be sharp; undefined when none is (the picture is too small for any).
 */
export function sharperFormat(
  picture: PictureSize,
  current: Product,
  formats: readonly Product[],
): Product | undefined {
  return formats
    .filter((p) => p.uuid !== current.uuid && area(p) < area(current))
    .sort((a, b) => area(b) - area(a))
    .find((p) => {
      const frame = pictureFrame(p, orientedFrame(p, picture, null));
      const crop = startingCrop(picture, 0, frame, adaptionName(0));
      return !printQuality(crop, picture, frame).low;
    });
}
