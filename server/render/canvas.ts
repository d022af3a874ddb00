/**
 * @napi-rs/canvas, loaded on its first use rather than when a module that may draw is imported: Skia
 * costs a process about 25 MB resident, and the server's own process draws nothing in ordinary use
 * (thumbnails, print files and list previews are drawn in their workers; the main process draws only
 * when a template is published or the author's harness is used). A require, so callers stay
 * synchronous.
 */
import { createRequire } from 'node:module';

type CanvasModule = typeof import('@napi-rs/canvas');

let loaded: CanvasModule | null = null;

export function canvasModule(): CanvasModule {
  loaded ??= createRequire(import.meta.url)('@napi-rs/canvas') as CanvasModule;
  return loaded;
}
