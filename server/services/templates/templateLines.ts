/**
 * Template lines (issue 7): cards, calendars and photo gifts in the cart. A client sends the
 * user-supplied resources and the year (S1 §3); the server runs the line rules the editor runs too
 * (shop/templateLine.ts: slots, fonts, text fit, the year, pictures) with the pictures the session
 * owns, and stores the resources normalised, one value per user slot, ready to become an Instance again.
 */
import { and, eq } from 'drizzle-orm';
import type { BookPageRef, FontSet } from '../../../engine/index.ts';
import { type PersonalDate, parseTemplate, startMonthOf, type Template } from '../../../engine/index.ts';
import type { LineResource, MessageValues, Product, TemplateResourceInput } from '../../../shop/index.ts';
import {
  checkBookPages,
  checkLineResources,
  chooseLineYear,
  type LineVerdict,
  lineVerdict,
  type PictureInfo,
} from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import { templates } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';

/** `order_lines.templates[0]` of a template line. */
export interface StoredTemplate {
  template: string;
  version: number;
  resources: LineResource[];
  year: number;
  /** A calendar's first month, 1..12 (issue 18); 1 for every other line and rows written before. */
  startMonth: number;
  /** A calendar's own dates (issue 18); [] for every other line and rows written before. */
  personalDates: PersonalDate[];
  /** Whether a calendar marks the portal's public holidays; true for rows written before. */
  holidays: boolean;
  subProductUuids: string[];
  /** A photo book's inner pages in order (issue 33); absent for every other line. */
  bookPages?: BookPageRef[];
}

export interface TemplateLineDeps {
  fonts: FontSet;
  /** The picture when the session (or its user) owns it, else null. */
  findPicture(uuid: string): Promise<PictureInfo | null>;
  /** Now, by the app's clock: which years a line may be made for. */
  today: Date;
}

const bad = (code: string, values?: MessageValues) => new HttpError(400, code, { values });

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
    if (!picture) throw bad('unknown_picture', { uuid });
    found.set(uuid, { uuid: picture.uuid, width: picture.width, height: picture.height });
  }
  return found;
}

/** The line's resources and year, checked: the async part (pictures) and the pure part together. */
export async function resolveTemplateState(
  t: Template,
  inputs: readonly TemplateResourceInput[],
  year: number | null | undefined,
  deps: TemplateLineDeps,
  keepYear?: number,
): Promise<{ resources: LineResource[]; year: number }> {
  const chosenYear = answer(lineVerdict(() => chooseLineYear(t, year, deps.today, keepYear)));
  const pictures = await ownedPictures(inputs, deps);
  return {
    resources: answer(lineVerdict(() => checkLineResources(t, inputs, pictures, deps.fonts))),
    year: chosenYear,
  };
}

/**
 * A photo book line's inner pages, checked against its template and its product's page rules (the
 * ones sent, else the line's own); null for any other template.
 */
export function resolveBookPages(
  t: Template,
  sent: readonly BookPageRef[] | undefined,
  product: Product,
  keep?: readonly BookPageRef[],
): BookPageRef[] | null {
  return answer(lineVerdict(() => checkBookPages(t, sent, product.photobook?.pages, keep)));
}

/** The shared rules' refusal as the shop's 400, with its code. */
function answer<T>(verdict: LineVerdict<T>): T {
  if (!verdict.ok) throw new HttpError(400, verdict.code, { key: verdict.key, values: verdict.values });
  return verdict.value;
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
  if (!product) throw bad('unknown_product', { uuid: productUuid });
  if (product.uuid !== loaded.productUuid || product.producttype === 0) {
    throw bad('product_mismatch', { product: product.name });
  }
  for (const sub of subProductUuids) {
    if (!product.subproducts.some((s) => s.uuid === sub)) {
      throw bad('unknown_subproduct', { uuid: sub, product: product.name });
    }
  }
  if (quantity < product.minQuantity) {
    throw bad('below_minimum', { product: product.name, minimum: product.minQuantity });
  }
  return product;
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
    startMonth: startMonthOf(entry),
    personalDates: Array.isArray(entry.personalDates) ? entry.personalDates : [],
    holidays: entry.holidays !== false,
    subProductUuids: entry.subProductUuids ?? [],
  };
}
