/**
 * The crop a picture starts with when the analysis has found faces or a salient region (issue 32):
 * a print line's default crop, a template slot's autofill crop.
 *
 * Rules, in order:
 * 1. Size: the starting crop's (startingCrop): the largest crop of the frame's aspect for fill-in, the
 *    whole picture for fit-in. The suggestion only moves the crop, it never zooms: a larger crop holds
 *    at least the faces a smaller one does, and a zoom only lowers the print's resolution. So the
 *    suggestion prints at exactly the resolution of the centred crop, the best the picture has for
 *    this frame, and never goes below the format's minimum (MIN_CROP_DPI, MIN_PRINT_DPI) where the
 *    centred crop does not. A fit-in crop already shows the whole picture and is the starting crop.
 * 2. Faces: a fill-in crop is whole along one axis and slides along the other. It is placed to hold
 *    wholly as many faces as a crop of its size can; of several such groups, the one with the larger
 *    faces (closer people), then the one nearer the salient region (else the picture's centre).
 *    When no face fits wholly (a close-up larger than the crop), it centres on the largest face.
 * 3. Salient region: within the positions that keep those faces, the crop centres on the salient
 *    region's centre; with no salient region it centres on the faces it holds. Where the crop has
 *    room to spare it keeps a fifth of a face's size around each face (FACE_MARGIN), so a detector's
 *    box a little inside the real face does not put the crop's edge through it.
 * 4. No regions (the picture is not analysed yet, or nothing was found): the starting crop, the same
 *    object startingCrop returns, so a picture still being analysed is cropped about its centre.
 *
 * The crop always lies on the picture (fill-in), so it never leaves a white gap, and snapCrop leaves
 * it as it is.
 */
import {
  type Adaption,
  type CropRect,
  type Frame,
  type PictureSize,
  type Rotation,
  startingCrop,
} from './image.ts';
import type { PictureRegions, RegionBox } from './pictureRegions.ts';

/** A crop side this close to the whole picture is whole: nothing to slide. */
const WHOLE = 1 - 1e-12;

/** Most faces looked at: a crowd of more changes nothing about a print's crop but costs n². */
const MAX_FACES = 64;

/**
 * Room kept around a face where the crop has it to spare, as a share of the face's size on each side:
 * a detector's box is the face, not the head, and one edge of it may lie a little inside the real
 * one (the bench's fixtures: a box 0.5 % of the picture short of the pasted face).
 */
const FACE_MARGIN = 0.2;

/** Where one region lies along one axis, in fractions of the oriented picture. */
interface Span {
  readonly start: number;
  readonly end: number;
  /** The face's area, in fractions of the picture: the tie-break for closer people. */
  readonly area: number;
}

/**
 * A box of the upright picture as it lies once the picture is turned `rotation` degrees clockwise:
 * the regions are found on the upright picture, a crop is of the oriented one.
 */
export function orientedBox(box: RegionBox, rotation: Rotation): RegionBox {
  const { x, y, width, height } = box;
  switch (rotation) {
    case 90:
      return { x: 1 - (y + height), y: x, width: height, height: width };
    case 180:
      return { x: 1 - (x + width), y: 1 - (y + height), width, height };
    case 270:
      return { x: y, y: 1 - (x + width), width: height, height: width };
    default:
      return { x, y, width, height };
  }
}

/** A stored box brought onto the picture, or null when it is not a usable rectangle. */
function usableBox(box: RegionBox | null | undefined): RegionBox | null {
  if (!box) return null;
  const values = [box.x, box.y, box.width, box.height];
  if (!values.every((v) => typeof v === 'number' && Number.isFinite(v))) return null;
  const x0 = Math.max(0, box.x);
  const y0 = Math.max(0, box.y);
  const x1 = Math.min(1, box.x + box.width);
  const y1 = Math.min(1, box.y + box.height);
  if (!(x1 > x0 && y1 > y0)) return null;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(value, high));

/**
 * The start of a window of length `size` on [0, 1] by the rules above, along one axis. `target` is
 * the salient region's centre on this axis, or null.
 */
