import { describe, expect, it } from 'vitest';
import type { BookTemplate } from '../../../engine/book.ts';
import { layoutSlots } from '../../../engine/book.ts';
import { createInstance, run, startHistory } from '../../../engine/instance.ts';
import { systemClock } from '../../../shop/clock.ts';
import type { Product, TemplateLineAdd } from '../../../shop/contract.ts';
import { nextPageCount, type PageRules, PHOTOBOOKS, pageCounts } from '../../../shop/photobook/index.ts';
import { photobookPrice } from '../../../shop/pricing.ts';
import { addPayload, buySum, rowPiecePrices } from '../../../src/features/editor/buy/buyRules.ts';
import {
  bookPrice,
  designInstance,
  freshBookPages,
  numberedLabel,
  pageSteps,
  spreads,
} from '../../../src/features/editor/photobook/bookRules.ts';
import { demoTemplate } from '../../support/demoTemplates.ts';

const t = demoTemplate('Holiday book') as BookTemplate;
const today = systemClock.now();
const soft = PHOTOBOOKS['photobook-20x20-soft']!;
const product = {
  uuid: 'a0000000-0000-4000-8000-000000000001',
  name: 'Photo book 20x20, soft cover',
  producttype: 3,
  minQuantity: 1,
  subproducts: [],
  campaignrequirement: null,
  productprices: [
    { quantity: 1, price: 1999, campaignprice: 0, type: 1 },
    { quantity: 2, price: 59, campaignprice: 0, type: 1 },
  ],
  photobook: soft,
} as unknown as Product;

describe('freshBookPages', () => {
  it('starts a book by hand at the product’s least pages: the samples, then its default layout', () => {
    const pages = freshBookPages(t, soft.pages);
    expect(pages).toHaveLength(soft.pages.min);
    expect(pages.slice(0, t.pages.length - 1).map((p) => p.id)).toEqual(t.pages.slice(1).map((p) => p.id));
    expect(new Set(pages.map((p) => p.id)).size).toBe(pages.length);
    expect(pages.slice(t.pages.length - 1).every((p) => p.typeId === t.book.defaultLayout)).toBe(true);
  });

  it('keeps the samples when they are already a count the product takes, and cuts them to its most', () => {
    const samples = t.pages.length - 1;
    expect(freshBookPages(t, { min: 2, max: 20, step: 2 })).toHaveLength(samples);
    expect(freshBookPages(t, { min: 2, max: 2, step: 2 })).toHaveLength(2);
    // An odd count is rounded up to the step.
    expect(freshBookPages(t, { min: 5, max: 9, step: 1 })).toHaveLength(5);
  });
});

describe('pageSteps and bookPrice', () => {
  const rules: PageRules = soft.pages;
  it('adds and removes a step, none past the product’s most or least', () => {
    expect(pageSteps(rules, rules.min)).toEqual({ add: rules.step, remove: 0 });
    expect(pageSteps(rules, rules.max)).toEqual({ add: 0, remove: rules.step });
    expect(pageSteps(rules, rules.min + rules.step)).toEqual({ add: rules.step, remove: rules.step });
  });

  it('prices the book by its pages as the server does, and no price for a count it does not take', () => {
    for (const pages of pageCounts(rules)) {
      expect(bookPrice(product, pages)).toBe(photobookPrice({ ...product, photobook: soft }, pages));
    }
    expect(bookPrice(product, nextPageCount(rules, rules.min)!)).toBeGreaterThan(
      bookPrice(product, rules.min)!,
    );
    expect(bookPrice(product, rules.min + 1)).toBeNull();
    expect(bookPrice({ ...product, photobook: undefined } as Product, rules.min)).toBeNull();
  });
});

describe('spreads', () => {
  it('opens on the first page alone on the right, then pairs, the last alone on the left', () => {
    expect(spreads([1, 2, 3, 4])).toEqual([
      [null, 1],
      [2, 3],
      [4, null],
    ]);
    expect(spreads([1, 2, 3])).toEqual([
      [null, 1],
      [2, 3],
    ]);
    expect(spreads([])).toEqual([]);
  });
});

