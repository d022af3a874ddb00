/**
 * Cart thumbnails of template lines (issue 7): the line's own pages laid out as the template's preview
 * sheet (engine/previewSheet.ts: every printed part, at the product's aspect ratio; issue 18), drawn
 * by the print renderer with the shopper's pictures (PictureStore derivatives of their masters), as
 * JPEG. Cached on disk by a hash of everything that changes the picture, which is also the ETag.
 */

import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { BookTemplate, FontSet, Template } from '../../../engine/index.ts';
import {
  defaultYear,
  isBook,
  materialiseCover,
  type PageScene,
  PREFLIGHT_COVER,
  type PreviewSheet,
  pageScene,
  previewSheet,
  startMonthOf,
} from '../../../engine/index.ts';
import {
  calendarHolidays,
  coverSpread,
  lineInstance,
  type PhotobookSpec,
  validPageCount,
} from '../../../shop/index.ts';
import type { PreviewPool } from '../../render/previewPool.ts';
import { writeFileAtomic } from '../../storage/atomicFile.ts';
import { DERIVED_SIZES, type DerivedSize, type PictureRow, type PictureStore } from '../pictures/pictures.ts';
import { renewCached } from './previewCache.ts';
import { previewScenes } from './previews.ts';
import type { StoredTemplate } from './templateLines.ts';

/** Bump when the drawing changes, so cached thumbnails are drawn again. 3: the preview sheet. */
const RENDER_VERSION = 3;

// The widths a thumbnail is asked and drawn at are the contract's (shop/previewSizes.ts).
export { PREVIEW_BUCKETS, PREVIEW_WIDTHS, PreviewWidth, previewBucket } from '../../../shop/index.ts';

export interface LinePreview {
  etag: string;
  /** The JPEG bytes, from the disk cache or drawn now (not called when the client's ETag matches). */
  jpeg: () => Promise<Buffer>;
}

/** The derivative a picture is drawn from: about twice the thumbnail's width, enough for a zoomed crop. */
export function derivativeFor(widthPx: number): DerivedSize {
  return DERIVED_SIZES.find((s) => s >= widthPx * 2) ?? DERIVED_SIZES[DERIVED_SIZES.length - 1]!;
}

/**
 * The content hash of a thumbnail: template version, the line's values, the pictures' bytes, the width
 * and the language its month names are in.
 */
export function previewHash(
  stored: Pick<
    StoredTemplate,
    'template' | 'version' | 'resources' | 'year' | 'startMonth' | 'personalDates' | 'holidays'
  >,
  pictureShas: readonly (string | null)[],
  widthPx: number,
  language: string,
): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        RENDER_VERSION,
        stored.template,
        stored.version,
        stored.year,
        stored.startMonth,
        stored.personalDates,
        stored.holidays,
        stored.resources,
        pictureShas,
        widthPx,
        language,
      ]),
    )
    .digest('hex');
}

/** A preview sheet drawn as a JPEG thumbnail, cached on disk under its content hash (also its ETag). */
export interface ScenePreviewOptions {
  hash: string;
  widthPx: number;
  /**
   * Builds the sheet and its pages' scenes only when the thumbnail is drawn (not on a cache hit or a
   * matching ETag).
   */
  scenes: () => Promise<{ sheet: PreviewSheet; scenes: PageScene[] }>;
  /** The pictures the scene may draw, by uuid (already checked against their owner). */
  pictures: ReadonlyMap<string, PictureRow>;
  store: PictureStore;
  fonts: FontSet;
  cacheDir: string;
  /** Draws the scene off the event loop (render/previewPool.ts). */
  pool: PreviewPool;
  /** Now, by the app's clock: what the thumbnail shows (a calendar's year) and how old a cached one is. */
  today: Date;
}

export function scenePreview(options: ScenePreviewOptions): LinePreview {
  const { hash, widthPx, pictures, store } = options;
  const file = path.join(options.cacheDir, `${hash}.jpg`);
  const jpeg = async () => {
    const hit = await readFile(file).catch(() => null);
    if (hit) {
      renewCached(file, options.today);
      return hit;
    }
    const size = derivativeFor(widthPx);
    // The derivatives are made (or read) here, by sharp off the event loop; the drawing is the
    // worker's. A picture gone from the shop leaves its slot empty in a thumbnail (never in a print file).
    const derivatives: Record<string, Uint8Array> = {};
    for (const [uuid, row] of pictures) {
      const derived = await store.derivative(row, size, 0, 0).catch(() => null);
      if (derived) derivatives[uuid] = derived;
    }
    const png = await options.pool.render({ ...(await options.scenes()), widthPx, pictures: derivatives });
    const bytes = await sharp(png).flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
    // Aside under a dot name, which the cache's sweep and listing skip.
    await writeFileAtomic(file, bytes, {
      temporary: path.join(options.cacheDir, `.tmp-${randomBytes(8).toString('hex')}`),
    });
    // The sweep counts a thumbnail's age by the app's clock, so it is stamped by it too.
    renewCached(file, options.today);
    return bytes;
  };
  return { etag: `"${hash}"`, jpeg };
}

