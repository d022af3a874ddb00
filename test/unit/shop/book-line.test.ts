import { beforeAll, describe, expect, it } from 'vitest';
import type { BookTemplate } from '../../../engine/book.ts';
import { createInstance, run, startHistory } from '../../../engine/instance.ts';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { errorMessage } from '../../../server/i18n.ts';
import { systemClock } from '../../../shop/clock.ts';
import {
  type BookPageRules,
  checkBookPages,
  checkLineResources,
  instancePictures,
  LineRefusal,
  lineBookPagesInput,
  lineInstance,
  lineResourceInputs,
  lineTemplate,
  lineVerdict,
  type PictureInfo,
} from '../../../shop/templateLine.ts';
import { demoTemplate } from '../../support/demoTemplates.ts';
import { loadAllFonts } from '../engine/text/load-fonts.ts';

const t = demoTemplate('Holiday book') as BookTemplate;
const today = systemClock.now();
const RULES: BookPageRules = { min: 4, max: 8, step: 2 };
const PAGES = [
  { id: 'b1', typeId: 'full' },
  { id: 'b2', typeId: 'two' },
  { id: 'b5', typeId: 'text' },
  { id: 'b3', typeId: 'one-caption' },
];
const picture: PictureInfo = { uuid: '11111111-1111-4111-8111-111111111111', width: 4000, height: 3000 };
const pictures = new Map([[picture.uuid, picture]]);
const image = (fullId: string) => ({
  fullId,
  type: 'IMAGE' as const,
  image: { uuid: picture.uuid, rotation: 0 as const, cropRect: { x: 0, y: 0, width: 0.75, height: 1 } },
});
/** Every picture slot of these pages and the cover filled. */
const filled = (pages: { id: string; typeId: string }[]) => {
  const model = lineTemplate(t, pages);
  return model.pages.flatMap((p) =>
    model.partTypes
      .find((pt) => pt.id === p.typeId)!
      .resources.filter((r) => r.type === 'IMAGE')
      .map((r) => image(`${p.id}:${r.id}`)),
  );
};

/** The English words of a refusal, as a portal answers it. */
function refusal(rule: () => unknown): string {
  const verdict = lineVerdict(rule);
  if (verdict.ok) throw new Error('The rule took it');
  return `${verdict.code}: ${errorMessage('en_GB', verdict.key, verdict.values)}`;
}

describe('checkBookPages', () => {
  it('takes a book’s pages of its layouts, unique ids, a count the product takes', () => {
    expect(checkBookPages(t, PAGES, RULES)).toEqual(PAGES);
    expect(checkBookPages(t, undefined, RULES, PAGES)).toEqual(PAGES);
    expect(checkBookPages(t, PAGES, undefined)).toEqual(PAGES);
  });

  it('refuses an unknown layout, a page twice, the cover’s id, a bad id, or none', () => {
    expect(refusal(() => checkBookPages(t, [...PAGES.slice(1), { id: 'b9', typeId: 'cover' }], RULES))).toBe(
      'invalid_book_page: The page "b9" has a layout "cover" this book does not have',
    );
    expect(refusal(() => checkBookPages(t, [...PAGES.slice(1), { id: 'b2', typeId: 'four' }], RULES))).toBe(
      'invalid_book_page: The page "b2" is in the book twice',
    );
    expect(
      refusal(() => checkBookPages(t, [...PAGES.slice(1), { id: 'cover', typeId: 'four' }], RULES)),
    ).toMatch(/twice/);
    expect(refusal(() => checkBookPages(t, [...PAGES.slice(1), { id: 'b 4', typeId: 'four' }], RULES))).toBe(
      'invalid_book_page: "b 4" cannot be a page of the book',
    );
    expect(refusal(() => checkBookPages(t, undefined, RULES))).toBe(
      'book_pages_required: A photo book needs its pages',
    );
  });

  it('refuses a count below the least, above the most, or off the step', () => {
    const pages = (n: number) => Array.from({ length: n }, (_, k) => ({ id: `b${k + 1}`, typeId: 'two' }));
    for (const n of [4, 6, 8]) expect(checkBookPages(t, pages(n), RULES)).toHaveLength(n);
    for (const n of [2, 3, 5, 7, 9, 10]) {
      expect(refusal(() => checkBookPages(t, pages(n), RULES))).toBe(
        `invalid_page_count: A book of this kind has 4 to 8 pages in steps of 2, not ${n}`,
      );
    }
  });

  it('other templates have no pages, whatever is sent', () => {
    const card = demoTemplate('Balloon party');
    expect(checkBookPages(card, PAGES, RULES)).toBeNull();
    expect(lineTemplate(card, null)).toBe(card);
  });
});

describe('a book line’s resources', () => {
  let fonts: FontSet;
  beforeAll(async () => {
    fonts = await loadAllFonts();
  });

  it('takes the cover’s and every page’s slots, and refuses a slot no page of the line has', () => {
    const model = lineTemplate(t, PAGES);
    const stored = checkLineResources(model, filled(PAGES), pictures, fonts);
    expect(stored.filter((r) => r.type === 'IMAGE').map((r) => r.fullId)).toEqual([
      'cover:photo',
      'b1:photo1',
      'b2:photo1',
      'b2:photo2',
      'b3:photo1',
    ]);
    // b1 is a one-picture page, b4 is no page of this line.
    for (const slot of ['b1:photo2', 'b4:photo1']) {
      expect(refusal(() => checkLineResources(model, [...filled(PAGES), image(slot)], pictures, fonts))).toBe(
        `unknown_slot: The template has no slot "${slot}" for you to fill`,
      );
    }
    expect(refusal(() => checkLineResources(model, filled(PAGES).slice(1), pictures, fonts))).toMatch(
      /^incomplete: .*cover:photo/,
    );
  });

  it('goes from an editor’s book to a line and back', () => {
    let h = startHistory(createInstance(t, today, PAGES));
    for (const { fullId } of filled(PAGES)) h = run(t, h, 'setPicture', fullId, picture);
    h = run(t, h, 'setText', 'b3:caption', 'Lisbon');
    h = run(t, h, 'movePage', 3, 0);
    const bookPages = lineBookPagesInput(h.instance)!;
    expect(bookPages.map((p) => p.id)).toEqual(['b3', 'b1', 'b2', 'b5']);
    const pages = checkBookPages(t, bookPages, RULES);
    const resources = checkLineResources(
      lineTemplate(t, pages),
      lineResourceInputs(t, h.instance),
      instancePictures(h.instance),
      fonts,
    );
    const again = lineInstance(t, { resources, year: h.instance.year, bookPages: pages }, today);
    expect(again.bookPages).toEqual(h.instance.bookPages);
    // What the shopper made (a stored text's font also carries the text, as for every line).
    const made = (r: typeof again.resources) =>
      Object.fromEntries(Object.entries(r).map(([id, v]) => [id, v.type === 'IMAGE' ? v.image : v.text]));
    expect(made(again.resources)).toEqual(made(h.instance.resources));
    expect(made(again.resources)['b3:caption']).toBe('Lisbon');
  });

  it('a refusal is a LineRefusal the server answers as a 400', () => {
    expect(() => checkBookPages(t, [], RULES)).toThrow(LineRefusal);
  });
});
