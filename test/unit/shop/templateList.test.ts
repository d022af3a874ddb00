import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  compareProducts,
  editorPath,
  filtersToSearch,
  filterTemplates,
  filterValues,
  formatOf,
  groupByProduct,
  hasFilters,
  isListType,
  type ListProduct,
  type ListTemplate,
  listTypeOf,
  localised,
  matchesFilters,
  mergeOwnPictures,
  NO_FILTERS,
  OWN_PICTURES_MAX,
  offeredFilters,
  ownPreviewUrl,
  pageCountOf,
  parseFilters,
  parseFormat,
  parseOwnPictures,
  previewUrl,
  withoutFilter,
} from '../../../shop/templateList.ts';

const product = (name: string, widthMm: number, heightMm: number, uuid = name): ListProduct => ({
  uuid,
  name,
  formatSize: { widthMm, heightMm },
});

let counter = 0;
function template(over: Partial<ListTemplate> = {}): ListTemplate {
  counter += 1;
  return {
    uuid: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    name: { en_GB: `Template ${counter}` },
    categories: ['BIRTHDAY'],
    product: product('Card 10x15', 148, 105),
    hasUserText: true,
    numUserImages: 1,
    preview: { large: `t${counter}-1.png` },
    dimensions: { width: 148, height: 105 },
    pages: [{ clientIgnore: false }],
    ...over,
  };
}

const names = (list: ListProduct[]) => list.map((p) => p.name);
const sorted = (type: 'cards' | 'calendars' | 'photogift' | 'photobooks', list: ListProduct[]) =>
  names([...list].sort((a, b) => compareProducts(type, a, b)));

describe('isListType', () => {
  it('accepts the four list types only', () => {
    expect(isListType('cards')).toBe(true);
    expect(isListType('calendars')).toBe(true);
    expect(isListType('photogift')).toBe(true);
    expect(isListType('photobooks')).toBe(true);
    expect(isListType('photobook')).toBe(false);
    expect(isListType('CARDS')).toBe(false);
    expect(isListType('toString')).toBe(false);
    expect(isListType(undefined)).toBe(false);
  });
});

describe('localised', () => {
  it('takes the language, else English, else the first name', () => {
    expect(localised({ en_GB: 'Birthday', nb_NO: 'Bursdag' }, 'nb_NO')).toBe('Bursdag');
    expect(localised({ en_GB: 'Birthday', nb_NO: 'Bursdag' }, 'en_US')).toBe('Birthday');
    expect(localised({ da_DK: 'Fødselsdag' }, 'en_GB')).toBe('Fødselsdag');
    expect(localised({}, 'en_GB')).toBe('');
  });
});

describe('product sort (S1 §9)', () => {
  it('cards: 15x15 first, then the larger area, then natural name order', () => {
    expect(
      sorted('cards', [
        product('Card 10x15', 148, 105),
        product('Card 21x10', 210, 100),
        product('Card 15x15', 150, 150),
        product('Card A5', 210, 148),
      ]),
    ).toEqual(['Card 15x15', 'Card A5', 'Card 21x10', 'Card 10x15']);
  });

  it('cards: several 15x15 names are ordered by area among themselves', () => {
    expect(
      sorted('cards', [
        product('Mini 15x15', 100, 100),
        product('Card 15x15', 150, 150),
        product('Card 9x9', 90, 90),
      ]),
    ).toEqual(['Card 15x15', 'Mini 15x15', 'Card 9x9']);
  });

  it('cards: the same area falls back to natural name order (9 before 10)', () => {
    expect(
      sorted('cards', [
        product('Card 10 fold', 100, 100),
        product('Card 9 fold', 100, 100),
        product('card 2', 100, 100),
      ]),
    ).toEqual(['card 2', 'Card 9 fold', 'Card 10 fold']);
  });

  it('calendars: 20x30 first, then the (12 variant, then natural name order', () => {
    expect(
      sorted('calendars', [
        product('Calendar A4 (6 months)', 210, 297),
        product('Calendar A4 (12 months)', 210, 297),
        product('Calendar 20x30 (12 months)', 200, 300),
        product('Calendar A3 (12 months)', 297, 420),
      ]),
    ).toEqual([
      'Calendar 20x30 (12 months)',
      'Calendar A3 (12 months)',
      'Calendar A4 (12 months)',
      'Calendar A4 (6 months)',
    ]);
  });

  it('calendars: a 20x30 without (12 still comes before a (12 of another size', () => {
    expect(
      sorted('calendars', [
        product('Calendar A4 (12 months)', 210, 297),
        product('Calendar 20x30 desk', 200, 300),
      ]),
    ).toEqual(['Calendar 20x30 desk', 'Calendar A4 (12 months)']);
  });

  it('photo gifts keep the server order', () => {
    const list = [product('Photo mug', 200, 85), product('Canvas 40x40', 400, 400), product('A mug', 1, 1)];
    expect(sorted('photogift', list)).toEqual(['Photo mug', 'Canvas 40x40', 'A mug']);
  });
});

