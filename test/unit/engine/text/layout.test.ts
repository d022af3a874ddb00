import { beforeAll, describe, expect, it } from 'vitest';
import type { FontSet } from '../../../../engine/text/fonts.ts';
import {
  autoShrink,
  effectiveFont,
  layoutText,
  MIN_TEXT_SIZE_PT,
  overridesFor,
  tryChangeFamily,
  tryChangeSize,
  tryChangeText,
} from '../../../../engine/text/layout.ts';
import { lineHeightPt, measureText, ptToMm } from '../../../../engine/text/measure.ts';
import type { TextStyle } from '../../../../engine/text/types.ts';
import { loadAllFonts } from './load-fonts.ts';

let fontSet: FontSet;
beforeAll(async () => {
  fontSet = await loadAllFonts();
});

const style = (over: Partial<TextStyle> = {}): TextStyle => ({
  family: 'Roboto',
  sizePt: 12,
  color: '#000000',
  horizontalAlign: 'left',
  verticalAlign: 'top',
  ...over,
});
const widthMm = (text: string, s: TextStyle = style()) =>
  ptToMm(measureText(fontSet, s.family, s.sizePt, text));
const lineMm = (s: TextStyle = style()) => ptToMm(lineHeightPt(fontSet, s.family, s.sizePt));

describe('line breaking', () => {
  it('wraps words at the box width, measuring whole lines', () => {
    const box = { widthMm: Math.max(widthMm('alpha beta'), widthMm('gamma delta')) + 0.1, heightMm: 100 };
    expect(widthMm('alpha beta gamma')).toBeGreaterThan(box.widthMm);
    const layout = layoutText(fontSet, style(), 'alpha beta gamma delta', box);
    expect(layout.lines.map((l) => l.text)).toEqual(['alpha beta', 'gamma delta']);
    expect(layout.lines[0]!.widthMm).toBeCloseTo(widthMm('alpha beta'), 12);
    expect(layout.overflows).toBe(false);
    expect(layout.widthMm).toBe(Math.max(...layout.lines.map((l) => l.widthMm)));
  });

  it('keeps a text exactly as wide as the box on one line', () => {
    const text = 'alpha beta gamma delta';
    const layout = layoutText(fontSet, style(), text, { widthMm: widthMm(text), heightMm: 100 });
    expect(layout.lines.map((l) => l.text)).toEqual([text]);
    expect(layout.overflows).toBe(false);
    // A hair narrower and the last word wraps.
    const narrower = layoutText(fontSet, style(), text, { widthMm: widthMm(text) - 0.01, heightMm: 100 });
    expect(narrower.lines.map((l) => l.text)).toEqual(['alpha beta gamma', 'delta']);
  });

  it('puts a word wider than the box on its own line and marks the overflow', () => {
    const box = { widthMm: widthMm('Supercalifragilistic') - 1, heightMm: 100 };
    const layout = layoutText(fontSet, style(), 'a b Supercalifragilistic c', box);
    expect(layout.lines.map((l) => l.text)).toEqual(['a b', 'Supercalifragilistic', 'c']);
    expect(layout.overflowsWidth).toBe(true);
    expect(layout.overflowsHeight).toBe(false);
    expect(layout.overflows).toBe(true);
  });

  it('treats whitespace runs as one space, ignores outer spaces, honours explicit line breaks', () => {
    const box = { widthMm: 200, heightMm: 100 };
    expect(layoutText(fontSet, style(), '  one \t two  ', box).lines.map((l) => l.text)).toEqual(['one two']);
    expect(layoutText(fontSet, style(), 'one\ntwo', box).lines.map((l) => l.text)).toEqual(['one', 'two']);
    const empty = layoutText(fontSet, style(), '   ', box);
    expect(empty.lines).toEqual([]);
    expect(empty.heightMm).toBe(0);
    expect(empty.overflows).toBe(false);
  });

  it('rejects a non-positive size or a broken box', () => {
    expect(() => layoutText(fontSet, style({ sizePt: 0 }), 'x', { widthMm: 10, heightMm: 10 })).toThrow(
      /size/,
    );
    expect(() => layoutText(fontSet, style(), 'x', { widthMm: Number.NaN, heightMm: 10 })).toThrow(/box/);
  });
});

