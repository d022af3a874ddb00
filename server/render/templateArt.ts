/**
 * Template art in the shop's storage, so every instance reads what one instance imported. An art
 * file is stored once under its content hash (`template-art/<sha256>.<ext>`) and a stored template
 * names it `art/stored/<sha256>.<ext>` (served at /templates2/art/stored/…). Art named otherwise
 * (`art/balloons.svg`, the demo templates seeded before publishing existed) is read from the demo
 * template folders (templates/<folder>/art/), where it stays for the cart lines that use those versions.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStore } from '../storage/objectStore.ts';
import { artPath, DEFAULT_TEMPLATES_ROOTS } from './images.ts';

/** An art file's bytes by the `image.src` that names it; null when there is none. */
export type ArtReader = (src: string) => Promise<Uint8Array | null>;

const ART_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};
export const STORED_ART_NAME = /^[0-9a-f]{64}\.(?:svg|png|jpe?g)$/;
const STORED_PREFIX = 'art/stored/';

export const artContentType = (name: string) => ART_TYPES[path.extname(name).toLowerCase()] ?? null;
export const storedArtKey = (name: string) => `template-art/${name}`;
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The stored name of an art file: its hash and its own extension. Null for a type the renderer cannot draw. */
export function storedArtName(src: string, bytes: Uint8Array): string | null {
  const ext = path.extname(src).toLowerCase();
  if (!ART_TYPES[ext]) return null;
  return `${sha256(bytes)}${ext === '.jpeg' ? '.jpg' : ext}`;
}

/** Stores an art file (once: the key is its content) and answers the src a stored template uses. */
export async function storeArt(storage: ObjectStore, name: string, bytes: Buffer): Promise<string> {
  const key = storedArtKey(name);
  if (!(await storage.exists(key))) await storage.put(key, bytes);
  return `${STORED_PREFIX}${name}`;
}

/** Reads stored art from the storage and any other art from the templates root(s) on disk. */
export function artReader(
  storage: ObjectStore | null,
  templatesRoot: string | readonly string[] = DEFAULT_TEMPLATES_ROOTS,
): ArtReader {
  return async (src) => {
    const clean = src.replace(/^\/+/, '').replace(/^templates2\//, '');
    if (clean.startsWith(STORED_PREFIX)) {
      const name = clean.slice(STORED_PREFIX.length);
      if (!storage || !STORED_ART_NAME.test(name)) return null;
      return storage.get(storedArtKey(name));
    }
    const file = artPath(templatesRoot, clean);
    if (!file) return null;
    return readFile(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
  };
}
