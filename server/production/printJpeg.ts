/**
 * A print line's file: the shopper's picture on the format's paper at 300 dpi, exactly as the print
 * editor shows it. The geometry is the editor's own (`draftView` in shop/printEdit.ts: the paper
 * turned like the stored crop, the white border's margin, the crop or the starting crop), so the
 * print cannot drift from the preview; the filter is the one the previews are made with.
 *
 * Drawn from the upright original (or its master), never a derivative: only the crop's part of it is
 * decoded at full size, resized once to its place on the paper and laid on white (a fit-in crop's
 * gaps and the white border stay white).
 */
import sharp from 'sharp';
import { MM_PER_INCH, type PictureSize, PRINT_DPI, xphotoType } from '../../engine/index.ts';
import type { Product } from '../../shop/index.ts';
import { draftView, MIN_PRINT_DPI, type PrintImage, printDpi } from '../../shop/index.ts';
import { withEffect } from '../services/pictures/pictures.ts';

// Below it a print looks soft: printed anyway, and the lab is told (manifest warning). The shopper is
// told by the same rule (shop/printQuality.ts).
export { MIN_PRINT_DPI };

export interface PrintJpegInput {
  /** The picture's upright source bytes (its master for HEIC and EXIF-rotated photos, else the original). */
  original: Buffer;
  /** The upright pixel size, as stored with the picture. */
  picture: PictureSize;
  image: PrintImage;
  product: { widthMm: number; heightMm: number; whiteBorder: boolean };
}

export interface PrintJpeg {
  jpeg: Buffer;
  widthPx: number;
  heightPx: number;
  /** The paper as it lies (turned for a landscape crop). */
  widthMm: number;
  heightMm: number;
  dpi: number;
  /** The picture's own resolution on the paper (pixels per inch of the crop), the lower of its two axes. */
  pictureDpi: number;
  warnings: string[];
}

const px = (mm: number) => Math.round((mm / MM_PER_INCH) * PRINT_DPI);

export async function renderPrintJpeg(input: PrintJpegInput): Promise<PrintJpeg> {
  const { picture, image } = input;
  // The editor looks the format up in a price list; here the list is the line's own format.
  const product = {
    uuid: 'line',
    producttype: 0,
    printareasize: [input.product.widthMm, input.product.heightMm],
    whiteBorder: input.product.whiteBorder,
  } as Product;
  const view = draftView({ productUuid: product.uuid, quantity: 1, image }, { products: [product], picture });
  if (!view) throw new Error('The print has no geometry');
  const { print, area, crop } = view;
  const widthPx = px(print.widthMm);
  const heightPx = px(print.heightMm);
  const insetX = Math.round((((print.widthMm - area.widthMm) / 2) * PRINT_DPI) / MM_PER_INCH);
  const insetY = Math.round((((print.heightMm - area.heightMm) / 2) * PRINT_DPI) / MM_PER_INCH);
  const areaW = widthPx - 2 * insetX;
  const areaH = heightPx - 2 * insetY;

  // The part of the crop that lies on the picture (a fit-in crop reaches past it: gaps stay white).
  const x0 = Math.max(0, crop.x);
  const y0 = Math.max(0, crop.y);
  const x1 = Math.min(1, crop.x + crop.width);
  const y1 = Math.min(1, crop.y + crop.height);
  if (!(x1 > x0 && y1 > y0)) throw new Error('The crop lies outside the picture');
  const source = {
    left: Math.round(x0 * picture.width),
    top: Math.round(y0 * picture.height),
    width: Math.max(1, Math.round((x1 - x0) * picture.width)),
    height: Math.max(1, Math.round((y1 - y0) * picture.height)),
  };
  source.width = Math.min(source.width, picture.width - source.left);
  source.height = Math.min(source.height, picture.height - source.top);
  const target = {
    left: insetX + Math.round(((x0 - crop.x) / crop.width) * areaW),
    top: insetY + Math.round(((y0 - crop.y) / crop.height) * areaH),
    width: Math.max(1, Math.round(((x1 - x0) / crop.width) * areaW)),
    height: Math.max(1, Math.round(((y1 - y0) / crop.height) * areaH)),
  };
  target.width = Math.min(target.width, widthPx - target.left);
  target.height = Math.min(target.height, heightPx - target.top);

  // Pass 1: orient, cut the crop out and resize it to its place (sharp rotates before it resizes,
  // which is what auto-orientation needs); pass 2 applies the filter to the print's pixels.
  const placed = await sharp(input.original, { limitInputPixels: false })
    .rotate()
    .extract(source)
    .resize(target.width, target.height, { fit: 'fill', kernel: 'lanczos3' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const filtered = await withEffect(
    sharp(placed.data, {
      raw: { width: placed.info.width, height: placed.info.height, channels: placed.info.channels },
    }),
    xphotoType(image.filter),
  )
    .toColourspace('srgb')
    .png({ compressionLevel: 0 })
    .toBuffer();

  const jpeg = await sharp({
    create: { width: widthPx, height: heightPx, channels: 3, background: '#ffffff' },
  })
    .composite([{ input: filtered, left: target.left, top: target.top }])
    .withIccProfile('srgb')
    .withMetadata({ density: PRINT_DPI })
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();

  const pictureDpi = printDpi(crop, picture, area);
  const warnings =
    pictureDpi < MIN_PRINT_DPI
      ? [
          `Low resolution: ${Math.floor(pictureDpi)} dpi at ${Math.round(print.widthMm)} × ${Math.round(print.heightMm)} mm (below ${MIN_PRINT_DPI})`,
        ]
      : [];
  return {
    jpeg,
    widthPx,
    heightPx,
    widthMm: print.widthMm,
    heightMm: print.heightMm,
    dpi: PRINT_DPI,
    pictureDpi,
    warnings,
  };
}