describe('groupByProduct', () => {
  it('groups templates by product in the sort order, templates in the server order', () => {
    const small = product('Card 10x15', 148, 105, 'p-small');
    const square = product('Card 15x15', 150, 150, 'p-square');
    const a = template({ product: small });
    const b = template({ product: square });
    const c = template({ product: small });
    const groups = groupByProduct('cards', [a, b, c]);
    expect(groups.map((g) => g.product.uuid)).toEqual(['p-square', 'p-small']);
    expect(groups[1]?.templates.map((t) => t.uuid)).toEqual([a.uuid, c.uuid]);
  });

  it('is empty for an empty list', () => {
    expect(groupByProduct('calendars', [])).toEqual([]);
  });
});

describe('filter values', () => {
  it('formats are product sizes in whole mm', () => {
    expect(formatOf(template({ product: product('x', 148.4, 104.6) }))).toBe('148x105');
    expect(parseFormat('148x105')).toEqual({ widthMm: 148, heightMm: 105 });
    expect(parseFormat('0x105')).toBeNull();
    expect(parseFormat('148X105')).toBeNull();
    expect(parseFormat('148x')).toBeNull();
    expect(parseFormat('abc')).toBeNull();
  });

  it('counts visible pages only', () => {
    expect(pageCountOf(template({ pages: [{}, { clientIgnore: true }, { clientIgnore: false }] }))).toBe(2);
  });

  it('lists distinct values: formats largest first, counts ascending', () => {
    const values = filterValues([
      template({ product: product('a', 148, 105), numUserImages: 3 }),
      template({ product: product('b', 150, 150), numUserImages: 1, pages: [{}, {}] }),
      template({ product: product('c', 148, 105), numUserImages: 1 }),
    ]);
    expect(values).toEqual({ formats: ['150x150', '148x105'], images: [1, 3], pages: [1, 2] });
  });

  it('offers format, images and pages only with more than one value; text always', () => {
    expect(offeredFilters({ formats: ['1x1'], images: [1], pages: [1] })).toEqual(['text']);
    expect(offeredFilters({ formats: [], images: [], pages: [] })).toEqual(['text']);
    expect(offeredFilters({ formats: ['1x1', '2x2'], images: [0, 1], pages: [1, 13] })).toEqual([
      'format',
      'images',
      'pages',
      'text',
    ]);
    expect(offeredFilters({ formats: ['1x1'], images: [0, 1], pages: [13] })).toEqual(['images', 'text']);
  });
});