/** Answers a thumbnail: 304 when the browser holds this very drawing, else the JPEG. */
export async function sendPreview(request: FastifyRequest, reply: FastifyReply, preview: LinePreview) {
  // Private: a thumbnail shows one shopper's pictures; no-cache: the ETag is asked each time.
  reply.header('etag', preview.etag).header('cache-control', 'private, no-cache');
  if (request.headers['if-none-match'] === preview.etag) return reply.code(304).send();
  return reply.type('image/jpeg').send(await preview.jpeg());
}

export function linePreview(options: {
  template: Template;
  stored: StoredTemplate;
  widthPx: number;
  /** The pictures the owner session may use, by uuid (another's picture is simply left out). */
  pictures: ReadonlyMap<string, PictureRow>;
  store: PictureStore;
  fonts: FontSet;
  cacheDir: string;
  pool: PreviewPool;
  today: Date;
  /** The line's portal language: the thumbnail names months as the editor did. */
  language: string;
  /** The portal's holiday place (`holidayRegion`): the thumbnail marks the holidays the editor did. */
  holidayRegion: string | null;
  /** A photo book line's product rules: its thumbnail is the cover at its pages' spine. */
  book?: PhotobookSpec | null;
}): LinePreview {
  const { template, stored, widthPx, pictures } = options;
  const used = stored.resources.flatMap((r) => (r.type === 'IMAGE' && r.image ? [r.image.uuid] : []));
  const hash = previewHash(
    stored,
    used.map((uuid) => pictures.get(uuid)?.sha256 ?? null),
    widthPx,
    // A portal on its language's default place keeps the hash its thumbnails had before issue 34.
    options.holidayRegion ? `${options.language}:${options.holidayRegion}` : options.language,
  );
  return scenePreview({
    ...options,
    hash,
    scenes: async () => {
      const instance = lineInstance(template, stored, options.today);
      const holidays = await calendarHolidays(
        { locale: options.language, holidayRegion: options.holidayRegion },
        instance.year,
        startMonthOf(instance),
      );
      // A photo book's thumbnail is its cover, as wide as its pages make the spine (issue 33).
      const drawn = isBook(template)
        ? bookCover(template, stored.bookPages?.length ?? 0, options.book)
        : template;
      const sheet = previewSheet(drawn);
      const scenes = sheet.cells.map((c) =>
        pageScene(drawn, instance, c.pageId, options.fonts, options.language, holidays),
      );
      return { sheet, scenes };
    },
  });
}

export { OWN_PREVIEW_MAX_PICTURES } from '../../../shop/index.ts';

/**
 * A book's cover spread at its page count's spine (its product's binding); a count the product does
 * not take, or a book without rules, is drawn at the preflight's spine.
 */
function bookCover(template: BookTemplate, pages: number, spec: PhotobookSpec | null | undefined) {
  if (!spec || !validPageCount(spec.pages, pages)) return materialiseCover(template, PREFLIGHT_COVER);
  const spread = coverSpread(spec, pages);
  return materialiseCover(template, { spineMm: spread.spineWidthMm, wrapMm: spread.wrapMm });
}

/**
 * 'View with own pictures' on the template lists (S1 §2): the template's list preview, its preview
 * sheet autofilled the way the editor autofills, but with the shopper's pictures in the given order
 * instead of the samples. Cached by the template version, the pictures' bytes, the year the
 * page would show, and the width.
 */
export function ownPicturesPreview(options: {
  template: Template;
  /** The shopper's pictures in autofill order, each already checked against its owner. */
  pictures: readonly PictureRow[];
  widthPx: number;
  store: PictureStore;
  fonts: FontSet;
  cacheDir: string;
  pool: PreviewPool;
  today: Date;
  /** The portal's language, for the month names. */
  language: string;
}): LinePreview {
  const { template, pictures, widthPx, today } = options;
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        RENDER_VERSION,
        'own',
        template.uuid,
        template.version,
        // The year the page shows moves on in July, not on 1 January (S1 §4).
        defaultYear(template, today),
        pictures.map((p) => p.sha256),
        widthPx,
        options.language,
      ]),
    )
    .digest('hex');
  return scenePreview({
    ...options,
    hash,
    pictures: new Map(pictures.map((p) => [p.uuid, p])),
    scenes: async () =>
      previewScenes(template, {
        fonts: options.fonts,
        samplePictures: pictures.map(({ uuid, width, height }) => ({ uuid, width, height })),
        today,
        language: options.language,
      }),
  });
}
