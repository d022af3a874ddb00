/**
 * Text in a slot (S1 §3–§5, §9): sanitising input, breaking into lines, positioning every shaped glyph,
 * the effective font, auto-shrink, the size slider's range and the refusal rules of the text editor.
 *
 * Units: box and positions in millimetres, y growing DOWN from the box's top-left corner; font sizes in
 * points. Widths come from HarfBuzz shaping (measure.ts); glyph positions are the shaped pen positions,
 * so what a renderer draws from a layout is exactly what was measured.
 */
import type { FontSet, LoadedFont } from './fonts.ts';
import { MM_PER_PT } from './measure.ts';
import { shapeLoaded } from './shape.ts';
import type { HorizontalAlign, TextBox, TextShadow, TextStyle, VerticalAlign } from './types.ts';

/** Auto-shrink never goes below this size, nor does the size slider (S1 §5, §9). */
export const MIN_TEXT_SIZE_PT = 12;
/** Tolerance for "fits": a text exactly as wide (or tall) as its box fits. */
const EPSILON_MM = 1e-6;

// ---------------------------------------------------------------------------------------------------
// Sanitising (S1 §5)

/** Line breaks: CRLF, CR, LF, VT, FF, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR; each becomes one LF. */
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
/**
 * Characters a shopper cannot type into a printed text: emoji and other pictographs (but not ©, ® and
 * ™, which are ordinary text in every one of our fonts), emoji skin-tone modifiers, flag letters,
 * variation selectors, the combining keycap, control characters other than the tab and the line feed
 * (tabs become spaces, line feeds are kept), invisible format characters (ZWJ, bidi controls, tags,
 * BOM, soft hyphen…), private-use, unassigned and lone surrogate code points. What is left of an emoji
 * sequence (the "1" of 1️⃣) stays.
 */
const DISALLOWED =
  /(?![\u00A9\u00AE\u2122])\p{Extended_Pictographic}|[\p{Emoji_Modifier}\p{Regional_Indicator}\p{Cf}\p{Co}\p{Cn}\p{Cs}]|\p{Variation_Selector}|\u20E3|(?![\t\n])\p{Cc}/gu;
/** Whitespace other than the line feed. */
const WHITESPACE_RUN = /[^\S\n]+/g;

/**
 * Clean typed or pasted text: every kind of line break becomes one line feed (a card's "Dear
 * friends,⏎thank you" prints on two lines: docs/decisions.md, "Line breaks in texts"), disallowed
 * characters are stripped, and every other run of whitespace (tabs, no-break spaces…) becomes one
 * space. Does NOT trim (the editor calls this while the shopper types; a trailing space is the start
 * of the next word). See `commitText`.
 */
export function sanitizeText(text: string): string {
  return text.replace(LINE_BREAKS, '\n').replace(DISALLOWED, '').replace(WHITESPACE_RUN, ' ');
}

/**
 * The text as committed on blur: sanitised, each line without spaces at its ends, and no empty lines
 * before or after the text (empty lines inside it are the author's spacing and stay).
 */
export function commitText(text: string): string {
  return sanitizeText(text)
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}

// ---------------------------------------------------------------------------------------------------
// Effective font (S1 §3)

/** The template's font fields (structurally compatible with engine/template.ts's Font). */
export interface TemplateFontFields {
  family: string;
  size: number;
  color: string;
  horizontalAlign: HorizontalAlign;
  verticalAlign: VerticalAlign;
  shadow?: TextShadow | null | undefined;
}

/** The shopper's overrides (S1 §3). Absent, null or undefined means "the template's value". */
export interface FontOverrides {
  overrideFamily?: string | null | undefined;
  overrideSize?: number | null | undefined;
  overrideColor?: string | null | undefined;
  overrideHorizontalAlign?: HorizontalAlign | null | undefined;
  overrideVerticalAlign?: VerticalAlign | null | undefined;
}

/**
 * The font a text is drawn with: the template's font with the overrides applied. The template format
 * keeps the overrides on the font object itself, so `overrides` defaults to `templateFont`.
 */
