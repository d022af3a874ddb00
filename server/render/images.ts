/**
 * Decoded pictures for the renderer, by the scene's `PictureSource`:
 * - `{ kind: 'art', src }`: template art, a path served under /templates2/ (engine/template.ts), read
 *   from `templatesRoot`: a template folder, or by default the demo template folders (`art/bg.svg` is
 *   `templates/<folder>/art/bg.svg`). PNG, JPEG and SVG: @napi-rs/canvas's `loadImage` decodes all
 *   three (an SVG is rasterised at its own width/height; the renderer then scales that bitmap, so give
 *   art SVGs a viewBox-free width/height at least as large as the print needs, or use PNG/JPEG).
 * - `{ kind: 'user', uuid }`: the caller's `userPicture` callback (bytes or a decoded image), since user
 *   pictures live in the picture storage.
 * Decoded images are kept in a small LRU map (decoding a print-size JPEG costs more than drawing it).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Image } from '@napi-rs/canvas';
import type { PictureSource } from '../../engine/index.ts';
import { STORED_ART_PREFIX } from '../../shop/index.ts';
import { storedArtName } from '../storage/artNames.ts';
import { canvasModule } from './canvas.ts';

const DEMO_TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));

/**
 * The demo template folders that hold art: the one copy of the art that the seed's templates name
 * as written (`art/balloons.svg`), read here and served at /templates2/art/. One name is one drawing
 * across the folders (test/server/catalogue.test.ts), so the first folder that has a file is right.
 */
export const DEFAULT_TEMPLATES_ROOTS: readonly string[] = readdirSync(DEMO_TEMPLATES_DIR, {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory() && existsSync(path.join(DEMO_TEMPLATES_DIR, entry.name, 'art')))
  .map((entry) => path.join(DEMO_TEMPLATES_DIR, entry.name))
  .sort();

/** The demo templates' art folders, for serving /templates2/art/. */
export const DEMO_ART_DIRS: readonly string[] = DEFAULT_TEMPLATES_ROOTS.map((root) => path.join(root, 'art'));

/**
 * The demo art's file by the name it is stored under (`<sha256>.<ext>`): the seed names demo art so,
 * and it is read from its folder wherever the storage does not have it yet. Hashed on the first ask
 * (a few dozen small files), not at start: most threads that load this module never need it.
 */
let demoArtByName: ReadonlyMap<string, string> | null = null;
export function demoStoredArtFile(name: string): string | null {
  demoArtByName ??= new Map(
    DEMO_ART_DIRS.flatMap((dir) =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        if (!entry.isFile()) return [];
        const file = path.join(dir, entry.name);
        const stored = storedArtName(entry.name, readFileSync(file));
        return stored ? [[stored, file] as const] : [];
      }),
    ),
  );
  return demoArtByName.get(name) ?? null;
}

export type PictureLoader = (source: PictureSource) => Promise<Image | null>;

export interface ImageLoaderOptions {
  /** Where template art paths are resolved: a folder, or folders tried in turn (default the demo folders). */
  templatesRoot?: string | readonly string[];
  /** Template art by src (render/templateArt.ts `artReader`, which reads the storage); default: files under templatesRoot. */
  art?: (src: string) => Promise<Uint8Array | null>;
  /** A user's picture by uuid: encoded bytes, a decoded image, or null when there is none. */
  userPicture?: (uuid: string) => Promise<Uint8Array | Image | null>;
  /** Decoded images kept (default 16). */
  cacheSize?: number;
}

const keyOf = (source: PictureSource) =>
  source.kind === 'art' ? `art:${source.src}` : `user:${source.uuid}`;

/**
 * The absolute path of an art file under a root (the first of several roots that has it), refusing
 * paths that leave the root. Null when it does.
 */
export function artPath(templatesRoot: string | readonly string[], src: string): string | null {
  const clean = src.replace(/^\/+/, '').replace(/^templates2\//, '');
  // Stored art a folder does not hold is the demo art of that content, if it is that.
  if (clean.startsWith(STORED_ART_PREFIX)) return demoStoredArtFile(clean.slice(STORED_ART_PREFIX.length));
  const roots = typeof templatesRoot === 'string' ? [templatesRoot] : templatesRoot;
  let first: string | null = null;
  for (const each of roots) {
    const root = path.resolve(each);
    const file = path.resolve(root, clean);
    if (!file.startsWith(root + path.sep)) return null;
    if (roots.length === 1 || existsSync(file)) return file;
    first ??= file;
  }
  return first;
}

export function createImageLoader(options: ImageLoaderOptions = {}): PictureLoader {
  const root = options.templatesRoot ?? DEFAULT_TEMPLATES_ROOTS;
  const cacheSize = Math.max(1, options.cacheSize ?? 16);
  const cache = new Map<string, Promise<Image | null>>();

  const decode = async (source: PictureSource): Promise<Image | null> => {
    if (source.kind === 'art') {
      if (options.art) {
        const bytes = await options.art(source.src);
        return bytes ? canvasModule().loadImage(Buffer.from(bytes)) : null;
      }
      const file = artPath(root, source.src);
      if (!file) return null;
      const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      return bytes ? canvasModule().loadImage(bytes) : null;
    }
    const picture = await options.userPicture?.(source.uuid);
    if (!picture) return null;
    return picture instanceof Uint8Array ? canvasModule().loadImage(picture) : picture;
  };

  return (source) => {
    const key = keyOf(source);
    const hit = cache.get(key);
    if (hit) {
      // Most recently used last.
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const loading = decode(source);
    // A failure or a missing picture is not cached: the next render tries again.
    const forget = () => {
      if (cache.get(key) === loading) cache.delete(key);
    };
    loading.then((image) => image ?? forget(), forget);
    cache.set(key, loading);
    while (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
    return loading;
  };
}
