/**
 * Template lines (issue 7): cards, calendars and photo gifts in the cart. A client sends the
 * user-supplied resources and the year (S1 §3); the server checks them against the template itself
 * (slots, fonts, text fit at the chosen font and size, the year, the shopper's own pictures) and
 * stores them normalised, one value per user slot, ready to become an engine Instance again.
 */
import { and, eq } from 'drizzle-orm';
import { defaultYear, isYearAllowed, selectableYears } from '../../engine/calendar.ts';
import type { CropRect, Effect, Rotation } from '../../engine/image.ts';
import { createInstance, type Instance, partFor } from '../../engine/instance.ts';
import { textFontOf } from '../../engine/scene.ts';
import {
  type Font,
  fullIdOf,
  parseTemplate,
  renderPartsOf,
  resourceSlots,
  type Template,
} from '../../engine/template.ts';

import { isFontFamily } from '../../engine/text/catalogue.ts';
import type { FontSet } from '../../engine/text/fonts.ts';
import {
  commitText,
  effectiveFont,
  layoutText,
  MIN_TEXT_SIZE_PT,
  overridesFor,
  sizeSliderRange,
} from '../../engine/text/layout.ts';
import type { TextStyle } from '../../engine/text/types.ts';
import type { Product, TemplateResourceInput } from '../../shop/contract.ts';
import { linePrice } from '../../shop/pricing.ts';
import type { Db } from '../db/connect.ts';
import { templates } from '../db/schema.ts';
import { HttpError } from '../errors.ts';

/** A stored user image: the picture's upright size is the server's, from the pictures table. */
export interface StoredImage {
  uuid: string;
  width: number;
  height: number;
  rotation: Rotation;
  effect: Effect;
  cropRect: CropRect;
}

/** One user-supplied slot of a template line, as stored and answered. */
export type StoredResource =
  | { fullId: string; type: 'IMAGE'; image: StoredImage | null }
  | { fullId: string; type: 'STRING'; text: string; font: Font };

/** `order_lines.templates[0]` of a template line. */
export interface StoredTemplate {
  template: string;
  version: number;
  resources: StoredResource[];
  year: number;
  subProductUuids: string[];
}

/** What the checks need of a picture: its upright size (a PictureRow has more). */
export interface PictureInfo {
  uuid: string;
  width: number;
  height: number;
}

export interface TemplateLineDeps {
  fonts: FontSet;
  /** The picture when the session (or its user) owns it, else null. */
  findPicture(uuid: string): Promise<PictureInfo | null>;
  /** Now, by the app's clock: which years a line may be made for. */
  today: Date;
}

const bad = (code: string, message: string) => new HttpError(400, code, message);

export interface LoadedTemplate {
  template: Template;
  productUuid: string;
}

/** A template version of the portal (the current one without a version), or null. */
export async function loadTemplate(
  db: Db,
  portalUuid: string,
  uuid: string,
  version: number | null,
): Promise<LoadedTemplate | null> {
  const [row] = await db
    .select({ body: templates.body, productUuid: templates.productUuid })
    .from(templates)
    .where(
      and(
        eq(templates.portalUuid, portalUuid),
        eq(templates.uuid, uuid),
        version === null ? eq(templates.isCurrent, true) : eq(templates.version, version),
      ),
    );
  if (!row) return null;
  const parsed = parseTemplate(row.body);
  // Templates are validated when stored; a broken one is the shop's fault, not the shopper's.
  if (!parsed.ok) throw new Error(`Stored template ${uuid} is invalid: ${parsed.problems[0]?.message}`);
  return { template: parsed.template, productUuid: row.productUuid };
}

/** The template's name in a language (en_GB, else any). */
export function templateName(t: Template, locale: string): string {
  return t.name[locale] ?? t.name.en_GB ?? Object.values(t.name)[0] ?? t.uuid;
}

/**
 * The year of a line (S1 §4): from this year to the template's last supported one
 * (engine/calendar.ts selectableYears), for every template, since a card carries a year too; with
 * none sent, the default year. The year a line already has is kept even once past (`keep`), so an
 * old line's text can still be changed; a new line of a template whose years are all past is refused.
 */
export function chooseYear(t: Template, requested: number | undefined, today: Date, keep?: number): number {
  if (requested !== undefined && requested === keep) return keep;
  if (requested === undefined) {
    if (keep !== undefined) return keep;
    const year = defaultYear(t, today);
    if (isYearAllowed(year, t, today)) return year;
    throw bad('invalid_year', `This ${kindOf(t)} can no longer be made: its years are past`);
  }
  if (!isYearAllowed(requested, t, today)) {
    throw bad(
      'invalid_year',
      `The year ${requested} cannot be chosen for this ${kindOf(t)} (${describeYears(selectableYears(t, today))})`,
    );
  }
  return requested;
}

