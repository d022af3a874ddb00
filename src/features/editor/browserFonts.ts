/**
 * The editor fonts in one FontSet for the browser: the TTFs of fonts/, served at /fonts/{file},
 * read by HarfBuzz (engine/text/fonts.ts). One set per page load, shared by every
 * canvas, filled as fonts are needed: the editor opens with the fonts its template and the saved work
 * name (not all 2.3 MB of the 15), and loads the others when the font menu opens. A failed font is
 * forgotten so the next call tries again.
 */
import { createFontSet, FONT_CATALOGUE, type FontSet } from '../../../engine/index.ts';
import { fontUrl } from '../../../shop/index.ts';

const set: FontSet = createFontSet();
const loading = new Map<string, Promise<void>>();

async function fetchFont(file: string): Promise<ArrayBuffer> {
  const response = await fetch(fontUrl(file));
  if (!response.ok) throw new Error(`The font ${file} could not be loaded (HTTP ${response.status})`);
  return response.arrayBuffer();
}

/**
 * The shared set with these families in it (every catalogue font when none are named). A family
 * not in the catalogue is left out: the engine's own check reports it where it is used.
 */
export async function loadBrowserFonts(families?: readonly string[]): Promise<FontSet> {
  const wanted = families
    ? FONT_CATALOGUE.filter((entry) => families.includes(entry.family))
    : FONT_CATALOGUE;
  await Promise.all(
    wanted.map((entry) => {
      if (set.has(entry.family)) return undefined;
      let pending = loading.get(entry.family);
      if (!pending) {
        pending = fetchFont(entry.file)
          .then((bytes) => set.add(entry.family, bytes))
          .finally(() => loading.delete(entry.family));
        loading.set(entry.family, pending);
      }
      return pending;
    }),
  );
  return set;
}
