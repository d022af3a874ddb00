/**
 * The page scene: everything drawn on one page as plain data, in millimetres from the page's
 * top-left corner. Text arrives already broken into lines and shaped into positioned glyphs, so the
 * editor's renderer and the print renderer only draw outlines: neither measures, breaks or shapes,
 * and the printed page is the page the shopper saw.
 */
import {
  calendarMonth,
  dayNotes,
  type Holiday,
  monthGrid,
  type PersonalDate,
  resolveSpecialString,
  startMonthOf,
} from './calendar.ts';
import type { CropRect, Effect, Rotation } from './image.ts';
import type { Instance } from './instance.ts';
import { FALLBACK_LANGUAGE } from './languages.ts';
import {
  type Font,
  fullIdOf,
  type RenderPart,
  renderPartsOf,
  resourceSlots,
  type Template,
} from './template.ts';
import type { FontSet } from './text/fonts.ts';
import { glyphOutline } from './text/glyphs.ts';
import { effectiveFont, type LaidOutGlyph, layoutText } from './text/layout.ts';
import type { TextShadow } from './text/types.ts';

export interface SceneRotation {
  deg: number;
  /** The pivot, in mm from the page's top-left corner. */
  originXMm: number;
  originYMm: number;
}

interface Placed {
  /** The render part's box on the page. */
  xMm: number;
  yMm: number;
  widthMm: number;
  heightMm: number;
  rotation: SceneRotation | null;
}

export type PictureSource = { kind: 'user'; uuid: string } | { kind: 'art'; src: string };

export interface ScenePicture extends Placed {
  kind: 'picture';
  /** The resource's full id, for hit-testing and the editor's slot numbers. */
  id: string;
  editable: boolean;
  /** An empty user slot: the editor shows a placeholder, the print shows nothing. */
  picture: null | {
    source: PictureSource;
    width: number;
    height: number;
    rotation: Rotation;
    effect: Effect;
    /** Fractions of the oriented picture mapped onto the box (may reach outside 0..1 for fit-in). */
    crop: CropRect;
  };
}

export interface SceneText extends Placed {
  kind: 'text';
  id: string;
  editable: boolean;
  /** An empty user text slot ('Select text' in the editor, nothing in print). */
  empty: boolean;
  /** The text shown, line by line (for screen readers and tests; renderers draw the glyphs). */
  lines: string[];
  family: string;
  sizePt: number;
  color: string;
  shadow: TextShadow | null;
  /** Millimetres per font unit: scale for glyph outlines. */
  mmPerUnit: number;
  /** Positioned glyphs, mm from the page's top-left (already offset by the box). */
  glyphs: LaidOutGlyph[];
  overflows: boolean;
}

export type SceneItem = ScenePicture | SceneText;

export interface PageScene {
  pageId: string;
  widthMm: number;
  heightMm: number;
  /** separateFromBackground: the page is drawn lifted from the background with a shadow. */
  lifted: boolean;
  items: SceneItem[];
}

function placed(part: RenderPart): Placed {
  const rotate = part.transformations?.find((tr) => tr.type === 'ROTATE');
  return {
    xMm: part.position.x,
    yMm: part.position.y,
    widthMm: part.size.width,
    heightMm: part.size.height,
    rotation: rotate
      ? {
          deg: rotate.rotate,
          originXMm: part.position.x + rotate.originX,
          originYMm: part.position.y + rotate.originY,
        }
      : null,
  };
}

function textItem(
  fonts: FontSet,
  id: string,
  box: Placed,
  font: Font,
  text: string,
  flags: { editable: boolean; empty: boolean },
): SceneText {
  const style = effectiveFont(font);
  const layout = layoutText(fonts, style, text, { widthMm: box.widthMm, heightMm: box.heightMm });
  return {
    kind: 'text',
    id,
    ...box,
    ...flags,
    family: style.family,
    sizePt: style.sizePt,
    color: style.color,
    shadow: style.shadow ?? null,
    mmPerUnit: layout.mmPerUnit,
    lines: layout.lines.map((l) => l.text),
    glyphs: layout.lines.flatMap((line) =>
      line.glyphs.map((g) => ({ glyphId: g.glyphId, xMm: box.xMm + g.xMm, yMm: box.yMm + g.yMm })),
    ),
    overflows: layout.overflows,
  };
}

