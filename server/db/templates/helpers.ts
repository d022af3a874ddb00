/**
 * Small builders for the demo templates: fonts, resources, render parts, a one-page card and the
 * twelve month pages of a calendar. Geometry is in mm from the page's top-left corner, font sizes
 * in pt (S1 §3, engine/template.ts).
 */
import {
  countFields,
  type Font,
  type MonthStyle,
  type PartRef,
  type PartType,
  type RenderPart,
  type Resource,
  type Template,
} from '../../../engine/template.ts';
import type { FontFamily } from '../../../engine/text/catalogue.ts';
import { stableUuid } from '../seed-data.ts';
import { type TemplateProductKey, templateProductRef } from './products.ts';

/** The languages every demo template, product and category is named in. */
export type Names = { en_GB: string; nb_NO: string; da_DK: string };

/** A font of one of the 15 families (the type refuses any other), centred unless told otherwise. */
export function font(family: FontFamily, size: number, color = '#222222', over: Partial<Font> = {}): Font {
  return { family, size, color, horizontalAlign: 'center', verticalAlign: 'middle', ...over };
}

/** Fixed art from `public/templates2/art/`, with its natural pixel size; the shopper cannot change it. */
export const art = (id: string, file: string, width: number, height: number): Resource => ({
  id,
  type: 'IMAGE',
  userSupplied: false,
  required: false,
  disableEdit: true,
  image: { src: `art/${file}`, width, height },
});

/** A picture slot the shopper fills; required, so the cart waits for it. */
export const photo = (id: string): Resource => ({
  id,
  type: 'IMAGE',
  userSupplied: true,
  required: true,
  disableEdit: false,
});

/** A text the shopper may change; its font's `text` is the suggestion printed if they do not. */
export const userText = (id: string, f: Font, required = false): Resource => ({
  id,
  type: 'STRING',
  userSupplied: true,
  required,
  disableEdit: false,
  font: f,
});

/** A text of the design itself (a heading), not editable. */
export const fixedText = (id: string, f: Font): Resource => ({
  id,
  type: 'STRING',
  userSupplied: false,
  required: false,
  disableEdit: true,
  font: f,
});

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const geometry = ({ x, y, w, h }: Box) => ({ size: { width: w, height: h }, position: { x, y } });

/** A picture (user or art) in a box; fill-in covers the box, fit-in shows the whole picture. */
export const imagePart = (resourceId: string, box: Box, over: Partial<RenderPart> = {}): RenderPart => ({
  resourceId,
  type: 'IMAGE',
  ...geometry(box),
  adaption: 'fill-in',
  ...over,
});

/** A text in a box, drawn with the given font (the resource's font for a resource text). */
export const textPart = (
  resourceId: string,
  box: Box,
  f: Font,
  over: Partial<RenderPart> = {},
): RenderPart => ({
  resourceId,
  type: 'STRING',
  ...geometry(box),
  font: f,
  ...over,
});

/** The text render part of a text resource: same font as the resource. */
export const textOf = (resource: Resource, box: Box, over: Partial<RenderPart> = {}): RenderPart =>
  textPart(resource.id, box, resource.font!, over);

/** A rotation about the centre of a box (origin relative to the render part). */
export const rotated = (degrees: number, box: Box): Partial<RenderPart> => ({
  transformations: [{ type: 'ROTATE', rotate: degrees, originX: box.w / 2, originY: box.h / 2 }],
});

/** A month grid in a box; the page's `months` says which month (S1 §3). */
export const monthPart = (resourceId: string, box: Box, month: MonthStyle): RenderPart => ({
  resourceId,
  type: 'MONTH',
  ...geometry(box),
  month,
});

/** A month grid style: one family, a colour per cell kind (Sundays and holidays in `holiday`). */
export function monthStyle(
  family: FontFamily,
  size: number,
  colours: { heading: string; week: string; day: string; extra: string; holiday: string },
  spacing = 1.5,
): MonthStyle {
  const cell = (color: string, over: Partial<Font> = {}) => ({ font: font(family, size, color, over) });
  return {
    colSpacing: spacing,
    rowSpacing: spacing,
    cells: {
      dayheading: cell(colours.heading, { size: size * 0.8 }),
      week: cell(colours.week, { size: size * 0.7 }),
      day: cell(colours.day),
      extraday: cell(colours.extra),
      holiday: cell(colours.holiday),
    },
  };
}

/** The twelve month pages of a calendar: each shows its month in `grid` and a `MONTH(n)_YEAR_STRING` title. */
export function monthPages(typeId: string, title: Box, titleFont: Font): PartRef[] {
  return Array.from({ length: 12 }, (_, i) => ({
    id: `month-${i + 1}`,
    typeId,
    clientIgnore: false,
    months: { grid: i + 1 },
    renderParts: [textPart(`MONTH(${i + 1})_YEAR_STRING`, title, titleFont)],
  }));
}

export interface TemplateSpec {
  slug: string;
  version?: number;
  name: Names;
  descriptions?: Names;
  type: Template['type'];
  categories: string[];
  product: TemplateProductKey;
  dimensions: { width: number; height: number };
  separateFromBackground: boolean;
  supportedYears?: number[];
  yearsAhead?: number;
  resources: Resource[];
  partTypes: PartType[];
  pages: PartRef[];
}

/** A template from its design: uuid, preview name, product and the user-slot counts are derived. */
export function template(spec: TemplateSpec): Template {
  const uuid = stableUuid(`template:${spec.slug}`);
  const version = spec.version ?? 1;
  const t: Template = {
    uuid,
    version,
    name: spec.name,
    ...(spec.descriptions ? { descriptions: spec.descriptions } : {}),
    type: spec.type,
    categories: spec.categories,
    product: templateProductRef(spec.product),
    hasUserText: false,
    numUserImages: 0,
    numUserParts: 0,
    preview: { large: `${uuid}-${version}.png` },
    dimensions: spec.dimensions,
    separateFromBackground: spec.separateFromBackground,
    supportedYears: spec.supportedYears ?? [],
    ...(spec.yearsAhead === undefined ? {} : { yearsAhead: spec.yearsAhead }),
    year: null,
    resources: spec.resources,
    partTypes: spec.partTypes,
    pages: spec.pages,
  };
  return { ...t, ...countFields(t) };
}

/** A one-page design (a card front, a mug wrap, a canvas): every resource is template-level. */
export function onePage(spec: Omit<TemplateSpec, 'partTypes' | 'pages'> & { parts: RenderPart[] }): Template {
  const { parts, ...rest } = spec;
  return template({
    ...rest,
    partTypes: [{ id: 'front', renderParts: parts, resources: [] }],
    pages: [{ id: 'front', typeId: 'front', clientIgnore: false, months: {}, renderParts: [] }],
  });
}
