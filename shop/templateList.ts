/**
 * Template list rules (S1 §2, §9): the list types, the product sort, the filter values a list
 * offers, filtering, and the filters' encoding in the URL query. Pure: the list screen
 * (src/features/templates/) only renders what these decide.
 */
import type { Template } from '../engine/index.ts';
import type { ContentImageSources } from './contentImages.ts';

/** The list route's `type` segment (S1 §2) and the template type each lists. */
export const LIST_TYPES = {
  cards: 'CARDS',
  calendars: 'CALENDAR',
  photogift: 'PHOTOGIFT',
  photobooks: 'PHOTOBOOK',
} as const;
export type ListType = keyof typeof LIST_TYPES;

export const isListType = (value: string | undefined): value is ListType =>
  value !== undefined && Object.hasOwn(LIST_TYPES, value);

/** List types with no categories (S1 §2 calendars; photo books, issue 33): the list is the whole type. */
export const hasCategories = (type: ListType) => type === 'cards' || type === 'photogift';

/** The list a template of this type is listed in. */
export const listTypeOf = (type: Template['type']): ListType =>
  (Object.keys(LIST_TYPES) as ListType[]).find((k) => LIST_TYPES[k] === type)!;

/** What the list needs of a template: the served template has more, none of it read here. */
export type ListTemplate = Pick<
  Template,
  'uuid' | 'name' | 'categories' | 'product' | 'hasUserText' | 'numUserImages' | 'preview' | 'dimensions'
> & { pages: readonly { clientIgnore?: boolean }[] };

export type ListProduct = ListTemplate['product'];

/**
 * A name in the shop's language: the language's own, else the English, else the first one given
 * (a template needs at least one language, S1 §3).
 */
export function localised(names: Readonly<Record<string, string>>, language: string): string {
  return names[language] ?? names.en_GB ?? Object.values(names)[0] ?? '';
}

// ---- The product sort (S1 §9) ----

// Made on first use: building a collator costs about 8 ms (its locale data), and the editor loads
// this module only for its list paths.
let collator: Intl.Collator | undefined;
const naturalOrder = {
  compare(a: string, b: string): number {
    collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    return collator.compare(a, b);
  },
};
const area = (p: ListProduct) => p.formatSize.widthMm * p.formatSize.heightMm;
/** Sorts `true` before `false`. */
const firstIf = (a: boolean, b: boolean) => Number(b) - Number(a);

/**
 * The order of two products in a list of `type`. Cards: names with 15x15 first, then the larger
 * area, then natural name order ('Card 9x9' before 'Card 10x10'). Calendars: 20x30 first, then the
 * '(12' (twelve-month) variant, then natural name order. Photo books: the smaller page first, then
 * natural name order (a size's hard and soft cover side by side). Photo gifts have no rule: 0 keeps
 * the server's order (the sort is stable).
 */
export function compareProducts(type: ListType, a: ListProduct, b: ListProduct): number {
  if (type === 'cards') {
    return (
      firstIf(a.name.includes('15x15'), b.name.includes('15x15')) ||
      area(b) - area(a) ||
      naturalOrder.compare(a.name, b.name)
    );
  }
  if (type === 'calendars') {
    return (
      firstIf(a.name.includes('20x30'), b.name.includes('20x30')) ||
      firstIf(a.name.includes('(12'), b.name.includes('(12')) ||
      naturalOrder.compare(a.name, b.name)
    );
  }
  if (type === 'photobooks') return area(a) - area(b) || naturalOrder.compare(a.name, b.name);
  return 0;
}

export interface ProductGroup<T extends ListTemplate> {
  product: ListProduct;
  templates: T[];
}

/**
 * The templates grouped by the product they are sold as (each group has its 'Prices'), groups in
 * the sort of S1 §9, templates within a group in the server's order.
 */
export function groupByProduct<T extends ListTemplate>(
  type: ListType,
  templates: readonly T[],
): ProductGroup<T>[] {
  const groups = new Map<string, ProductGroup<T>>();
  for (const template of templates) {
    const group = groups.get(template.product.uuid);
    if (group) group.templates.push(template);
    else groups.set(template.product.uuid, { product: template.product, templates: [template] });
  }
  return [...groups.values()].sort((a, b) => compareProducts(type, a.product, b.product));
}

// ---- Filter values ----

/** A template's format: its product's size in whole millimetres, `WIDTHxHEIGHT` ('148x105'). */
export const formatOf = (t: Pick<ListTemplate, 'product'>): string =>
  `${Math.round(t.product.formatSize.widthMm)}x${Math.round(t.product.formatSize.heightMm)}`;

/** The size a format value names, or null for a value that is not one ('abc', '0x5'). */
export function parseFormat(value: string): { widthMm: number; heightMm: number } | null {
  const match = /^(\d{1,5})x(\d{1,5})$/.exec(value);
  if (!match) return null;
  const widthMm = Number(match[1]);
  const heightMm = Number(match[2]);
  return widthMm > 0 && heightMm > 0 ? { widthMm, heightMm } : null;
}