describe('filtering', () => {
  const withText = template({ product: product('a', 148, 105), numUserImages: 1, hasUserText: true });
  const noText = template({ product: product('b', 150, 150), numUserImages: 0, hasUserText: false });
  const twoPages = template({ product: product('c', 150, 150), numUserImages: 2, pages: [{}, {}] });
  const all = [withText, noText, twoPages];

  it('no filters keep everything', () => {
    expect(filterTemplates(all, NO_FILTERS)).toEqual(all);
  });

  it('filters by format, images, pages and text, all together', () => {
    expect(filterTemplates(all, { ...NO_FILTERS, format: '150x150' })).toEqual([noText, twoPages]);
    expect(filterTemplates(all, { ...NO_FILTERS, images: 0 })).toEqual([noText]);
    expect(filterTemplates(all, { ...NO_FILTERS, pages: 2 })).toEqual([twoPages]);
    expect(filterTemplates(all, { ...NO_FILTERS, text: 'with' })).toEqual([withText, twoPages]);
    expect(filterTemplates(all, { ...NO_FILTERS, text: 'without' })).toEqual([noText]);
    expect(filterTemplates(all, { format: '150x150', images: null, pages: null, text: 'with' })).toEqual([
      twoPages,
    ]);
    expect(matchesFilters(withText, { ...NO_FILTERS, format: '999x999' })).toBe(false);
  });

  it('lists the active filters in chip order and removes one', () => {
    const f = { format: '150x150', images: null, pages: 0, text: 'without' as const };
    expect(activeFilters(f)).toEqual([
      { key: 'format', value: '150x150' },
      { key: 'pages', value: 0 },
      { key: 'text', value: 'without' },
    ]);
    expect(hasFilters(f)).toBe(true);
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(withoutFilter(f, 'pages')).toEqual({ ...f, pages: null });
  });
});

describe('URL query', () => {
  it('round-trips the filters', () => {
    const f = { format: '148x105', images: 2, pages: 13, text: 'with' as const };
    const search = filtersToSearch(f);
    expect(search).toBe('format=148x105&images=2&pages=13&text=with');
    expect(parseFilters(search)).toEqual(f);
    expect(parseFilters(`?${search}`)).toEqual(f);
    expect(parseFilters(new URLSearchParams(search))).toEqual(f);
  });

  it('an empty query is no filters, and no filters an empty query', () => {
    expect(parseFilters('')).toEqual(NO_FILTERS);
    expect(filtersToSearch(NO_FILTERS)).toBe('');
  });

  it('ignores values that are not well-formed', () => {
    expect(parseFilters('format=abc&images=-1&pages=1.5&text=maybe')).toEqual(NO_FILTERS);
    expect(parseFilters('images=01&pages=1000')).toEqual(NO_FILTERS);
    expect(parseFilters('images=0&pages=999')).toEqual({ ...NO_FILTERS, images: 0, pages: 999 });
  });

  it('takes the first of repeated parameters', () => {
    expect(parseFilters('images=1&images=2').images).toBe(1);
  });

  it('keeps other parameters and replaces the filter ones', () => {
    expect(filtersToSearch({ ...NO_FILTERS, images: 1 }, '?utm=x&images=3&format=1x1')).toBe(
      'utm=x&images=1',
    );
    expect(filtersToSearch(NO_FILTERS, 'utm=x&text=with')).toBe('utm=x');
  });

  it('encodes values safely', () => {
    expect(filtersToSearch({ ...NO_FILTERS, text: 'without' }, 'q=a b&c=1')).toBe('q=a+b&c=1&text=without');
  });
});

