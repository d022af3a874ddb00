/**
 * The template format (S1 §3): validated JSON describing a card, calendar or photo gift.
 *
 * Geometry is in millimetres from the page's top-left corner; font sizes are in points.
 * A template has template-level resources (shared by every page, fullId = id) and part types whose
 * own resources are instantiated per page (fullId = `${pageId}:${id}`), so twelve month pages of one
 * part type each get their own picture.
 */
import { z } from 'zod';

export const TEMPLATE_TYPES = ['CARDS', 'CALENDAR', 'PHOTOGIFT', 'PHOTOBOOK'] as const;
export const HORIZONTAL_ALIGNS = ['left', 'center', 'right'] as const;
export const VERTICAL_ALIGNS = ['top', 'center', 'middle', 'bottom'] as const;

/** Ids the scene fills in itself (S1 §3): the year, and a month name with the year. */
export const YEAR_STRING = 'YEAR_STRING';
export const MONTH_YEAR_STRING = /^MONTH\(([A-Za-z]+|\d{1,2})\)_YEAR_STRING$/;
export const isSpecialStringId = (id: string) => id === YEAR_STRING || MONTH_YEAR_STRING.test(id);

const Id = z.string().regex(/^[A-Za-z0-9_()-]+$/, 'an id is letters, digits, _ - ( ) only');
const Mm = z.number().finite().nonnegative();
const Colour = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'a colour is #RRGGBB');
const Localised = z
  .record(z.string(), z.string().min(1))
  .refine((m) => Object.keys(m).length > 0, 'at least one language');

export const Shadow = z.object({
  offsetX: z.number(),
  offsetY: z.number(),
  blurRadius: z.number().nonnegative(),
  /** Percent, 0 to 100. */
  opacity: z.number().min(0).max(100),
  color: Colour,
});

export const Font = z.object({
  family: z.string().min(1),
  size: z.number().positive().max(400),
  color: Colour,
  horizontalAlign: z.enum(HORIZONTAL_ALIGNS),
  verticalAlign: z.enum(VERTICAL_ALIGNS),
  shadow: Shadow.optional(),
  /** The text a template author puts in (a default, or fixed text); the fallback of `texts`. */
  text: z.string().optional(),
  /** The text per portal language (`nb_NO`: 'Takk!'), chosen when a template is stored for a portal. */
  texts: z.record(z.string().regex(/^[a-z]{2}_[A-Z]{2}$/), z.string()).optional(),
  overrideHorizontalAlign: z.enum(HORIZONTAL_ALIGNS).optional(),
  overrideVerticalAlign: z.enum(VERTICAL_ALIGNS).optional(),
  overrideFamily: z.string().optional(),
  overrideColor: Colour.optional(),
  overrideSize: z.number().positive().optional(),
});
export type Font = z.infer<typeof Font>;

export const MonthCell = z.object({ font: Font });
export const MonthStyle = z.object({
  colSpacing: Mm,
  rowSpacing: Mm,
  cells: z.object({
    dayheading: MonthCell,
    week: MonthCell,
    day: MonthCell,
    extraday: MonthCell,
    holiday: MonthCell,
  }),
});
export type MonthStyle = z.infer<typeof MonthStyle>;

export const Transformation = z.object({
  type: z.literal('ROTATE'),
  /** Degrees, clockwise. */
  rotate: z.number().finite(),
  /** The rotation's origin in mm, relative to the render part's top-left corner. */
  originX: z.number().finite(),
  originY: z.number().finite(),
});

/**
 * The panels of a photo book's cover spread (engine/book.ts): back, spine and front, left to right as
 * the spread lies printed side up. A cover's render parts are placed on their panel, so the front
 * keeps its place however wide the spine grows with the page count.
 */
export const COVER_PANELS = ['back', 'spine', 'front'] as const;
export type CoverPanel = (typeof COVER_PANELS)[number];

export const RenderPart = z.object({
  resourceId: Id,
  type: z.enum(['IMAGE', 'STRING', 'MONTH']),
  size: z.object({ width: Mm.positive(), height: Mm.positive() }),
  position: z.object({ x: z.number().finite(), y: z.number().finite() }),
  adaption: z.enum(['fill-in', 'fit-in']).optional(),
  effect: z.enum(['original', 'bw', 'sepia']).optional(),
  font: Font.optional(),
  transformations: z.array(Transformation).optional(),
  month: MonthStyle.optional(),
  /**
   * A photo book's cover only: the panel the part is placed on, its position relative to that panel's
   * top-left corner (a spine part is centred across the spine whatever its x). Nowhere else.
   */
  panel: z.enum(COVER_PANELS).optional(),
});
export type RenderPart = z.infer<typeof RenderPart>;