/** The pages a shopper sees: clientIgnore pages (an inside back, a cut mask) do not count. */
export const pageCountOf = (t: Pick<ListTemplate, 'pages'>): number =>
  t.pages.filter((p) => !p.clientIgnore).length;

export const TEXT_VALUES = ['with', 'without'] as const;
export type TextValue = (typeof TEXT_VALUES)[number];

export interface FilterValues {
  /** Distinct formats, largest area first (then by width). */
  formats: string[];
  /** Distinct numbers of user images, ascending. */
  images: number[];
  /** Distinct numbers of visible pages, ascending. */
  pages: number[];
}

/** The distinct values of a list, the choices of its filter dialog. */
export function filterValues(templates: readonly ListTemplate[]): FilterValues {
  const formats = new Map<string, number>();
  for (const t of templates) formats.set(formatOf(t), area(t.product));
  const distinct = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);
  return {
    formats: [...formats.entries()]
      .sort(([aKey, aArea], [bKey, bArea]) => bArea - aArea || naturalOrder.compare(aKey, bKey))
      .map(([key]) => key),
    images: distinct(templates.map((t) => t.numUserImages)),
    pages: distinct(templates.map(pageCountOf)),
  };
}

export type FilterKey = 'format' | 'images' | 'pages' | 'text';
/** The order of the dialog's sections and of the chips. */
export const FILTER_KEYS: readonly FilterKey[] = ['format', 'images', 'pages', 'text'];

/**
 * The filters a list offers (S1 §2): format, images and pages only when the list has more than one
 * distinct value of them (a choice of one filters nothing); text always.
 */
export function offeredFilters(values: FilterValues): FilterKey[] {
  return FILTER_KEYS.filter((key) => {
    if (key === 'format') return values.formats.length > 1;
    if (key === 'images') return values.images.length > 1;
    if (key === 'pages') return values.pages.length > 1;
    return true;
  });
}

// ---- Filters and filtering ----

/** The chosen filters; null is "all". One value per filter. */
export interface TemplateFilters {
  format: string | null;
  images: number | null;
  pages: number | null;
  text: TextValue | null;
}

export const NO_FILTERS: TemplateFilters = { format: null, images: null, pages: null, text: null };

export function matchesFilters(t: ListTemplate, f: TemplateFilters): boolean {
  if (f.format !== null && formatOf(t) !== f.format) return false;
  if (f.images !== null && t.numUserImages !== f.images) return false;
  if (f.pages !== null && pageCountOf(t) !== f.pages) return false;
  if (f.text !== null && t.hasUserText !== (f.text === 'with')) return false;
  return true;
}

export const filterTemplates = <T extends ListTemplate>(templates: readonly T[], f: TemplateFilters): T[] =>
  templates.filter((t) => matchesFilters(t, f));

/** The chosen filters in chip order. */
export function activeFilters(f: TemplateFilters): { key: FilterKey; value: string | number }[] {
  return FILTER_KEYS.flatMap((key) => {
    const value = f[key];
    return value === null ? [] : [{ key, value }];
  });
}

export const hasFilters = (f: TemplateFilters): boolean => activeFilters(f).length > 0;

export const withoutFilter = (f: TemplateFilters, key: FilterKey): TemplateFilters => ({ ...f, [key]: null });

// ---- The URL query ----

/** A count in the query: a whole number from 0 to 999, written without sign, point or leading zero. */
function parseCount(value: string | null): number | null {
  return value !== null && /^(0|[1-9]\d{0,2})$/.test(value) ? Number(value) : null;
}

/**
 * The filters in a URL query (`?format=148x105&images=2&pages=1&text=with`). A value that is not
 * well-formed is ignored rather than failing the page: a shared link with a typo still lists.
 */
export function parseFilters(search: string | URLSearchParams): TemplateFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const format = params.get('format');
  const text = params.get('text');
  return {
    format: format !== null && parseFormat(format) ? format : null,
    images: parseCount(params.get('images')),
    pages: parseCount(params.get('pages')),
    text: text === 'with' || text === 'without' ? text : null,
  };
}

/**
 * The query with `f` in it: the filter parameters replaced (in FILTER_KEYS order), any other
 * parameter kept as it was. Returns the query without '?' ('' when nothing is left).
 */
export function filtersToSearch(f: TemplateFilters, current: string | URLSearchParams = ''): string {
  const params = new URLSearchParams(current);
  for (const key of FILTER_KEYS) params.delete(key);
  for (const { key, value } of activeFilters(f)) params.set(key, String(value));
  return params.toString();
}

// ---- Links ----

