/**
 * Picture geometry shared by the template editor's picture slots and the print editor's crop
 * (S0 §3-§5, §9; S1 §2-§4).
 *
 * Model:
 * - A picture has a natural pixel size (as stored, EXIF orientation already applied) and a
 *   `rotation` the shopper applied: 0, 90, 180 or 270 degrees clockwise. The *oriented* picture is
 *   the picture after that rotation; width and height swap for 90 and 270.
 * - A frame (a template picture slot or a print format) has a physical size in millimetres.
 * - `adaption` is 'fill-in' (the picture covers the frame, nothing of the frame stays empty) or
 *   'fit-in' (the whole picture is visible, centred; gaps may remain). Order lines store it as a
 *   number: 0 = fill-in, 1 = fit-in.
 * - A `CropRect` is the part of the ORIENTED picture that maps onto the frame, in fractions of the
 *   oriented picture's width and height. Fractions rather than pixels so that the same crop applies
 *   to a 640 px preview and to the original when the print file is made. It may reach beyond 0..1
 *   where a fit-in picture leaves gaps. Its aspect in pixels, (width * W) / (height * H) for an
 *   oriented picture of W x H, always equals the frame's aspect, so the frame never distorts it.
 *
 * Gestures (pan, zoom) are free and unclamped so the finger feels direct; `snapCrop` makes the
 * crop valid again on release. Every function is pure and returns new objects.
 */

export type Rotation = 0 | 90 | 180 | 270;
export type Adaption = 'fill-in' | 'fit-in';
/** The order line's numeric adaption (S0 §3). */
export type AdaptionCode = 0 | 1;

export interface PictureSize {
  readonly width: number;
  readonly height: number;
}

export interface Frame {
  readonly widthMm: number;
  readonly heightMm: number;
}

export interface CropRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A point in fractions of the frame: (0, 0) top left, (1, 1) bottom right. */
export interface FramePoint {
  readonly x: number;
  readonly y: number;
}

export const ROTATIONS: readonly Rotation[] = [0, 90, 180, 270];

/** One mouse-wheel step (S1 §2). Not reciprocal on purpose: these are the spec's values. */
export const WHEEL_ZOOM_IN = 1.1;
export const WHEEL_ZOOM_OUT = 0.9;

export const MM_PER_INCH = 25.4;
export const PRINT_DPI = 300;

/** Gaps up to this fraction of the print area are too small to warn about (S0 §5). */
export const FIT_WARNING_GAP = 0.01;

/** White-border margin as a fraction of the smaller print side (S0 §9). */
export const WHITE_BORDER_FRACTION = 0.05;

/**
 * Floating-point noise a snapped crop may carry at its edges (x + width can land one ulp above 1).
 * Anything smaller is not a gap anyone could print.
 */
const GAP_EPSILON = 1e-9;

/** Relative aspect error a snap lets through: rounding from a gesture sequence, far below a pixel. */
const ASPECT_TOLERANCE = 1e-12;

function assertPositiveSize(what: string, a: number, b: number): void {
  if (!(Number.isFinite(a) && Number.isFinite(b) && a > 0 && b > 0)) {
    throw new RangeError(`${what} must have a positive, finite size, got ${a} x ${b}`);
  }
}

export function orientedSize(picture: PictureSize, rotation: Rotation): PictureSize {
  return rotation === 90 || rotation === 270
    ? { width: picture.height, height: picture.width }
    : { width: picture.width, height: picture.height };
}

/** S1 §4: the Rotate tool steps 90 degrees and wraps from 360 to 0. */
export function rotateClockwise(rotation: Rotation): Rotation {
  switch (rotation) {
    case 0:
      return 90;
    case 90:
      return 180;
    case 180:
      return 270;
    default:
      return 0;
  }
}

/** A crop's size, in fractions of the oriented picture. */
export interface CropSize {
  readonly width: number;
  readonly height: number;
}

/**
 * The crop size at which the picture exactly covers the frame (fill-in) or exactly fits inside it
 * (fit-in). One side is exactly 1; the other is computed from the sizes in one division, so the
 * starting crop and the snap limit agree bit for bit.
 */
