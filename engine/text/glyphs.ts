/**
 * Glyph outlines for the renderers, drawn by HarfBuzz (the font parsed once, fonts.ts), cached per
 * (family, glyph id).
 *
 * Convention: FONT UNITS, Y UP, origin at the glyph's pen position on the baseline (the font's own
 * coordinates, untouched: a HarfBuzz font's scale is its unitsPerEm). The layout gives each glyph's
 * pen position in millimetres in a y-down box (`TextLayout.lines[].glyphs[]`) and the scale
 * `mmPerUnit`; a renderer maps an outline point (px, py) to (glyph.xMm + px * mmPerUnit,
 * glyph.yMm − py * mmPerUnit). `outlineToSvgPath` does exactly that.
 */
import type * as HarfBuzz from 'harfbuzzjs';
import type { FontSet, HarfBuzzApi } from './fonts.ts';
import type { OutlineCommand } from './types.ts';

/** The draw callbacks, made once per HarfBuzz module: each glyph's commands go to the array it is drawn with. */
const drawFuncs = new WeakMap<HarfBuzzApi, HarfBuzz.DrawFuncs>();

function outlineFuncs(hb: HarfBuzzApi): HarfBuzz.DrawFuncs {
  let funcs = drawFuncs.get(hb);
  if (funcs) return funcs;
  funcs = new hb.DrawFuncs();
  const to = (data: unknown) => data as OutlineCommand[];
  funcs.setMoveToFunc((x, y, data) => to(data).push({ type: 'M', x, y }));
  funcs.setLineToFunc((x, y, data) => to(data).push({ type: 'L', x, y }));
  funcs.setQuadraticToFunc((x1, y1, x, y, data) => to(data).push({ type: 'Q', x1, y1, x, y }));
  funcs.setCubicToFunc((x1, y1, x2, y2, x, y, data) => to(data).push({ type: 'C', x1, y1, x2, y2, x, y }));
  funcs.setClosePathFunc((data) => to(data).push({ type: 'Z' }));
  drawFuncs.set(hb, funcs);
  return funcs;
}

/** The outline of glyph `glyphId` (a HarfBuzz glyph id) in `family`: font units, y up. Empty for a space. */
export function glyphOutline(fontSet: FontSet, family: string, glyphId: number): readonly OutlineCommand[] {
  const font = fontSet.get(family);
  const cached = font.outlineCache.get(glyphId);
  if (cached) return cached;
  // HarfBuzz draws nothing for an id the font does not have: that is a caller's mistake, not a space.
  if (!Number.isInteger(glyphId) || glyphId < 0 || glyphId >= font.glyphCount)
    throw new Error(`Font "${family}" has no glyph ${glyphId} (it has ${font.glyphCount})`);
  const commands: OutlineCommand[] = [];
  font.hbFont.drawGlyph(glyphId, outlineFuncs(font.hb), commands);
  const outline = Object.freeze(commands);
  font.outlineCache.set(glyphId, outline);
  return outline;
}

const num = (n: number): string => {
  const r = Math.round(n * 1e4) / 1e4;
  return Object.is(r, -0) ? '0' : String(r);
};

/**
 * An outline as SVG path data for a y-down surface: point (px, py) in font units goes to
 * (x + px * scale, y − py * scale). With x, y = a laid-out glyph's xMm, yMm and scale = the layout's
 * mmPerUnit, the path is in the box's millimetres (Konva `Path` data, Path2D, …).
 */
export function outlineToSvgPath(
  outline: readonly OutlineCommand[],
  x: number,
  y: number,
  scale: number,
): string {
  const X = (px: number) => num(x + px * scale);
  const Y = (py: number) => num(y - py * scale);
  let d = '';
  for (const c of outline) {
    switch (c.type) {
      case 'M':
      case 'L':
        d += `${c.type}${X(c.x)} ${Y(c.y)}`;
        break;
      case 'Q':
        d += `Q${X(c.x1)} ${Y(c.y1)} ${X(c.x)} ${Y(c.y)}`;
        break;
      case 'C':
        d += `C${X(c.x1)} ${Y(c.y1)} ${X(c.x2)} ${Y(c.y2)} ${X(c.x)} ${Y(c.y)}`;
        break;
      case 'Z':
        d += 'Z';
        break;
    }
  }
  return d;
}

/** The path-building subset of a canvas 2D context (browser canvas, Konva's Context, @napi-rs/canvas). */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  quadraticCurveTo(cpx: number, cpy: number, x: number, y: number): void;
  bezierCurveTo(cp1x: number, cp1y: number, cp2x: number, cp2y: number, x: number, y: number): void;
  closePath(): void;
}

/** Trace an outline into a y-down canvas path, with the same mapping as `outlineToSvgPath`. */
export function traceOutline(
  sink: PathSink,
  outline: readonly OutlineCommand[],
  x: number,
  y: number,
  scale: number,
): void {
  for (const c of outline) {
    switch (c.type) {
      case 'M':
        sink.moveTo(x + c.x * scale, y - c.y * scale);
        break;
      case 'L':
        sink.lineTo(x + c.x * scale, y - c.y * scale);
        break;
      case 'Q':
        sink.quadraticCurveTo(x + c.x1 * scale, y - c.y1 * scale, x + c.x * scale, y - c.y * scale);
        break;
      case 'C':
        sink.bezierCurveTo(
          x + c.x1 * scale,
          y - c.y1 * scale,
          x + c.x2 * scale,
          y - c.y2 * scale,
          x + c.x * scale,
          y - c.y * scale,
        );
        break;
      case 'Z':
        sink.closePath();
        break;
    }
  }
}
