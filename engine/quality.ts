/**
 * How sharp a crop prints, in three levels (issue 32), and the resolution the editors' zoom stops at.
 * The one rule behind every quality sign: the print editor, the template editor's slots, the upload
 * grid, the cart, the checkout (through shop/printQuality.ts) and the lab's warning.
 *
 * - low (red): S0 §5's pixel table fails, or the print is below MIN_PRINT_DPI, the lab's line.
 * - good (green): at least GOOD_PRINT_DPI, the resolution print files are made at (PRINT_DPI): more
 *   pixels than that add nothing the print can show.
 * - fair (amber): in between: sharp by the lab's rule, with less fine detail than the print could hold.
 *
 * Products carry no thresholds of their own; the format still counts, through S0 §5's table, which
 * asks some formats for more than MIN_PRINT_DPI (a 15x21 about 202 dpi): `leastPrintDpi`.
 */
import {
  type CropRect,
  type Frame,
  isLowQuality,
  MM_PER_INCH,
  orientedSize,
  type PictureSize,
  PRINT_DPI,
  printAreaPixels,
  type Rotation,
  requiredPixels,
} from './image.ts';

/** Below this a print file is flagged on the lab desk as low resolution. */
export const MIN_PRINT_DPI = 150;
/** From here a print is as sharp as it gets: the print file's own resolution. */
export const GOOD_PRINT_DPI = PRINT_DPI;

export type QualityLevel = 'good' | 'fair' | 'low';

export interface PrintQuality {
  /** red: too few pixels for a sharp print (the warnings' "low resolution"). */
  low: boolean;
  level: QualityLevel;
  /** Picture pixels per inch along the print's weaker side, rounded down. */
  dpi: number;
}

const squareInches = (frame: Frame) => (frame.widthMm / MM_PER_INCH) * (frame.heightMm / MM_PER_INCH);

/**
 * Picture pixels per inch on `area` along its weaker side. A crop wider than the picture (fit-in gaps)
 * spreads the same pixel density over less paper, so the formula holds for it too.
 */
export function printDpi(crop: CropRect, picture: PictureSize, area: Frame, rotation: Rotation = 0): number {
  const oriented = orientedSize(picture, rotation);
  return Math.min(
    (crop.width * oriented.width) / (area.widthMm / MM_PER_INCH),
    (crop.height * oriented.height) / (area.heightMm / MM_PER_INCH),
  );
}

/**
 * The least resolution at which a print on `frame` is not low: MIN_PRINT_DPI, or more where S0 §5's
 * table asks a format for more pixels than that gives.
 */
export function leastPrintDpi(frame: Frame): number {
  const tableDpi = Math.sqrt(requiredPixels(printAreaPixels(frame)) / squareInches(frame));
  return Math.max(MIN_PRINT_DPI, tableDpi);
}

/**
 * Where the editors' zoom stops on `frame` (the "zoom clamp"): the least print resolution, raised by
 * a billionth so that rounding never makes the crop at the stop low.
 */
export function zoomClampDpi(frame: Frame): number {
  return leastPrintDpi(frame) * (1 + 1e-9);
}

/** The quality of `crop` of a picture turned by `rotation`, printed on `area`. */
export function cropQuality(
  crop: CropRect,
  picture: PictureSize,
  rotation: Rotation,
  area: Frame,
): PrintQuality {
  // Millimetres make inches of binary fractions: 900 pixels over 152.4 mm is 149.999… dpi.
  const dpi = printDpi(crop, picture, area, rotation) + 1e-9;
  const low = isLowQuality(crop, picture, rotation, area) || dpi < MIN_PRINT_DPI;
  const level: QualityLevel = low ? 'low' : dpi >= GOOD_PRINT_DPI ? 'good' : 'fair';
  return { low, level, dpi: Math.floor(dpi) };
}
