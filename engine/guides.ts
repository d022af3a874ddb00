/**
 * The print guides the author harness draws over a page, in millimetres from the trim's top-left
 * corner: the trim (the page edge), the bleed the print PDFs add around it (docs/production.md), the
 * safe area (3 mm inside the trim: the preflight's limit for anything that must not be cut), and the
 * fold lines of a folded card.
 */
import { SAFE_AREA_MM } from './preflight.ts';
import type { Fold } from './template.ts';

export const GUIDES = ['trim', 'bleed', 'safe', 'fold'] as const;
export type Guide = (typeof GUIDES)[number];

/** The bleed the print PDFs add on every side (server/render/pdf-renderer.ts DEFAULT_BLEED_MM). */
export const BLEED_MM = 3;
export { SAFE_AREA_MM };

export interface RectMm {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageGuides {
  trim: RectMm;
  bleed: RectMm;
  safe: RectMm;
  folds: { x1: number; y1: number; x2: number; y2: number }[];
}

export function pageGuides(size: { width: number; height: number }, folds: readonly Fold[]): PageGuides {
  const { width, height } = size;
  return {
    trim: { x: 0, y: 0, width, height },
    bleed: { x: -BLEED_MM, y: -BLEED_MM, width: width + 2 * BLEED_MM, height: height + 2 * BLEED_MM },
    safe: {
      x: SAFE_AREA_MM,
      y: SAFE_AREA_MM,
      width: Math.max(0, width - 2 * SAFE_AREA_MM),
      height: Math.max(0, height - 2 * SAFE_AREA_MM),
    },
    // A fold runs across the whole sheet, bleed included: that is where the crease is scored.
    folds: folds.map((f) =>
      f.axis === 'vertical'
        ? { x1: f.atMm, y1: -BLEED_MM, x2: f.atMm, y2: height + BLEED_MM }
        : { x1: -BLEED_MM, y1: f.atMm, x2: width + BLEED_MM, y2: f.atMm },
    ),
  };
}

/** The guides switched on, from the harness address's `guides` (absent: all of them). */
export function guidesFromParam(param: string | null): Set<Guide> {
  if (param === null) return new Set(GUIDES);
  return new Set(GUIDES.filter((g) => param.split(',').includes(g)));
}

export const guidesParam = (on: ReadonlySet<Guide>) => GUIDES.filter((g) => on.has(g)).join(',');