export const OVERRIDE_KEYS = [
  'overrideFamily',
  'overrideSize',
  'overrideColor',
  'overrideHorizontalAlign',
  'overrideVerticalAlign',
] as const;

/**
 * The font a STRING render part draws its text with (docs/template-format.md, "Which font a text is
 * drawn with"): each property is the shopper's change if they made one, else the render part's own
 * font, else the resource's. The answer is a template font whose override fields are the shopper's
 * only, so `effectiveFont` draws it and the text editor compares the shopper's choices against what
 * the design draws, not against the resource's font.
 */
export function textFontOf(part: RenderPart, resourceFont: Font | undefined, shopperFont?: Font): Font {
  const designed = part.font ?? resourceFont;
  if (!designed) throw new Error(`The text "${part.resourceId}" has no font`);
  // An author's own override fields (left from an older format) are part of the design.
  const style = effectiveFont(designed);
  const font: Font = {
    family: style.family,
    size: style.sizePt,
    color: style.color,
    horizontalAlign: style.horizontalAlign,
    verticalAlign: style.verticalAlign,
  };
  if (style.shadow) font.shadow = style.shadow;
  const text = resourceFont?.text ?? part.font?.text;
  if (text !== undefined) font.text = text;
  for (const key of OVERRIDE_KEYS) {
    const value = shopperFont?.[key];
    if (value !== undefined && value !== null) (font as Record<string, unknown>)[key] = value;
  }
  return font;
}

/** The smallest a day's note is set: a note that does not fit even so runs on below its cell. */
const MIN_NOTE_PT = 4;
/**
 * The shopper's own dates are printed in one colour of the shop's (a deep blue, apart from the black
 * days and the red holidays of every demo calendar), so they stand out from the template's days.
 */
export const PERSONAL_COLOR = '#1F5FA8';
const NOT_EDITABLE = { editable: false, empty: false };

function noteFont(font: Font, sizePt: number): Font {
  const {
    overrideFamily,
    overrideSize,
    overrideColor,
    overrideHorizontalAlign,
    overrideVerticalAlign,
    ...plain
  } = font;
  return { ...plain, size: sizePt, horizontalAlign: 'center', verticalAlign: 'top' };
}

/** The highest point of a text's glyphs on the page (mm): their outlines' points, control points included. */
function inkTopOf(fonts: FontSet, text: SceneText): number {
  let top = Number.POSITIVE_INFINITY;
  for (const g of text.glyphs)
    for (const c of glyphOutline(fonts, text.family, g.glyphId)) {
      const ys =
        c.type === 'Z' ? [] : c.type === 'Q' ? [c.y, c.y1] : c.type === 'C' ? [c.y, c.y1, c.y2] : [c.y];
      for (const y of ys) top = Math.min(top, g.yMm - y * text.mmPerUnit);
    }
  return top;
}