const kindOf = (t: Template) => (t.type === 'CALENDAR' ? 'calendar' : 'design');

/** The years a line may take, as the refusal says them: "2026 to 2029", "one of 2027, 2029", "only 2027". */
function describeYears(years: readonly number[]): string {
  if (years.length === 0) return 'none any more';
  if (years.length === 1) return `only ${years[0]}`;
  const run = years.every((y, i) => i === 0 || y === years[i - 1]! + 1);
  return run ? `${years[0]} to ${years.at(-1)}` : `one of ${years.join(', ')}`;
}

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

function storedText(
  t: Template,
  fullId: string,
  templateFont: Font,
  input: StringInput | undefined,
  fonts: FontSet,
) {
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
    throw bad('unknown_font', `"${style.family}" is not one of the shop's fonts (slot "${fullId}")`);
  }
  if (style.sizePt !== authored.sizePt) {
    const { max } = sizeSliderRange(authored.sizePt);
    if (style.sizePt < MIN_TEXT_SIZE_PT || style.sizePt > max) {
      throw bad(
        'invalid_font_size',
        `The text size of "${fullId}" must be between ${MIN_TEXT_SIZE_PT} and ${max} pt, not ${style.sizePt}`,
      );
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
        const how = layout.overflowsWidth ? 'too wide' : 'too tall';
        throw bad(
          'text_overflow',
          `The text of "${fullId}" does not fit its box in ${style.family} ${style.sizePt} pt (${how})`,
        );
      }
    }
  }
  const overrides = Object.fromEntries(
    Object.entries(overridesFor(base, style)).filter(([, v]) => v !== undefined),
  );
  const font: Font = { ...base, ...overrides, text };
  return { fullId, type: 'STRING' as const, text, font };
}

