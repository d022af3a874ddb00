/**
 * The glyph outlines the renderers draw (HarfBuzz, engine/text/glyphs.ts) are the font's own: for
 * every glyph of the 15 catalogue fonts, the same closed contours as opentype.js, an independent
 * reader of the same files, reads. The two readers may start a contour at another of its points and
 * opentype.js adds zero-length lines; neither changes what is filled, so contours are compared as
 * cycles of segments with those left out.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FONT_CATALOGUE } from '../../../../engine/text/catalogue.ts';
import type { FontSet } from '../../../../engine/text/fonts.ts';
import { glyphOutline } from '../../../../engine/text/glyphs.ts';
import type { OutlineCommand } from '../../../../engine/text/types.ts';
import { loadAllFonts, opentypeFont } from './load-fonts.ts';

type Command = OutlineCommand | { type: 'Z' };
const key = (...ns: number[]) => ns.map((n) => Math.round(n * 1e6) / 1e6).join(',');

/** Each contour as its segments (type, control points, end point), rotated to a canonical start. */
function contours(commands: readonly Command[]): string[] {
  const out: string[] = [];
  let segments: string[] = [];
  let start = { x: 0, y: 0 };
  let at = { x: 0, y: 0 };
  const close = () => {
    if (at.x !== start.x || at.y !== start.y) segments.push(`L${key(start.x, start.y)}`);
    if (segments.length) out.push(canonical(segments));
    segments = [];
    at = start;
  };
  for (const c of commands) {
    switch (c.type) {
      case 'M':
        if (segments.length) close();
        start = at = { x: c.x, y: c.y };
        break;
      case 'L':
        if (c.x !== at.x || c.y !== at.y) segments.push(`L${key(c.x, c.y)}`);
        at = { x: c.x, y: c.y };
        break;
      case 'Q':
        segments.push(`Q${key(c.x1, c.y1, c.x, c.y)}`);
        at = { x: c.x, y: c.y };
        break;
      case 'C':
        segments.push(`C${key(c.x1, c.y1, c.x2, c.y2, c.x, c.y)}`);
        at = { x: c.x, y: c.y };
        break;
      case 'Z':
        close();
        break;
    }
  }
  if (segments.length) close();
  return out;
}

/** The rotation of a cycle of segments that reads smallest: the same for any starting point. */
function canonical(segments: string[]): string {
  let best: string | null = null;
  const least = segments.reduce((a, b) => (b < a ? b : a));
  segments.forEach((s, i) => {
    if (s !== least) return;
    const rotated = [...segments.slice(i), ...segments.slice(0, i)].join(' ');
    if (best === null || rotated < best) best = rotated;
  });
  return best ?? '';
}

let fontSet: FontSet;
beforeAll(async () => {
  fontSet = await loadAllFonts();
});

describe('the comparison', () => {
  it('ignores the starting point and zero-length lines, but not a moved point', () => {
    const square = (dx = 0): Command[] => [
      { type: 'M', x: 0, y: 0 },
      { type: 'L', x: 10 + dx, y: 0 },
      { type: 'L', x: 10, y: 10 },
      { type: 'L', x: 0, y: 10 },
      { type: 'Z' },
    ];
    const turned: Command[] = [
      { type: 'M', x: 10, y: 10 },
      { type: 'L', x: 10, y: 10 },
      { type: 'L', x: 0, y: 10 },
      { type: 'L', x: 0, y: 0 },
      { type: 'L', x: 10, y: 0 },
      { type: 'L', x: 10, y: 10 },
      { type: 'Z' },
    ];
    expect(contours(turned)).toEqual(contours(square()));
    expect(contours(square(1))).not.toEqual(contours(square()));
    // The other direction fills the same shape but winds the other way: not the same outline.
    expect(contours([...square()].reverse().slice(1))).not.toEqual(contours(square()));
  });
});

describe('HarfBuzz outlines are the font’s own', () => {
  it.each(FONT_CATALOGUE.map((e) => [e.family]))('%s: every glyph as opentype.js reads it', (family) => {
    const reference = opentypeFont(family);
    expect(fontSet.get(family).glyphCount).toBe(reference.numGlyphs);
    const differing: number[] = [];
    let drawn = 0;
    for (let id = 0; id < reference.numGlyphs; id++) {
      const ours = glyphOutline(fontSet, family, id);
      if (ours.length) drawn++;
      const theirs = reference.glyphs.get(id).path.commands as Command[];
      if (contours(ours).join('|') !== contours(theirs).join('|')) differing.push(id);
    }
    expect(differing).toEqual([]);
    // Not an empty comparison: most glyphs have ink.
    expect(drawn).toBeGreaterThan(reference.numGlyphs / 2);
  });
});
