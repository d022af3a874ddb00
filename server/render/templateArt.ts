/**
 * Template art in the shop's storage, so every instance reads what one instance imported. An art
 * file is stored once under its content hash (`template-art/<sha256>.<ext>`) and a stored template
 * names it `art/stored/<sha256>.<ext>` (served at /templates2/art/stored/…). Art named otherwise
 * (`art/balloons.svg`, the demo templates seeded before publishing existed) is read from the demo
 * template folders (templates/<folder>/art/), where it stays for the cart lines that use those versions.
 */
import { readFile } from 'node:fs/promises';
import { STORED_ART_PREFIX } from '../../shop/index.ts';
import { STORED_ART_NAME } from '../storage/artNames.ts';
import type { ObjectStore } from '../storage/objectStore.ts';
import { artPath, DEFAULT_TEMPLATES_ROOTS, demoStoredArtFile } from './images.ts';

/** An art file's bytes by the `image.src` that names it; null when there is none. */
export type ArtReader = (src: string) => Promise<Uint8Array | null>;

export { artContentType, STORED_ART_NAME, sha256, storedArtName } from '../storage/artNames.ts';

export const storedArtKey = (name: string) => `template-art/${name}`;

/** Stores an art file (once: the key is its content) and answers the src a stored template uses. */
export async function storeArt(storage: ObjectStore, name: string, bytes: Buffer): Promise<string> {
  const key = storedArtKey(name);
  if (!(await storage.exists(key))) await storage.put(key, bytes);
  return `${STORED_ART_PREFIX}${name}`;
}

/**
 * Stored art by its name: from the storage, else the demo templates' own art of that content (the
 * seed names demo art by content, and a shop whose storage is new has not published it yet).
 */
export async function readStoredArt(storage: ObjectStore | null, name: string): Promise<Uint8Array | null> {
  const stored = storage ? await storage.get(storedArtKey(name)) : null;
  if (stored) return stored;
  const demo = demoStoredArtFile(name);
  return demo ? readFile(demo) : null;
}

/** Reads stored art from the storage and any other art from the templates root(s) on disk. */
export function artReader(
  storage: ObjectStore | null,
  templatesRoot: string | readonly string[] = DEFAULT_TEMPLATES_ROOTS,
): ArtReader {
  return async (src) => {
    const clean = src.replace(/^\/+/, '').replace(/^templates2\//, '');
    if (clean.startsWith(STORED_ART_PREFIX)) {
      const name = clean.slice(STORED_ART_PREFIX.length);
      if (!STORED_ART_NAME.test(name)) return null;
      return readStoredArt(storage, name);
    }
    const file = artPath(templatesRoot, clean);
    if (!file) return null;
    return readFile(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
  };
}