function limitSize(oriented: PictureSize, frame: Frame, adaption: Adaption): CropSize {
  assertPositiveSize('The picture', oriented.width, oriented.height);
  assertPositiveSize('The frame', frame.widthMm, frame.heightMm);
  // widthFraction / heightFraction of a crop with the frame's aspect.
  const across = frame.widthMm * oriented.height;
  const down = frame.heightMm * oriented.width;
  const frameIsWider = across > down; // than the picture
  // Fill-in keeps the picture's shorter side (relative to the frame) whole; fit-in the longer one.
  const widthIsWhole = adaption === 'fill-in' ? frameIsWider : !frameIsWider;
  return widthIsWhole ? { width: 1, height: down / across } : { width: across / down, height: 1 };
}

/**
 * A crop size brought within MIN_CROP_SIDE..MAX_CROP_SIDE, keeping its aspect: zoomed further out or
 * in than a crop the shop takes (cropProblem), the nearest one it does.
 */
function withinCropBounds(size: CropSize): CropSize {
  let { width, height } = size;
  const longer = Math.max(width, height);
  if (longer > MAX_CROP_SIDE) {
    [width, height] =
      width === longer
        ? [MAX_CROP_SIDE, (height * MAX_CROP_SIDE) / width]
        : [(width * MAX_CROP_SIDE) / height, MAX_CROP_SIDE];
  }
  const shorter = Math.min(width, height);
  if (shorter < MIN_CROP_SIDE) {
    [width, height] =
      width === shorter
        ? [MIN_CROP_SIDE, (height * MIN_CROP_SIDE) / width]
        : [(width * MIN_CROP_SIDE) / height, MIN_CROP_SIDE];
  }
  return { width, height };
}

/**
 * The least resolution a crop may print at: zoomed in further a print is a blur of a few pixels, and
 * a crop a ten-millionth wide was taken and printed at "0 dpi" (issue 28).
 */
export const MIN_CROP_DPI = 50;

/** Picture pixels per inch the crop prints at on the frame: over its area, so either orientation. */
export function cropDpi(crop: CropSize, picture: PictureSize, rotation: Rotation, frame: Frame): number {
  const oriented = orientedSize(picture, rotation);
  const pixels = crop.width * oriented.width * crop.height * oriented.height;
  const squareInches = (frame.widthMm / MM_PER_INCH) * (frame.heightMm / MM_PER_INCH);
  return Math.sqrt(pixels / squareInches);
}

/**
 * The smallest crop of the frame's aspect a picture may have: `minDpi`, or the fill-in size when the
 * whole picture is already below it (a small photo can be printed, just not zoomed into).
 */
function minimumSize(oriented: PictureSize, frame: Frame, minDpi: number = MIN_CROP_DPI): CropSize {
  const fill = limitSize(oriented, frame, 'fill-in');
  const fillDpi = cropDpi(fill, oriented, 0, frame);
  const scale = Math.min(1, minDpi / fillDpi);
  return { width: fill.width * scale, height: fill.height * scale };
}

/**
 * Where a zoom stops (issue 32): the smallest crop, of the frame's aspect, that prints at `minDpi`
 * (the editors pass zoomClampDpi), or the fill-in size when the whole picture is already below it.
 * snapCrop with the same `minDpi` brings a crop back to it.
 */
export function zoomStop(picture: PictureSize, rotation: Rotation, frame: Frame, minDpi: number): CropSize {
  return minimumSize(orientedSize(picture, rotation), frame, minDpi);
}

/**
 * The largest zoom-in factor (zoomCrop's) that keeps `crop` no smaller than `least` on either side;
 * 1 for a crop already at or below it, so it cannot be zoomed further in (zooming out stays free).
 */
export function maxZoomIn(crop: CropSize, least: CropSize): number {
  return Math.max(1, Math.min(crop.width / least.width, crop.height / least.height));
}

/**
 * Whether a crop is zoomed in past the least resolution (MIN_CROP_DPI) a print may have, in either
 * orientation of the frame; snapCrop never makes one, so only a hand-made request is refused.
 */
export function cropBelowMinimum(
  crop: CropSize,
  picture: PictureSize,
  rotation: Rotation,
  frame: Frame,
): boolean {
  const oriented = orientedSize(picture, rotation);
  const least = Math.min(
    ...[frame, flipOrientation(frame)].map((f) => {
      const min = minimumSize(oriented, f);
      return min.width * min.height;
    }),
  );
  // Rounding in a client's arithmetic is not a zoom: a millionth of leeway.
  return crop.width * crop.height < least * (1 - 1e-6);
}

