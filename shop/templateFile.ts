/**
 * A template as a file an author writes (`templates/<folder>/template.json`, docs/template-format.md
 * "Publishing"): the template model with the count fields and the preview name left out (the shop
 * computes both), and its art as files of the folder, named by `image.src` relative to it.
 */
import type { Resource, Template } from '../engine/index.ts';

export const TEMPLATE_FILE = 'template.json';

/** The list preview of a template version, drawn by the shop from its scene (server/services/templates/previews.ts). */
export const previewName = (uuid: string, version: number) => `${uuid}-${version}.png`;

/**
 * The list preview of a template version as a portal stores it: drawn in the portal's language
 * (month names, suggested texts), so one file per language (`languageOf`: en_US shares en_GB's).
 */
export const portalPreviewName = (uuid: string, version: number, language: string) =>
  `${uuid}-${version}-${language}.png`;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The file's JSON made a template input: the preview is the shop's own drawing, named by uuid and
 * version, unless the author names one. Anything that is not an object is left for the parser to refuse.
 */
export function withPreview(json: unknown): unknown {
  if (!isRecord(json) || json.preview !== undefined) return json;
  const { uuid, version } = json;
  if (typeof uuid !== 'string' || typeof version !== 'number') return json;
  return { ...json, preview: { large: previewName(uuid, version) } };
}

/** Every art file a template names (template-level and part-type resources), once each. */
export function artSources(t: { resources: Resource[]; partTypes: { resources: Resource[] }[] }): string[] {
  const all = [...t.resources, ...t.partTypes.flatMap((p) => p.resources)];
  return [...new Set(all.flatMap((r) => (r.image ? [r.image.src] : [])))];
}

/** The template with every art src replaced (template-level and part-type resources). */
export function withArtSources<T extends Pick<Template, 'resources' | 'partTypes'>>(
  t: T,
  src: (old: string) => string,
): T {
  const resource = <R extends Resource>(r: R): R =>
    r.image ? { ...r, image: { ...r.image, src: src(r.image.src) } } : r;
  return {
    ...t,
    resources: t.resources.map(resource),
    partTypes: t.partTypes.map((p) => ({ ...p, resources: p.resources.map(resource) })),
  };
}

/** Where a template names art the shop stores by content: `art/stored/<sha256>.<ext>`. */
export const STORED_ART_PREFIX = 'art/stored/';
export const isStoredArtSrc = (src: string) =>
  src
    .replace(/^\/+/, '')
    .replace(/^templates2\//, '')
    .startsWith(STORED_ART_PREFIX);
