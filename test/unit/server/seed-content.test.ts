import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedPortals } from '../../../server/db/seed-data.ts';

/**
 * The demo content a shopper sees makes no promise the shop does not keep (issue 34): a banner claims
 * only an offer that exists, and no link leads to a placeholder site.
 */

const PUBLIC = path.resolve(import.meta.dirname, '../../../public');

/** Every piece of text a page shows: module fields, and the words drawn into its pictures (SVG). */
function shownText(module: Record<string, unknown>): string[] {
  const texts: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      texts.push(value);
      if (value.startsWith('/m/img/') && value.endsWith('.svg')) {
        texts.push(readFileSync(path.join(PUBLIC, value.replace('/m/', '')), 'utf8'));
      }
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(module);
  return texts;
}

/** "-20%", "20 %", "20 percent", "twenty percent": the numbers a banner offers off. */
function percentClaims(text: string): number[] {
  const words: Record<string, number> = { ten: 10, fifteen: 15, twenty: 20, thirty: 30, fifty: 50 };
  const claims = [...text.matchAll(/(\d{1,2})\s?(%|percent|prosent|procent)/gi)].map((m) => Number(m[1]));
  for (const [word, n] of Object.entries(words)) {
    if (new RegExp(`\\b${word}\\s+percent`, 'i').test(text)) claims.push(n);
  }
  return claims;
}

describe('demo content', () => {
  for (const portal of seedPortals) {
    const offers = portal.checkout.rebateCodes
      .filter((r) => r.active !== false && r.percentOff)
      .map((r) => r.percentOff);

    it(`${portal.name}: every percentage a page or banner shows is an active rebate code's`, () => {
      const modules = portal.pages.flatMap((p) => p.modules);
      const claims = modules.flatMap((m) => shownText(m).flatMap(percentClaims));
      for (const claim of claims) expect(offers).toContain(claim);
    });

    it(`${portal.name}: no page, tile or menu item links to a placeholder site`, () => {
      const links = [
        ...portal.pages.flatMap((p) => p.modules.flatMap((m) => shownText(m))),
        ...portal.categories.map((c) => c.link ?? ''),
      ].filter((text) => /photobook\.example|placeholder/i.test(text));
      expect(links).toEqual([]);
    });
  }

  it('finds the claims it is there to find', () => {
    expect(percentClaims('<text>-20%</text>')).toEqual([20]);
    expect(percentClaims('<title>Twenty percent off photo prints</title>')).toEqual([20]);
    expect(percentClaims('Sommertilbud: 10 % rabatt')).toEqual([10]);
  });
});