/** The 8 x 7 month grid of S1 §9: week numbers and Mon..Sun, a heading row and six weeks. */
function monthItems(
  fonts: FontSet,
  id: string,
  part: RenderPart,
  year: number,
  month: number,
  language: string,
  marks: { holidays: readonly Holiday[]; personal: readonly PersonalDate[] },
): SceneText[] {
  const style = part.month!;
  const box = placed(part);
  const cellW = (box.widthMm - 7 * style.colSpacing) / 8;
  const cellH = (box.heightMm - 6 * style.rowSpacing) / 7;
  const grid = monthGrid(year, month, language);
  const cellBox = (col: number, row: number) => ({
    xMm: box.xMm + col * (cellW + style.colSpacing),
    yMm: box.yMm + row * (cellH + style.rowSpacing),
    widthMm: cellW,
    heightMm: cellH,
    rotation: box.rotation,
  });
  const cell = (col: number, row: number, font: Font, text: string, key: string) =>
    textItem(fonts, `${id}/${key}`, cellBox(col, row), font, text, { editable: false, empty: false });
  /**
   * A day's number with its notes (its holiday's name, the shopper's own text) under it, one under
   * the other (the holiday's first), at the largest size at which all of them fit the room left. The
   * room starts below the number's baseline (digits have no descenders), so no template's number size
   * or alignment puts a note over it, and two notes never share a line. Where even the smallest notes
   * do not fit below, the number is lifted by what they lack, as far as the top of its cell allows.
   */
  const dayWithNotes = (
    col: number,
    row: number,
    font: Font,
    day: number,
    notes: { font: Font; text: string; key: string }[],
  ): SceneText[] => {
    const whole = cellBox(col, row);
    const numberIn = (box: Placed) =>
      textItem(fonts, `${id}/d${row - 1}-${col - 1}`, box, font, String(day), NOT_EDITABLE);
    let number = numberIn(whole);
    if (!notes.length) return [number];
    const bottom = whole.yMm + whole.heightMm;
    const gap = whole.heightMm * 0.04;
    const baselineOf = (t: SceneText) => Math.max(...t.glyphs.map((g) => g.yMm));
    const width = whole.widthMm;
    const sized = (size: number) => notes.map((n) => noteFont(n.font, Math.min(n.font.size, size)));
    const laidOut = (size: number, heightMm: number) =>
      sized(size).map((f, k) =>
        layoutText(fonts, effectiveFont(f), notes[k]!.text, { widthMm: width, heightMm }),
      );
    const total = (laid: { heightMm: number }[]) => laid.reduce((sum, l) => sum + l.heightMm, 0);

    const lacking = total(laidOut(MIN_NOTE_PT, whole.heightMm)) - (bottom - baselineOf(number) - gap);
    if (lacking > 0) {
      const inkTop = inkTopOf(fonts, number);
      const lift = Math.max(0, Math.min(lacking, inkTop - whole.yMm));
      number = numberIn({ ...whole, yMm: whole.yMm - lift });
    }
    const top = baselineOf(number) + gap;
    // A number drawn past its cell's bottom (a template's oversized font) leaves no room, not less.
    const room = Math.max(0, bottom - top);
    let size = Math.max(...notes.map((n) => n.font.size));
    for (; size > MIN_NOTE_PT; size -= 0.5) {
      const laid = laidOut(size, room);
      if (laid.every((l) => !l.overflowsWidth) && total(laid) <= room) break;
    }
    size = Math.max(size, MIN_NOTE_PT);
    const laid = laidOut(size, room);
    let y = top;
    return [
      number,
      ...sized(size).map((noteStyle, k) => {
        const area = { ...whole, yMm: y, heightMm: laid[k]!.heightMm };
        y += area.heightMm;
        return textItem(fonts, `${id}/${notes[k]!.key}`, area, noteStyle, notes[k]!.text, NOT_EDITABLE);
      }),
    ];
  };
  const items = grid.headings.map((h, c) => cell(c + 1, 0, style.cells.dayheading.font, h, `h${c}`));
  grid.weeks.forEach((week, r) => {
    items.push(cell(0, r + 1, style.cells.week.font, String(week.isoWeek), `w${r}`));
    week.days.forEach((day, c) => {
      if (day.kind === 'extraday') {
        items.push(cell(c + 1, r + 1, style.cells.extraday.font, String(day.day), `d${r}-${c}`));
        return;
      }
      const dated = dayNotes(day.date, marks.holidays, marks.personal);
      // A public holiday is printed like a Sunday (S1 §9's holiday style), with its name.
      const font = dated.holiday ? style.cells.holiday.font : style.cells[day.kind].font;
      const notes = [
        ...(dated.holiday
          ? [{ font: style.cells.holiday.font, text: dated.holiday, key: `o${r}-${c}` }]
          : []),
        ...(dated.personal
          ? [
              {
                font: { ...style.cells.day.font, color: PERSONAL_COLOR },
                text: dated.personal,
                key: `p${r}-${c}`,
              },
            ]
          : []),
      ];
      items.push(...dayWithNotes(c + 1, r + 1, font, day.day, notes));
    });
  });
  return items;
}