export const Resource = z.object({
  id: Id,
  type: z.enum(['STRING', 'IMAGE']),
  userSupplied: z.boolean(),
  required: z.boolean().default(false),
  disableEdit: z.boolean().default(false),
  font: Font.optional(),
  /** Fixed art of the template (a path served under /templates2/), with its natural pixel size. */
  image: z
    .object({
      src: z.string().min(1),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
    })
    .optional(),
});
export type Resource = z.infer<typeof Resource>;

export const PartType = z.object({
  id: Id,
  renderParts: z.array(RenderPart),
  resources: z.array(Resource).default([]),
});
export type PartType = z.infer<typeof PartType>;

export const PartRef = z.object({
  id: Id,
  typeId: Id,
  /** Pages the shop keeps for production but the shopper never sees (an inside back, a cut mask). */
  clientIgnore: z.boolean().default(false),
  /** Which month a MONTH render part of this page shows: resource id → 1..12. */
  months: z.record(z.string(), z.number().int().min(1).max(12)).default({}),
  /** Page-only render parts drawn after the part type's (a month title, say). */
  renderParts: z.array(RenderPart).default([]),
});
export type PartRef = z.infer<typeof PartRef>;

/** A fold of a folded card, the same on every page: a vertical fold at x = atMm, a horizontal one at y. */
export const Fold = z.object({ axis: z.enum(['vertical', 'horizontal']), atMm: Mm });
export type Fold = z.infer<typeof Fold>;

/**
 * How a template's pages go onto the printed sheets (docs/template-format.md "Folded cards: print
 * layout"). Absent: each page is a sheet of its own, printed on one side. `duplex`: the pages in
 * pairs are the two sides of one sheet (page 1 the outside, page 2 the inside of a folded card),
 * turned over about the fold. `booklet`: the pages are panels in reading order (front, inside left,
 * inside right, back), imposed two to a side of a sheet folded in the middle: [4 | 1] and [2 | 3].
 */
export const PRINT_LAYOUTS = ['duplex', 'booklet'] as const;
export type PrintLayout = (typeof PRINT_LAYOUTS)[number];

/**
 * A photo book's own section (docs/template-format.md "Photo books"): the part type of its cover
 * spread, and the part types a shopper may give an inner page (its page layouts), one of them the
 * layout a new page takes. The book's inner pages are the instance's (engine/book.ts), not the
 * template's: the template's `pages` are the cover and a few sample pages for its list preview.
 */
export const BookSection = z.object({
  cover: Id,
  layouts: z.array(Id).min(1),
  defaultLayout: Id,
});
export type BookSection = z.infer<typeof BookSection>;

export const TemplateFields = z.object({
  uuid: z.string().uuid(),
  version: z.number().int().positive(),
  name: Localised,
  descriptions: Localised.optional(),
  type: z.enum(TEMPLATE_TYPES),
  categories: z.array(z.string().min(1)),
  product: z.object({
    uuid: z.string().uuid(),
    name: z.string().min(1),
    formatSize: z.object({ widthMm: Mm.positive(), heightMm: Mm.positive() }),
  }),
  /** The count fields: computed from the slots (`countFields`); given, they must agree with it. */
  hasUserText: z.boolean().optional(),
  numUserImages: z.number().int().nonnegative().optional(),
  numUserParts: z.number().int().nonnegative().optional(),
  preview: z.object({ large: z.string().min(1) }),
  /** The page size in mm. */
  dimensions: z.object({ width: Mm.positive(), height: Mm.positive() }),
  separateFromBackground: z.boolean(),
  supportedYears: z.array(z.number().int().min(1900).max(2200)),
  /**
   * With no supportedYears and no fixed year: how many years after this one the template can be
   * made for (0 = this year only); absent, the shop's YEARS_AHEAD (engine/calendar.ts).
   */
  yearsAhead: z.number().int().min(0).max(10).optional(),
  year: z.number().int().nullable(),
  /** Folded cards: where the paper is folded; text must not cross a fold (the preflight checks). */
  folds: z.array(Fold).optional(),
  /** How the pages go onto the printed sheets (PRINT_LAYOUTS); absent, one page a sheet. */
  printLayout: z.enum(PRINT_LAYOUTS).optional(),
  /** A photo book (type PHOTOBOOK) only: its cover and page layouts. */
  book: BookSection.optional(),
  resources: z.array(Resource),
  partTypes: z.array(PartType).min(1),
  pages: z.array(PartRef).min(1),
});
type Slots = Pick<z.infer<typeof TemplateFields>, 'resources' | 'partTypes' | 'pages'>;