describe('links', () => {
  const t = template({
    uuid: '11111111-1111-4111-8111-111111111111',
    product: product('Card', 1, 1, '22222222-2222-4222-8222-222222222222'),
    categories: ['MUG', 'OTHER'],
  });

  it('builds the editor routes of S1 §2', () => {
    expect(editorPath('calendars', null, t)).toBe(
      '/products/calendars/22222222-2222-4222-8222-222222222222/11111111-1111-4111-8111-111111111111',
    );
    expect(editorPath('cards', 'BIRTHDAY', t)).toBe(
      '/products/cards/BIRTHDAY/22222222-2222-4222-8222-222222222222/11111111-1111-4111-8111-111111111111',
    );
    expect(editorPath('photogift', 'CANVAS', t)).toMatch(/^\/products\/photogift\/CANVAS\//);
    // A photo book has no category, as a calendar has none (issue 33).
    expect(editorPath('photobooks', 'MUG', t)).toBe(
      '/products/photobooks/22222222-2222-4222-8222-222222222222/11111111-1111-4111-8111-111111111111',
    );
    expect(listTypeOf('PHOTOBOOK')).toBe('photobooks');
  });

  it('sorts photo books by page size, smaller first, then by name (a size’s covers side by side)', () => {
    const books = [
      product('Photo book 30x30, soft cover', 300, 300),
      product('Photo book 20x20, soft cover', 200, 200),
      product('Photo book A4 portrait, hard cover', 210, 297),
      product('Photo book 20x20, hard cover', 200, 200),
    ];
    expect(sorted('photobooks', books)).toEqual([
      'Photo book 20x20, hard cover',
      'Photo book 20x20, soft cover',
      'Photo book A4 portrait, hard cover',
      'Photo book 30x30, soft cover',
    ]);
  });

  it('falls back to the template’s first category without one', () => {
    expect(editorPath('photogift', null, t)).toMatch(/^\/products\/photogift\/MUG\//);
  });

  it('previews come from /templates2/all/', () => {
    expect(previewUrl({ preview: { large: 'abc-1.png' } })).toBe('/templates2/all/abc-1.png');
    expect(previewUrl({ preview: { large: 'a b.png' } })).toBe('/templates2/all/a%20b.png');
  });
});

describe("'View with own pictures'", () => {
  const pic = (n: number) => ({
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    width: 100 + n,
    height: 80,
  });

  it('puts the newly picked pictures first, in the order picked, without repeats', () => {
    expect(mergeOwnPictures([], [pic(1), pic(2)])).toEqual([pic(1), pic(2)]);
    expect(mergeOwnPictures([pic(1), pic(2)], [pic(3), pic(4)])).toEqual([pic(3), pic(4), pic(1), pic(2)]);
    // A picture picked again moves to the front once.
    expect(mergeOwnPictures([pic(1), pic(2)], [pic(2), pic(3)])).toEqual([pic(2), pic(3), pic(1)]);
    expect(mergeOwnPictures([pic(1)], [])).toEqual([pic(1)]);
  });

  it('keeps at most OWN_PICTURES_MAX, dropping the oldest', () => {
    const earlier = Array.from({ length: OWN_PICTURES_MAX }, (_, i) => pic(i));
    const merged = mergeOwnPictures(earlier, [pic(100), pic(101)]);
    expect(merged).toHaveLength(OWN_PICTURES_MAX);
    expect(merged.slice(0, 3)).toEqual([pic(100), pic(101), pic(0)]);
    expect(merged.at(-1)).toEqual(pic(OWN_PICTURES_MAX - 3));
  });

  it('names only as many pictures as the template has picture slots; none without slots or pictures', () => {
    const card = { uuid: 'a b', numUserImages: 2 };
    const url = ownPreviewUrl(card, [pic(1), pic(2), pic(3)], 480)!;
    expect(url.startsWith('/m/api/templates/by-uuid/a%20b/own-preview.jpg?')).toBe(true);
    const query = new URLSearchParams(url.split('?')[1]);
    expect(query.get('pictures')).toBe(`${pic(1).uuid},${pic(2).uuid}`);
    expect(query.get('width')).toBe('480');
    expect(new URLSearchParams(ownPreviewUrl(card, [pic(7)], 480)!.split('?')[1]).get('pictures')).toBe(
      pic(7).uuid,
    );
    expect(ownPreviewUrl(card, [], 480)).toBeNull();
    expect(ownPreviewUrl({ uuid: 'x', numUserImages: 0 }, [pic(1)], 480)).toBeNull();
  });

  it('reads kept pictures back and drops what is not one', () => {
    expect(parseOwnPictures(JSON.stringify([pic(1), pic(2)]))).toEqual([pic(1), pic(2)]);
    expect(parseOwnPictures(null)).toEqual([]);
    expect(parseOwnPictures('{')).toEqual([]);
    expect(parseOwnPictures('{"uuid":"x"}')).toEqual([]);
    expect(
      parseOwnPictures(
        JSON.stringify([
          pic(1),
          { ...pic(2), uuid: '../../etc' },
          { ...pic(3), width: 0 },
          { ...pic(4), height: 1.5 },
          null,
          'x',
          { ...pic(5), extra: true },
        ]),
      ),
    ).toEqual([pic(1), pic(5)]);
    const many = Array.from({ length: OWN_PICTURES_MAX + 5 }, (_, i) => pic(i));
    expect(parseOwnPictures(JSON.stringify(many))).toHaveLength(OWN_PICTURES_MAX);
  });
});