function placeAlong(size: number, faces: readonly Span[], target: number | null): number {
  const last = 1 - size;
  const centre = target ?? 0.5;
  const fitting = faces.filter((f) => f.end - f.start <= size);
  if (fitting.length === 0) {
    if (faces.length === 0) return clamp(centre - size / 2, 0, last);
    // Hold as much as can be held of the largest face: centre on it.
    const largest = faces.reduce((a, b) => (b.area > a.area ? b : a));
    return clamp((largest.start + largest.end) / 2 - size / 2, 0, last);
  }
  // Every best window starts where a held face starts, or ends where one ends: try those.
  let best: { held: Span[]; area: number; low: number; high: number; distance: number } | null = null;
  const starts = fitting.flatMap((f) => [f.start, f.end - size]).map((p) => clamp(p, 0, last));
  for (const start of starts) {
    const held = fitting.filter((f) => f.start >= start - 1e-12 && f.end <= start + size + 1e-12);
    if (held.length === 0) continue;
    const area = held.reduce((sum, f) => sum + f.area, 0);
    // The positions that keep exactly these faces whole.
    const low = clamp(Math.max(...held.map((f) => f.end)) - size, 0, last);
    const high = clamp(Math.min(...held.map((f) => f.start)), 0, last);
    const distance = Math.abs(clamp(centre - size / 2, low, high) + size / 2 - centre);
    const better =
      !best ||
      held.length > best.held.length ||
      (held.length === best.held.length &&
        (area > best.area + 1e-15 || (Math.abs(area - best.area) <= 1e-15 && distance < best.distance)));
    if (better) best = { held, area, low, high, distance };
  }
  if (!best) return clamp(centre - size / 2, 0, last);
  if (target !== null) return clamp(target - size / 2, best.low, best.high);
  // No salient region: the held faces' middle, as near as the faces allow.
  const middle = (Math.min(...best.held.map((f) => f.start)) + Math.max(...best.held.map((f) => f.end))) / 2;
  return clamp(middle - size / 2, best.low, best.high);
}

/**
 * The suggested crop of `picture` (upright pixel size), turned `rotation`, in `frame`: see the module
 * comment. `regions` are the analysis's boxes of the upright picture; null or absent while the
 * picture is not analysed.
 */
export function suggestedCrop(
  picture: PictureSize,
  rotation: Rotation,
  frame: Frame,
  adaption: Adaption,
  regions: PictureRegions | null | undefined,
): CropRect {
  const start = startingCrop(picture, rotation, frame, adaption);
  if (!regions || adaption === 'fit-in') return start;
  const faces = (Array.isArray(regions.faces) ? regions.faces : [])
    .slice(0, MAX_FACES)
    .map(usableBox)
    .filter((b): b is RegionBox => b !== null)
    .map((b) => orientedBox(b, rotation));
  const salientBox = usableBox(regions.salient);
  const salient = salientBox && orientedBox(salientBox, rotation);
  if (faces.length === 0 && !salient) return start;

  const axis = (size: number, startAt: number, along: 'x' | 'y'): number => {
    if (size >= WHOLE) return startAt;
    const extent = along === 'x' ? 'width' : 'height';
    const spans = faces.map((f) => ({
      start: f[along],
      end: f[along] + f[extent],
      area: f.width * f.height,
    }));
    const target = salient ? salient[along] + salient[extent] / 2 : null;
    const tight = placeAlong(size, spans, target);
    const held = (start: number) => spans.filter((f) => f.start >= start && f.end <= start + size).length;
    // No face fits whole: centred on the largest, as it is.
    if (held(tight) === 0) return tight;
    // The faces with room around them, where that holds as many faces whole.
    const padded = spans.map((f) => {
      const pad = (f.end - f.start) * FACE_MARGIN;
      return { ...f, start: Math.max(0, f.start - pad), end: Math.min(1, f.end + pad) };
    });
    const roomy = placeAlong(size, padded, target);
    return held(roomy) >= held(tight) ? roomy : tight;
  };
  return {
    x: axis(start.width, start.x, 'x'),
    y: axis(start.height, start.y, 'y'),
    width: start.width,
    height: start.height,
  };
}