describe('alignment', () => {
  const box = { widthMm: 100, heightMm: 50 };
  const text = 'Hello';

  it.each([
    ['left', 0],
    ['center', 0.5],
    ['right', 1],
  ] as const)('horizontal %s', (horizontalAlign, k) => {
    const layout = layoutText(fontSet, style({ horizontalAlign }), text, box);
    const line = layout.lines[0]!;
    expect(line.xMm).toBeCloseTo((box.widthMm - widthMm(text)) * k, 9);
    // The first glyph starts at the line's left edge (H has no shaping offset).
    expect(line.glyphs[0]!.xMm).toBeCloseTo(line.xMm, 9);
    // Glyph x positions increase along the line.
    const xs = line.glyphs.map((g) => g.xMm);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
  });

  it('vertical top / center / middle / bottom', () => {
    const { ascender, lineGap, unitsPerEm } = fontSet.metrics('Roboto');
    const baselineInLine = ptToMm(((lineGap / 2 + ascender) * 12) / unitsPerEm);
    const h = lineMm();
    const baseline = (verticalAlign: TextStyle['verticalAlign']) =>
      layoutText(fontSet, style({ verticalAlign }), text, box).lines[0]!.baselineMm;
    expect(baseline('top')).toBeCloseTo(baselineInLine, 9);
    expect(baseline('center')).toBeCloseTo((box.heightMm - h) / 2 + baselineInLine, 9);
    expect(baseline('middle')).toBe(baseline('center'));
    expect(baseline('bottom')).toBeCloseTo(box.heightMm - h + baselineInLine, 9);
    // Glyphs sit on the baseline.
    const line = layoutText(fontSet, style({ verticalAlign: 'bottom' }), text, box).lines[0]!;
    for (const g of line.glyphs) expect(g.yMm).toBeCloseTo(line.baselineMm, 9);
  });

  it('stacks lines one line height apart, the block centred as a whole', () => {
    const narrow = { widthMm: widthMm('gamma delta') + 0.1, heightMm: 50 };
    const layout = layoutText(fontSet, style({ verticalAlign: 'center' }), 'alpha beta gamma delta', narrow);
    expect(layout.lines).toHaveLength(2);
    expect(layout.lineHeightMm).toBeCloseTo(lineMm(), 12);
    expect(layout.heightMm).toBeCloseTo(2 * lineMm(), 12);
    expect(layout.lines[1]!.baselineMm - layout.lines[0]!.baselineMm).toBeCloseTo(lineMm(), 9);
    const { ascender, lineGap, unitsPerEm } = fontSet.metrics('Roboto');
    const baselineInLine = ptToMm(((lineGap / 2 + ascender) * 12) / unitsPerEm);
    expect(layout.lines[0]!.baselineMm).toBeCloseTo((50 - layout.heightMm) / 2 + baselineInLine, 9);
  });
});

