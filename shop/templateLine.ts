/**
 * The rules of a template line (S1 §3, issue 17), in one place that the server runs on every cart add
 * and update and the editor runs on what it is about to send, so both give the same verdict: which
 * user slots a line may fill and with what, the text limits (the 15 fonts, the size slider's range,
 * the text fitting every box it is drawn in), pictures the shopper owns, required slots, and the year.
 * Also both directions between the editor's Instance and a line (what a client sends, and a stored
 * line opened again) and the line's price. Pure: a refusal is a LineRefusal with a stable code.
 */

import type { BookPageRef, Effect, FontSet, Rotation, TextStyle } from '../engine/index.ts';
import {
  bookPagesProblem,
  bookTemplate,
  commitText,
  createInstance,
  defaultYear,
  effectiveFont,
  type Font,
  fullIdOf,
  type Instance,
  instanceTemplate,
  isBook,
  isFontFamily,
  isYearAllowed,
  layoutText,
  MIN_TEXT_SIZE_PT,
  OVERRIDE_KEYS,
  overridesFor,
  type PersonalDate,
  partFor,
  type ResourceValue,
  renderPartsOf,
  resourceSlots,
  selectableYears,
  sizeSliderRange,
  startMonthOf,
  type Template,
  textFontOf,
} from '../engine/index.ts';
import type { LineResource, Product, TemplateResourceInput } from './contract.ts';
import type { MessageValues, Phrase } from './messages.ts';
import { linePrice, photobookLinePrice } from './pricing.ts';

export type LineRefusalCode =
  | 'unknown_slot'
  | 'wrong_slot_type'
  | 'duplicate_slot'
  | 'unknown_font'
  | 'invalid_font_size'
  | 'text_overflow'
  | 'incomplete'
  | 'unknown_picture'
  | 'invalid_year'
  | 'year_required'
  | 'book_pages_required'
  | 'invalid_book_page'
  | 'invalid_page_count';

/**
 * A line the rules refuse: the server answers it as a 400 with this code, and the message of `key`
 * (`errors.<key>` of server.json) with `values`, in the portal's language.
 */
export class LineRefusal extends Error {
  constructor(
    readonly code: LineRefusalCode,
    readonly key: string,
    readonly values: MessageValues = {},
  ) {
    // The words are the locale files'; this is for a stack trace.
    super(`${code}: ${key} ${JSON.stringify(values)}`);
    this.name = 'LineRefusal';
  }
}

const refuse = (code: LineRefusalCode, key: string, values?: MessageValues): never => {
  throw new LineRefusal(code, key, values);
};

export type LineVerdict<T> =
  | { ok: true; value: T }
  | { ok: false; code: LineRefusalCode; key: string; values: MessageValues };

/** A rule's answer as data (the editor shows it; tests compare the client's and the server's). */
export function lineVerdict<T>(rule: () => T): LineVerdict<T> {
  try {
    return { ok: true, value: rule() };
  } catch (error) {
    if (error instanceof LineRefusal) {
      return { ok: false, code: error.code, key: error.key, values: error.values };
    }
    throw error;
  }
}

/** What the rules need of a picture: its upright size (the server's, never the client's). */
export interface PictureInfo {
  uuid: string;
  width: number;
  height: number;
}

// ---- the year (S1 §4) ----

/** The refusal's wording for the kind of template (an i18next context: `_calendar`, `_design`). */
const kindOf = (t: Template) => (t.type === 'CALENDAR' ? 'calendar' : 'design');

/** The years a line may take, as the refusal says them: "2026 to 2029", "one of 2027, 2029", "only 2027". */
function describeYears(years: readonly number[]): Phrase {
  if (years.length === 0) return { key: 'years.none' };
  if (years.length === 1) return { key: 'years.only', values: { year: years[0]! } };
  const run = years.every((y, i) => i === 0 || y === years[i - 1]! + 1);
  return run
    ? { key: 'years.run', values: { first: years[0]!, last: years.at(-1)! } }
    : { key: 'years.list', values: { years: years.join(', ') } };
}