/**
 * The template art a page draws while its picture slots are as the author made them (fixed pictures,
 * and slots the shopper has not filled): the `src` of each, once. The editor's first screen names the
 * first page's in the HTML, so they load alongside the app (issue 18: the editor's open time).
 */
export function pageArt(t: Template, pageId: string): string[] {
  const page = t.pages.find((p) => p.id === pageId);
  if (!page) return [];
  const slots = new Map(resourceSlots(t).map((s) => [s.fullId, s]));
  const found = new Set<string>();
  for (const part of renderPartsOf(t, page)) {
    if (part.type !== 'IMAGE') continue;
    const art = slots.get(fullIdOf(t, page.id, part.resourceId))?.resource.image;
    if (art) found.add(art.src);
  }
  return [...found];
}

/**
 * `language` is the portal's (the line's, once ordered): it names the months and weekdays.
 * `holidays` are the public holidays of the portal's country over the calendar's months (issue 18;
 * the server's shop/holidays, given to the editor by the API): drawn unless the shopper turned them
 * off (`instance.holidays === false`). The shopper's own dates come with the instance.
 */
export function pageScene(
  t: Template,
  instance: Instance,
  pageId: string,
  fonts: FontSet,
  language: string = FALLBACK_LANGUAGE,
  holidays: readonly Holiday[] = [],
): PageScene {
  const page = t.pages.find((p) => p.id === pageId);
  if (!page) throw new Error(`Template ${t.uuid} has no page "${pageId}"`);
  const slots = new Map(resourceSlots(t).map((s) => [s.fullId, s]));
  const items: SceneItem[] = [];

  for (const part of renderPartsOf(t, page)) {
    const fullId = fullIdOf(t, page.id, part.resourceId);
    const slot = slots.get(fullId);
    const editable = !!slot && slot.resource.userSupplied && !slot.resource.disableEdit;

    if (part.type === 'MONTH') {
      const shown = calendarMonth(instance.year, startMonthOf(instance), page.months[part.resourceId]!);
      const marks = {
        holidays: instance.holidays === false ? [] : holidays,
        personal: instance.personalDates ?? [],
      };
      items.push(...monthItems(fonts, fullId, part, shown.year, shown.month, language, marks));
      continue;
    }

    if (part.type === 'IMAGE') {
      const value = instance.resources[fullId];
      let picture: ScenePicture['picture'] = null;
      if (value?.type === 'IMAGE' && value.image) {
        const img = value.image;
        picture = {
          source: { kind: 'user', uuid: img.uuid },
          width: img.width,
          height: img.height,
          rotation: img.rotation,
          effect: img.effect,
          crop: img.cropRect,
        };
      } else if (slot?.resource.image) {
        const art = slot.resource.image;
        // Fixed art fills its box exactly as the author drew it.
        picture = {
          source: { kind: 'art', src: art.src },
          width: art.width,
          height: art.height,
          rotation: 0,
          effect: part.effect ?? 'original',
          crop: { x: 0, y: 0, width: 1, height: 1 },
        };
      }
      items.push({ kind: 'picture', id: fullId, editable, ...placed(part), picture });
      continue;
    }

    // STRING: the year and month titles are filled in here; user text comes from the instance.
    const special = resolveSpecialString(part.resourceId, instance.year, language, startMonthOf(instance));
    const value = instance.resources[fullId];
    const font = textFontOf(part, slot?.resource.font, value?.type === 'STRING' ? value.font : undefined);
    const text = special ?? (value?.type === 'STRING' ? value.text : (font.text ?? ''));
    items.push(
      textItem(fonts, fullId, placed(part), font, text, { editable, empty: editable && text.trim() === '' }),
    );
  }

  return {
    pageId,
    widthMm: t.dimensions.width,
    heightMm: t.dimensions.height,
    lifted: t.separateFromBackground,
    items,
  };
}
