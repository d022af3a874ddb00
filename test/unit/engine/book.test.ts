import { beforeAll, describe, expect, it } from 'vitest';
import {
  type BookTemplate,
  bookPagesProblem,
  bookTemplate,
  coverPanels,
  layoutSlots,
  materialiseBook,
  materialiseCover,
} from '../../../engine/book.ts';
import { createInstance } from '../../../engine/instance.ts';
import { preflight } from '../../../engine/preflight.ts';
import { pageScene } from '../../../engine/scene.ts';
import { parseTemplate, type Template } from '../../../engine/template.ts';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { systemClock } from '../../../shop/clock.ts';
import { demoTemplate } from '../../support/demoTemplates.ts';
import { loadAllFonts } from './text/load-fonts.ts';

const book = () => demoTemplate('Holiday book') as BookTemplate;
const today = systemClock.now();
const PAGES = [
  { id: 'b7', typeId: 'six' },
  { id: 'b2', typeId: 'full' },
  { id: 'b9', typeId: 'text' },
];

/** The template as written, changed by `change`, then checked again. */
function problemsOf(change: (t: Template) => void): string[] {
  const json: Template = structuredClone(book());
  // The count fields follow the slots: left out, they are counted again.
  for (const key of ['hasUserText', 'numUserImages', 'numUserParts'] as const)
    delete (json as Partial<Template>)[key];
  change(json);
  const result = parseTemplate(json);
  return result.ok ? [] : result.problems.map((p) => `${p.path}: ${p.message}`);
}

const page = (id: string, typeId: string) => ({
  id,
  typeId,
  clientIgnore: false,
  months: {},
  renderParts: [],
});

const partOf = (t: Template, typeId: string, resourceId: string) =>
  t.partTypes.find((p) => p.id === typeId)!.renderParts.find((p) => p.resourceId === resourceId)!;

