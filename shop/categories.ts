import type { Category } from './contract.ts';

export type CategoryTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

/** Where a category tile leads (S0 §2, products page). */
export function categoryTarget(category: Pick<Category, 'type' | 'category' | 'link'>): CategoryTarget {
  switch (category.type) {
    case 'CARDS':
    case 'CALENDARS':
      return { kind: 'internal', to: `/products/${category.type.toLowerCase()}` };
    case 'PHOTOGIFT':
      return { kind: 'internal', to: `/products/photogift/${category.category.toUpperCase()}` };
    case 'PHOTOBOOK':
      return { kind: 'internal', to: '/products/photobooks' };
    case 'PAPER_COPIES':
      return { kind: 'internal', to: '/upload' };
    default:
      return { kind: 'external', href: category.link ?? '/' };
  }
}

/** PromoteCategory tiles leave out the photobook category (S0 §2). */
export function promotedCategories<T extends Pick<Category, 'type'>>(categories: readonly T[]): T[] {
  return categories.filter((c) => c.type !== 'PHOTOBOOK');
}
