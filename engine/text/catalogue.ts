/**
 * The 15 editor fonts (S1 §9), in the specification's order, and their files in `fonts/`: the one
 * list the browser (FontFace), the text engine, the print server and the build read. A unit test
 * (test/unit/engine/text/catalogue.test.ts) checks that `fonts/` holds exactly these files, each
 * naming itself with its family, and that fonts/README.md's licence table lists every family.
 */

export const FONT_FAMILIES = [
  'Anton',
  'Bebas Neue',
  'Comfortaa',
  'Dancing Script',
  'Graduate',
  'Lobster',
  'Lora',
  'Montserrat',
  'Oswald',
  'Pacifico',
  'Playfair Display',
  'Racing Sans One',
  'Roboto',
  'Sacramento',
  'Tourney',
] as const;

export type FontFamily = (typeof FONT_FAMILIES)[number];

export interface CatalogueEntry {
  family: FontFamily;
  /** File name inside `fonts/`. */
  file: string;
}

/** `Playfair Display` → `PlayfairDisplay-Regular.ttf`: the Regular (400) TTF of each family. */
export const FONT_CATALOGUE: readonly CatalogueEntry[] = FONT_FAMILIES.map((family) => ({
  family,
  file: `${family.replace(/ /g, '')}-Regular.ttf`,
}));

export const isFontFamily = (family: string): family is FontFamily =>
  (FONT_FAMILIES as readonly string[]).includes(family);

/** The catalogue entry of a family, or undefined when it is not one of the 15. */
export const catalogueEntry = (family: string): CatalogueEntry | undefined =>
  FONT_CATALOGUE.find((e) => e.family === family);