/** What the shopper fills, counted per page: the list filters and the cart read these. */
export function countFields(t: Slots) {
  const user = resourceSlots(t).filter((s) => s.resource.userSupplied);
  return {
    hasUserText: user.some((s) => s.resource.type === 'STRING'),
    numUserImages: user.filter((s) => s.resource.type === 'IMAGE').length,
    numUserParts: user.length,
  };
}

const COUNT_FIELDS = ['hasUserText', 'numUserImages', 'numUserParts'] as const;

/**
 * The template model. The count fields are never trusted as typed: they are computed from the slots,
 * and a template that gives a different value is refused (an author's hand count is a likely mistake).
 */
export const TemplateShape = TemplateFields.transform((t, ctx) => {
  const counts = countFields(t);
  for (const key of COUNT_FIELDS) {
    if (t[key] !== undefined && t[key] !== counts[key]) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `${key} is ${t[key]} but the template's user slots make it ${counts[key]}`,
      });
    }
  }
  return { ...t, ...counts };
});
export type Template = z.infer<typeof TemplateShape>;
/** A template as written: the count fields may be left out. */
export type TemplateInput = z.input<typeof TemplateShape>;

export interface TemplateProblem {
  path: string;
  message: string;
}

const pathText = (path: readonly PropertyKey[]) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');

/** The checks zod's shape cannot express: references between pages, part types and resources. */
function referenceProblems(t: Template): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const dup = (ids: string[], path: string, what: string) => {
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      if (seen.has(id)) problems.push({ path: `${path}[${i}].id`, message: `duplicate ${what} id "${id}"` });
      seen.add(id);
    });
  };
  dup(
    t.resources.map((r) => r.id),
    'resources',
    'resource',
  );
  dup(
    t.partTypes.map((p) => p.id),
    'partTypes',
    'part type',
  );
  dup(
    t.pages.map((p) => p.id),
    'pages',
    'page',
  );
  if (t.yearsAhead !== undefined && (t.supportedYears.length > 0 || t.year !== null)) {
    problems.push({
      path: 'yearsAhead',
      message: 'yearsAhead counts from this year only when there is no supportedYears list and no fixed year',
    });
  }
  const globalIds = new Set(t.resources.map((r) => r.id));
  const typeById = new Map(t.partTypes.map((p) => [p.id, p]));

  const checkPart = (
    rp: RenderPart,
    path: string,
    localIds: Set<string>,
    months: Record<string, number> | null,
  ) => {
    const known = globalIds.has(rp.resourceId) || localIds.has(rp.resourceId);
    if (rp.type === 'STRING' && !known && !isSpecialStringId(rp.resourceId)) {
      problems.push({ path: `${path}.resourceId`, message: `no resource "${rp.resourceId}"` });
    }
    if (rp.type === 'IMAGE' && !known)
      problems.push({ path: `${path}.resourceId`, message: `no resource "${rp.resourceId}"` });
    if (rp.type === 'STRING' && !rp.font)
      problems.push({ path: `${path}.font`, message: 'a STRING render part needs a font' });
    if (rp.type === 'MONTH') {
      if (!rp.month)
        problems.push({ path: `${path}.month`, message: 'a MONTH render part needs a month style' });
      if (months && months[rp.resourceId] === undefined) {
        problems.push({
          path: `${path}.resourceId`,
          message: `the page does not say which month "${rp.resourceId}" shows`,
        });
      }
    }
  };

  t.partTypes.forEach((pt, i) => {
    dup(
      pt.resources.map((r) => r.id),
      `partTypes[${i}].resources`,
      'resource',
    );
    const local = new Set(pt.resources.map((r) => r.id));
    for (const [j, rp] of pt.renderParts.entries())
      checkPart(rp, `partTypes[${i}].renderParts[${j}]`, local, null);
  });
  t.pages.forEach((page, i) => {
    const pt = typeById.get(page.typeId);
    if (!pt) {
      problems.push({ path: `pages[${i}].typeId`, message: `no part type "${page.typeId}"` });
      return;
    }
    const local = new Set(pt.resources.map((r) => r.id));
    for (const [j, rp] of pt.renderParts.entries()) {
      if (rp.type === 'MONTH' && page.months[rp.resourceId] === undefined) {
        problems.push({
          path: `pages[${i}].months`,
          message: `part type "${pt.id}" draws month "${rp.resourceId}" (renderParts[${j}]) but the page does not say which month`,
        });
      }
    }
    for (const [j, rp] of page.renderParts.entries())
      checkPart(rp, `pages[${i}].renderParts[${j}]`, local, page.months);
  });
  if (!t.pages.some((p) => !p.clientIgnore)) {
    problems.push({ path: 'pages', message: 'every page is clientIgnore: the shopper would see no page' });
  }
  if (t.printLayout === 'duplex' && t.pages.length % 2 !== 0) {
    problems.push({
      path: 'printLayout',
      message: `a duplex template prints its pages in pairs (outside, inside) but has ${t.pages.length} pages`,
    });
  }
  if (t.printLayout === 'booklet' && (t.pages.length % 4 !== 0 || t.folds?.length)) {
    problems.push({
      path: 'printLayout',
      message: `a booklet's pages are its panels, 4 to a sheet folded in the middle: it needs a multiple of 4 pages (it has ${t.pages.length}) and no folds of its own`,
    });
  }
  problems.push(...bookProblems(t));
  if (problems.length === 0) problems.push(...undrawnTextProblems(t));
  return problems;
}

