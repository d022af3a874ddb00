/**
 * Spine text (issue 33): a line of text runs along a photo book's spine, so its height lies across the
 * spine's width. A thin book's spine cannot hold it: the cover is then printed without it (the editor
 * draws the cover the same way and says from how many pages it shows), as photo labs do.
 */
import { MM_PER_PT } from './text/measure.ts';

/** Below this a spine takes no text at all: binding shifts the cover ~1 mm, and 5 mm is the usual lab floor. */
export const MIN_SPINE_TEXT_MM = 5;
/** Clear space kept between the text and each fold of the spine. */
export const SPINE_TEXT_MARGIN_MM = 1;

/**
 * Whether a line of spine text at `fontSizePt` fits across a spine `spineWidthMm` wide: the spine is
 * at least MIN_SPINE_TEXT_MM and the font's full size (1 em: ascenders to descenders, as a title has
 * both) plus the margin on each side fits.
 */
export function spineTextFits(spineWidthMm: number, fontSizePt: number): boolean {
  // A micrometre of slack: a size computed from this very spine (largestSpineFontPt) must fit it.
  return spineNeededMm(fontSizePt) <= spineWidthMm + 1e-6;
}

/** The thinnest spine that takes a line of text at `fontSizePt` (spineTextFits). */
export function spineNeededMm(fontSizePt: number): number {
  if (!(fontSizePt > 0)) throw new RangeError(`A font size must be above 0 pt, not ${fontSizePt}`);
  return Math.max(MIN_SPINE_TEXT_MM, fontSizePt * MM_PER_PT + 2 * SPINE_TEXT_MARGIN_MM);
}

/**
 * The largest font size (whole points) spine text may have on a spine, or null when the spine takes
 * no text: what the editor offers as the spine text's size limit.
 */
export function largestSpineFontPt(spineWidthMm: number): number | null {
  if (spineWidthMm < MIN_SPINE_TEXT_MM) return null;
  const pt = Math.floor((spineWidthMm - 2 * SPINE_TEXT_MARGIN_MM) / MM_PER_PT + 1e-9);
  return pt > 0 ? pt : null;
}