function centred(limit: CropSize): CropRect {
  const size = withinCropBounds(limit);
  return { x: (1 - size.width) / 2, y: (1 - size.height) / 2, width: size.width, height: size.height };
}

/**
 * The crop a picture starts with in a frame (S1 §4): fill-in takes the largest centred part of the
 * frame's aspect; fit-in shows the whole picture centred, so the crop reaches beyond 0..1 on one
 * axis (both sides of the gap are equal).
 */
export function startingCrop(
  picture: PictureSize,
  rotation: Rotation,
  frame: Frame,
  adaption: Adaption,
): CropRect {
  return centred(limitSize(orientedSize(picture, rotation), frame, adaption));
}

/**
 * Dragging the picture by a fraction of the frame. The picture moving right means the window onto
 * it moves left, by the same distance in frame units, i.e. scaled by the crop's size.
 */
export function panCrop(crop: CropRect, dxFrac: number, dyFrac: number): CropRect {
  return {
    x: crop.x - dxFrac * crop.width,
    y: crop.y - dyFrac * crop.height,
    width: crop.width,
    height: crop.height,
  };
}

/**
 * Zooming by `factor` (> 1 zooms in, so the crop shrinks) around a point of the frame that stays
 * under the finger or the mouse. Both sides scale alike, which keeps the aspect.
 */
export function zoomCrop(crop: CropRect, factor: number, focus: FramePoint = { x: 0.5, y: 0.5 }): CropRect {
  if (!(Number.isFinite(factor) && factor > 0)) {
    throw new RangeError(`A zoom factor must be positive and finite, got ${factor}`);
  }
  const width = crop.width / factor;
  const height = crop.height / factor;
  // The picture point under the focus before the zoom must still be under it afterwards.
  const px = crop.x + focus.x * crop.width;
  const py = crop.y + focus.y * crop.height;
  return { x: px - focus.x * width, y: py - focus.y * height, width, height };
}

/**
 * One axis of a snap: a crop no larger than the picture on this axis is shifted to lie on it (no
 * gap); a larger one is centred on the picture, so the gaps on both sides are equal. When the size
 * changed the old centre is kept before shifting; otherwise the old position is used as is, because
 * going through the centre and back can move it by an ulp and snapping must be idempotent.
 */
function snapAxis(start: number, oldSize: number, size: number): number {
  if (size > 1) return (1 - size) / 2;
  const position = size === oldSize ? start : start + oldSize / 2 - size / 2;
  return Math.max(0, Math.min(position, 1 - size));
}

/**
 * Where the picture settles when the finger lets go (S1 §2).
 *
 * - The frame's aspect is restored first, keeping the width (gestures keep the aspect; this only
 *   absorbs rounding drift or a crop stored for another frame).
 * - fill-in: the picture must cover the frame, so a crop larger than the picture (zoomed out too
 *   far) is scaled back, about its centre, to the largest one that fits; then it is shifted inside.
 * - fit-in: per axis, a crop larger than the picture centres the picture; a smaller one (zoomed in)
 *   behaves like fill-in on that axis. A picture zoomed out below its fit-in size is left at that
 *   size: S1 lets the shopper shrink it, and the gap warning tells them about the border.
 * - A crop that is not a usable rectangle (non-positive or non-finite) falls back to the starting
 *   crop, so a corrupt stored crop cannot break the editor.
 * - A crop zoomed in past `minDpi` (MIN_CROP_DPI unless given; the editors give zoomClampDpi) is
 *   brought back to it about its centre (cropBelowMinimum, zoomStop).
 * - A side beyond MAX_CROP_SIDE or below MIN_CROP_SIDE is brought back to it, keeping the aspect:
 *   every crop an editor makes is one the shop takes (cropProblem).
 *
 * Idempotent: snapping a valid crop returns an equal crop.
 */