/**
 * A photo book's section against its part types and pages: the cover spread is the first page and
 * only that, every other page is a plain page of one of the layouts (the instance's pages are made
 * the same way), the cover's render parts each name their panel and nothing else does, and a
 * layout's shopper slots are its own, one per page (a template-level picture on every page could not
 * be swapped or moved between pages).
 */
function bookProblems(t: Template): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const book = t.book;
  const problem = (path: string, message: string) => problems.push({ path, message });
  const panelled = (parts: RenderPart[], path: string, want: boolean) => {
    parts.forEach((rp, j) => {
      if (want && !rp.panel) problem(`${path}[${j}].panel`, "a cover's render part says its panel");
      if (!want && rp.panel) problem(`${path}[${j}].panel`, "only a photo book's cover has panels");
    });
  };
  if (!book) {
    if (t.type === 'PHOTOBOOK') problem('book', 'a photo book needs its book section');
    t.partTypes.forEach((pt, i) => {
      panelled(pt.renderParts, `partTypes[${i}].renderParts`, false);
    });
    t.pages.forEach((page, i) => {
      panelled(page.renderParts, `pages[${i}].renderParts`, false);
    });
    return problems;
  }
  if (t.type !== 'PHOTOBOOK') problem('book', 'only a photo book (type PHOTOBOOK) has a book section');
  if (t.folds?.length || t.printLayout) {
    problem('book', "a photo book has no folds or printLayout: its cover's folds follow the spine");
  }
  const typeIndex = new Map(t.partTypes.map((p, i) => [p.id, i]));
  if (!typeIndex.has(book.cover)) problem('book.cover', `no part type "${book.cover}"`);
  const layouts = new Set<string>();
  book.layouts.forEach((id, i) => {
    if (!typeIndex.has(id)) problem(`book.layouts[${i}]`, `no part type "${id}"`);
    else if (id === book.cover) problem(`book.layouts[${i}]`, 'the cover is not a page layout');
    else if (layouts.has(id)) problem(`book.layouts[${i}]`, `layout "${id}" is listed twice`);
    layouts.add(id);
  });
  if (t.pages.length < 2) problem('pages', 'a photo book shows at least one inner page after its cover');
  if (!layouts.has(book.defaultLayout)) {
    problem('book.defaultLayout', `"${book.defaultLayout}" is not one of the book's layouts`);
  }
  t.pages.forEach((page, i) => {
    if (i === 0) {
      if (page.typeId !== book.cover)
        problem(`pages[0].typeId`, 'the first page of a photo book is its cover');
      if (page.clientIgnore) problem(`pages[0].clientIgnore`, 'the shopper sees the cover');
      return;
    }
    if (page.typeId === book.cover)
      problem(`pages[${i}].typeId`, 'a photo book has one cover, its first page');
    else if (!layouts.has(page.typeId)) {
      problem(`pages[${i}].typeId`, `"${page.typeId}" is not one of the book's layouts`);
    }
    if (page.clientIgnore || page.renderParts.length || Object.keys(page.months).length) {
      problem(
        `pages[${i}]`,
        "a book's inner page is its layout alone: no clientIgnore, renderParts or months",
      );
    }
  });
  const globalUser = new Set(t.resources.filter((r) => r.userSupplied).map((r) => r.id));
  t.partTypes.forEach((pt, i) => {
    const cover = pt.id === book.cover;
    panelled(pt.renderParts, `partTypes[${i}].renderParts`, cover);
    if (!layouts.has(pt.id)) return;
    pt.renderParts.forEach((rp, j) => {
      if (globalUser.has(rp.resourceId) && !pt.resources.some((r) => r.id === rp.resourceId)) {
        problem(
          `partTypes[${i}].renderParts[${j}].resourceId`,
          `a page layout's shopper slots are its own resources, one per page: "${rp.resourceId}" is the template's`,
        );
      }
    });
  });
  t.pages.forEach((page, i) => {
    panelled(page.renderParts, `pages[${i}].renderParts`, i === 0 && page.typeId === book.cover);
  });
  return problems;
}