/**
 * The year of a line: from this year to the template's last supported one (engine/calendar.ts
 * selectableYears). A calendar's year is the one the shopper chose and saw in the editor, so a new
 * calendar line without one is refused rather than printed for a year the server guessed. Cards and
 * photo gifts may send null or nothing: the server fills the default year (what a YEAR_STRING shows);
 * a year they do send is held to the same range. The year a line already has (`keep`) is kept even
 * once past, so an old line's text can still be changed; a new line of a template whose years are all
 * past is refused.
 */
export function chooseLineYear(
  t: Template,
  requested: number | null | undefined,
  today: Date,
  keep?: number,
): number {
  if (requested === null || requested === undefined) {
    if (keep !== undefined) return keep;
    if (t.type === 'CALENDAR') {
      return refuse('year_required', 'line.yearRequired', {
        years: describeYears(selectableYears(t, today)),
      });
    }
    const year = defaultYear(t, today);
    if (isYearAllowed(year, t, today)) return year;
    return refuse('invalid_year', 'line.yearsPast', { context: kindOf(t) });
  }
  if (requested === keep) return keep;
  if (!isYearAllowed(requested, t, today)) {
    return refuse('invalid_year', 'line.yearRefused', {
      year: requested,
      context: kindOf(t),
      years: describeYears(selectableYears(t, today)),
    });
  }
  return requested;
}

/** The year a client sends for an editor instance: a calendar's own, none for other templates. */
export const lineYearInput = (t: Pick<Template, 'type'>, instance: Pick<Instance, 'year'>): number | null =>
  t.type === 'CALENDAR' ? instance.year : null;

// ---- a photo book's pages (issue 33) ----

/**
 * The page rules of a book product (shop/photobook's PageRules: the product's spec): `min` to `max`
 * inner pages, `step` at a time.
 */
export interface BookPageRules {
  min: number;
  max: number;
  step: number;
}

const pageCountTaken = (rules: BookPageRules, pages: number) =>
  pages >= rules.min && pages <= rules.max && (pages - rules.min) % rules.step === 0;

/**
 * A book line's inner pages: the ones sent, else the ones the line has (`keep`); each page's layout
 * one of the book's, its id unique (and not the cover's), and as many pages as the product takes
 * (`rules`, the product's; the server always gives them). Every other template has none: null,
 * whatever was sent. The line's resources are then checked against lineTemplate's slots, so a
 * resource for a slot no page has is refused there (unknown_slot).
 */
export function checkBookPages(
  t: Template,
  sent: readonly BookPageRef[] | undefined,
  rules: BookPageRules | undefined,
  keep?: readonly BookPageRef[],
): BookPageRef[] | null {
  if (!isBook(t)) return null;
  const pages = (sent ?? keep)?.map(({ id, typeId }) => ({ id, typeId }));
  if (!pages) return refuse('book_pages_required', 'line.bookPagesRequired');
  const problem = bookPagesProblem(t, pages);
  if (problem?.kind === 'unknown_layout') {
    refuse('invalid_book_page', 'line.bookLayout', { page: problem.pageId, layout: problem.typeId });
  }
  if (problem?.kind === 'duplicate_page')
    refuse('invalid_book_page', 'line.bookPageTwice', { page: problem.pageId });
  if (problem?.kind === 'invalid_page_id')
    refuse('invalid_book_page', 'line.bookPageId', { page: problem.pageId });
  if (rules && !pageCountTaken(rules, pages.length)) {
    refuse('invalid_page_count', 'line.bookPageCount', { ...rules, pages: pages.length });
  }
  return pages;
}

/** The template a line's resources are checked against: a book's cover and pages, else the template. */
export function lineTemplate(t: Template, bookPages: readonly BookPageRef[] | null | undefined): Template {
  return isBook(t) && bookPages ? bookTemplate(t, bookPages) : t;
}

/** The pages a client sends for an editor instance: a book's, none for other templates. */
export const lineBookPagesInput = (instance: Pick<Instance, 'bookPages'>): BookPageRef[] | undefined =>
  instance.bookPages?.map(({ id, typeId }) => ({ id, typeId }));

// ---- the resources ----

