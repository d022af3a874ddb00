/**
 * Template list previews (/templates2/all/{preview.large}) are drawn by the print renderer from the
 * template's own pages with sample pictures, laid out as its preview sheet (engine/previewSheet.ts:
 * every printed part, at the product's own aspect ratio), when a database is seeded or a template
 * version appears: never drawn by hand, so a list preview always shows the template as it prints.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { FontSet, PictureRef } from '../../../engine/index.ts';
import {
  assertTemplate,
  harnessInstance,
  languageOf,
  type PageScene,
  type PreviewSheet,
  pageScene,
  previewSheet,
  type Template,
} from '../../../engine/index.ts';
import { PREVIEW_WEBP_WIDTHS, previewWebpName } from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import { portals, templates } from '../../db/schema.ts';
import type { PictureLoader } from '../../render/images.ts';
import { samplesFor } from '../../render/sample-pictures.ts';
import { writeFileAtomic } from '../../storage/atomicFile.ts';

/** List previews are 640 px wide (S0 §9 preview scale). */
export const PREVIEW_WIDTH_PX = 640;

/**
 * Bump when the list previews' drawing changes: a previews folder drawn by another drawing (its
 * `.drawing` file says which) is drawn again on the next full pass, since the files are named by the
 * template version alone. 2: the preview sheet (issue 18), every printed part. 3: each template's own
 * turn of eight sample landscapes (issue 31). 4: WebP copies at the tiles' widths beside each PNG
 * (issue 31).
 */
export const LIST_PREVIEW_DRAWING = 4;
const DRAWING_FILE = '.drawing';

export interface PreviewDeps {
  fonts: FontSet;
  /** Loads art and the sample pictures (user sources with the samples' uuids). */
  loadImage: PictureLoader;
  samplePictures: PictureRef[];
  /** Now, by the app's clock: the year a calendar's preview shows. */
  today: Date;
  /**
   * Draws a sheet as PNG; by default here, with `loadImage`. `npm start` draws in a child process
   * instead (render/previewProcess.ts), so Konva, the canvas and their native memory leave with it
   * (issue 31: drawn on the event loop, then in a worker thread, 150 previews left the idle server
   * holding 200 and then 280 MB more).
   */
  draw?: (sheet: PreviewSheet, scenes: PageScene[], widthPx: number) => Promise<Uint8Array>;
}

/**
 * The template's preview sheet with the sample pictures autofilled, as a shopper would first see it:
 * the sheet and the scenes of its pages, in the order of its cells.
 */
export function previewScenes(
  template: Template,
  deps: Pick<PreviewDeps, 'fonts' | 'samplePictures' | 'today'> & { language?: string },
): { sheet: PreviewSheet; scenes: PageScene[] } {
  const instance = harnessInstance(template, null, deps.samplePictures, deps.today);
  const sheet = previewSheet(template);
  const scenes = sheet.cells.map((c) => pageScene(template, instance, c.pageId, deps.fonts, deps.language));
  return { sheet, scenes };
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
  const drawingFile = path.join(outDir, DRAWING_FILE);
  const drawing = await readFile(drawingFile, 'utf8').catch(() => '');
  // Files of an older drawing count as missing: they are drawn again, over themselves.
  const current = drawing.trim() === String(LIST_PREVIEW_DRAWING);
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
    if (seen.has(file) || (current && existsSync(file))) continue;
    seen.add(file);
    const { sheet, scenes } = previewScenes(template, {
      ...deps,
      // Each template starts at another sample picture: a list of them shows a varied set (issue 31).
      samplePictures: samplesFor(template.uuid, deps.samplePictures),
      language: languageOf(locale),
    });
    const png = deps.draw
      ? await deps.draw(sheet, scenes, PREVIEW_WIDTH_PX)
      : await (await import('../../render/sheet-renderer.ts')).renderSheetPng(
          sheet,
          scenes,
          PREVIEW_WIDTH_PX,
          {
            fonts: deps.fonts,
            loadImage: deps.loadImage,
          },
        );
    await writeFileAtomic(file, png);
    for (const width of PREVIEW_WEBP_WIDTHS) {
      const webp = await sharp(png)
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 82, effort: 2 })
        .toBuffer();
      await writeFileAtomic(path.join(outDir, previewWebpName(path.basename(file), width)), webp);
    }
    written.push(file);
  }
  // Only a full pass has drawn every version; a pass over the versions just published has not.
  if (!current && !only) await writeFile(drawingFile, `${LIST_PREVIEW_DRAWING}\n`);
  return written;
}
