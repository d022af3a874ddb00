/**
 * Shaping with HarfBuzz (harfbuzzjs): default features, so GPOS kerning, ligatures and contextual
 * alternates apply exactly as in HarfBuzz-based text stacks. Results are in font units and cached per
 * (family, text) in the FontSet, so layout re-measures the same words and lines for free.
 */
import type { FontSet, LoadedFont } from './fonts.ts';
import type { ShapedGlyph, ShapedRun } from './types.ts';

const EMPTY_RUN: ShapedRun = Object.freeze({ glyphs: Object.freeze([]), advance: 0 });

/** Shape `text` with a loaded font, through its cache. */
export function shapeLoaded(font: LoadedFont, text: string): ShapedRun {
  if (text === '') return EMPTY_RUN;
  const cached = font.shapeCache.get(text);
  if (cached) return cached;

  const { hb, hbFont, hbBuffer: buffer } = font;
  buffer.clearContents();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(hbFont, buffer);
  const infos = buffer.getGlyphInfos();
  const positions = buffer.getGlyphPositions();

  const glyphs: ShapedGlyph[] = new Array(infos.length);
  let advance = 0;
  for (let i = 0; i < infos.length; i++) {
    const info = infos[i]!;
    const pos = positions[i] ?? { xAdvance: 0, yAdvance: 0, xOffset: 0, yOffset: 0 };
    glyphs[i] = {
      glyphId: info.codepoint,
      cluster: info.cluster,
      xAdvance: pos.xAdvance,
      yAdvance: pos.yAdvance,
      xOffset: pos.xOffset,
      yOffset: pos.yOffset,
    };
    advance += pos.xAdvance;
  }
  const run: ShapedRun = Object.freeze({ glyphs: Object.freeze(glyphs), advance });
  font.shapeCache.set(text, run);
  return run;
}

/** The shaped glyphs and total advance of `text` in `family` (font units). Throws for an unknown family. */
export function shapeRun(fontSet: FontSet, family: string, text: string): ShapedRun {
  return shapeLoaded(fontSet.get(family), text);
}

/**
 * Shape `text` in `family`: glyph ids with HarfBuzz's clusters (UTF-16 indices into `text`), advances
 * and offsets in font units (y positive up). The array is shared with the cache: do not mutate it.
 */
export function shapeText(fontSet: FontSet, family: string, text: string): readonly ShapedGlyph[] {
  return shapeLoaded(fontSet.get(family), text).glyphs;
}
