/**
 * A content page's pictures in sizes for the screen (issue 15): a photo an editor put in `public/img`
 * is served resized to a few widths, as AVIF and WebP with a JPEG fallback (server: made by sharp and
 * cached). Vector pictures (SVG) are sharp at any size and stay as they are.
 */

/** The widths made: a phone at 1x to 3x, a desktop column. Few, so a stranger cannot fill the cache. */
export const CONTENT_IMAGE_WIDTHS = [360, 540, 720, 1080, 1440] as const;
export type ContentImageWidth = (typeof CONTENT_IMAGE_WIDTHS)[number];
export const CONTENT_IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ContentImageFormat = (typeof CONTENT_IMAGE_FORMATS)[number];

/** A content picture's file name in public/img, as its address names it. */
export const CONTENT_IMAGE_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const RASTER_SOURCE = /^\/m\/img\/([A-Za-z0-9][A-Za-z0-9._-]{0,99}\.(?:jpe?g|png|webp))$/i;

/** The file behind `src` when it is a photo this shop resizes; null for SVG and other addresses. */
export function resizableFile(src: string): string | null {
  return RASTER_SOURCE.exec(src)?.[1] ?? null;
}

export const contentImageUrl = (file: string, width: number, format: ContentImageFormat) =>
  `/m/api/content-images/${encodeURIComponent(file)}?w=${width}&f=${format}`;

/** A content column is the screen's width on a phone and at most 1200 px (app.css --content-max). */
export const CONTENT_IMAGE_SIZES = '(min-width: 1200px) 1200px, 100vw';

export interface ContentImageSources {
  /** AVIF first, then WebP: the browser takes the first it can show. */
  sources: { type: string; srcSet: string }[];
  /** The JPEG fallback: its srcset, and one address for browsers without srcset. */
  srcSet: string;
  src: string;
  sizes: string;
}

/**
 * The `<picture>` sources for `src`, or null when it is not resized (SVG, another site). Widths above
 * the picture's own (`intrinsicWidth`, when known) are left out: sharp never enlarges.
 */
export function contentImageSources(src: string, intrinsicWidth?: number): ContentImageSources | null {
  const file = resizableFile(src);
  if (!file) return null;
  const fits = CONTENT_IMAGE_WIDTHS.filter((w) => !intrinsicWidth || w <= intrinsicWidth);
  const widths = fits.length ? fits : [CONTENT_IMAGE_WIDTHS[0]];
  const srcSet = (format: ContentImageFormat) =>
    widths.map((w) => `${contentImageUrl(file, w, format)} ${w}w`).join(', ');
  const middle = widths[Math.min(widths.length - 1, 2)]!;
  return {
    sources: [
      { type: 'image/avif', srcSet: srcSet('avif') },
      { type: 'image/webp', srcSet: srcSet('webp') },
    ],
    srcSet: srcSet('jpeg'),
    src: contentImageUrl(file, middle, 'jpeg'),
    sizes: CONTENT_IMAGE_SIZES,
  };
}
