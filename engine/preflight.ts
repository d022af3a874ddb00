/**
 * The preflight: everything a template author must fix before a template goes live, all at once.
 * The author harness and `npm run templates -- check` both run it, so an author sees one list.
 *
 * Pure: "what is under the text" needs pixels, so the contrast rule asks the caller for a
 * BackdropSampler (server/services/templates/preflight.ts renders one in Node); without it the rule is skipped.
 */
import {
  type BookTemplate,
  type CoverSize,
  isBook,
  materialiseBook,
  materialiseCover,
  printsOnSpine,
} from './book.ts';
import { allMonthNames, weekdayHeadings } from './calendar.ts';
import { isLowQuality, MM_PER_INCH } from './image.ts';
import { createInstance } from './instance.ts';
import { LANGUAGES } from './languages.ts';
import { type PageScene, pageScene, textFontOf } from './scene.ts';
import { spineNeededMm } from './spineText.ts';
import {
  type Fold,
  type Font,
  fullIdOf,
  isSpecialStringId,
  type PartRef,
  parseTemplate,
  type RenderPart,
  resourceSlots,
  type Template,
  templateInLanguage,
} from './template.ts';
import { isFontFamily } from './text/catalogue.ts';
import type { FontSet } from './text/fonts.ts';
import { effectiveFont, layoutText, MIN_TEXT_SIZE_PT, type TextLayout } from './text/layout.ts';

