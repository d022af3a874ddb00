/**
 * The fonts the text engine measures and draws with. One FontSet holds, per family, the font as
 * HarfBuzz reads it: shaping (GPOS kerning, ligatures, contextual alternates), metrics and the glyph
 * outlines the renderers draw (glyphs.ts). One parser for all three, in the browser and on the
 * server alike, so the page drawn in the editor is the page printed. The bytes are handed in: the
 * browser fetches `fonts/*.ttf`, the server and the tests read them from disk; this module does no I/O.
 *
 * harfbuzzjs is an ES module that instantiates its WebAssembly with a top-level await. It is imported
 * lazily (dynamic `import()`, once, on the first `add`), so merely importing engine/text costs nothing
 * and the WASM loads only where fonts are actually added (editor chunk, server, tests). Under Node
 * (vitest, tsx) harfbuzzjs finds its .wasm next to its own module file by itself.
 */
import type * as HarfBuzz from 'harfbuzzjs';
import { LruishCache } from './cache.ts';
import type { FontMetrics, OutlineCommand, ShapedRun } from './types.ts';

export type HarfBuzzApi = typeof HarfBuzz;

let harfBuzz: Promise<HarfBuzzApi> | undefined;

/** The harfbuzzjs module, its WebAssembly instantiated (loaded once, shared by every FontSet). */
export function loadHarfBuzz(): Promise<HarfBuzzApi> {
  harfBuzz ??= import('harfbuzzjs').catch((error: unknown) => {
    harfBuzz = undefined;
    throw error;
  });
  return harfBuzz;
}

/** Everything loaded for one family. Used by shape.ts and glyphs.ts; not needed by callers. */
export interface LoadedFont extends FontMetrics {
  readonly family: string;
  /** The glyph ids are 0 … glyphCount − 1 (the font's maxp table). */
  readonly glyphCount: number;
  readonly hb: HarfBuzzApi;
  readonly hbFont: HarfBuzz.Font;
  /** Reused for every shaping of this family (cleared before each use). */
  readonly hbBuffer: HarfBuzz.Buffer;
  readonly shapeCache: LruishCache<string, ShapedRun>;
  readonly outlineCache: Map<number, readonly OutlineCommand[]>;
}

export interface FontSet {
  /** Parse a font (TTF/OTF bytes) and make it available as `family`. Replaces a family added before. */
  add(family: string, bytes: ArrayBuffer | Uint8Array): Promise<void>;
  has(family: string): boolean;
  /** The families added, in the order they were added. */
  families(): string[];
  /** The following throw an Error naming the family when it was not added. */
  unitsPerEm(family: string): number;
  /** Font units above the baseline (positive). */
  ascender(family: string): number;
  /** Font units below the baseline (negative). */
  descender(family: string): number;
  lineGap(family: string): number;
  metrics(family: string): FontMetrics;
  /** The loaded font: the HarfBuzz font and the caches. */
  get(family: string): LoadedFont;
}

export interface FontSetOptions {
  /** Shaped strings kept per family (default 5,000). */
  shapeCacheSize?: number;
}

export const DEFAULT_SHAPE_CACHE_SIZE = 5000;

export class UnknownFontError extends Error {
  constructor(
    readonly family: string,
    loaded: readonly string[],
  ) {
    super(
      `Unknown font family "${family}" (loaded: ${loaded.length ? loaded.map((f) => `"${f}"`).join(', ') : 'none'})`,
    );
    this.name = 'UnknownFontError';
  }
}

function toArrayBuffer(bytes: ArrayBuffer | Uint8Array): ArrayBuffer {
  // A view (Uint8Array, Node's Buffer, which may sit in a shared pool) is copied to its own buffer.
  if (!ArrayBuffer.isView(bytes)) return bytes;
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}

/**
 * Vertical metrics as HarfBuzz reads them (hb_font_get_h_extents): OS/2 typo metrics when the font sets
 * USE_TYPO_METRICS, otherwise hhea (then OS/2 win as fallback), the rule browsers follow too.
 */
function readMetrics(hbFont: HarfBuzz.Font, unitsPerEm: number): FontMetrics {
  const e = hbFont.hExtents();
  return { unitsPerEm, ascender: e.ascender, descender: e.descender, lineGap: e.lineGap };
}

/** numGlyphs of the maxp table (a uint16 after its 4-byte version), 0 when the face has none. */
function maxpGlyphCount(face: HarfBuzz.Face): number {
  const maxp = face.referenceTable('maxp');
  return maxp && maxp.length >= 6 ? (maxp[4]! << 8) | maxp[5]! : 0;
}

export function createFontSet(options: FontSetOptions = {}): FontSet {
  const shapeCacheSize = options.shapeCacheSize ?? DEFAULT_SHAPE_CACHE_SIZE;
  const fonts = new Map<string, LoadedFont>();

  const get = (family: string): LoadedFont => {
    const font = fonts.get(family);
    if (!font) throw new UnknownFontError(family, [...fonts.keys()]);
    return font;
  };

  return {
    async add(family, bytes) {
      if (!family.trim()) throw new Error('A font family needs a name');
      const buffer = toArrayBuffer(bytes);
      if (buffer.byteLength === 0) throw new Error(`Font "${family}": no bytes`);
      const hb = await loadHarfBuzz();
      const face = new hb.Face(new hb.Blob(buffer));
      // HarfBuzz takes anything as a face (an empty one for bytes that are not a font): check it is one.
      const glyphCount = maxpGlyphCount(face);
      if (!glyphCount || !face.upem)
        throw new Error(`Font "${family}" could not be parsed: not a TrueType or OpenType font`);
      const hbFont = new hb.Font(face);
      fonts.set(family, {
        family,
        ...readMetrics(hbFont, face.upem),
        glyphCount,
        hb,
        hbFont,
        hbBuffer: new hb.Buffer(),
        shapeCache: new LruishCache(shapeCacheSize),
        outlineCache: new Map(),
      });
    },
    has: (family) => fonts.has(family),
    families: () => [...fonts.keys()],
    unitsPerEm: (family) => get(family).unitsPerEm,
    ascender: (family) => get(family).ascender,
    descender: (family) => get(family).descender,
    lineGap: (family) => get(family).lineGap,
    metrics(family) {
      const { unitsPerEm, ascender, descender, lineGap } = get(family);
      return { unitsPerEm, ascender, descender, lineGap };
    },
    get,
  };
}

/**
 * Add every catalogue font, fetching the bytes with `load(file)` (a file name inside `fonts/`):
 * `fetch('/fonts/' + file)` in the browser, `readFile` on the server.
 */
export async function addFonts(
  fontSet: FontSet,
  entries: readonly { family: string; file: string }[],
  load: (file: string) => Promise<ArrayBuffer | Uint8Array>,
): Promise<void> {
  await Promise.all(entries.map(async (e) => fontSet.add(e.family, await load(e.file))));
}