export function snapCrop(
  crop: CropRect,
  picture: PictureSize,
  rotation: Rotation,
  frame: Frame,
  adaption: Adaption,
  minDpi: number = MIN_CROP_DPI,
): CropRect {
  const oriented = orientedSize(picture, rotation);
  const fill = limitSize(oriented, frame, 'fill-in');
  const usable = [crop.x, crop.y, crop.width, crop.height].every(Number.isFinite);
  if (!usable || crop.width <= 0 || crop.height <= 0) {
    return startingCrop(picture, rotation, frame, adaption);
  }

  let width = crop.width;
  let height = crop.height;
  // Heights within rounding noise of the right one are kept, so a valid crop (the starting crop
  // above all) is a fixed point instead of drifting by an ulp on every release.
  const aspectHeight = (width * fill.height) / fill.width;
  if (Math.abs(height - aspectHeight) > ASPECT_TOLERANCE * aspectHeight) height = aspectHeight;
  if (adaption === 'fill-in' && (width >= fill.width || height >= fill.height)) {
    width = fill.width;
    height = fill.height;
  }
  // Zoomed in no further than the least resolution a print may have.
  const least = minimumSize(oriented, frame, minDpi);
  if (width < least.width) {
    // Both sides from the one computation, as for fill-in above: the frame's aspect bit for bit.
    width = least.width;
    height = least.height;
  }
  ({ width, height } = withinCropBounds({ width, height }));

  return {
    x: snapAxis(crop.x, crop.width, width),
    y: snapAxis(crop.y, crop.height, height),
    width,
    height,
  };
}

/** S1 §4: rotating recomputes the crop rather than carrying the old one over. */
export function rotatePicture(
  picture: PictureSize,
  rotation: Rotation,
  frame: Frame,
  adaption: Adaption,
): { rotation: Rotation; crop: CropRect } {
  const next = rotateClockwise(rotation);
  return { rotation: next, crop: startingCrop(picture, next, frame, adaption) };
}

// Crops a client may send (issue 16).

/**
 * The smallest crop side: a billionth of the picture, so that 1e-300 is refused while a sliver of a
 * picture (1 px by 12,000, turned in a 150:1 frame: 5.6e-7) can still be covered by its crop, which
 * fill-in snapping needs (a millionth was too large for that: found by the property tests).
 */
export const MIN_CROP_SIDE = 1e-9;
/**
 * The largest crop side: the picture ten thousand times smaller than the frame. A fit-in crop of a
 * 1:20 panorama turned across a 10:1 strip is 200; nothing a shopper makes comes near.
 */
export const MAX_CROP_SIDE = 10_000;

/**
 * What is wrong with a crop a client sends, naming the field, or null when it is one `snapCrop` could
 * have made: finite, each side between MIN_CROP_SIDE and MAX_CROP_SIDE, and per axis either on the
 * picture (0 ≤ x, x + width ≤ 1: fill-in, or fit-in zoomed in) or around it (x ≤ 0, x + width ≥ 1:
 * fit-in, the picture whole inside the frame). A crop beside the picture (x = 99) shows none of it.
 */
export function cropProblem(crop: CropRect): { field: keyof CropRect; message: string } | null {
  for (const field of ['x', 'y', 'width', 'height'] as const) {
    if (!Number.isFinite(crop[field])) return { field, message: 'is not a finite number' };
  }
  for (const field of ['width', 'height'] as const) {
    if (crop[field] < MIN_CROP_SIDE) return { field, message: `is below ${MIN_CROP_SIDE} of the picture` };
    if (crop[field] > MAX_CROP_SIDE) return { field, message: `is above ${MAX_CROP_SIDE} times the picture` };
  }
  for (const [field, size] of [
    ['x', 'width'],
    ['y', 'height'],
  ] as const) {
    const start = crop[field];
    const end = start + crop[size];
    const onPicture = start >= -GAP_EPSILON && end <= 1 + GAP_EPSILON;
    const aroundPicture = start <= GAP_EPSILON && end >= 1 - GAP_EPSILON;
    if (!onPicture && !aroundPicture) {
      return {
        field,
        message: `puts the crop off the picture: with the ${size} it must lie on the picture (${field} ≥ 0, ${field} + ${size} ≤ 1) or around it (${field} ≤ 0, ${field} + ${size} ≥ 1)`,
      };
    }
  }
  return null;
}

// Effects (S1 §3, §7): the picture service renders them; its `type` parameter numbers them.

export type Effect = 'original' | 'bw' | 'sepia';
export const EFFECTS: readonly Effect[] = ['original', 'bw', 'sepia'];

/** The `type` query parameter of GET /system/XPhoto.php. */
export function xphotoType(effect: Effect): 0 | 1 | 2 {
  switch (effect) {
    case 'bw':
      return 1;
    case 'sepia':
      return 2;
    default:
      return 0;
  }
}

// Print quality (S0 §5).