/** The rules, one per kind of mistake; the harness and the check command group problems by these. */
export const PREFLIGHT_RULES = [
  'schema',
  'count-fields',
  'unknown-font',
  'font-conflict',
  'text-overflow',
  'text-clipped',
  'text-too-small',
  'low-contrast',
  'outside-page',
  'outside-safe-area',
  'low-resolution',
  'fold-crossed',
  'spine-too-thin',
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
export type BackdropSampler = (scene: PageScene, itemIndex: number) => Rgb[] | null;

/** The safe area: texts and the shopper's pictures stay this far inside the trim (the page's edge). */
export const SAFE_AREA_MM = 3;
/** Print resolution fixed bitmap art must reach at its printed size. */
export const ART_MIN_PPI = 300;
/** WCAG's minimum contrast for large text; template texts are at least 12 pt, printed. */
export const MIN_CONTRAST = 3;
/**
 * Share of a text's glyph pixels that may sit on a backdrop below MIN_CONTRAST before the text is
 * reported: a few letters over a balloon make a text hard to read even if the rest is fine.
 */
export const MAX_LOW_CONTRAST_SHARE = 0.1;

export interface PreflightOptions {
  /** The day the check runs: the calendar year drawn (month titles, grids) follows it. */
  today: Date;
  /** Colours under each text; absent, the contrast rule is not checked. */
  backdrop?: BackdropSampler;
  /**
   * A photo book's cover is checked as printed at this spine and turn-in (the product's, at its least
   * pages, where spine text has the least room); absent, PREFLIGHT_COVER.
   */
  cover?: CoverSize;
}

/**
 * The cover a book's design is checked at when the product is not given: a 10 mm spine (a hard
 * cover of some 50 pages) and no turn-in, where the safe area lies closest to the panels' edges.
 * Whether one book's spine is wide enough for its text is that book's (its page count's), not the
 * template's: shop/photobook spineTextFits.
 */
export const PREFLIGHT_COVER: CoverSize = { spineMm: 10, wrapMm: 0 };

/**
 * What the page rules check of a template: the template itself, or a photo book as it is printed: its
 * cover spread at `cover`, and one inner page of every layout (a sample page where the template has
 * one of that layout), since the shopper may give any page any layout.
 */
export function preflightPages(t: Template, cover: CoverSize = PREFLIGHT_COVER): Template[] {
  if (!isBook(t)) return [t];
  const samples = t.pages.slice(1);
  const pages = t.book.layouts.map((typeId) => ({
    id: samples.find((p) => p.typeId === typeId)?.id ?? `layout-${typeId}`,
    typeId,
  }));
  // Each is checked as the plain pages it prints as: with its book section, making an instance of it
  // would look for the cover among pages that are only the cover's spread, or only inner pages.
  const plain = ({ book: _, ...printed }: BookTemplate): Template => printed;
  return [plain(materialiseCover(t, cover)), plain(materialiseBook(t as BookTemplate, pages))];
}

/**
 * Spine text too big for the spine it is checked at: the printed cover leaves it off (printsOnSpine),
 * so the author hears of it here rather than from a blank spine.
 */
function spineProblems(t: Template, cover: CoverSize): PreflightProblem[] {
  if (!isBook(t)) return [];
  const coverType = t.partTypes.findIndex((pt) => pt.id === t.book.cover);
  const cover0 = t.pages[0]!;
  const placed = [
    ...(t.partTypes[coverType]?.renderParts ?? []).map((part, j) => ({
      part,
      path: `partTypes[${coverType}].renderParts[${j}]`,
    })),
    ...cover0.renderParts.map((part, j) => ({ part, path: `pages[0].renderParts[${j}]` })),
  ];
  return placed.flatMap(({ part, path }) =>
    printsOnSpine(part, cover)
      ? []
      : [
          {
            rule: 'spine-too-thin' as const,
            pageId: cover0.id,
            part: part.resourceId,
            path: `${path}.font.size`,
            message: `the spine text at ${part.font?.size} pt needs a spine of ${round(spineNeededMm(part.font?.size ?? 0))} mm; on a ${round(cover.spineMm)} mm spine it is left off`,
          },
        ],
  );
}

/** One render part as drawn on one page, with where it is written in the file. */
export interface PlacedPart {
  page: PartRef;
  part: RenderPart;
  /** `partTypes[i].renderParts[j]` or `pages[k].renderParts[j]`. */
  path: string;
}

/** Every render part of every page, in drawing order, with its JSON path. */
export function placedParts(t: Template): PlacedPart[] {
  const placed: PlacedPart[] = [];
  t.pages.forEach((page, k) => {
    const i = t.partTypes.findIndex((p) => p.id === page.typeId);
    for (const [j, part] of (t.partTypes[i]?.renderParts ?? []).entries())
      placed.push({ page, part, path: `partTypes[${i}].renderParts[${j}]` });
    for (const [j, part] of page.renderParts.entries())
      placed.push({ page, part, path: `pages[${k}].renderParts[${j}]` });
  });
  return placed;
}

/** The page box a render part covers, its rotation included (the bounding box of the turned box). */
export function partBoxMm(part: RenderPart): BoxMm {
  const { x, y } = part.position;
  const box = { x, y, width: part.size.width, height: part.size.height };
  const rotate = part.transformations?.find((tr) => tr.type === 'ROTATE');
  if (!rotate || rotate.rotate % 360 === 0) return box;
  return turnedBoxMm(box, rotate.rotate, x + rotate.originX, y + rotate.originY);
}

/** The bounding box of `box` turned `deg` degrees clockwise (y down) about the page point (ox, oy). */
export function turnedBoxMm(box: BoxMm, deg: number, ox: number, oy: number): BoxMm {
  const a = (deg * Math.PI) / 180;
  const { x, y, width, height } = box;
  const corners = [
    [x, y],
    [x + width, y],
    [x, y + height],
    [x + width, y + height],
  ].map(([cx, cy]) => [
    ox + (cx! - ox) * Math.cos(a) - (cy! - oy) * Math.sin(a),
    oy + (cx! - ox) * Math.sin(a) + (cy! - oy) * Math.cos(a),
  ]);
  const xs = corners.map((c) => c[0]!);
  const ys = corners.map((c) => c[1]!);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { x: left, y: top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The widest text a special id can show: the longest month name with a four-digit year. */
function sampleSpecialText(id: string): string {
  if (id === 'YEAR_STRING') return '2088';
  const longest = allMonthNames().reduce((a, b) => (b.length > a.length ? b : a));
  return `${longest} 2088`;
}

// ---------------------------------------------------------------------------------------------------
// Schema and count fields

const COUNT_FIELDS = ['hasUserText', 'numUserImages', 'numUserParts'] as const;
const isCountField = (path: string) => (COUNT_FIELDS as readonly string[]).includes(path);

/**
 * Parse, keeping count-field mistakes apart: a template whose only fault is a hand-typed count is
 * still checked for everything else, so the author sees every problem in one round.
 */
export function parseForPreflight(input: unknown): {
  template: Template | null;
  problems: PreflightProblem[];
} {
  const parsed = parseTemplate(input);
  if (parsed.ok) return { template: parsed.template, problems: [] };
  const problems: PreflightProblem[] = parsed.problems.map((p) => ({
    rule: isCountField(p.path) ? 'count-fields' : 'schema',
    pageId: null,
    part: null,
    path: p.path,
    message: p.message,
  }));
  if (problems.some((p) => p.rule === 'schema') || typeof input !== 'object' || input === null) {
    return { template: null, problems };
  }
  const withoutCounts = { ...(input as Record<string, unknown>) };
  for (const key of COUNT_FIELDS) delete withoutCounts[key];
  const again = parseTemplate(withoutCounts);
  return { template: again.ok ? again.template : null, problems };
}

// ---------------------------------------------------------------------------------------------------
// Fonts

/**
 * The fonts a template's JSON names that the shop lacks, found in the text as written: also when the
 * template does not parse, so a shape mistake never hides a reference one (issue 31), and publishing
 * refuses them by the same rule.
 */
export function unknownFontFields(input: unknown, at = ''): PreflightProblem[] {
  if (input === null || typeof input !== 'object') return [];
  return Object.entries(input).flatMap(([key, item]) => {
    const here = Array.isArray(input) ? `${at}[${key}]` : at ? `${at}.${key}` : key;
    if ((key === 'family' || key === 'overrideFamily') && typeof item === 'string') {
      return isFontFamily(item)
        ? []
        : [
            {
              rule: 'unknown-font' as const,
              pageId: null,
              part: null,
              path: here,
              message: `the shop has no font "${item}"`,
            },
          ];
    }
    return unknownFontFields(item, here);
  });
}

function fontProblems(t: Template): PreflightProblem[] {
  const problems: PreflightProblem[] = [];
  const check = (font: Font, path: string, pageId: string | null, part: string) => {
    const family = font.overrideFamily ?? font.family;
    if (isFontFamily(family)) return;
    const field = font.overrideFamily !== undefined ? 'overrideFamily' : 'family';
    problems.push({
      rule: 'unknown-font',
      pageId,
      part,
      path: `${path}.font.${field}`,
      message: `the shop has no font "${family}"`,
    });
  };
  t.resources.forEach((r, i) => {
    if (r.font) check(r.font, `resources[${i}]`, null, r.id);
  });
  t.partTypes.forEach((pt, i) => {
    pt.resources.forEach((r, j) => {
      if (r.font) check(r.font, `partTypes[${i}].resources[${j}]`, null, r.id);
    });
  });
  // A part type's render parts are written once: report them once, on the first page drawing them.
  const seen = new Set<string>();
  for (const { page, part, path } of placedParts(t)) {
    if (seen.has(path)) continue;
    seen.add(path);
    if (part.font) check(part.font, path, page.id, part.resourceId);
    for (const [cell, style] of Object.entries(part.month?.cells ?? {}))
      check(style.font, `${path}.month.cells.${cell}`, page.id, `${part.resourceId}/${cell}`);
  }
  return problems;
}

/**
 * A text resource drawn by exactly one render part whose two fonts disagree: the design says two
 * things about one text. The page draws the part's (docs/template-format.md), but an author who wrote
 * the resource's meant something, and older shop code drew that one ('Snowy frame' once printed its
 * greeting in the frame's own red). A resource drawn by several parts may be styled per part.
 */
function fontConflicts(t: Template): PreflightProblem[] {
  const problems: PreflightProblem[] = [];
  const parts = placedParts(t).filter(({ part }) => part.type === 'STRING' && part.font);
  const byPath = new Map(parts.map((p) => [p.path, p]));
  const resources = [
    ...t.resources.map((r, i) => ({ r, path: `resources[${i}]` })),
    ...t.partTypes.flatMap((pt, i) =>
      pt.resources.map((r, j) => ({ r, path: `partTypes[${i}].resources[${j}]` })),
    ),
  ];
  for (const { r, path } of resources) {
    if (!r.font) continue;
    const drawing = [...byPath.values()].filter(({ part }) => part.resourceId === r.id);
    if (drawing.length !== 1) continue;
    const { page, part, path: partPath } = drawing[0]!;
    const a = effectiveFont(r.font);
    const b = effectiveFont(part.font!);
    const differ = (
      [
        ['family', a.family, b.family],
        ['size', a.sizePt, b.sizePt],
        ['color', a.color.toUpperCase(), b.color.toUpperCase()],
        ['horizontalAlign', a.horizontalAlign, b.horizontalAlign],
        ['verticalAlign', a.verticalAlign, b.verticalAlign],
        ['shadow', JSON.stringify(a.shadow ?? b.shadow), JSON.stringify(b.shadow ?? a.shadow)],
      ] as const
    ).filter(([, x, y]) => x !== y);
    if (differ.length === 0) continue;
    problems.push({
      rule: 'font-conflict',
      pageId: page.id,
      part: r.id,
      path: `${path}.font`,
      boxMm: partBoxMm(part),
      message: `the text's font says ${differ.map(([k, x]) => `${k} ${x}`).join(', ')} but its render part (${partPath}) says ${differ.map(([k, , y]) => `${k} ${y}`).join(', ')}; the part's is drawn: write them the same`,
    });
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Texts: fit, size, folds

function resourceFontOf(t: Template, id: string): Font | undefined {
  return (
    t.resources.find((r) => r.id === id)?.font ??
    t.partTypes.flatMap((p) => p.resources).find((r) => r.id === id)?.font
  );
}

const isUserText = (t: Template, id: string) =>
  [...t.resources, ...t.partTypes.flatMap((p) => p.resources)].some(
    (r) => r.id === id && r.type === 'STRING' && r.userSupplied,
  );

/** The horizontal and vertical span a text's lines cover on the page. */
function textExtent(part: RenderPart, layout: TextLayout, valign: string): BoxMm {
  const { x, y } = part.position;
  const { width, height } = part.size;
  const top =
    valign === 'top' ? 0 : valign === 'bottom' ? height - layout.heightMm : (height - layout.heightMm) / 2;
  const left = Math.min(...layout.lines.map((l) => l.xMm));
  const right = Math.max(...layout.lines.map((l) => l.xMm + l.widthMm));
  return {
    x: x + Math.max(0, left),
    y: y + Math.max(0, top),
    width: Math.min(width, right) - Math.max(0, left),
    height: Math.min(height, layout.heightMm),
  };
}

function crossesFold(box: BoxMm, fold: Fold): boolean {
  const eps = 1e-6;
  return fold.axis === 'vertical'
    ? box.x < fold.atMm - eps && box.x + box.width > fold.atMm + eps
    : box.y < fold.atMm - eps && box.y + box.height > fold.atMm + eps;
}

function textProblems(t: Template, fonts: FontSet): PreflightProblem[] {
  const problems: PreflightProblem[] = [];
  for (const { page, part, path } of placedParts(t)) {
    const boxMm = partBoxMm(part);
    const at = { pageId: page.id, part: part.resourceId, boxMm };
    if (part.type === 'STRING' && part.font) {
      const font = textFontOf(part, resourceFontOf(t, part.resourceId));
      const style = effectiveFont(font);
      if (!isFontFamily(style.family)) continue;
      if (style.sizePt < MIN_TEXT_SIZE_PT) {
        problems.push({
          rule: 'text-too-small',
          ...at,
          path: `${path}.font.size`,
          message: `${style.sizePt} pt is below the ${MIN_TEXT_SIZE_PT} pt a printed text needs`,
        });
      }
      const text = isSpecialStringId(part.resourceId)
        ? sampleSpecialText(part.resourceId)
        : (font.text ?? '');
      const box = { widthMm: part.size.width, heightMm: part.size.height };
      const layout = text.trim() ? layoutText(fonts, style, text, box) : null;
      if (layout?.overflowsHeight) {
        problems.push({
          rule: 'text-overflow',
          ...at,
          path,
          message: `"${text}" needs ${round(layout.heightMm)} mm but its box is ${part.size.height} mm tall at ${style.sizePt} pt`,
        });
      }
      if (layout?.overflowsWidth) {
        problems.push({
          rule: 'text-clipped',
          ...at,
          path,
          message: `"${text}" has a word ${round(layout.widthMm)} mm wide in a ${part.size.width} mm box at ${style.sizePt} pt: it is cut off`,
        });
      }
      // What the shopper types may fill the whole box; a fixed text only covers its lines.
      const extent =
        layout && !isUserText(t, part.resourceId) ? textExtent(part, layout, style.verticalAlign) : boxMm;
      (t.folds ?? []).forEach((fold, n) => {
        if (!crossesFold(extent, fold)) return;
        problems.push({
          rule: 'fold-crossed',
          ...at,
          path,
          message: `the text crosses the ${fold.axis} fold at ${fold.atMm} mm (folds[${n}])`,
        });
      });
    }
    if (part.type === 'MONTH' && part.month && page.months[part.resourceId]) {
      const style = part.month;
      const cell = {
        widthMm: (part.size.width - 7 * style.colSpacing) / 8,
        heightMm: (part.size.height - 6 * style.rowSpacing) / 7,
      };
      // The widest texts any month of any year puts in a cell: the headings are the same every year.
      const samples: [keyof typeof style.cells, string][] = [
        [
          'dayheading',
          LANGUAGES.flatMap((l) => weekdayHeadings(l)).reduce<string>(
            (a, b) => (b.length > a.length ? b : a),
            '',
          ),
        ],
        ['week', '53'],
        ['day', '28'],
        ['extraday', '28'],
        ['holiday', '28'],
      ];
      for (const [name, text] of samples) {
        const font = style.cells[name].font;
        if (!isFontFamily(font.family)) continue;
        const layout = layoutText(fonts, effectiveFont(font), text, cell);
        if (layout.overflows) {
          problems.push({
            rule: layout.overflowsHeight ? 'text-overflow' : 'text-clipped',
            pageId: page.id,
            part: `${part.resourceId}/${name}`,
            path: `${path}.month.cells.${name}.font`,
            boxMm,
            message: `"${text}" does not fit a ${cell.widthMm.toFixed(1)} x ${cell.heightMm.toFixed(1)} mm cell at ${font.size} pt`,
          });
        }
      }
      (t.folds ?? []).forEach((fold, n) => {
        if (!crossesFold(boxMm, fold)) return;
        problems.push({
          rule: 'fold-crossed',
          pageId: page.id,
          part: part.resourceId,
          path,
          boxMm,
          message: `the month grid crosses the ${fold.axis} fold at ${fold.atMm} mm (folds[${n}])`,
        });
      });
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Geometry and art

function geometryProblems(t: Template): PreflightProblem[] {
  const problems: PreflightProblem[] = [];
  const { width, height } = t.dimensions;
  const eps = 1e-6;
  const userSlot = new Set(
    resourceSlots(t)
      .filter((s) => s.resource.userSupplied)
      .map((s) => s.resource.id),
  );
  // A text near the trim may be cut. A picture may run to the trim (full bleed, the backgrounds), but
  // a shopper's picture that stops just short of it may leave a white sliver or lose its edge.
  const nearTrim = (b: BoxMm) =>
    [b.x, b.y, width - b.x - b.width, height - b.y - b.height].some(
      (gap) => gap > eps && gap < SAFE_AREA_MM - eps,
    );
  for (const { page, part, path } of placedParts(t)) {
    const boxMm = partBoxMm(part);
    const at = { pageId: page.id, part: part.resourceId, boxMm };
    const inside = (margin: number) =>
      boxMm.x >= margin - eps &&
      boxMm.y >= margin - eps &&
      boxMm.x + boxMm.width <= width - margin + eps &&
      boxMm.y + boxMm.height <= height - margin + eps;
    const where = `(${round(boxMm.x)}, ${round(boxMm.y)}) ${round(boxMm.width)} x ${round(boxMm.height)} mm`;
    if (!inside(0)) {
      problems.push({
        rule: 'outside-page',
        ...at,
        path,
        message: `the slot ${where} reaches outside the ${width} x ${height} mm page`,
      });
    } else if (
      !inside(SAFE_AREA_MM) &&
      (part.type !== 'IMAGE' || (userSlot.has(part.resourceId) && nearTrim(boxMm)))
    ) {
      problems.push({
        rule: 'outside-safe-area',
        ...at,
        path,
        message: `the slot ${where} comes within ${SAFE_AREA_MM} mm of the trim, where the cut may fall`,
      });
    }
    const art = t.resources.find((r) => r.id === part.resourceId)?.image;
    if (part.type === 'IMAGE' && art) {
      const ppi = Math.min(
        art.width / (part.size.width / MM_PER_INCH),
        art.height / (part.size.height / MM_PER_INCH),
      );
      // An SVG is drawn from its outlines: only its rasterised size against the photo rule counts.
      const vector = /\.svg$/i.test(art.src);
      const low = vector
        ? isLowQuality({ x: 0, y: 0, width: 1, height: 1 }, art, 0, {
            widthMm: part.size.width,
            heightMm: part.size.height,
          })
        : ppi < ART_MIN_PPI - eps;
      if (low) {
        problems.push({
          rule: 'low-resolution',
          ...at,
          path: `resources[${t.resources.findIndex((r) => r.id === part.resourceId)}].image`,
          message: `the art (${art.width} x ${art.height} px) prints at ${Math.floor(ppi)} ppi in its ${part.size.width} x ${part.size.height} mm slot; it needs ${ART_MIN_PPI}`,
        });
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Contrast

/** WCAG 2 relative luminance of an sRGB colour. */
export function luminance({ r, g, b }: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export function parseHex(color: string): Rgb {
  const n = Number.parseInt(color.slice(1, 7), 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

/** Each page as the shop draws it for a shopper who has changed nothing (suggested texts, no photos). */
export function preflightScenes(t: Template, fonts: FontSet, today: Date): PageScene[] {
  const instance = createInstance(t, today);
  return t.pages.map((page) => pageScene(t, instance, page.id, fonts));
}

/**
 * A month grid's week numbers and the days of the months before and after are printed faint on
 * purpose (every wall calendar does): they are not what the shopper reads the page for, so the
 * contrast rule leaves them out, as the 12 pt rule leaves out every grid cell.
 */
function isFaintByDesign(part: RenderPart, itemId: string, color: string): boolean {
  if (part.type !== 'MONTH' || !part.month) return false;
  if (/\/w\d+$/.test(itemId)) return true;
  const { extraday, day, holiday } = part.month.cells;
  const extra = extraday.font.color.toUpperCase();
  return (
    /\/d\d+-\d+$/.test(itemId) &&
    color.toUpperCase() === extra &&
    extra !== day.font.color.toUpperCase() &&
    extra !== holiday.font.color.toUpperCase()
  );
}

function contrastProblems(t: Template, fonts: FontSet, options: PreflightOptions): PreflightProblem[] {
  const sampler = options.backdrop;
  if (!sampler) return [];
  const problems: PreflightProblem[] = [];
  const parts = placedParts(t);
  for (const scene of preflightScenes(t, fonts, options.today)) {
    const page = t.pages.find((p) => p.id === scene.pageId)!;
    const pageParts = parts.filter((p) => p.page === page);
    // Scene items follow the render parts; a month grid is many items whose ids share its prefix.
    const partOfItem = (id: string) =>
      pageParts.find(({ part }) => {
        const fullId = fullIdOf(t, page.id, part.resourceId);
        return part.type === 'MONTH' ? id.startsWith(`${fullId}/`) : id === fullId;
      });
    // Grouped by part and colour: a grid's Sundays may fail where its other days pass.
    const groups = new Map<
      string,
      { placed: PlacedPart; color: string; low: number; all: number; worst: number }
    >();
    scene.items.forEach((item, index) => {
      if (item.kind !== 'text' || item.empty || item.glyphs.length === 0) return;
      const placed = partOfItem(item.id);
      if (placed && isFaintByDesign(placed.part, item.id, item.color)) return;
      const samples = placed && sampler(scene, index);
      if (!placed || !samples || samples.length === 0) return;
      const ink = parseHex(item.color);
      const key = `${placed.path} ${item.color}`;
      const group = groups.get(key) ?? { placed, color: item.color, low: 0, all: 0, worst: 21 };
      for (const s of samples) {
        const ratio = contrastRatio(ink, s);
        if (ratio < MIN_CONTRAST) group.low++;
        group.worst = Math.min(group.worst, ratio);
      }
      group.all += samples.length;
      groups.set(key, group);
    });
    for (const { placed, color, low, all, worst } of groups.values()) {
      if (low / all <= MAX_LOW_CONTRAST_SHARE) continue;
      problems.push({
        rule: 'low-contrast',
        pageId: page.id,
        part: placed.part.resourceId,
        path: placed.part.type === 'MONTH' ? `${placed.path}.month` : `${placed.path}.font.color`,
        boxMm: partBoxMm(placed.part),
        message: `${Math.round((100 * low) / all)}% of the ${color} text lies on colours below ${MIN_CONTRAST}:1 contrast (down to ${worst.toFixed(1)}:1)`,
      });
    }
  }
  return problems;
}

/**
 * The text rules over the author's texts, then again over each portal language's (a font's `texts`):
 * a portal shows its own, and a translation longer than the author's text may not fit where the
 * author's did. What the author's texts already found, or a language without texts of its own, adds
 * nothing.
 */
function textProblemsInEveryLanguage(t: Template, fonts: FontSet): PreflightProblem[] {
  const key = (p: PreflightProblem) => `${p.rule}\n${p.pageId}\n${p.path}\n${p.message}`;
  const problems = textProblems(t, fonts);
  const seen = new Set(problems.map(key));
  for (const language of LANGUAGES) {
    for (const problem of textProblems(templateInLanguage(t, language), fonts)) {
      if (seen.has(key(problem))) continue;
      seen.add(key(problem));
      problems.push({ ...problem, message: `In ${language}: ${problem.message}` });
    }
  }
  return problems;
}

/**
 * Every problem of a template at once. A file that is not a template reports its schema problems
 * only (nothing else can be read from it); count-field mistakes do not stop the other checks.
 */
export function preflight(input: unknown, fonts: FontSet, options: PreflightOptions): PreflightProblem[] {
  const { template, problems } = parseForPreflight(input);
  // A template that does not parse is still checked for what it names.
  if (!template) return [...problems, ...unknownFontFields(input)];
  // A book's raw cover page stacks its panels on one page: its pages are checked as printed.
  const printed = preflightPages(template, options.cover);
  return [
    ...problems,
    ...fontProblems(template),
    ...fontConflicts(template),
    ...spineProblems(template, options.cover ?? PREFLIGHT_COVER),
    ...printed.flatMap((t) => [
      ...textProblemsInEveryLanguage(t, fonts),
      ...geometryProblems(t),
      ...contrastProblems(t, fonts, options),
    ]),
  ];
}
