/**
 * The preflight: everything a template author must fix before a template goes live, all at once.
 * The author harness and `npm run templates -- check` both run it, so an author sees one list.
 *
 * Pure: "what is under the text" needs pixels, so the contrast rule asks the caller for a
 * BackdropSampler (server/services/preflight.ts renders one in Node); without it the rule is skipped.
 */

/** The rules, one per kind of mistake; the harness and the check command group problems by these. */
export const PREFLIGHT_RULES = [
  'schema',
  'count-fields',
  'unknown-font',
  'text-overflow',
  'text-clipped',
  'text-too-small',
  'low-contrast',
  'outside-page',
  'outside-safe-area',
  'low-resolution',
  'fold-crossed',
] as const;
export type PreflightRule = (typeof PREFLIGHT_RULES)[number];

export interface BoxMm {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PreflightProblem {
  rule: PreflightRule;
  /** The page the problem shows on; null for problems of the whole template (schema, count fields). */
  pageId: string | null;
  /** The render part's resource id (or the month cell, `grid/day`); null when no part is to blame. */
  part: string | null;
  /** JSON path into the template file, e.g. `partTypes[0].renderParts[2].font.size`. */
  path: string;
  message: string;
  /** The part's box on the page in mm from its top-left corner, for the harness to outline. */
  boxMm?: BoxMm;
}

/** An sRGB colour, channels 0..255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/**
 * What lies under one text of a page: the colours of the pixels under its glyphs with everything
 * drawn before the text (and not the text itself). `itemIndex` indexes `scene.items`.
 */
export type BackdropSampler = (scene: import('./scene.ts').PageScene, itemIndex: number) => Rgb[] | null;