/** Pixels the print needs at `dpi` over the frame. */
export function printAreaPixels(frame: Frame, dpi: number = PRINT_DPI): number {
  return (frame.widthMm / MM_PER_INCH) * dpi * ((frame.heightMm / MM_PER_INCH) * dpi);
}

/**
 * S0 §5 as a table: a print area strictly above `above` needs at least `pixels` cropped pixels.
 * Ordered from the largest area down; the first row that applies wins.
 */
export const QUALITY_THRESHOLDS: readonly { readonly above: number; readonly pixels: number }[] = [
  { above: 48_800_000, pixels: 10_000_000 },
  { above: 8_600_000, pixels: 5_000_000 },
  { above: 3_300_000, pixels: 2_000_000 },
];
export const MIN_PIXELS = 360_000;

export function requiredPixels(printAreaPx: number): number {
  for (const row of QUALITY_THRESHOLDS) {
    if (printAreaPx > row.above) return row.pixels;
  }
  return MIN_PIXELS;
}

/**
 * Length of [start, start + size] that lies on [0, 1]: gaps carry no picture pixels. Subtracting
 * the overhangs instead of intersecting the ends gives exactly `size` for a crop on the picture, so
 * a fill-in crop shows no phantom gap of one ulp.
 */
function onPicture(start: number, size: number): number {
  return Math.max(0, size - Math.max(0, -start) - Math.max(0, start + size - 1));
}

/**
 * Original pixels inside the crop. Rotation only permutes pixels, so the oriented size gives the
 * same count as the stored one.
 */
export function croppedPixels(crop: CropRect, picture: PictureSize, rotation: Rotation): number {
  const oriented = orientedSize(picture, rotation);
  return onPicture(crop.x, crop.width) * oriented.width * onPicture(crop.y, crop.height) * oriented.height;
}

export function isLowQuality(
  crop: CropRect,
  picture: PictureSize,
  rotation: Rotation,
  frame: Frame,
): boolean {
  return croppedPixels(crop, picture, rotation) < requiredPixels(printAreaPixels(frame));
}

// Fit test and gap warning (S0 §4, §5).

/** Fraction of the frame with no picture on it: the parts of the crop outside the picture. */
export function fitInGapFraction(crop: CropRect): number {
  if (!(crop.width > 0 && crop.height > 0)) return 1;
  const covered =
    (onPicture(crop.x, crop.width) * onPicture(crop.y, crop.height)) / (crop.width * crop.height);
  return Math.max(0, 1 - covered);
}

export function hasFitWarning(crop: CropRect): boolean {
  return fitInGapFraction(crop) > FIT_WARNING_GAP;
}

/** The fit test (S0 §4): a crop that leaves any printable gap is stored as fit-in. */
export function adaptionForCrop(crop: CropRect): AdaptionCode {
  return fitInGapFraction(crop) > GAP_EPSILON ? 1 : 0;
}

export function adaptionName(code: AdaptionCode): Adaption {
  return code === 1 ? 'fit-in' : 'fill-in';
}

export function adaptionCode(adaption: Adaption): AdaptionCode {
  return adaption === 'fit-in' ? 1 : 0;
}

/**
 * Auto-fit paper size (S0 §2): the format turned to the picture's orientation, so a landscape photo
 * prints on landscape paper and loses as little as possible to the crop. A square picture keeps the
 * format as it is.
 */
export function frameLike(frame: Frame, oriented: PictureSize): Frame {
  const frameLandscape = frame.widthMm > frame.heightMm;
  const pictureLandscape = oriented.width > oriented.height;
  const square = oriented.width === oriented.height || frame.widthMm === frame.heightMm;
  if (square || frameLandscape === pictureLandscape) return frame;
  return flipOrientation(frame);
}

/**
 * The print editor's 'Landscape orientation' switch. The old crop has the wrong aspect for the
 * flipped frame, so the caller recomputes it with `startingCrop` (S0 §4).
 */
export function flipOrientation(frame: Frame): Frame {
  return { widthMm: frame.heightMm, heightMm: frame.widthMm };
}

// White border (S0 §9).

export function whiteBorderMm(frame: Frame): number {
  return WHITE_BORDER_FRACTION * Math.min(frame.widthMm, frame.heightMm);
}

/** The area the picture is printed on when the white border is on: the same margin on every side. */
export function innerFrame(frame: Frame): Frame {
  const border = whiteBorderMm(frame);
  return { widthMm: frame.widthMm - 2 * border, heightMm: frame.heightMm - 2 * border };
}
