/**
 * Decoded pictures for the browser renderer, by the scene's `PictureSource`:
 *
 * - art (`{kind: 'art', src}`): template art served under /templates2/ (`art/x.svg` →
 *   `/templates2/art/x.svg`). Raster art is decoded with `createImageBitmap(blob, {imageOrientation:
 *   'none'})`: its pixels as stored, as the server's decoder reads them. SVG art is rasterised ONCE
 *   at its own width and height into a canvas, because that is what the print server does
 *   (@napi-rs/canvas rasterises an SVG at its intrinsic size and the renderer scales that bitmap);
 *   drawing the SVG element directly would re-rasterise it at every scale and differ from print.
 *   The editor caps that size (`svgLongestSide`): a canvas on the screen is never larger than the
 *   screen, and a 2000x3000 cover rasterised whole took 20-30 ms of an editor's opening and 24 MB of
 *   its memory, to be drawn at 800 pixels wide (the shopper's own pictures come at 640 px too).
 * - user (`{kind: 'user', uuid}`): the caller's `userPicture` callback (a Blob, or null when there is
 *   none); the editor will hand in its picture store, the harness the server's sample pictures.
 *
 * Decoded pictures are cached per source; a failed or missing picture is not, so it is retried.
 */
import type { DrawableImage, PictureSource } from '../../../engine/index.ts';
import { artUrl } from '../../../shop/index.ts';

export type BrowserPictureLoader = (source: PictureSource) => Promise<DrawableImage | null>;

export interface BrowserPictureOptions {
  /** A user's picture by uuid (encoded bytes as a Blob), or null when there is none. */
  userPicture?: (uuid: string) => Promise<Blob | null>;
  /** Where art is fetched from (default `artUrl`: the shop's /templates2/); the harness reads a folder's own. */
  artUrl?: (src: string) => string;
  /** SVG art is rasterised at most this many pixels on its longer side (default: its own size). */
  svgLongestSide?: number;
}

export const pictureKey = (source: PictureSource) =>
  source.kind === 'art' ? `art:${source.src}` : `user:${source.uuid}`;

/** An SVG rasterised once at its intrinsic size, or smaller to fit `longestSide` (see the module comment). */
async function rasteriseSvg(blob: Blob, longestSide = Infinity): Promise<DrawableImage> {
  const url = URL.createObjectURL(blob);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const scale = Math.min(1, longestSide / Math.max(image.naturalWidth, image.naturalHeight));
    const width = Math.max(1, Math.round(image.naturalWidth * scale));
    const height = Math.max(1, Math.round(image.naturalHeight * scale));
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
export async function decodePicture(blob: Blob, svgLongestSide?: number): Promise<DrawableImage> {
  if (blob.type.startsWith('image/svg')) return rasteriseSvg(blob, svgLongestSide);
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
    return blob ? decodePicture(blob, options.svgLongestSide) : null;
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

/**
 * The longest side, in canvas pixels, any canvas of the editor can have on this screen: the screen's
 * longer side at the editor's pixel ratio. SVG art larger than that is rasterised at this size.
 */
export function screenCanvasSide(pixelRatio: number): number {
  return Math.ceil(Math.max(window.screen.width, window.screen.height) * pixelRatio);
}
