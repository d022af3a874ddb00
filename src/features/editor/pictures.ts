/**
 * Decoded pictures for the browser renderer, by the scene's `PictureSource`:
 *
 * - art (`{kind: 'art', src}`): template art served under /templates2/ (`art/x.svg` →
 *   `/templates2/art/x.svg`). Raster art is decoded with `createImageBitmap(blob, {imageOrientation:
 *   'none'})`: its pixels as stored, as the server's decoder reads them. SVG art is rasterised ONCE
 *   at its own width and height into a canvas, because that is what the print server does
 *   (@napi-rs/canvas rasterises an SVG at its intrinsic size and the renderer scales that bitmap);
 *   drawing the SVG element directly would re-rasterise it at every scale and differ from print.
 * - user (`{kind: 'user', uuid}`): the caller's `userPicture` callback (a Blob, or null when there is
 *   none); the editor will hand in its picture store, the harness the server's sample pictures.
 *
 * Decoded pictures are cached per source; a failed or missing picture is not, so it is retried.
 */
import type { DrawableImage } from '../../../engine/draw.ts';
import type { PictureSource } from '../../../engine/scene.ts';

export type BrowserPictureLoader = (source: PictureSource) => Promise<DrawableImage | null>;

export interface BrowserPictureOptions {
  /** A user's picture by uuid (encoded bytes as a Blob), or null when there is none. */
  userPicture?: (uuid: string) => Promise<Blob | null>;
  /** Where art is fetched from (default `artUrl`: the shop's /templates2/); the harness reads a folder's own. */
  artUrl?: (src: string) => string;
}

export const pictureKey = (source: PictureSource) =>
  source.kind === 'art' ? `art:${source.src}` : `user:${source.uuid}`;

/** The URL of template art: the same path rules as the server's `artPath`. */
export const artUrl = (src: string) => `/templates2/${src.replace(/^\/+/, '').replace(/^templates2\//, '')}`;

/** An SVG rasterised once at its intrinsic size (see the module comment). */
async function rasteriseSvg(blob: Blob): Promise<DrawableImage> {
  const url = URL.createObjectURL(blob);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const width = Math.max(1, image.naturalWidth);
    const height = Math.max(1, image.naturalHeight);
    const canvas = Object.assign(document.createElement('canvas'), { width, height });
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No 2D context for rasterising SVG art');
    ctx.drawImage(image, 0, 0, width, height);
    return canvas;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Encoded picture bytes → something `drawImage` takes, at the picture's own pixel size. */
export async function decodePicture(blob: Blob): Promise<DrawableImage> {
  if (blob.type.startsWith('image/svg')) return rasteriseSvg(blob);
  return createImageBitmap(blob, { imageOrientation: 'none' });
}

export function createBrowserPictureLoader(options: BrowserPictureOptions = {}): BrowserPictureLoader {
  const cache = new Map<string, Promise<DrawableImage | null>>();

  const load = async (source: PictureSource): Promise<DrawableImage | null> => {
    let blob: Blob | null;
    if (source.kind === 'art') {
      const response = await fetch((options.artUrl ?? artUrl)(source.src));
      if (response.status === 404) return null;
      if (!response.ok)
        throw new Error(`The art ${source.src} could not be loaded (HTTP ${response.status})`);
      blob = await response.blob();
    } else {
      blob = (await options.userPicture?.(source.uuid)) ?? null;
    }
    return blob ? decodePicture(blob) : null;
  };

  return (source) => {
    const key = pictureKey(source);
    const hit = cache.get(key);
    if (hit) return hit;
    const loading = load(source);
    const forget = () => {
      if (cache.get(key) === loading) cache.delete(key);
    };
    loading.then((image) => image ?? forget(), forget);
    cache.set(key, loading);
    return loading;
  };
}