describe('designInstance', () => {
  const a = 'a1111111-1111-4111-8111-111111111111';
  const b = 'b2222222-2222-4222-8222-222222222222';
  const left = 'c3333333-3333-4333-8333-333333333333';
  const bookPages = [
    { id: 'b1', typeId: 'full' },
    { id: 'b7', typeId: 'two' },
  ];
  const [two1, two2] = layoutSlots(t, 'two').filter((s) => s.type === 'IMAGE');
  const design = {
    product: { uuid: product.uuid },
    subProductUuids: [],
    quantity: 1,
    template: {
      uuid: t.uuid,
      version: t.version,
      year: null,
      bookPages,
      resources: [
        {
          fullId: 'cover:photo',
          type: 'IMAGE',
          image: { uuid: a, rotation: 0, cropRect: { x: 0, y: 0, width: 1, height: 0.75 } },
        },
        {
          fullId: 'b1:photo1',
          type: 'IMAGE',
          image: { uuid: a, rotation: 0, cropRect: { x: 0, y: 0, width: 0.75, height: 1 } },
        },
        {
          fullId: `b7:${two1!.resourceId}`,
          type: 'IMAGE',
          image: { uuid: b, rotation: 90, cropRect: { x: 0.1, y: 0, width: 0.5, height: 1 } },
        },
        {
          fullId: 'b9:photo1',
          type: 'IMAGE',
          image: { uuid: b, rotation: 0, cropRect: { x: 0, y: 0, width: 1, height: 1 } },
        },
      ],
    },
  } as unknown as TemplateLineAdd;
  const sizes = new Map([
    [a, { width: 4000, height: 3000 }],
    [b, { width: 3000, height: 4000 }],
    [left, { width: 1200, height: 800 }],
  ]);

  it('opens the job’s book on its pages with each picture at its size, crop and rotation', () => {
    const i = designInstance(t, design, sizes, today);
    expect(i.bookPages).toEqual(bookPages);
    expect(i.resources['b1:photo1']).toEqual({
      type: 'IMAGE',
      image: {
        uuid: a,
        width: 4000,
        height: 3000,
        rotation: 0,
        effect: 'original',
        cropRect: { x: 0, y: 0, width: 0.75, height: 1 },
      },
    });
    expect(i.resources[`b7:${two1!.resourceId}`]).toMatchObject({
      image: { uuid: b, width: 3000, rotation: 90 },
    });
    // A slot the job left empty stays empty; a page the book does not have is not made up.
    expect(i.resources[`b7:${two2!.resourceId}`]).toEqual({ type: 'IMAGE', image: null });
    expect(i.resources['b9:photo1']).toBeUndefined();
    expect(i.dirty).toBe(true);
  });

  it('puts every picture of the book in the tray, those it left out too', () => {
    const i = designInstance(t, design, sizes, today);
    expect(i.tray!.map((p) => p.uuid).sort()).toEqual([a, b, left].sort());
    expect(i.tray!.find((p) => p.uuid === left)).toEqual({ uuid: left, width: 1200, height: 800 });
  });

  it('is what Add to cart sends back: the same pages, in order after a move, priced by their count', () => {
    const h = run(t, startHistory(designInstance(t, design, sizes, today)), 'movePage', 1, 0);
    const body = addPayload(t, h.instance, product.uuid, { subProductUuids: [] }, 1);
    expect(body.template.bookPages).toEqual([bookPages[1], bookPages[0]]);
    const row = { key: product.uuid, name: product.name, subProductUuids: [] };
    const pages = soft.pages.min + soft.pages.step;
    expect(rowPiecePrices(product, t, row, 1, pages).current).toBe(bookPrice(product, pages));
    expect(buySum(product, t, [row], { [product.uuid]: 2 }, pages)).toBe(2 * bookPrice(product, pages)!);
  });

  it('a template that is no book sends no pages', () => {
    const card = demoTemplate('Balloon party');
    const body = addPayload(card, createInstance(card, today), product.uuid, { subProductUuids: [] }, 1);
    expect(body.template).not.toHaveProperty('bookPages');
  });
});

describe('numberedLabel', () => {
  const texts: Record<string, string> = {
    open: 'Page {{number}}',
    later: 'Move page {{number}} later',
    none: 'All pages',
    twice: '{{number}} of {{number}}',
  };
  let calls = 0;
  const translate = (key: string) => (number: string) => {
    calls++;
    return texts[key]!.replaceAll('{{number}}', number);
  };

  it('fills the number into the translation, translated once', () => {
    calls = 0;
    const later = numberedLabel(translate('later'));
    expect([later(1), later(2), later(100)]).toEqual([
      'Move page 1 later',
      'Move page 2 later',
      'Move page 100 later',
    ]);
    expect(numberedLabel(translate('open'))(7)).toBe('Page 7');
    expect(calls).toBe(2);
  });

  it('asks each time when the translation has no number or has it twice', () => {
    calls = 0;
    expect(numberedLabel(translate('none'))(3)).toBe('All pages');
    expect(numberedLabel(translate('twice'))(3)).toBe('3 of 3');
    expect(calls).toBe(4);
  });
});
