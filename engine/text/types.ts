/** Types shared by the text modules. Units are named in every field: font units, points or millimetres. */

/** One shaped glyph, in font units (HarfBuzz's output at the font's own scale, unitsPerEm). */
export interface ShapedGlyph {
  readonly glyphId: number;
  /** Index of the first UTF-16 code unit of the source text this glyph comes from. */
  readonly cluster: number;
  readonly xAdvance: number;
  readonly yAdvance: number;
  readonly xOffset: number;
  /** Font units, positive UP (HarfBuzz convention). */
  readonly yOffset: number;
}

/** A shaped string: its glyphs and the sum of their x advances (font units). */
export interface ShapedRun {
  readonly glyphs: readonly ShapedGlyph[];
  readonly advance: number;
}

/** Vertical metrics in font units: ascender above the baseline (positive), descender below (negative). */
export interface FontMetrics {
  readonly unitsPerEm: number;
  readonly ascender: number;
  readonly descender: number;
  readonly lineGap: number;
}

/**
 * A glyph outline command in FONT UNITS with Y GROWING UPWARD (the font's own coordinate system):
 * the origin is the glyph's pen position on the baseline. To draw on a y-down canvas at (x, y) with
 * `s` millimetres (or pixels) per font unit, map each point (px, py) to (x + px * s, y - py * s).
 * Q is a quadratic Bézier (control x1, y1), C a cubic one (controls x1, y1 and x2, y2).
 */
export type OutlineCommand =
  | { readonly type: 'M'; readonly x: number; readonly y: number }
  | { readonly type: 'L'; readonly x: number; readonly y: number }
  | { readonly type: 'Q'; readonly x1: number; readonly y1: number; readonly x: number; readonly y: number }
  | {
      readonly type: 'C';
      readonly x1: number;
      readonly y1: number;
      readonly x2: number;
      readonly y2: number;
      readonly x: number;
      readonly y: number;
    }
  | { readonly type: 'Z' };

export type HorizontalAlign = 'left' | 'center' | 'right';
/** 'center' and 'middle' mean the same (S1 §3). */
export type VerticalAlign = 'top' | 'center' | 'middle' | 'bottom';

/** S1 §3: offsets and blur in the template's units, opacity in percent (0..100), colour #RRGGBB. */
export interface TextShadow {
  offsetX: number;
  offsetY: number;
  blurRadius: number;
  opacity: number;
  color: string;
}

/** The effective font of a text (template font with the user's overrides applied). */
export interface TextStyle {
  family: string;
  sizePt: number;
  color: string;
  horizontalAlign: HorizontalAlign;
  verticalAlign: VerticalAlign;
  shadow?: TextShadow;
}

/** A text slot: the render part's size in millimetres. */
export interface TextBox {
  widthMm: number;
  heightMm: number;
}