describe('autoShrink (S1 §4)', () => {
  const long =
    'Happy birthday to the best grandmother in the whole wide world, with love from all of us here at home';

  it('reduces the size one point at a time until the text fits the height', () => {
    const box = { widthMm: 80, heightMm: 30 };
    const start = style({ sizePt: 36 });
    const size = autoShrink(fontSet, start, long, box);
    expect(size).not.toBeNull();
    expect(Number.isInteger(size)).toBe(true);
    expect(size!).toBeGreaterThan(MIN_TEXT_SIZE_PT);
    expect(size!).toBeLessThan(36);
    expect(layoutText(fontSet, style({ sizePt: size! }), long, box).overflowsHeight).toBe(false);
    expect(layoutText(fontSet, style({ sizePt: size! + 1 }), long, box).overflowsHeight).toBe(true);
  });

  it('stops at 12 pt even when the text still overflows', () => {
    const box = { widthMm: 30, heightMm: 10 };
    expect(autoShrink(fontSet, style({ sizePt: 30 }), long, box)).toBe(12);
    expect(layoutText(fontSet, style({ sizePt: 12 }), long, box).overflows).toBe(true);
    // Fractional sizes step down by one point, then stop at 12.
    expect(autoShrink(fontSet, style({ sizePt: 14.5 }), long, box)).toBe(12);
    // Never below 12: a template size already under 12 is left alone.
    expect(autoShrink(fontSet, style({ sizePt: 10 }), long, box)).toBeNull();
  });

  it('returns null when the text fits', () => {
    expect(autoShrink(fontSet, style({ sizePt: 36 }), 'Hi', { widthMm: 80, heightMm: 30 })).toBeNull();
    expect(autoShrink(fontSet, style({ sizePt: 36 }), '', { widthMm: 80, heightMm: 1 })).toBeNull();
  });
});

describe('refusals (S1 §5)', () => {
  const box = { widthMm: 60, heightMm: 2 * lineMmAt(12) + 0.5 };
  function lineMmAt(sizePt: number) {
    // Roboto: (1900 + 500) / 2048 em.
    return ptToMm(((1900 + 500) * sizePt) / 2048);
  }

  it('tryChangeText accepts a fitting text, sanitised but not trimmed', () => {
    expect(tryChangeText(fontSet, style(), 'Hello  world 🎉 ', box)).toEqual({
      ok: true,
      text: 'Hello world ',
    });
  });

  it('tryChangeText refuses a text that is too wide or too tall', () => {
    expect(tryChangeText(fontSet, style(), 'W'.repeat(40), box)).toEqual({ ok: false, reason: 'too-wide' });
    expect(
      tryChangeText(fontSet, style(), 'one two three four five six seven eight nine ten eleven twelve', box),
    ).toEqual({ ok: false, reason: 'too-tall' });
  });

  it('tryChangeText lets an already overflowing text get shorter, not longer', () => {
    const before = 'one two three four five six seven eight nine ten eleven twelve thirteen';
    const shorter = 'one two three four five six seven eight nine ten eleven twelve';
    expect(tryChangeText(fontSet, style(), shorter, box, before)).toEqual({ ok: true, text: shorter });
    expect(layoutText(fontSet, style(), shorter, box).overflowsHeight).toBe(true);
    const longer = `${before} fourteen fifteen sixteen seventeen eighteen nineteen twenty`;
    expect(layoutText(fontSet, style(), longer, box).heightMm).toBeGreaterThan(
      layoutText(fontSet, style(), before, box).heightMm,
    );
    expect(tryChangeText(fontSet, style(), longer, box, before)).toEqual({ ok: false, reason: 'too-tall' });
    // Without the previous text, the plain rule applies.
    expect(tryChangeText(fontSet, style(), shorter, box)).toEqual({ ok: false, reason: 'too-tall' });
  });

  it('tryChangeSize accepts a size that fits and refuses one that overflows', () => {
    expect(tryChangeSize(fontSet, style(), 'Hello', box, 14)).toEqual({
      ok: true,
      font: style({ sizePt: 14 }),
      sizeReset: false,
    });
    expect(tryChangeSize(fontSet, style(), 'Hello', box, 40)).toEqual({ ok: false, reason: 'too-tall' });
    const wide = { widthMm: widthMm('Hello') + 1, heightMm: 100 };
    expect(tryChangeSize(fontSet, style(), 'Hello', wide, 14)).toEqual({ ok: false, reason: 'too-wide' });
    expect(tryChangeSize(fontSet, style({ sizePt: 14 }), 'Hello', box, 11)).toEqual({
      ok: false,
      reason: 'below-minimum-size',
    });
  });

  it('tryChangeSize lets an overflowing text get smaller', () => {
    const tiny = { widthMm: 5, heightMm: 5 };
    const r = tryChangeSize(fontSet, style({ sizePt: 30 }), 'Hello', tiny, 20);
    expect(r).toEqual({ ok: true, font: style({ sizePt: 20 }), sizeReset: false });
  });

  it('tryChangeFamily keeps the size when the text fits in the new family', () => {
    expect(tryChangeFamily(fontSet, style(), 'Hello', box, 'Lobster', 12)).toEqual({
      ok: true,
      font: style({ family: 'Lobster' }),
      sizeReset: false,
    });
  });

  it('tryChangeFamily resets to the template size when the new family overflows', () => {
    // One line of Roboto at 30 pt fits; Pacifico's lines are much taller (1.756 em against 1.172 em).
    const oneLine = { widthMm: 150, heightMm: lineMmAt(30) * 1.05 };
    const current = style({ sizePt: 30 });
    expect(layoutText(fontSet, current, 'Hello', oneLine).overflows).toBe(false);
    expect(layoutText(fontSet, { ...current, family: 'Pacifico' }, 'Hello', oneLine).overflowsHeight).toBe(
      true,
    );
    expect(tryChangeFamily(fontSet, current, 'Hello', oneLine, 'Pacifico', 20)).toEqual({
      ok: true,
      font: style({ family: 'Pacifico', sizePt: 20 }),
      sizeReset: true,
    });
    // Still too tall at the template's size: refused.
    expect(tryChangeFamily(fontSet, current, 'Hello', oneLine, 'Pacifico', 28)).toEqual({
      ok: false,
      reason: 'too-tall',
    });
  });

  it('tryChangeFamily throws for a family that is not loaded', () => {
    expect(() => tryChangeFamily(fontSet, style(), 'Hello', box, 'Comic Sans', 12)).toThrow(/Comic Sans/);
  });
});

