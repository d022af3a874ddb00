/** The widths of the server's thumbnails of a template line or design (the `width` query). */
import { z } from 'zod';

export const PREVIEW_WIDTHS = { min: 16, max: 1280, default: 320 } as const;

/**
 * The widths thumbnails are drawn at: a width asked for is drawn at the next one up. Drawing costs
 * tens to hundreds of milliseconds, so every width from 16 to 1280 drawn and cached apart would let a
 * stranger keep the server busy by counting (issue 16).
 */
export const PREVIEW_BUCKETS = [160, 320, 480, 640, 960, 1280] as const;

export const previewBucket = (width: number): number =>
  PREVIEW_BUCKETS.find((b) => b >= width) ?? PREVIEW_BUCKETS[PREVIEW_BUCKETS.length - 1]!;

/** The `width` query of a thumbnail, in pixels, answered at its bucket's width. */
export const PreviewWidth = z.coerce
  .number()
  .int('The width is a whole number of pixels')
  .min(PREVIEW_WIDTHS.min)
  .max(PREVIEW_WIDTHS.max)
  .default(PREVIEW_WIDTHS.default)
  .transform(previewBucket);

/** Most pictures one own-pictures preview draws. */
export const OWN_PREVIEW_MAX_PICTURES = 24;

/** The own-pictures preview's query: the shopper's pictures (comma-separated uuids) and the width. */
export const OwnPreviewQuery = z.object({
  pictures: z
    .string({ error: 'pictures is a comma-separated list of picture uuids' })
    .transform((list) => list.split(','))
    .pipe(
      z
        .array(z.string().uuid('a picture uuid is not a valid uuid'))
        .min(1, 'name at least one picture')
        .max(OWN_PREVIEW_MAX_PICTURES, `at most ${OWN_PREVIEW_MAX_PICTURES} pictures`),
    ),
  width: PreviewWidth,
});
