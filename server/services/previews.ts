/**
 * Template list previews (/templates2/all/{preview.large}) are drawn by the print renderer from the
 * template's own first page with sample pictures, when a database is seeded or a template version
 * appears: never drawn by hand, so a list preview always shows the template as it prints.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { languageOf } from '../../engine/calendar.ts';
import { harnessInstance } from '../../engine/harness.ts';
import type { PictureRef } from '../../engine/instance.ts';
import { pageScene } from '../../engine/scene.ts';
import { assertTemplate, type Template, visiblePages } from '../../engine/template.ts';
import type { FontSet } from '../../engine/text/fonts.ts';
import type { Db } from '../db/connect.ts';
import { portals, templates } from '../db/schema.ts';
import type { PictureLoader } from '../render/images.ts';
import { renderPreviewPng } from '../render/page-renderer.ts';

/** List previews are 640 px wide (S0 §9 preview scale). */
export const PREVIEW_WIDTH_PX = 640;

export interface PreviewDeps {
  fonts: FontSet;
  /** Loads art and the sample pictures (user sources with the samples' uuids). */
  loadImage: PictureLoader;
  samplePictures: PictureRef[];
  /** Now, by the app's clock: the year a calendar's preview shows. */
  today: Date;
}

/** The first visible page with the sample pictures autofilled, as a shopper would first see it. */
export function previewScene(
  template: Template,
  deps: Pick<PreviewDeps, 'fonts' | 'samplePictures' | 'today'> & { language?: string },
) {
  const instance = harnessInstance(template, null, deps.samplePictures, deps.today);
  return pageScene(template, instance, visiblePages(template)[0]!.id, deps.fonts, deps.language);
}

/**
 * Writes the missing previews of every stored template version, or of the versions named in `only`
 * (those just published); returns the files written.
 */
export async function renderMissingPreviews(
  db: Db,
  outDir: string,
  deps: PreviewDeps,
  only?: { uuid: string; version: number }[],
): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const rows = await db
    .selectDistinct({ body: templates.body, locale: portals.locale })
    .from(templates)
    .innerJoin(portals, eq(portals.uuid, templates.portalUuid));
  const written: string[] = [];
  const seen = new Set<string>();
  for (const { body, locale } of rows) {
    const template = assertTemplate(body);
    if (only && !only.some((v) => v.uuid === template.uuid && v.version === template.version)) continue;
    const file = path.join(outDir, path.basename(template.preview.large));
    if (seen.has(file) || existsSync(file)) continue;
    seen.add(file);
    const scene = previewScene(template, { ...deps, language: languageOf(locale) });
    const png = await renderPreviewPng(scene, PREVIEW_WIDTH_PX, {
      fonts: deps.fonts,
      loadImage: deps.loadImage,
    });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, png);
    await rename(partial, file);
    written.push(file);
  }
  return written;
}