function storedImage(
  fullId: string,
  defaultEffect: Effect,
  input: ImageInput | undefined,
  pictures: ReadonlyMap<string, PictureInfo>,
): Extract<StoredResource, { type: 'IMAGE' }> {
  const image = input?.image;
  if (!image) return { fullId, type: 'IMAGE', image: null };
  const picture = pictures.get(image.uuid);
  if (!picture) throw bad('unknown_picture', `The picture ${image.uuid} is not one of your pictures`);
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
 * The user-supplied resources of a line, checked against the template: every sent resource names a
 * user slot of the right type; pictures are the shopper's (`pictures` holds the ones they own); texts
 * use one of the 15 fonts at a size the editor allows and fit every box they are drawn in; required
 * slots are filled. Slots not sent keep the template's default (a suggested text, an empty picture);
 * slots the shopper may not edit (disableEdit) always do. Pure: throws HttpError 400 with a message.
 */
export function checkResources(
  t: Template,
  inputs: readonly TemplateResourceInput[],
  pictures: ReadonlyMap<string, PictureInfo>,
  fonts: FontSet,
): StoredResource[] {
  const slots = resourceSlots(t).filter((s) => s.resource.userSupplied);
  const byId = new Map(slots.map((s) => [s.fullId, s]));
  const sent = new Map<string, TemplateResourceInput>();
  for (const input of inputs) {
    const fullId = (input.fullId ?? input.id)!;
    const slot = byId.get(fullId);
    if (!slot) throw bad('unknown_slot', `The template has no slot "${fullId}" for you to fill`);
    if (slot.resource.type !== input.type) {
      throw bad(
        'wrong_slot_type',
        `The slot "${fullId}" takes ${slot.resource.type === 'IMAGE' ? 'a picture' : 'a text'}`,
      );
    }
    if (sent.has(fullId)) throw bad('duplicate_slot', `The slot "${fullId}" is sent twice`);
    sent.set(fullId, input);
  }
  const stored: StoredResource[] = [];
  for (const slot of slots) {
    const at = partFor(t, slot.fullId);
    if (!at) continue; // a resource no page draws
    const input = slot.resource.disableEdit ? undefined : sent.get(slot.fullId);
    if (slot.resource.type === 'IMAGE') {
      const value = storedImage(
        slot.fullId,
        at.part.effect ?? 'original',
        input as ImageInput | undefined,
        pictures,
      );
      if (slot.resource.required && !value.image) {
        throw bad('incomplete', `The picture slot "${slot.fullId}" needs a picture`);
      }
      stored.push(value);
    } else {
      const templateFont = textFontOf(at.part, slot.resource.font);
      const value = storedText(t, slot.fullId, templateFont, input as StringInput | undefined, fonts);
      if (slot.resource.required && value.text === '') {
        throw bad('incomplete', `The text "${slot.fullId}" must not be empty`);
      }
      stored.push(value);
    }
  }
  return stored;
}

/** The pictures the inputs name that the session owns; a picture it does not own is refused. */
export async function ownedPictures(
  inputs: readonly TemplateResourceInput[],
  deps: Pick<TemplateLineDeps, 'findPicture'>,
): Promise<Map<string, PictureInfo>> {
  const uuids = new Set<string>();
  for (const input of inputs) if (input.type === 'IMAGE' && input.image) uuids.add(input.image.uuid);
  const found = new Map<string, PictureInfo>();
  for (const uuid of uuids) {
    const picture = await deps.findPicture(uuid);
    if (!picture) throw bad('unknown_picture', `The picture ${uuid} is not one of your pictures`);
    found.set(uuid, { uuid: picture.uuid, width: picture.width, height: picture.height });
  }
  return found;
}

/** The line's resources and year, checked: the async part (pictures) and the pure part together. */
export async function resolveTemplateState(
  t: Template,
  inputs: readonly TemplateResourceInput[],
  year: number | undefined,
  deps: TemplateLineDeps,
  keepYear?: number,
): Promise<{ resources: StoredResource[]; year: number }> {
  const chosenYear = chooseYear(t, year, deps.today, keepYear);
  const pictures = await ownedPictures(inputs, deps);
  return { resources: checkResources(t, inputs, pictures, deps.fonts), year: chosenYear };
}

/** The product of a template line: the template's own, with known subproducts and enough pieces. */
export function checkTemplateProduct(
  catalogue: ReadonlyMap<string, Product>,
  loaded: LoadedTemplate,
  productUuid: string,
  subProductUuids: readonly string[],
  quantity: number,
): Product {
  const product = catalogue.get(productUuid);
  if (!product) throw bad('unknown_product', `The product ${productUuid} is not sold here`);
  if (product.uuid !== loaded.productUuid || product.producttype === 0) {
    throw bad('product_mismatch', `${product.name} is not the product this template is made for`);
  }
  for (const sub of subProductUuids) {
    if (!product.subproducts.some((s) => s.uuid === sub)) {
      throw bad('unknown_subproduct', `The subproduct ${sub} is not an option of ${product.name}`);
    }
  }
  if (quantity < product.minQuantity) {
    throw bad('below_minimum', `The minimum quantity of ${product.name} is ${product.minQuantity}`);
  }
  return product;
}

/**
 * A template line's price (S1 §9): tier price plus each subproduct's extra, per piece; the campaign
 * price when the product's campaign requirement names one of the template's categories.
 */
export function templateLinePrice(
  product: Product,
  t: Pick<Template, 'categories'>,
  quantity: number,
  subProductUuids: readonly string[],
): number {
  const categories = new Set(t.categories.map((c) => c.toUpperCase()));
  return linePrice(product, quantity, subProductUuids, (req) => categories.has(req.toUpperCase()));
}

/** The line's description: the template's name, the product and its chosen subproducts. */
export function templateLineDescription(
  t: Template,
  product: Product,
  subProductUuids: readonly string[],
  locale: string,
): string {
  const extras = product.subproducts.filter((s) => subProductUuids.includes(s.uuid)).map((s) => s.name);
  return `${templateName(t, locale)} (${[product.name, ...extras].join(', ')})`;
}

/** The engine instance of a stored line: the template's defaults with the line's values and year. */
export function lineInstance(
  t: Template,
  stored: Pick<StoredTemplate, 'resources' | 'year'>,
  today: Date,
): Instance {
  const instance = createInstance(t, today);
  for (const r of stored.resources) {
    if (!instance.resources[r.fullId]) continue;
    instance.resources[r.fullId] =
      r.type === 'IMAGE' ? { type: 'IMAGE', image: r.image } : { type: 'STRING', text: r.text, font: r.font };
  }
  instance.year = stored.year;
  return instance;
}

/**
 * A stored template entry, as read from the jsonb column (older rows may lack fields). Every line is
 * written with its year, and one cannot be guessed without the clock: an entry without it is none.
 */
export function storedTemplateOf(templatesColumn: unknown): StoredTemplate | null {
  const entry = Array.isArray(templatesColumn) ? (templatesColumn[0] as Partial<StoredTemplate>) : undefined;
  if (!entry || typeof entry.template !== 'string' || typeof entry.year !== 'number') return null;
  return {
    template: entry.template,
    version: entry.version ?? 1,
    resources: entry.resources ?? [],
    year: entry.year,
    subProductUuids: entry.subProductUuids ?? [],
  };
}