/**
 * The editor route of a template (S1 §2), relative to the basename. Cards and photo gifts carry the
 * category they were chosen in; without one (a list of every photo gift) the template's first.
 * Calendars and photo books have no category.
 */
export function editorPath(
  type: ListType,
  category: string | null,
  t: Pick<ListTemplate, 'uuid' | 'product' | 'categories'>,
): string {
  const ids = `${encodeURIComponent(t.product.uuid)}/${encodeURIComponent(t.uuid)}`;
  if (!hasCategories(type)) return `/products/${type}/${ids}`;
  const chosen = category ?? t.categories[0] ?? '';
  return `/products/${type}/${encodeURIComponent(chosen)}/${ids}`;
}

/** The list a template's preview picture comes from (S1 §2). */
export const previewUrl = (t: Pick<ListTemplate, 'preview'>): string =>
  `/templates2/all/${encodeURIComponent(t.preview.large)}`;

/**
 * The widths the list's previews are also written at as WebP (issue 31): a tile is 160 to 220 CSS
 * pixels wide, and the 640 px PNG of each (60 to 80 KB) made the card list's first screen wait
 * for a quarter of a megabyte of pictures on a slow network.
 */
export const PREVIEW_WEBP_WIDTHS = [360, 640] as const;

/** The WebP copy of a preview file at `width` (`x.png` → `x-320.webp`). */
export const previewWebpName = (large: string, width: number): string =>
  `${large.replace(/\.png$/i, '')}-${width}.webp`;

/**
 * A tile's width (templates.css, measured): 45 % of a phone's screen, two columns; 31 % from 600 px,
 * a quarter from 900 px; 170 px on the desktop's wider layout from 1200 px.
 */
const TILE_SIZES = '(min-width: 1200px) 170px, (min-width: 900px) 25vw, (min-width: 600px) 31vw, 45vw';

/** A preview's `<picture>` sources: WebP at each width, the PNG (640 px wide) for browsers without WebP. */
export function previewSources(t: Pick<ListTemplate, 'preview'>): ContentImageSources {
  const webp = PREVIEW_WEBP_WIDTHS.map(
    (w) => `/templates2/all/${encodeURIComponent(previewWebpName(t.preview.large, w))} ${w}w`,
  ).join(', ');
  const src = previewUrl(t);
  return { sources: [{ type: 'image/webp', srcSet: webp }], srcSet: `${src} 640w`, src, sizes: TILE_SIZES };
}

// ---- 'View with own pictures' (S1 §2) ----

/** One of the shopper's pictures as the previews and the editor's autofill take it. */
export interface OwnPicture {
  uuid: string;
  width: number;
  height: number;
}

/** Most pictures kept for the previews: the server's limit for one preview (OWN_PREVIEW_MAX_PICTURES). */
export const OWN_PICTURES_MAX = 24;

/**
 * The pictures the previews show after an upload: the new ones first, in the order they were
 * picked (the first picked fills the first slot), then the earlier ones not picked again, at most
 * OWN_PICTURES_MAX.
 */
export function mergeOwnPictures(earlier: readonly OwnPicture[], added: readonly OwnPicture[]): OwnPicture[] {
  const merged: OwnPicture[] = [];
  for (const p of [...added, ...earlier]) {
    if (!merged.some((m) => m.uuid === p.uuid)) merged.push(p);
  }
  return merged.slice(0, OWN_PICTURES_MAX);
}

/**
 * A template's list preview with the shopper's pictures, drawn by the server from the template's
 * first page. Only as many pictures as the template has picture slots are named, so templates
 * with the same number of slots share the pictures, and a change to a later picture does not draw
 * a one-picture card again. Null without pictures or picture slots: the template's own preview.
 */
export function ownPreviewUrl(
  t: Pick<ListTemplate, 'uuid' | 'numUserImages'>,
  pictures: readonly OwnPicture[],
  widthPx: number,
): string | null {
  const used = pictures.slice(0, t.numUserImages);
  if (used.length === 0) return null;
  const query = new URLSearchParams({ pictures: used.map((p) => p.uuid).join(','), width: String(widthPx) });
  return `/m/api/templates/by-uuid/${encodeURIComponent(t.uuid)}/own-preview.jpg?${query}`;
}

/** Reads kept own pictures back, dropping anything that is not one (a damaged or foreign value). */
export function parseOwnPictures(text: string | null): OwnPicture[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (p): p is OwnPicture =>
          typeof p === 'object' &&
          p !== null &&
          typeof p.uuid === 'string' &&
          /^[0-9a-f-]{36}$/i.test(p.uuid) &&
          Number.isInteger(p.width) &&
          p.width > 0 &&
          Number.isInteger(p.height) &&
          p.height > 0,
      )
      .map(({ uuid, width, height }) => ({ uuid, width, height }))
      .slice(0, OWN_PICTURES_MAX);
  } catch {
    return [];
  }
}
