/**
 * Text widths and line heights, from HarfBuzz's shaping (so a width here IS the width HarfBuzz gives,
 * by construction; the speed comes from the shaping cache).
 *
 * Units: font sizes and the results in points; 1 pt = 25.4 / 72 mm.
 */
import type { FontSet } from './fonts.ts';
import { shapeLoaded } from './shape.ts';

export const MM_PER_PT = 25.4 / 72;
export const ptToMm = (pt: number): number => pt * MM_PER_PT;
export const mmToPt = (mm: number): number => mm / MM_PER_PT;

/** Advance width of `text` set in `family` at `sizePt`, in points. */
export function measureText(fontSet: FontSet, family: string, sizePt: number, text: string): number {
  const font = fontSet.get(family);
  return (shapeLoaded(font, text).advance * sizePt) / font.unitsPerEm;
}

/** Distance between two baselines, in points: (ascender − descender + lineGap) × size / unitsPerEm. */
export function lineHeightPt(fontSet: FontSet, family: string, sizePt: number): number {
  const { unitsPerEm, ascender, descender, lineGap } = fontSet.get(family);
  return ((ascender - descender + lineGap) * sizePt) / unitsPerEm;
}