export function effectiveFont(
  templateFont: TemplateFontFields,
  overrides: FontOverrides | null | undefined = templateFont as FontOverrides,
): TextStyle {
  const o = overrides ?? {};
  const style: TextStyle = {
    family: o.overrideFamily ?? templateFont.family,
    sizePt: o.overrideSize ?? templateFont.size,
    color: o.overrideColor ?? templateFont.color,
    horizontalAlign: o.overrideHorizontalAlign ?? templateFont.horizontalAlign,
    verticalAlign: o.overrideVerticalAlign ?? templateFont.verticalAlign,
  };
  if (templateFont.shadow) style.shadow = templateFont.shadow;
  return style;
}

/**
 * The override fields that turn `templateFont` into `style`: a field equal to the template's value
 * is undefined (no override), so a font reset to the template's size stores no overrideSize.
 */
export function overridesFor(
  templateFont: TemplateFontFields,
  style: TextStyle,
): { [K in keyof FontOverrides]: Exclude<FontOverrides[K], null> } {
  const diff = <T>(value: T, template: T): T | undefined => (value === template ? undefined : value);
  return {
    overrideFamily: diff(style.family, templateFont.family),
    overrideSize: diff(style.sizePt, templateFont.size),
    overrideColor: diff(style.color, templateFont.color),
    overrideHorizontalAlign: diff(style.horizontalAlign, templateFont.horizontalAlign),
    overrideVerticalAlign: diff(style.verticalAlign, templateFont.verticalAlign),
  };
}

// ---------------------------------------------------------------------------------------------------
// Layout

export interface LaidOutGlyph {
  /** HarfBuzz glyph id: draw `glyphOutline(fontSet, family, glyphId)` here. */
  glyphId: number;
  /** The glyph's origin (pen position + shaping offsets) in mm from the box's top-left, y down. */
  xMm: number;
  yMm: number;
}

export interface TextLine {
  text: string;
  /** Advance width of the shaped line. */
  widthMm: number;
  /** Left edge of the line (pen start) in the box; negative when a centred or right line overflows. */
  xMm: number;
  /** Baseline, from the box's top. */
  baselineMm: number;
  glyphs: LaidOutGlyph[];
}

export interface TextLayout {
  lines: TextLine[];
  /** Widest line. */
  widthMm: number;
  /** Lines × line height. */
  heightMm: number;
  overflows: boolean;
  /** A single word wider than the box (it stays on its own line). */
  overflowsWidth: boolean;
  overflowsHeight: boolean;
  fontSizePt: number;
  family: string;
  lineHeightMm: number;
  /** Millimetres per font unit: the scale for `glyphOutline`s (y flipped: font y is up). */
  mmPerUnit: number;
}

interface BrokenLine {
  text: string;
  /** Font units. */
  advance: number;
}

const PARAGRAPH_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

function checkGeometry(sizePt: number, box: TextBox) {
  if (!(Number.isFinite(sizePt) && sizePt > 0))
    throw new Error(`Font size must be a positive number, got ${sizePt}`);
  if (
    !(Number.isFinite(box.widthMm) && box.widthMm >= 0 && Number.isFinite(box.heightMm) && box.heightMm >= 0)
  )
    throw new Error(
      `Text box must have a finite, non-negative size, got ${box.widthMm} × ${box.heightMm} mm`,
    );
}

/**
 * Greedy line breaking at spaces. A candidate line is measured as one shaped string (so kerning and
 * contextual forms across the space count exactly as drawn); a word that does not fit goes to the next
 * line, and a word wider than the box stays alone on its line. Runs of whitespace count as one space
 * and leading/trailing whitespace is ignored; explicit line breaks (not possible in sanitised user
 * text, but allowed in template texts) start a new line.
 */
function breakLines(font: LoadedFont, text: string, maxAdvance: number): BrokenLine[] {
  const lines: BrokenLine[] = [];
  if (text.trim() === '') return lines;
  for (const paragraph of text.split(PARAGRAPH_BREAK)) {
    const words = paragraph.split(/\s+/).filter((w) => w !== '');
    const first = words[0];
    if (first === undefined) {
      lines.push({ text: '', advance: 0 });
      continue;
    }
    let line = first;
    let advance = shapeLoaded(font, line).advance;
    for (let i = 1; i < words.length; i++) {
      const word = words[i]!;
      const candidate = `${line} ${word}`;
      const candidateAdvance = shapeLoaded(font, candidate).advance;
      if (candidateAdvance <= maxAdvance) {
        line = candidate;
        advance = candidateAdvance;
      } else {
        lines.push({ text: line, advance });
        line = word;
        advance = shapeLoaded(font, word).advance;
      }
    }
    lines.push({ text: line, advance });
  }
  return lines;
}