/** Every box a resource's text is drawn in (a text may be drawn on several pages). */
function textBoxesOf(t: Template, fullId: string) {
  const boxes: { widthMm: number; heightMm: number }[] = [];
  for (const page of t.pages) {
    for (const part of renderPartsOf(t, page)) {
      if (part.type === 'STRING' && fullIdOf(t, page.id, part.resourceId) === fullId) {
        boxes.push({ widthMm: part.size.width, heightMm: part.size.height });
      }
    }
  }
  return boxes;
}

const withoutOverrides = (f: Font): Font => {
  const {
    overrideFamily: _a,
    overrideSize: _b,
    overrideColor: _c,
    overrideHorizontalAlign: _d,
    overrideVerticalAlign: _e,
    ...rest
  } = f;
  return rest;
};

const sameStyle = (a: TextStyle, b: TextStyle) =>
  a.family === b.family &&
  a.sizePt === b.sizePt &&
  a.color === b.color &&
  a.horizontalAlign === b.horizontalAlign &&
  a.verticalAlign === b.verticalAlign;

type StringInput = Extract<TemplateResourceInput, { type: 'STRING' }>;
type ImageInput = Extract<TemplateResourceInput, { type: 'IMAGE' }>;
type LineText = Extract<LineResource, { type: 'STRING' }>;
type LineImage = Extract<LineResource, { type: 'IMAGE' }>;

function lineText(
  t: Template,
  fullId: string,
  templateFont: Font,
  input: StringInput | undefined,
  fonts: FontSet,
): LineText {
  const base = withoutOverrides(templateFont);
  const authored = effectiveFont(base);
  const f = input?.font ?? {};
  const style: TextStyle = {
    ...authored,
    family: f.overrideFamily ?? f.family ?? authored.family,
    sizePt: f.overrideSize ?? f.size ?? authored.sizePt,
    color: f.overrideColor ?? f.color ?? authored.color,
    horizontalAlign: f.overrideHorizontalAlign ?? f.horizontalAlign ?? authored.horizontalAlign,
    verticalAlign: f.overrideVerticalAlign ?? f.verticalAlign ?? authored.verticalAlign,
  };
  if (style.family !== authored.family && !isFontFamily(style.family)) {
    refuse('unknown_font', 'line.unknownFont', { family: style.family, slot: fullId });
  }
  if (style.sizePt !== authored.sizePt) {
    const { max } = sizeSliderRange(authored.sizePt);
    if (style.sizePt < MIN_TEXT_SIZE_PT || style.sizePt > max) {
      refuse('invalid_font_size', 'line.fontSize', {
        slot: fullId,
        min: MIN_TEXT_SIZE_PT,
        max,
        size: style.sizePt,
      });
    }
  }
  const raw = input ? (input.text ?? input.font?.text ?? base.text ?? '') : (base.text ?? '');
  const text = commitText(raw);
  // The template's own text in its own font is printed as authored, even if it never fitted.
  const asAuthored = text === commitText(base.text ?? '') && sameStyle(style, authored);
  if (!asAuthored) {
    for (const box of textBoxesOf(t, fullId)) {
      const layout = layoutText(fonts, style, text, box);
      if (layout.overflows) {
        refuse('text_overflow', 'line.overflow', {
          slot: fullId,
          family: style.family,
          size: style.sizePt,
          context: layout.overflowsWidth ? 'wide' : 'tall',
        });
      }
    }
  }
  const overrides = Object.fromEntries(
    Object.entries(overridesFor(base, style)).filter(([, v]) => v !== undefined),
  );
  const font: Font = { ...base, ...overrides, text };
  return { fullId, type: 'STRING', text, font };
}

function lineImage(
  fullId: string,
  defaultEffect: Effect,
  input: ImageInput | undefined,
  pictures: ReadonlyMap<string, PictureInfo>,
): LineImage {
  const image = input?.image;
  if (!image) return { fullId, type: 'IMAGE', image: null };
  const picture = pictures.get(image.uuid);
  if (!picture) return refuse('unknown_picture', 'unknown_picture', { uuid: image.uuid });
  return {
    fullId,
    type: 'IMAGE',
    image: {
      uuid: picture.uuid,
      width: picture.width,
      height: picture.height,
      rotation: image.rotation as Rotation,
      effect: image.overrideEffect ?? image.effect ?? defaultEffect,
      cropRect: { ...image.cropRect },
    },
  };
}