describe('effectiveFont (S1 §3)', () => {
  const template = {
    family: 'Lora',
    size: 24,
    color: '#C52B2B',
    horizontalAlign: 'center' as const,
    verticalAlign: 'middle' as const,
    shadow: { offsetX: 1, offsetY: 1, blurRadius: 2, opacity: 50, color: '#000000' },
  };

  it('is the template font without overrides', () => {
    expect(effectiveFont(template)).toEqual({
      family: 'Lora',
      sizePt: 24,
      color: '#C52B2B',
      horizontalAlign: 'center',
      verticalAlign: 'middle',
      shadow: template.shadow,
    });
  });

  it('applies every override, from a separate object or the font itself', () => {
    const overrides = {
      overrideFamily: 'Anton',
      overrideSize: 30,
      overrideColor: '#FFFFFF',
      overrideHorizontalAlign: 'right' as const,
      overrideVerticalAlign: 'bottom' as const,
    };
    const expected = {
      family: 'Anton',
      sizePt: 30,
      color: '#FFFFFF',
      horizontalAlign: 'right',
      verticalAlign: 'bottom',
      shadow: template.shadow,
    };
    expect(effectiveFont(template, overrides)).toEqual(expected);
    expect(effectiveFont({ ...template, ...overrides })).toEqual(expected);
    expect(effectiveFont(template, { overrideSize: null, overrideColor: undefined }).sizePt).toBe(24);
  });

  it('overridesFor gives back only what differs from the template', () => {
    const s = { ...effectiveFont(template), family: 'Anton', sizePt: 24 };
    expect(overridesFor(template, s)).toEqual({
      overrideFamily: 'Anton',
      overrideSize: undefined,
      overrideColor: undefined,
      overrideHorizontalAlign: undefined,
      overrideVerticalAlign: undefined,
    });
  });
});
