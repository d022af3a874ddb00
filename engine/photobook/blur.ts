/**
 * Very blurred pictures (issue 33): left out with reason 'blurred', listed so the shopper can put
 * them back.
 *
 * Sharpness is the variance of the Laplacian (Pech-Pacheco et al., 2000), measured on the picture
 * shrunk to 512 px long side in greyscale. A picture is blurred when it is BOTH below an absolute
 * floor and clearly below the set's median: the floor alone would empty a book of night shots taken
 * by one shaky phone, the median alone would always drop someone's softest quarter.
 */
import type { BookPicture, DroppedPicture } from './bookPicture.ts';

/**
 * Below this the picture is blurred in absolute terms. The variance of the Laplacian has no universal
 * cut-off: the well-known one (pyimagesearch's "Blur detection with OpenCV") is 100, on full-size
 * pictures. We measure on a 512 px greyscale reduction and take a floor well below it, so only a
 * picture whose edges have gone is dropped: a wrongly dropped picture is worse than a soft one kept.
 * Not yet calibrated on the shop's own pictures: do so when the server's signals are in place.
 */
export const BLUR_THRESHOLD = 30;

/**
 * And below this share of the set's median. Since at least half the set lies at or above its median,
 * this rule never drops more than half of the pictures, nor the sharpest, nor the only one.
 */
export const BLUR_MEDIAN_SHARE = 0.5;

/** The median of the measured sharpnesses (NaN for none). */
export function medianSharpness(pictures: readonly BookPicture[]): number {
  const values = pictures
    .map((p) => p.sharpness)
    .filter((s) => Number.isFinite(s))
    .sort((a, b) => a - b);
  if (values.length === 0) return Number.NaN;
  const mid = values.length >> 1;
  return values.length % 2 === 1 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
}

/** Whether a picture counts as blurred in a set whose median sharpness is `median`. */
export function isBlurred(picture: BookPicture, median: number): boolean {
  const s = picture.sharpness;
  // An unmeasured picture is not judged: better kept than dropped for a missing number.
  if (!Number.isFinite(s)) return false;
  return s < BLUR_THRESHOLD && s < median * BLUR_MEDIAN_SHARE;
}

/** The pictures without the blurred ones (order kept) and those left out, in input order. */
export function leaveOutBlurred(pictures: readonly BookPicture[]): {
  kept: BookPicture[];
  dropped: DroppedPicture[];
} {
  const median = medianSharpness(pictures);
  const kept: BookPicture[] = [];
  const dropped: DroppedPicture[] = [];
  for (const p of pictures) {
    if (isBlurred(p, median)) dropped.push({ uuid: p.uuid, reason: 'blurred' });
    else kept.push(p);
  }
  return { kept, dropped };
}