/**
 * A text the shopper writes must be drawn somewhere: the editor starts its font from the render part
 * that draws it, and the shopper could not see what they type. Image slots may stay undrawn.
 */
function undrawnTextProblems(t: Template): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const drawn = (fullId: string) =>
    t.pages.some((page) =>
      renderPartsOf(t, page).some((rp) => fullIdOf(t, page.id, rp.resourceId) === fullId),
    );
  t.resources.forEach((r, i) => {
    if (r.type === 'STRING' && r.userSupplied && !drawn(r.id)) {
      problems.push({
        path: `resources[${i}]`,
        message: `the shopper's text "${r.id}" is drawn by no render part`,
      });
    }
  });
  t.partTypes.forEach((pt, i) => {
    pt.resources.forEach((r, j) => {
      if (r.type !== 'STRING' || !r.userSupplied) return;
      const page = t.pages.find((p) => p.typeId === pt.id && !drawn(`${p.id}:${r.id}`));
      if (page) {
        problems.push({
          path: `partTypes[${i}].resources[${j}]`,
          message: `the shopper's text "${r.id}" is drawn by no render part of page "${page.id}"`,
        });
      }
    });
  });
  return problems;
}

export type TemplateResult = { ok: true; template: Template } | { ok: false; problems: TemplateProblem[] };

/** Validates a template and lists EVERY problem with its path, not only the first. */
export function parseTemplate(input: unknown): TemplateResult {
  const shaped = TemplateShape.safeParse(input);
  if (!shaped.success) {
    return {
      ok: false,
      problems: shaped.error.issues.map((i) => ({ path: pathText(i.path), message: i.message })),
    };
  }
  const problems = referenceProblems(shaped.data);
  return problems.length ? { ok: false, problems } : { ok: true, template: shaped.data };
}

/** A valid template, or an Error whose message lists every problem (for seed data and tests). */
export function assertTemplate(input: unknown): Template {
  const result = parseTemplate(input);
  if (result.ok) return result.template;
  throw new Error(`Invalid template:\n${result.problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`);
}

/** Visible pages: the ones the shopper sees (S1 §2 navigation moves through these only). */
export const visiblePages = (t: Template) => t.pages.filter((p) => !p.clientIgnore);

export interface ResourceSlot {
  fullId: string;
  resource: Resource;
  pageId: string | null;
}

/** Every resource with its full id: template-level ones once, part-type ones once per page. */
export function resourceSlots(t: Slots): ResourceSlot[] {
  const slots: ResourceSlot[] = t.resources.map((resource) => ({
    fullId: resource.id,
    resource,
    pageId: null,
  }));
  const typeById = new Map(t.partTypes.map((p) => [p.id, p]));
  for (const page of t.pages) {
    for (const resource of typeById.get(page.typeId)?.resources ?? []) {
      slots.push({ fullId: `${page.id}:${resource.id}`, resource, pageId: page.id });
    }
  }
  return slots;
}

/** The full id a render part of a page refers to. */
export function fullIdOf(t: Template, pageId: string, resourceId: string): string {
  if (t.resources.some((r) => r.id === resourceId)) return resourceId;
  return `${pageId}:${resourceId}`;
}

/** The render parts drawn on a page, in drawing order: the part type's, then the page's own. */
export function renderPartsOf(t: Template, page: PartRef): RenderPart[] {
  const pt = t.partTypes.find((p) => p.id === page.typeId);
  return [...(pt?.renderParts ?? []), ...page.renderParts];
}

/**
 * The template as a portal of `language` shows it: every font's `text` becomes its `texts` entry for
 * the language; a language the author gave no text for keeps `text` (the author's own default).
 */
export function templateInLanguage(t: Template, language: string): Template {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = visit(v);
    const texts = out.texts as Record<string, string> | undefined;
    if (typeof out.family === 'string' && texts?.[language] !== undefined) out.text = texts[language];
    return out;
  };
  return visit(t) as Template;
}