/**
 * The user-supplied resources of a line, checked against the template and normalised, one per user
 * slot: every sent resource names a user slot of the right type, once; pictures are among `pictures`
 * (the ones the shopper owns); texts use one of the 15 fonts at a size the editor allows and fit every
 * box they are drawn in; required slots are filled. Slots not sent keep the template's default (a
 * suggested text, an empty picture); slots the shopper may not edit (disableEdit) always do.
 */
export function checkLineResources(
  t: Template,
  inputs: readonly TemplateResourceInput[],
  pictures: ReadonlyMap<string, PictureInfo>,
  fonts: FontSet,
): LineResource[] {
  const slots = resourceSlots(t).filter((s) => s.resource.userSupplied);
  const byId = new Map(slots.map((s) => [s.fullId, s]));
  const sent = new Map<string, TemplateResourceInput>();
  for (const input of inputs) {
    const fullId = (input.fullId ?? input.id)!;
    const slot = byId.get(fullId);
    if (!slot) refuse('unknown_slot', 'line.unknownSlot', { slot: fullId });
    if (slot!.resource.type !== input.type) {
      refuse('wrong_slot_type', 'line.wrongSlotType', {
        slot: fullId,
        context: slot!.resource.type === 'IMAGE' ? 'image' : 'text',
      });
    }
    if (sent.has(fullId)) refuse('duplicate_slot', 'line.duplicateSlot', { slot: fullId });
    sent.set(fullId, input);
  }
  const stored: LineResource[] = [];
  for (const slot of slots) {
    const at = partFor(t, slot.fullId);
    if (!at) continue; // a resource no page draws
    const input = slot.resource.disableEdit ? undefined : sent.get(slot.fullId);
    if (slot.resource.type === 'IMAGE') {
      const value = lineImage(
        slot.fullId,
        at.part.effect ?? 'original',
        input as ImageInput | undefined,
        pictures,
      );
      if (slot.resource.required && !value.image) {
        refuse('incomplete', 'line.pictureMissing', { slot: slot.fullId });
      }
      stored.push(value);
    } else {
      const templateFont = textFontOf(at.part, slot.resource.font);
      const value = lineText(t, slot.fullId, templateFont, input as StringInput | undefined, fonts);
      if (slot.resource.required && value.text === '') {
        refuse('incomplete', 'line.textEmpty', { slot: slot.fullId });
      }
      stored.push(value);
    }
  }
  return stored;
}

// ---- an editor instance and a line, both ways ----

/** The font a text slot is drawn in as designed (the base the shopper's changes are measured against). */
function templateFontOf(template: Template, fullId: string): Font | undefined {
  const at = partFor(template, fullId);
  const slot = resourceSlots(template).find((s) => s.fullId === fullId);
  return at ? textFontOf(at.part, slot?.resource.font) : undefined;
}

const FONT_FIELDS = ['family', 'size', 'color', 'horizontalAlign', 'verticalAlign'] as const;

function resourceInput(template: Template, fullId: string, value: ResourceValue): TemplateResourceInput {
  if (value.type === 'IMAGE') {
    const image = value.image;
    return {
      fullId,
      type: 'IMAGE',
      image: image && {
        uuid: image.uuid,
        rotation: image.rotation,
        effect: image.effect,
        cropRect: { ...image.cropRect },
      },
    };
  }
  const base = templateFontOf(template, fullId);
  const font: Record<string, unknown> = {};
  for (const field of FONT_FIELDS) {
    if (value.font[field] !== undefined && value.font[field] !== base?.[field])
      font[field] = value.font[field];
  }
  for (const field of OVERRIDE_KEYS) {
    if (value.font[field] !== undefined && value.font[field] !== null) font[field] = value.font[field];
  }
  return { fullId, type: 'STRING', text: value.text, font };
}

/**
 * The user-supplied resources of an editor instance as a client sends them (S1 §3): pictures by uuid
 * with rotation, effect and crop; texts with the override fields and any plain font field that
 * differs from the template's (checkLineResources works out the overrides from either).
 */
