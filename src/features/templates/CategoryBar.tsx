import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localised } from '../../../shop/index.ts';
import type { CardCategory } from '../../api/templates.ts';

/** S1 §2: 5 skeletons while the categories load. */
export const CATEGORY_SKELETONS = 5;

/** The card categories as a row that scrolls sideways under the thumb; the active one is kept in view. */
export function CategoryBar({
  categories,
  active,
}: {
  categories: CardCategory[] | null;
  active: string | null;
}) {
  const { t, i18n } = useTranslation();
  const activeRef = useRef<HTMLAnchorElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new category or list is the trigger
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active, categories]);

  return (
    <nav className="category-bar" aria-label={t('templates.categories')} data-testid="category-bar">
      <ul className="category-bar__list" aria-busy={categories === null}>
        {categories === null
          ? Array.from({ length: CATEGORY_SKELETONS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
              <li key={i} className="skeleton category-bar__skeleton" data-testid="category-skeleton" />
            ))
          : categories.map((c) => {
              const current = active !== null && c.category.toUpperCase() === active.toUpperCase();
              return (
                <li key={c.category}>
                  <Link
                    ref={current ? activeRef : undefined}
                    to={`/products/cards/${encodeURIComponent(c.category)}`}
                    className={current ? 'category-bar__link is-active' : 'category-bar__link'}
                    aria-current={current ? 'page' : undefined}
                  >
                    {localised(c.names, i18n.language)}
                  </Link>
                </li>
              );
            })}
      </ul>
    </nav>
  );
}
