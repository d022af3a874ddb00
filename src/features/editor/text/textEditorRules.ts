/**
 * Pure rules of the text editor (S1 §4, §5, §9): the colour palette, the font with the shopper's
 * choices written as the template format's override fields, a slot's box, and which slots the
 * Choose text screen numbers. Measuring and the refusal rules stay in engine/text.
 */

import type { TextBox, TextStyle } from '../../../../engine/index.ts';
import {
  editableSlots,
  effectiveFont,
  type Font,
  OVERRIDE_KEYS,
  overridesFor,
  partFor,
  resourceSlots,
  type Template,
  textFontOf,
} from '../../../../engine/index.ts';

/** S1 §9: the text colours offered, in this order. */
export const TEXT_PALETTE = [
  '#000000',
  '#FFFFFF',
  '#C52B2B',
  '#2B9BC5',
  '#C5BB2B',
  '#A72BC5',
  '#5AB880',
  '#F3E66F',
  '#C52B87',
  '#7673AB',
] as const;

/** S1 §9: the font-size slider's changes are debounced. */
export const SIZE_DEBOUNCE_MS = 200;

/** How long the "does not fit" note stays (our choice; S1 does not show the message). */
export const REFUSAL_NOTE_MS = 4000;

const sameColour = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/** The palette with the template's own colour first when it is not one of the ten (S1 §9). */
export function paletteFor(templateColour: string): string[] {
  const palette: string[] = [...TEXT_PALETTE];
  return palette.some((c) => sameColour(c, templateColour))
    ? palette
    : [templateColour.toUpperCase(), ...palette];
}

export { sameColour };

/** The effective style of an instance font (template values with the shopper's overrides). */
export const styleOf = (font: Font): TextStyle => effectiveFont(font);

/**
 * The font a text slot is drawn with, the shopper's changes included: the scene's own resolution
 * (engine/scene.ts textFontOf), so the slider, colour and alignment shown are what the page draws.
 */
export function drawnFontOf(template: Template, fullId: string, shopperFont: Font): Font {
  const at = partFor(template, fullId);
  if (!at) return shopperFont;
  const resource = resourceSlots(template).find((s) => s.fullId === fullId)?.resource;
  return textFontOf(at.part, resource?.font, shopperFont);
}

/**
 * The instance font that draws `style`: the template's fields stay, the differences from what the
 * design draws (`drawn`, see drawnFontOf) become override fields, and an override equal to the
 * design's value is dropped (so a reset stores nothing).
 */
export function fontWithStyle(font: Font, style: TextStyle, drawn: Font = font): Font {
  const next: Font = { ...font };
  for (const key of OVERRIDE_KEYS) delete next[key];
  const overrides = overridesFor(drawn, style);
  for (const key of OVERRIDE_KEYS) {
    const value = overrides[key];
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  }
  return next;
}

/** The box a text slot is measured against (its render part's size), or null for an unknown slot. */
export function textBoxOf(template: Template, fullId: string): TextBox | null {
  const at = partFor(template, fullId);
  return at && at.part.type === 'STRING'
    ? { widthMm: at.part.size.width, heightMm: at.part.size.height }
    : null;
}

/** Insert text (S1 §2): one editable text slot on the page opens it; otherwise Choose text. */
export function insertTextTarget(
  template: Template,
  pageId: string,
): { open: string } | { choose: readonly string[] } {
  const slots = editableSlots(template, pageId, 'STRING');
  return slots.length === 1 ? { open: slots[0]! } : { choose: slots };
}
