/** Test helper: the 15 catalogue fonts read from `fonts/` (Node I/O lives here, never in engine/). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
