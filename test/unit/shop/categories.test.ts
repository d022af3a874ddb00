import { describe, expect, it } from 'vitest';
import { categoryTarget, promotedCategories } from '../../../shop/categories.ts';

describe('categoryTarget (S0 §2)', () => {
  it.each([
    [
      { type: 'CARDS', category: 'CHRISTMAS', link: null },
      { kind: 'internal', to: '/products/cards' },
    ],
    [
      { type: 'CALENDARS', category: 'CALENDARS', link: null },
      { kind: 'internal', to: '/products/calendars' },
    ],
    [
      { type: 'PHOTOGIFT', category: 'mug', link: null },
      { kind: 'internal', to: '/products/photogift/MUG' },
    ],
    [
      { type: 'PAPER_COPIES', category: 'PRINTS', link: null },
      { kind: 'internal', to: '/upload' },
    ],
    [
      { type: 'PHOTOBOOK', category: 'X', link: 'https://book.example/' },
      { kind: 'internal', to: '/products/photobooks' },
    ],
    [
      { type: 'EXTERNAL', category: 'X', link: 'https://other.example/' },
      { kind: 'external', href: 'https://other.example/' },
    ],
  ] as const)('%o', (category, target) => {
    expect(categoryTarget(category)).toEqual(target);
  });

  it('an external category without a link goes home rather than nowhere', () => {
    expect(categoryTarget({ type: 'EXTERNAL', category: 'X', link: null })).toEqual({
      kind: 'external',
      href: '/',
    });
  });
});

describe('promotedCategories', () => {
  it('skips the photobook category and keeps the order of the rest', () => {
    const list = [{ type: 'CARDS' }, { type: 'PHOTOBOOK' }, { type: 'PHOTOGIFT' }] as const;
    expect(promotedCategories(list)).toEqual([{ type: 'CARDS' }, { type: 'PHOTOGIFT' }]);
  });
});
