/**
 * Names of template art the shop stores by content (`<sha256>.<ext>`, named in a template as
 * `art/stored/<sha256>.<ext>`): the types the renderer draws and how a name is made. Apart from
 * render/templateArt.ts so the renderer's image loader (images.ts) can name the demo art too.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';

const ART_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};
export const STORED_ART_NAME = /^[0-9a-f]{64}\.(?:svg|png|jpe?g)$/;

export const artContentType = (name: string) => ART_TYPES[path.extname(name).toLowerCase()] ?? null;
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The stored name of an art file: its hash and its own extension. Null for a type the renderer cannot draw. */
export function storedArtName(src: string, bytes: Uint8Array): string | null {
  const ext = path.extname(src).toLowerCase();
  if (!ART_TYPES[ext]) return null;
  return `${sha256(bytes)}${ext === '.jpeg' ? '.jpg' : ext}`;
}
