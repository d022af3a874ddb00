import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../../shop/index.ts';
import { useSizeFormat } from '../../app/format.ts';
import { usePortal } from '../../app/portal.tsx';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { LazyImage } from '../../ui/LazyImage.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { CategoryLink } from './CategoryLink.tsx';
import { type PrintSizeRange, useProductsPage } from './useProductsPage.ts';

export function ProductsPage() {
  const { t } = useTranslation();
  const portal = usePortal();
  // S0 §1: the regional variant has no products page of its own.
  const redirectTo = portal.regional ? portal.externalGiftSite : null;
  const { state, reload } = useProductsPage(!redirectTo);
  useDocumentTitle(t('products.title'));

  useEffect(() => {
    if (redirectTo) window.location.replace(redirectTo);
  }, [redirectTo]);

  if (redirectTo || state.status === 'loading') return <Loading />;
  if (state.status === 'failed') {
    return (
      <section className="page" role="alert">
        <p className="status-message">{t('products.loadFailed')}</p>
        <button type="button" className="button" onClick={reload}>
          {t('common.retry')}
        </button>
      </section>
    );
  }
  return (
    <section className="page products-page">
      <h1>{t('products.title')}</h1>
      <ul className="tile-grid products-grid">
        {state.categories.map((category, i) => (
          <li key={`${category.type}/${category.category}`}>
            <CategoryCard
              category={category}
              sizes={category.type === 'PAPER_COPIES' ? state.sizes : null}
              first={i === 0}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function CategoryCard({
  category,
  sizes,
  first,
}: {
  category: Category;
  sizes: PrintSizeRange | null;
  /** The first card fills a phone's screen: its picture is the screen's largest, asked for at once. */
  first: boolean;
}) {
  const { t } = useTranslation();
  const formatSize = useSizeFormat();
  return (
    <CategoryLink category={category} className="category-card" testId="category-link">
      <LazyImage
        className="tile-image"
        src={category.image}
        alt=""
        width={400}
        height={300}
        priority={first}
      />
      <span className="category-card__text">
        <span className="tile-title">{category.title}</span>
        {category.description && <span className="category-card__description">{category.description}</span>}
        {sizes && (
          <span className="size-range" data-testid="size-range">
            {t('products.sizeRange', {
              smallest: formatSize(sizes.smallest.widthMm, sizes.smallest.heightMm),
              largest: formatSize(sizes.largest.widthMm, sizes.largest.heightMm),
            })}
          </span>
        )}
      </span>
    </CategoryLink>
  );
}
