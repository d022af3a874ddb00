/** Test helper: the 15 catalogue fonts read from `fonts/` (Node I/O lives here, never in engine/). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type * as opentype from 'opentype.js';
import * as opentypeModule from 'opentype.js';
import { FONT_CATALOGUE } from '../../../../engine/text/catalogue.ts';
import { addFonts, createFontSet, type FontSet } from '../../../../engine/text/fonts.ts';

export const FONTS_DIR = fileURLToPath(new URL('../../../../fonts/', import.meta.url));

export const readFontBytes = (file: string): Uint8Array => readFileSync(`${FONTS_DIR}${file}`);

/** A FontSet with all 15 fonts. */
export async function loadAllFonts(): Promise<FontSet> {
  const fontSet = createFontSet();
  await addFonts(fontSet, FONT_CATALOGUE, async (file) => readFontBytes(file));
  return fontSet;
}

/**
 * A catalogue font as opentype.js parses it: an independent reader of the same file, for the tests
 * that check HarfBuzz's outlines and the drawn ink against it (the engine itself reads fonts with
 * HarfBuzz only). opentype.js 2's UMD build exports only `default` under Node's ESM loader.
 */
export function opentypeFont(family: string): opentype.Font {
  const entry = FONT_CATALOGUE.find((e) => e.family === family);
  if (!entry) throw new Error(`No catalogue font "${family}"`);
  const bytes = readFontBytes(entry.file);
  const api = (opentypeModule as { parse?: unknown }).parse
    ? opentypeModule
    : (opentypeModule as unknown as { default: typeof opentypeModule }).default;
  return api.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}