export function lineResourceInputs(template: Template, instance: Instance): TemplateResourceInput[] {
  const model = instanceTemplate(template, instance);
  return Object.entries(instance.resources).map(([fullId, value]) => resourceInput(model, fullId, value));
}

/** The pictures an editor instance holds, as the client knows them (to run the rules before sending). */
export function instancePictures(instance: Instance): Map<string, PictureInfo> {
  const pictures = new Map<string, PictureInfo>();
  for (const value of Object.values(instance.resources)) {
    if (value.type === 'IMAGE' && value.image) {
      const { uuid, width, height } = value.image;
      pictures.set(uuid, { uuid, width, height });
    }
  }
  return pictures;
}

/**
 * A line's first month (issue 18): a calendar's is the one sent, else the one it had (`keep`), else
 * January; every other template's is January, whatever was sent (a card has no months to move).
 */
export function chooseStartMonth(t: Pick<Template, 'type'>, sent: number | undefined, keep = 1): number {
  if (t.type !== 'CALENDAR') return 1;
  return sent ?? keep;
}

/** A calendar line's own dates and whether it marks holidays (issue 18). */
export interface CalendarExtras {
  personalDates: PersonalDate[];
  holidays: boolean;
}

/**
 * A line's dates and holidays: a calendar's are the ones sent, else the ones it had (`keep`), else
 * none and holidays on; every other template has none (a card has no month grid).
 */
export function chooseCalendarExtras(
  t: Pick<Template, 'type'>,
  sent: Partial<CalendarExtras>,
  keep: CalendarExtras = { personalDates: [], holidays: true },
): CalendarExtras {
  if (t.type !== 'CALENDAR') return { personalDates: [], holidays: true };
  return {
    personalDates: sent.personalDates ?? keep.personalDates,
    holidays: sent.holidays ?? keep.holidays,
  };
}

/**
 * The engine instance of a stored line: the template's defaults with the line's values and year;
 * slots the template no longer has, or whose type changed, are dropped.
 */
export function lineInstance(
  t: Template,
  stored: {
    resources: readonly LineResource[];
    year: number;
    startMonth?: number | null;
    personalDates?: readonly PersonalDate[];
    holidays?: boolean;
    /** A book line's inner pages. */
    bookPages?: readonly BookPageRef[] | null;
  },
  today: Date,
): Instance {
  const instance = createInstance(t, today, stored.bookPages ?? undefined);
  for (const r of stored.resources) {
    const current = instance.resources[r.fullId];
    if (!current || current.type !== r.type) continue;
    instance.resources[r.fullId] =
      r.type === 'IMAGE'
        ? { type: 'IMAGE', image: r.image }
        : { type: 'STRING', text: r.text, font: { ...r.font, text: r.text } };
  }
  instance.year = stored.year;
  if (t.type === 'CALENDAR') {
    if (startMonthOf(stored) !== 1) instance.startMonth = startMonthOf(stored);
    if (stored.personalDates?.length) instance.personalDates = stored.personalDates.map((d) => ({ ...d }));
    if (stored.holidays === false) instance.holidays = false;
  }
  return instance;
}

// ---- the price (S1 §9) ----

/** The campaign rule of template lines: the product's requirement names one of the template's categories. */
export function categoryRequirement(
  template: Pick<Template, 'categories'>,
): (requirement: string) => boolean {
  const categories = new Set(template.categories.map((c) => c.toUpperCase()));
  return (requirement) => categories.has(requirement.toUpperCase());
}

/**
 * A template line's price: tier price plus each subproduct's extra, per piece; campaign by category.
 * A photo book's (issue 33) is its price for its inner pages, per copy: `bookPages` is how many.
 */
export function templateLinePrice(
  product: Product,
  template: Pick<Template, 'categories'>,
  quantity: number,
  subProductUuids: readonly string[],
  bookPages?: number,
): number {
  if (product.photobook && bookPages !== undefined) {
    return photobookLinePrice(
      { ...product, photobook: product.photobook },
      bookPages,
      quantity,
      categoryRequirement(template),
    );
  }
  return linePrice(product, quantity, subProductUuids, categoryRequirement(template));
}
