/**
 * Cart thumbnails of template lines (issue 7): the first visible page of the line's own scene, drawn
 * by the print renderer with the shopper's pictures (PictureStore derivatives of their masters), as
 * JPEG. Cached on disk by a hash of everything that changes the picture, which is also the ETag.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { pageScene } from '../../engine/scene.ts';
import { type Template, visiblePages } from '../../engine/template.ts';
import type { FontSet } from '../../engine/text/fonts.ts';
import { createImageLoader } from '../render/images.ts';
import { renderPreviewPng } from '../render/page-renderer.ts';
import { DERIVED_SIZES, type DerivedSize, type PictureRow, type PictureStore } from './pictures.ts';
import { lineInstance, type StoredTemplate } from './templateLines.ts';

/** Bump when the drawing changes, so cached thumbnails are drawn again. */
const RENDER_VERSION = 1;

export const PREVIEW_WIDTHS = { min: 16, max: 1280, default: 320 } as const;

export interface LinePreview {
  etag: string;
  /** The JPEG bytes, from the disk cache or drawn now (not called when the client's ETag matches). */
  jpeg: () => Promise<Buffer>;
}

/** The derivative a picture is drawn from: about twice the thumbnail's width, enough for a zoomed crop. */
export function derivativeFor(widthPx: number): DerivedSize {
  return DERIVED_SIZES.find((s) => s >= widthPx * 2) ?? DERIVED_SIZES[DERIVED_SIZES.length - 1]!;
}

/** The content hash of a thumbnail: template version, the line's values, the pictures' bytes, the width. */
export function previewHash(
  stored: Pick<StoredTemplate, 'template' | 'version' | 'resources' | 'year'>,
  pictureShas: readonly (string | null)[],
  widthPx: number,
): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        RENDER_VERSION,
        stored.template,
        stored.version,
        stored.year,
        stored.resources,
        pictureShas,
        widthPx,
      ]),
    )
    .digest('hex');
}

export async function linePreview(options: {
  template: Template;
  stored: StoredTemplate;
  widthPx: number;
  /** The pictures the owner session may use, by uuid (another's picture is simply left out). */
  pictures: ReadonlyMap<string, PictureRow>;
  store: PictureStore;
  fonts: FontSet;
  cacheDir: string;
  today?: Date;
}): Promise<LinePreview> {
  const { template, stored, widthPx, pictures, store } = options;
  const used = stored.resources.flatMap((r) => (r.type === 'IMAGE' && r.image ? [r.image.uuid] : []));
  const hash = previewHash(
    stored,
    used.map((uuid) => pictures.get(uuid)?.sha256 ?? null),
    widthPx,
  );
  const file = path.join(options.cacheDir, `${hash}.jpg`);
  const jpeg = async () => {
    const hit = await readFile(file).catch(() => null);
    if (hit) return hit;
    const size = derivativeFor(widthPx);
    const loadImage = createImageLoader({
      userPicture: async (uuid) => {
        const row = pictures.get(uuid);
        return row ? store.derivative(row, size, 0, 0) : null;
      },
    });
    const instance = lineInstance(template, stored, options.today ?? new Date());
    const scene = pageScene(template, instance, visiblePages(template)[0]!.id, options.fonts);
    // A picture gone from the shop leaves its slot empty in a thumbnail (never in a print file).
    const png = await renderPreviewPng(scene, widthPx, {
      fonts: options.fonts,
      loadImage,
      missingPicture: 'skip',
    });
    const bytes = await sharp(png).flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
    await mkdir(options.cacheDir, { recursive: true });
    const temp = path.join(options.cacheDir, `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      await writeFile(temp, bytes);
      await rename(temp, file);
    } finally {
      await rm(temp, { force: true });
    }
    return bytes;
  };
  return { etag: `"${hash}"`, jpeg };
}
