/** The 15 editor fonts of fonts/ in one FontSet, read from disk: for previews, print files and benches. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { addFonts, createFontSet, FONT_CATALOGUE, type FontSet } from '../engine/index.ts';
import { projectRoot } from './config.ts';

export const FONTS_DIR = path.join(projectRoot, 'fonts');

let shared: Promise<FontSet> | null = null;

/** One FontSet per process: parsing 15 fonts and their HarfBuzz faces is done once. */
export function loadFontSet(): Promise<FontSet> {
  shared ??= (async () => {
    const set = createFontSet();
    await addFonts(set, FONT_CATALOGUE, (file) => readFile(path.join(FONTS_DIR, file)));
    return set;
  })();
  return shared;
}
