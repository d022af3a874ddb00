/**
 * The 15 editor fonts in one FontSet for the browser: the TTFs of fonts/, served at /fonts/{file},
 * parsed by opentype.js and HarfBuzz (engine/text/fonts.ts). Loaded once per page load and shared by
 * every canvas; a failed load is forgotten so the next call tries again.
 */
import { FONT_CATALOGUE } from '../../../engine/text/catalogue.ts';
import { addFonts, createFontSet, type FontSet } from '../../../engine/text/fonts.ts';

let shared: Promise<FontSet> | null = null;

async function fetchFont(file: string): Promise<ArrayBuffer> {
  const response = await fetch(`/fonts/${encodeURIComponent(file)}`);
  if (!response.ok) throw new Error(`The font ${file} could not be loaded (HTTP ${response.status})`);
  return response.arrayBuffer();
}

export function loadBrowserFonts(): Promise<FontSet> {
  shared ??= (async () => {
    const set = createFontSet();
    await addFonts(set, FONT_CATALOGUE, fetchFont);
    return set;
  })().catch((error: unknown) => {
    shared = null;
    throw error;
  });
  return shared;
}