interface Fit {
  font: LoadedFont;
  lines: BrokenLine[];
  mmPerUnit: number;
  lineHeightMm: number;
  widthMm: number;
  heightMm: number;
  overflowsWidth: boolean;
  overflowsHeight: boolean;
}

/** Lines and their sizes without glyph positions: what the fit checks need. */
function fitText(fontSet: FontSet, family: string, sizePt: number, text: string, box: TextBox): Fit {
  checkGeometry(sizePt, box);
  const font = fontSet.get(family);
  const mmPerUnit = (sizePt * MM_PER_PT) / font.unitsPerEm;
  const maxAdvance = (box.widthMm + EPSILON_MM) / mmPerUnit;
  const lines = breakLines(font, text, maxAdvance);
  const lineHeightMm = (font.ascender - font.descender + font.lineGap) * mmPerUnit;
  let widest = 0;
  for (const l of lines) widest = Math.max(widest, l.advance);
  const widthMm = widest * mmPerUnit;
  const heightMm = lines.length * lineHeightMm;
  return {
    font,
    lines,
    mmPerUnit,
    lineHeightMm,
    widthMm,
    heightMm,
    overflowsWidth: widthMm > box.widthMm + EPSILON_MM,
    overflowsHeight: heightMm > box.heightMm + EPSILON_MM,
  };
}

/**
 * Break `text` into lines that fit `box.widthMm` and position every glyph (S1 §4: re-wrapped by
 * measuring against the box width). Lines are placed by `spec.horizontalAlign` (left edge, centred,
 * right edge) and the block of lines by `spec.verticalAlign` (top, centre/middle, bottom), each line
 * `lineHeightMm` tall with its baseline at half the line gap plus the ascender below the line's top.
 */
export function layoutText(
  fontSet: FontSet,
  spec: Pick<TextStyle, 'family' | 'sizePt' | 'horizontalAlign' | 'verticalAlign'>,
  text: string,
  box: TextBox,
): TextLayout {
  const f = fitText(fontSet, spec.family, spec.sizePt, text, box);
  const { font, mmPerUnit, lineHeightMm } = f;
  const valign = spec.verticalAlign;
  const top =
    valign === 'top' ? 0 : valign === 'bottom' ? box.heightMm - f.heightMm : (box.heightMm - f.heightMm) / 2;
  const baselineInLine = (font.lineGap / 2 + font.ascender) * mmPerUnit;

  const lines = f.lines.map((l, i): TextLine => {
    const widthMm = l.advance * mmPerUnit;
    const xMm =
      spec.horizontalAlign === 'left'
        ? 0
        : spec.horizontalAlign === 'right'
          ? box.widthMm - widthMm
          : (box.widthMm - widthMm) / 2;
    const baselineMm = top + i * lineHeightMm + baselineInLine;
    const glyphs: LaidOutGlyph[] = [];
    let penX = 0;
    let penY = 0;
    for (const g of shapeLoaded(font, l.text).glyphs) {
      glyphs.push({
        glyphId: g.glyphId,
        xMm: xMm + (penX + g.xOffset) * mmPerUnit,
        yMm: baselineMm - (penY + g.yOffset) * mmPerUnit,
      });
      penX += g.xAdvance;
      penY += g.yAdvance;
    }
    return { text: l.text, widthMm, xMm, baselineMm, glyphs };
  });

  return {
    lines,
    widthMm: f.widthMm,
    heightMm: f.heightMm,
    overflows: f.overflowsWidth || f.overflowsHeight,
    overflowsWidth: f.overflowsWidth,
    overflowsHeight: f.overflowsHeight,
    fontSizePt: spec.sizePt,
    family: spec.family,
    lineHeightMm,
    mmPerUnit,
  };
}

// ---------------------------------------------------------------------------------------------------
// Sizes (S1 §4, §5, §9)

/**
 * S1 §4: when the text editor opens and the text does not fit the box HEIGHT, reduce the size one
 * point at a time down to, and never below, 12 pt. Returns the size to store as overrideSize (12 when
 * even 12 pt is too tall), or null when no change is needed (it fits, or the size is already ≤ 12).
 */
