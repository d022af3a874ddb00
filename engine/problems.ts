/**
 * What a template author must fix before a template goes live: the list the author harness shows.
 * Schema problems first (a template that does not parse has nothing else to check), then fonts the
 * shop does not have, texts that do not fit their slot at the template's own size, slots reaching
 * outside the page, and fixed art too small to print sharply at 300 dpi.
 */
import { MONTH_NAMES, WEEKDAY_HEADINGS } from './calendar.ts';
import { isLowQuality } from './image.ts';
import {
  type Font,
  isSpecialStringId,
  parseTemplate,
  type RenderPart,
  renderPartsOf,
  type Template,
} from './template.ts';
import { isFontFamily } from './text/catalogue.ts';
import type { FontSet } from './text/fonts.ts';
import { effectiveFont, layoutText } from './text/layout.ts';

export type ProblemKind = 'schema' | 'font' | 'text-overflow' | 'outside-page' | 'low-resolution';

export interface AuthorProblem {
  kind: ProblemKind;
  /** Where: a JSON path, or `page {id} / {resourceId}`. */
  where: string;
  message: string;
}

/** Every font a template uses, with where it is used. */
function fontsOf(t: Template): { font: Font; where: string }[] {
  const used: { font: Font; where: string }[] = [];
  for (const r of t.resources) if (r.font) used.push({ font: r.font, where: `resources.${r.id}` });
  for (const pt of t.partTypes) {
    for (const r of pt.resources)
      if (r.font) used.push({ font: r.font, where: `partTypes.${pt.id}.resources.${r.id}` });
  }
  const partFonts = (parts: RenderPart[], where: string) => {
    for (const p of parts) {
      if (p.font) used.push({ font: p.font, where: `${where}.${p.resourceId}` });
      if (p.month) {
        for (const [cell, style] of Object.entries(p.month.cells))
          used.push({ font: style.font, where: `${where}.${p.resourceId}.${cell}` });
      }
    }
  };
  for (const pt of t.partTypes) partFonts(pt.renderParts, `partTypes.${pt.id}`);
  for (const page of t.pages) partFonts(page.renderParts, `pages.${page.id}`);
  return used;
}

/** The widest text a special id can show: the longest month name with a four-digit year. */
function sampleSpecialText(id: string): string {
  if (id === 'YEAR_STRING') return '2088';
  const longest = MONTH_NAMES.reduce((a, b) => (b.length > a.length ? b : a));
  return `${longest} 2088`;
}

function textProblems(t: Template, fonts: FontSet): AuthorProblem[] {
  const problems: AuthorProblem[] = [];
  const resourceFont = (id: string) =>
    t.resources.find((r) => r.id === id)?.font ??
    t.partTypes.flatMap((p) => p.resources).find((r) => r.id === id)?.font;
  for (const page of t.pages) {
    for (const part of renderPartsOf(t, page)) {
      const where = `page ${page.id} / ${part.resourceId}`;
      if (part.type === 'STRING') {
        const font = resourceFont(part.resourceId) ?? part.font;
        if (!font || !isFontFamily(effectiveFont(font).family)) continue;
        const text = isSpecialStringId(part.resourceId)
          ? sampleSpecialText(part.resourceId)
          : (font.text ?? '');
        if (!text) continue;
        const layout = layoutText(fonts, effectiveFont(font), text, {
          widthMm: part.size.width,
          heightMm: part.size.height,
        });
        if (layout.overflows) {
          problems.push({
            kind: 'text-overflow',
            where,
            message: `"${text}" does not fit ${part.size.width} x ${part.size.height} mm at ${font.size} pt`,
          });
        }
      }
      if (part.type === 'MONTH' && part.month && page.months[part.resourceId]) {
        const style = part.month;
        const cell = {
          widthMm: (part.size.width - 7 * style.colSpacing) / 8,
          heightMm: (part.size.height - 6 * style.rowSpacing) / 7,
        };
        // The widest texts any month of any year puts in a cell: the headings are the same every year.
        const samples: [keyof typeof style.cells, string][] = [
          ['dayheading', WEEKDAY_HEADINGS.reduce<string>((a, b) => (b.length > a.length ? b : a), '')],
          ['week', '53'],
          ['day', '28'],
          ['extraday', '28'],
          ['holiday', '28'],
        ];
        for (const [name, text] of samples) {
          const font = style.cells[name].font;
          if (!isFontFamily(font.family)) continue;
          if (layoutText(fonts, effectiveFont(font), text, cell).overflows) {
            problems.push({
              kind: 'text-overflow',
              where: `${where} (${name})`,
              message: `"${text}" does not fit a ${cell.widthMm.toFixed(1)} x ${cell.heightMm.toFixed(1)} mm cell at ${font.size} pt`,
            });
          }
        }
      }
    }
  }
  return problems;
}

function geometryProblems(t: Template): AuthorProblem[] {
  const problems: AuthorProblem[] = [];
  const { width, height } = t.dimensions;
  const eps = 1e-6;
  for (const page of t.pages) {
    for (const part of renderPartsOf(t, page)) {
      const where = `page ${page.id} / ${part.resourceId}`;
      const { x, y } = part.position;
      if (x < -eps || y < -eps || x + part.size.width > width + eps || y + part.size.height > height + eps) {
        problems.push({
          kind: 'outside-page',
          where,
          message: `the slot (${x}, ${y}) ${part.size.width} x ${part.size.height} mm reaches outside the ${width} x ${height} mm page`,
        });
      }
      const art = t.resources.find((r) => r.id === part.resourceId)?.image;
      if (part.type === 'IMAGE' && art) {
        const frame = { widthMm: part.size.width, heightMm: part.size.height };
        if (isLowQuality({ x: 0, y: 0, width: 1, height: 1 }, art, 0, frame)) {
          problems.push({
            kind: 'low-resolution',
            where,
            message: `the art (${art.width} x ${art.height} px) is too small to print ${part.size.width} x ${part.size.height} mm at 300 dpi`,
          });
        }
      }
    }
  }
  return problems;
}

export function authorProblems(input: unknown, fonts: FontSet): AuthorProblem[] {
  const parsed = parseTemplate(input);
  if (!parsed.ok) return parsed.problems.map((p) => ({ kind: 'schema', where: p.path, message: p.message }));
  const t = parsed.template;
  const fontProblems: AuthorProblem[] = fontsOf(t)
    .filter(
      ({ font }) =>
        !isFontFamily(font.family) ||
        (font.overrideFamily !== undefined && !isFontFamily(font.overrideFamily)),
    )
    .map(({ font, where }) => ({
      kind: 'font',
      where,
      message: `the shop has no font "${font.overrideFamily ?? font.family}"`,
    }));
  return [...fontProblems, ...textProblems(t, fonts), ...geometryProblems(t)];
}