describe('the book section of a template', () => {
  it('the demo book is valid: a cover, 8 layouts, the cover its first page', () => {
    const t = book();
    expect(t.type).toBe('PHOTOBOOK');
    expect(t.book!.layouts).toHaveLength(8);
    expect(t.pages[0]!.typeId).toBe(t.book.cover);
    const counts = t.book!.layouts.map((id) => layoutSlots(t, id).filter((s) => s.type === 'IMAGE').length);
    expect([...new Set(counts)].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it.each([
    [
      'a photo book without its section',
      (t: Template) => {
        delete t.book;
      },
      'book: a photo book needs its book section',
    ],
    ['a section on a card', (t: Template) => (t.type = 'CARDS'), 'book: only a photo book'],
    ['an unknown cover', (t: Template) => (t.book!.cover = 'nope'), 'book.cover: no part type "nope"'],
    ['an unknown layout', (t: Template) => t.book!.layouts.push('nope'), 'no part type "nope"'],
    [
      'the cover as a layout',
      (t: Template) => t.book!.layouts.push('cover'),
      'the cover is not a page layout',
    ],
    ['a layout twice', (t: Template) => t.book!.layouts.push('two'), 'listed twice'],
    ['a default that is no layout', (t: Template) => (t.book!.defaultLayout = 'cover'), 'book.defaultLayout'],
    [
      'the cover not first',
      (t: Template) => t.pages.reverse(),
      'pages[0].typeId: the first page of a photo book is its cover',
    ],
    ['a second cover', (t: Template) => t.pages.push(page('c2', 'cover')), 'one cover'],
    [
      'a page of no layout',
      (t: Template) => {
        t.partTypes.push({ id: 'x', renderParts: [], resources: [] });
        t.pages.push(page('x1', 'x'));
      },
      'not one of the book',
    ],
    ['no inner page', (t: Template) => t.pages.splice(1), 'at least one inner page'],
    [
      'a cover part without its panel',
      (t: Template) => delete t.partTypes[0]!.renderParts[3]!.panel,
      'says its panel',
    ],
    [
      'a panel on a page layout',
      (t: Template) => (t.partTypes[2]!.renderParts[0]!.panel = 'front'),
      'only a photo book',
    ],
    ['folds on a book', (t: Template) => (t.folds = [{ axis: 'vertical', atMm: 100 }]), 'no folds'],
    [
      'a layout drawing a template-level slot',
      (t: Template) => {
        t.resources.push({
          id: 'shared',
          type: 'IMAGE',
          userSupplied: true,
          required: false,
          disableEdit: false,
        });
        const layout = t.partTypes[2]!;
        layout.renderParts.push({ ...layout.renderParts[0]!, resourceId: 'shared' });
      },
      'slots are its own resources',
    ],
  ])('refuses %s', (_, change, message) => {
    expect(problemsOf(change).join('\n')).toContain(message);
  });

  it('a panel anywhere in a template that is no book is refused', () => {
    const card = demoTemplate('Balloon party');
    card.partTypes[0]!.renderParts[0]!.panel = 'front';
    const result = parseTemplate(card);
    expect(result.ok ? [] : result.problems.map((p) => p.message)).toContain(
      "only a photo book's cover has panels",
    );
  });
});

describe('bookPagesProblem', () => {
  it('takes pages of the book’s layouts with unique ids, and names the first wrong page', () => {
    const t = book();
    expect(bookPagesProblem(t, PAGES)).toBeNull();
    expect(bookPagesProblem(t, [])).toBeNull();
    expect(bookPagesProblem(t, [...PAGES, { id: 'b10', typeId: 'cover' }])).toEqual({
      kind: 'unknown_layout',
      pageId: 'b10',
      typeId: 'cover',
    });
    expect(bookPagesProblem(t, [...PAGES, { id: 'b2', typeId: 'two' }])).toEqual({
      kind: 'duplicate_page',
      pageId: 'b2',
    });
    expect(bookPagesProblem(t, [{ id: 'cover', typeId: 'two' }])).toMatchObject({ kind: 'duplicate_page' });
    expect(bookPagesProblem(t, [{ id: 'b:1', typeId: 'two' }])).toMatchObject({ kind: 'invalid_page_id' });
  });
});

describe('materialiseBook and bookTemplate', () => {
  it('answers the inner pages in order as plain pages, counted again', () => {
    const t = book();
    const inner = materialiseBook(t, PAGES);
    expect(inner.pages.map((p) => [p.id, p.typeId])).toEqual(PAGES.map((p) => [p.id, p.typeId]));
    expect(inner.dimensions).toEqual(t.dimensions);
    expect(inner.numUserImages).toBe(6 + 1 + 0);
    expect(parseTemplate(inner).ok).toBe(false); // no cover: a printing view, not a template to store
    const whole = bookTemplate(t, PAGES);
    expect(whole.pages.map((p) => p.id)).toEqual(['cover', 'b7', 'b2', 'b9']);
    expect(whole.numUserImages).toBe(1 + 7);
    expect(parseTemplate(whole).ok).toBe(true);
  });

  it('the template’s own sample pages make the template itself', () => {
    const t = book();
    const samples = t.pages.slice(1).map(({ id, typeId }) => ({ id, typeId }));
    expect(bookTemplate(t, samples)).toEqual(t);
  });

  it('refuses pages that are not the book’s', () => {
    expect(() => materialiseBook(book(), [{ id: 'b1', typeId: 'nope' }])).toThrow(/unknown_layout/);
    expect(() => bookTemplate(book(), [{ id: 'cover', typeId: 'two' }])).toThrow(/duplicate_page/);
  });

  describe('with fonts', () => {
    let fonts: FontSet;
    beforeAll(async () => {
      fonts = await loadAllFonts();
    });
    it('the scene draws a materialised page with the page’s own slots', () => {
      const t = book();
      const inner = materialiseBook(t, PAGES);
      const instance = createInstance(t, today, PAGES);
      const scene = pageScene(inner, instance, 'b7', fonts);
      expect(scene.items.map((i) => i.id)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `b7:photo${n}`));
      expect([scene.widthMm, scene.heightMm]).toEqual([200, 200]);
    });
  });
});

describe('materialiseCover', () => {
  const t = book();
  const soft = materialiseCover(t, { spineMm: 8, wrapMm: 0 });
  const thick = materialiseCover(t, { spineMm: 14, wrapMm: 0 });
  const hard = materialiseCover(t, { spineMm: 14, wrapMm: 15 });
  const drawn = (c: Template, id: string) => partOf(c, 'cover', id);

  it('is one page the spread’s size: 2 × the page + the spine (+ the turn-in all round)', () => {
    expect(soft.pages.map((p) => p.id)).toEqual(['cover']);
    expect(soft.dimensions).toEqual({ width: 408, height: 200 });
    expect(thick.dimensions).toEqual({ width: 414, height: 200 });
    expect(hard.dimensions).toEqual({ width: 2 * 200 + 14 + 2 * 15, height: 200 + 2 * 15 });
    expect(coverPanels(t, { spineMm: 14, wrapMm: 15 })).toMatchObject({
      back: { x: 15, width: 200 },
      spine: { x: 215, width: 14 },
      front: { x: 229, width: 200 },
      y: 15,
    });
  });

  it('gets wider with a wider spine while the front keeps its offset from the right edge, the back from the left', () => {
    for (const id of ['photo', 'title']) {
      const right = (c: Template) => c.dimensions.width - drawn(c, id).position.x - drawn(c, id).size.width;
      expect(right(thick)).toBeCloseTo(right(soft), 9);
      expect(right(soft)).toBe(200 - 20 - drawn(t, id).size.width);
      expect(drawn(thick, id).size).toEqual(drawn(t, id).size);
    }
    const back = (c: Template) => c.partTypes[0]!.renderParts[0]!;
    expect(back(thick).position).toEqual({ x: 0, y: 0 });
  });

  it('centres spine text across the spine, turned to run along it, and stretches a spine picture across it', () => {
    for (const [c, spine] of [
      [soft, 8],
      [thick, 14],
    ] as const) {
      const text = drawn(c, 'spine');
      const centreX = text.position.x + text.transformations![0]!.originX;
      expect(centreX).toBeCloseTo(200 + spine / 2, 9);
      expect(text.transformations![0]!.rotate).toBe(90);
      const ground = c.partTypes[0]!.renderParts[1]!;
      expect(ground.panel).toBe('spine');
      expect([ground.position.x, ground.size.width]).toEqual([200, spine]);
    }
  });

  it('carries a picture at the cover’s outer edge over a hard cover’s turn-in, and leaves inner ones', () => {
    const [back, spine, front] = hard.partTypes[0]!.renderParts;
    expect(back!.position).toEqual({ x: 0, y: 0 });
    expect(back!.size).toEqual({ width: 215, height: 230 });
    expect(spine!.position).toEqual({ x: 215, y: 0 });
    expect(spine!.size).toEqual({ width: 14, height: 230 });
    expect(front!.position).toEqual({ x: 229, y: 0 });
    expect(front!.size).toEqual({ width: 215, height: 230 });
    // The shopper's picture stops short of every edge: moved with its panel, not stretched.
    expect(drawn(hard, 'photo').position).toEqual({ x: 229 + 20, y: 15 + 20 });
    expect(drawn(hard, 'photo').size).toEqual(drawn(t, 'photo').size);
  });

  it('leaves off spine text the spine is too thin for, and prints it once the spine takes it', () => {
    const spineTexts = (c: BookTemplate) =>
      c.pages[0]!.renderParts.concat(c.partTypes.find((p) => p.id === c.book.cover)!.renderParts).filter(
        (p) => p.panel === 'spine' && p.type === 'STRING',
      );
    // The demo's spine text is 12 pt: 4.23 mm of text and 1 mm clear each side.
    expect(spineTexts(materialiseCover(t, { spineMm: 6.2, wrapMm: 0 }))).toEqual([]);
    expect(spineTexts(materialiseCover(t, { spineMm: 6.25, wrapMm: 0 }))).toHaveLength(1);
    expect(spineTexts(thick)).toHaveLength(1);
    // Only the text: the spine's picture and every other part are printed on any spine.
    const thin = materialiseCover(t, { spineMm: 2, wrapMm: 0 });
    const parts = (c: BookTemplate) => c.partTypes.find((p) => p.id === c.book.cover)!.renderParts.length;
    expect(parts(thin)).toBe(parts(thick) - spineTexts(thick).length);
  });

  it('folds where the spine meets the back and the front', () => {
    expect(thick.folds).toEqual([
      { axis: 'vertical', atMm: 200 },
      { axis: 'vertical', atMm: 214 },
    ]);
  });

  describe('the preflight', () => {
    let fonts: FontSet;
    beforeAll(async () => {
      fonts = await loadAllFonts();
    });
    it('finds nothing wrong with the demo book, on a hard cover too', () => {
      expect(preflight(book(), fonts, { today })).toEqual([]);
      expect(preflight(book(), fonts, { today, cover: { spineMm: 20, wrapMm: 15 } })).toEqual([]);
    });
    it('warns when the spine is too thin for its text, which the cover then leaves off', () => {
      const problems = preflight(book(), fonts, { today, cover: { spineMm: 5, wrapMm: 0 } });
      expect(problems.map((p) => [p.rule, p.pageId, p.part])).toEqual([['spine-too-thin', 'cover', 'spine']]);
      expect(problems[0]!.message).toMatch(/needs a spine of 6\.2 mm; on a 5 mm spine it is left off/);
    });
    it('checks every layout, also one no sample page has', () => {
      const t = book();
      const six = t.partTypes.find((p) => p.id === 'six')!;
      six.renderParts[5]!.position.x = 190; // off the page
      const problems = preflight(t, fonts, { today });
      expect(problems.map((p) => [p.rule, p.pageId, p.part])).toContainEqual([
        'outside-page',
        'layout-six',
        'photo6',
      ]);
    });
  });
});
