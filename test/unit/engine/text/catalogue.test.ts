import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as hb from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import {
  catalogueEntry,
  FONT_CATALOGUE,
  FONT_FAMILIES,
  isFontFamily,
} from '../../../../engine/text/catalogue.ts';
import { createFontSet } from '../../../../engine/text/fonts.ts';
import { lineHeightPt, measureText } from '../../../../engine/text/measure.ts';
import { shapeText } from '../../../../engine/text/shape.ts';
import { FONTS_DIR, readFontBytes } from './load-fonts.ts';

describe('the font catalogue', () => {
  it('lists the 15 families of S1 §9 in order', () => {
    expect(FONT_FAMILIES).toEqual([
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
    ]);
  });

  it('is the one list: fonts/ holds exactly its files, and the README’s licence table its families', () => {
    const files = readdirSync(FONTS_DIR).filter((f) => /\.(ttf|otf|json)$/i.test(f));
    expect(files.sort()).toEqual(FONT_CATALOGUE.map((e) => e.file).sort());
    const readme = readFileSync(`${FONTS_DIR}README.md`, 'utf8');
    const listed = [...readme.matchAll(/^\| ([A-Z][\w ]+?) \| (\S+\.ttf) \|/gm)].map((m) => ({
      family: m[1],
      file: m[2],
    }));
    expect(listed).toEqual(FONT_CATALOGUE);
  });

  it.each(FONT_CATALOGUE.map((e) => [e.family, e.file]))(
    '%s: %s exists and is that family',
    (family, file) => {
      expect(existsSync(`${FONTS_DIR}${file}`)).toBe(true);
      const face = new hb.Face(new hb.Blob(readFontBytes(file)));
      expect(face.getName(1, 'en')).toBe(family);
    },
  );

  it('looks families up', () => {
    expect(isFontFamily('Lobster')).toBe(true);
    expect(isFontFamily('Comic Sans')).toBe(false);
    expect(catalogueEntry('Playfair Display')?.file).toBe('PlayfairDisplay-Regular.ttf');
    expect(catalogueEntry('Comic Sans')).toBeUndefined();
  });
});

describe('FontSet', () => {
  it('adds fonts from an ArrayBuffer or a Uint8Array and reports their metrics', async () => {
    const fontSet = createFontSet();
    const bytes = readFontBytes('Roboto-Regular.ttf');
    await fontSet.add('Roboto', bytes);
    await fontSet.add('Anton', Uint8Array.from(readFontBytes('Anton-Regular.ttf')).buffer);
    expect(fontSet.families()).toEqual(['Roboto', 'Anton']);
    expect(fontSet.has('Roboto')).toBe(true);
    expect(fontSet.has('Lobster')).toBe(false);
    expect(fontSet.unitsPerEm('Roboto')).toBe(2048);
    expect(fontSet.ascender('Roboto')).toBe(1900);
    expect(fontSet.descender('Roboto')).toBe(-500);
    expect(fontSet.lineGap('Roboto')).toBe(0);
    expect(fontSet.metrics('Anton')).toEqual({
      unitsPerEm: 2048,
      ascender: 2409,
      descender: -674,
      lineGap: 0,
    });
    expect(lineHeightPt(fontSet, 'Roboto', 20.48)).toBeCloseTo(24, 9);
  });

  it('names an unknown family in its error', async () => {
    const fontSet = createFontSet();
    await fontSet.add('Roboto', readFontBytes('Roboto-Regular.ttf'));
    expect(() => fontSet.unitsPerEm('Comic Sans')).toThrow(
      'Unknown font family "Comic Sans" (loaded: "Roboto")',
    );
    expect(() => measureText(fontSet, 'Comic Sans', 12, 'x')).toThrow(/Comic Sans/);
    expect(() => shapeText(fontSet, 'Comic Sans', 'x')).toThrow(/Comic Sans/);
  });

  it('refuses bytes that are not a font, naming the family', async () => {
    const fontSet = createFontSet();
    await expect(fontSet.add('Broken', new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]))).rejects.toThrow(/Broken/);
    await expect(fontSet.add('Empty', new Uint8Array())).rejects.toThrow(/Empty/);
    expect(fontSet.has('Broken')).toBe(false);
  });

  it('keeps the shaping cache bounded', async () => {
    const fontSet = createFontSet({ shapeCacheSize: 100 });
    await fontSet.add('Roboto', readFontBytes('Roboto-Regular.ttf'));
    const first = shapeText(fontSet, 'Roboto', 'word 0');
    for (let i = 0; i < 1000; i++) shapeText(fontSet, 'Roboto', `word ${i}`);
    expect(fontSet.get('Roboto').shapeCache.size).toBeLessThanOrEqual(100);
    // Evicted and shaped again: an equal result.
    expect(shapeText(fontSet, 'Roboto', 'word 0')).toEqual(first);
    // A string in use survives: re-read it while filling the cache.
    const kept = shapeText(fontSet, 'Roboto', 'kept');
    for (let i = 0; i < 1000; i++) {
      shapeText(fontSet, 'Roboto', `other ${i}`);
      expect(shapeText(fontSet, 'Roboto', 'kept')).toBe(kept);
    }
  });
});