export function autoShrink(
  fontSet: FontSet,
  spec: Pick<TextStyle, 'family' | 'sizePt'>,
  text: string,
  box: TextBox,
): number | null {
  const tooTall = (sizePt: number) => fitText(fontSet, spec.family, sizePt, text, box).overflowsHeight;
  let size = spec.sizePt;
  while (size > MIN_TEXT_SIZE_PT && tooTall(size)) size = Math.max(MIN_TEXT_SIZE_PT, size - 1);
  return size === spec.sizePt ? null : size;
}

/** The font-size slider's range (S1 §5): min = max(half the template size, 12), max = max(double, 72). */
export function sizeSliderRange(templateSizePt: number): { min: number; max: number } {
  return {
    min: Math.max(templateSizePt / 2, MIN_TEXT_SIZE_PT),
    max: Math.max(templateSizePt * 2, 72),
  };
}

// ---------------------------------------------------------------------------------------------------
// Refusal rules (S1 §5)

export type RefusalReason = 'too-wide' | 'too-tall' | 'below-minimum-size';
export type Refused = { ok: false; reason: RefusalReason };
export type TextChange = { ok: true; text: string } | Refused;
/** `sizeReset`: the size went back to the template's size (a family change that overflowed). */
export type FontChange = { ok: true; font: TextStyle; sizeReset: boolean } | Refused;

const refusal = (f: Fit): Refused | null =>
  f.overflowsWidth
    ? { ok: false, reason: 'too-wide' }
    : f.overflowsHeight
      ? { ok: false, reason: 'too-tall' }
      : null;

/**
 * A text change (typing): the text is sanitised (not trimmed) and refused when, wrapped in the slot,
 * it is wider or taller than the slot. When `previousText` is given and already overflowed (a template
 * text that never fitted), a change that makes the overflow no worse is accepted, so the shopper can
 * always shorten an overflowing text.
 */
export function tryChangeText(
  fontSet: FontSet,
  style: Pick<TextStyle, 'family' | 'sizePt'>,
  text: string,
  box: TextBox,
  previousText?: string,
): TextChange {
  const clean = sanitizeText(text);
  const next = fitText(fontSet, style.family, style.sizePt, clean, box);
  const refused = refusal(next);
  if (!refused) return { ok: true, text: clean };
  if (previousText !== undefined) {
    const before = fitText(fontSet, style.family, style.sizePt, previousText, box);
    const noWorse =
      refusal(before) !== null &&
      next.widthMm <= Math.max(before.widthMm, box.widthMm) + EPSILON_MM &&
      next.heightMm <= Math.max(before.heightMm, box.heightMm) + EPSILON_MM;
    if (noWorse) return { ok: true, text: clean };
  }
  return refused;
}

/**
 * A font-size change (slider): refused below 12 pt, or when the text would overflow the slot's width
 * or height. Making an already overflowing text smaller is always accepted.
 */
export function tryChangeSize(
  fontSet: FontSet,
  style: TextStyle,
  text: string,
  box: TextBox,
  sizePt: number,
): FontChange {
  if (!(sizePt >= MIN_TEXT_SIZE_PT)) return { ok: false, reason: 'below-minimum-size' };
  const refused = refusal(fitText(fontSet, style.family, sizePt, text, box));
  if (refused) {
    const shrinkingAnOverflow =
      sizePt < style.sizePt && refusal(fitText(fontSet, style.family, style.sizePt, text, box)) !== null;
    if (!shrinkingAnOverflow) return refused;
  }
  return { ok: true, font: { ...style, sizePt }, sizeReset: false };
}

/**
 * A font-family change (S1 §5): if the text overflows in the new family at the current size, the size
 * resets to the template's size; if it still overflows there, the change is refused. Throws for a
 * family that is not loaded.
 */
export function tryChangeFamily(
  fontSet: FontSet,
  style: TextStyle,
  text: string,
  box: TextBox,
  family: string,
  templateSizePt: number,
): FontChange {
  if (!refusal(fitText(fontSet, family, style.sizePt, text, box)))
    return { ok: true, font: { ...style, family }, sizeReset: false };
  const refused = refusal(fitText(fontSet, family, templateSizePt, text, box));
  if (refused) return refused;
  return {
    ok: true,
    font: { ...style, family, sizePt: templateSizePt },
    sizeReset: templateSizePt !== style.sizePt,
  };
}
