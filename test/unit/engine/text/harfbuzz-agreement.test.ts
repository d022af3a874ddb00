/**
 * Acceptance: measureText agrees with an independent HarfBuzz shaping for every font, the laid-out
 * glyph positions add up to the measured width (text measured = text drawn), and opentype.js's own
 * width is measurably off for some fonts (why we shape with HarfBuzz).
 */
import * as hb from 'harfbuzzjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { FONT_CATALOGUE } from '../../../../engine/text/catalogue.ts';
import type { FontSet } from '../../../../engine/text/fonts.ts';
import { glyphOutline, outlineToSvgPath, traceOutline } from '../../../../engine/text/glyphs.ts';
import { layoutText } from '../../../../engine/text/layout.ts';
import { measureText, ptToMm } from '../../../../engine/text/measure.ts';
import { shapeText } from '../../../../engine/text/shape.ts';
import { loadAllFonts, opentypeFont, readFontBytes } from './load-fonts.ts';

const SENTENCE = 'AVA WAVE Tomorrow, Yes! To Vitality: "LT" fly off Office WAY Type AWAY.';
const SIZE_PT = 100;

/** HarfBuzz directly, nothing shared with engine/text: blob → face → font → buffer → shape. */
function harfBuzzWidthPt(bytes: Uint8Array, text: string, sizePt: number): number {
  const face = new hb.Face(new hb.Blob(bytes));
  const font = new hb.Font(face);
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const advance = buffer.getGlyphPositions().reduce((sum, p) => sum + p.xAdvance, 0);
  return (advance * sizePt) / face.upem;
}

let fontSet: FontSet;
beforeAll(async () => {
  fontSet = await loadAllFonts();
});

describe('measureText agrees with HarfBuzz', () => {
  const deviations: Record<string, number> = {};

  it.each(FONT_CATALOGUE.map((e) => [e.family, e.file]))('%s', (family, file) => {
    const reference = harfBuzzWidthPt(readFontBytes(file), SENTENCE, SIZE_PT);
    const measured = measureText(fontSet, family, SIZE_PT, SENTENCE);
    const deviation = Math.abs(measured / reference - 1);
    deviations[family] = deviation;
    expect(deviation).toBeLessThan(0.005);
    // Warm cache: the same answer again.
    expect(measureText(fontSet, family, SIZE_PT, SENTENCE)).toBe(measured);
    // Linear in the size.
    expect(measureText(fontSet, family, 12, SENTENCE)).toBeCloseTo((measured * 12) / SIZE_PT, 9);
  });

  it('reports the deviations', () => {
    const max = Math.max(...Object.values(deviations));
    console.log(
      `measureText vs HarfBuzz, max deviation per font: ${Object.entries(deviations)
        .map(([f, d]) => `${f} ${(d * 100).toPrecision(2)} %`)
        .join(', ')}; overall max ${(max * 100).toPrecision(2)} %`,
    );
    expect(Object.keys(deviations)).toHaveLength(15);
  });
});

describe('opentype.js on its own is not good enough', () => {
  it('its kerning is off by more than 1 % for some fonts, and getAdvanceWidth throws for others', () => {
    const off: Record<string, number> = {};
    const throws: string[] = [];
    for (const { family, file } of FONT_CATALOGUE) {
      const reference = harfBuzzWidthPt(readFontBytes(file), SENTENCE, SIZE_PT);
      try {
        const own = opentypeFont(family).getAdvanceWidth(SENTENCE, SIZE_PT, { kerning: true });
        off[family] = own / reference - 1;
      } catch {
        throws.push(family);
      }
    }
    console.log(
      `opentype.js getAdvanceWidth vs HarfBuzz: ${Object.entries(off)
        .map(([f, d]) => `${f} ${(d * 100).toFixed(2)} %`)
        .join(', ')}; throws for ${throws.join(', ')}`,
    );
    const suspects = ['Lobster', 'Lora', 'Montserrat', 'Pacifico', 'Playfair Display'];
    expect(suspects.some((f) => Math.abs(off[f] ?? 0) > 0.01)).toBe(true);
    expect(throws).toEqual(expect.arrayContaining(['Roboto', 'Oswald', 'Lora']));
  });
});

describe('text measured is text drawn', () => {
  it.each(FONT_CATALOGUE.map((e) => [e.family]))(
    '%s: the laid-out glyphs end at the measured width',
    (family) => {
      const layout = layoutText(
        fontSet,
        { family, sizePt: 24, horizontalAlign: 'center', verticalAlign: 'middle' },
        SENTENCE,
        { widthMm: 1000, heightMm: 100 },
      );
      expect(layout.lines).toHaveLength(1);
      const line = layout.lines[0]!;
      const shaped = shapeText(fontSet, family, SENTENCE);
      expect(line.glyphs.map((g) => g.glyphId)).toEqual(shaped.map((g) => g.glyphId));
      const last = shaped[shaped.length - 1]!;
      const lastGlyph = line.glyphs[line.glyphs.length - 1]!;
      const end = lastGlyph.xMm - last.xOffset * layout.mmPerUnit + last.xAdvance * layout.mmPerUnit;
      const measuredMm = ptToMm(measureText(fontSet, family, 24, SENTENCE));
      expect(end - line.xMm).toBeCloseTo(measuredMm, 9);
      expect(line.widthMm).toBeCloseTo(measuredMm, 9);
    },
  );

  it('applies ligatures and contextual alternates (Lobster, Pacifico): fewer or other glyphs than letters', () => {
    const text = 'office affluent';
    const nominal = (family: string) => {
      const f = opentypeFont(family);
      return [...text].map((ch) => f.charToGlyphIndex(ch));
    };
    for (const family of ['Lobster', 'Pacifico']) {
      const ids = shapeText(fontSet, family, text).map((g) => g.glyphId);
      expect(ids).not.toEqual(nominal(family));
    }
  });
});

describe('glyph outlines', () => {
  it('are in font units with y up, cached, and convert to y-down paths', () => {
    const [glyph] = shapeText(fontSet, 'Roboto', 'H');
    const outline = glyphOutline(fontSet, 'Roboto', glyph!.glyphId);
    expect(glyphOutline(fontSet, 'Roboto', glyph!.glyphId)).toBe(outline);
    const ys = outline.flatMap((c) => ('y' in c ? [c.y] : []));
    // Roboto's H: from the baseline (0) up to the cap height (1456 of 2048 units).
    expect(Math.min(...ys)).toBe(0);
    expect(Math.max(...ys)).toBe(1456);
    const d = outlineToSvgPath(outline, 10, 20, 0.01);
    expect(d).toMatch(/^M/);
    expect(d).toContain(' 20'); // the baseline at y = 20
    expect(d).toContain(' 5.44'); // the cap height 14.56 above it (20 − 1456 × 0.01)
    const calls: string[] = [];
    traceOutline(
      {
        moveTo: () => calls.push('M'),
        lineTo: () => calls.push('L'),
        quadraticCurveTo: () => calls.push('Q'),
        bezierCurveTo: () => calls.push('C'),
        closePath: () => calls.push('Z'),
      },
      outline,
      0,
      0,
      1,
    );
    expect(calls).toEqual(outline.map((c) => c.type));
  });

  it('a space has an empty outline; a glyph id out of range throws', () => {
    const [space] = shapeText(fontSet, 'Lora', ' ');
    expect(glyphOutline(fontSet, 'Lora', space!.glyphId)).toEqual([]);
    expect(() => glyphOutline(fontSet, 'Lora', 999_999)).toThrow(/Lora.*no glyph 999999/);
  });
});
