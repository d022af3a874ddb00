import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Template } from '../../../engine/index.ts';
import {
  filtersToSearch,
  filterTemplates,
  filterValues,
  groupByProduct,
  hasFilters,
  isListType,
  type ListType,
  localised,
  offeredFilters,
  parseFilters,
  type TemplateFilters,
} from '../../../shop/index.ts';
import { NotFoundPage } from '../../app/pages.tsx';
import { usePriceList } from '../../app/priceList.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { CategoryBar } from './CategoryBar.tsx';
import { FilterChips } from './FilterChips.tsx';
import { FilterDialog } from './FilterDialog.tsx';
import { OwnPicturesButton } from './OwnPicturesButton.tsx';
import { FIRST_SCREEN_TILES, ProductGroup } from './ProductGroup.tsx';
import { useCardCategories, usePhotogiftInfo, useTemplates } from './useTemplateList.ts';
import './templates.css';

/** S1 §2: 10 skeleton tiles while the list loads. */
export const LIST_SKELETONS = 10;

/** `/products/{type}` and `/products/{type}/{category}` (S1 §2). */
export function TemplateListPage() {
  const { type, category } = useParams();
  if (!isListType(type)) return <NotFoundPage />;
  // Calendars have no category (S1 §2): /products/calendars/x lists the calendars.
  const listCategory = type === 'calendars' ? null : (category ?? null);
  return <TemplateList key={type} type={type} category={listCategory} />;
}

function TemplateList({ type, category }: { type: ListType; category: string | null }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const cards = useCardCategories(type === 'cards');
  // Cards without a category wait for the default one; with no categories, every card is listed.
  const defaultCategory = cards.categories?.defaultCategory ?? null;
  const waiting = type === 'cards' && category === null && !cards.failed && cards.categories === null;
  const redirect = type === 'cards' && category === null && defaultCategory !== null;
  // The default category's cards are drawn at once (on the server too, which cannot redirect), and the
  // address follows in an effect, so the first paint is the list, not a blank redirect.
  const shown = redirect ? defaultCategory : category;
  const list = useTemplates(type, shown, !waiting);
  const info = usePhotogiftInfo(type === 'photogift' ? category : null);
  useEffect(() => {
    if (!redirect) return;
    void navigate(
      { pathname: `/products/cards/${encodeURIComponent(defaultCategory)}`, search: location.search },
      { replace: true },
    );
  }, [redirect, defaultCategory, location.search, navigate]);

  const heading =
    type === 'cards'
      ? t('templates.cards')
      : type === 'calendars'
        ? t('templates.calendars')
        : info
          ? localised(info.names, i18n.language)
          : t('templates.photogifts');
  useDocumentTitle(heading);

  return (
    <section className="page template-list" data-testid="template-list" data-type={type}>
      <h1 className="template-list__title">{heading}</h1>
      {type === 'cards' && !cards.failed && (
        <CategoryBar categories={cards.categories?.categories ?? null} active={shown} />
      )}
      {list.status === 'loading' ? (
        <SkeletonGrid />
      ) : (
        <FilteredList type={type} category={shown} templates={list.templates} />
      )}
    </section>
  );
}

function FilteredList({
  type,
  category,
  templates,
}: {
  type: ListType;
  category: string | null;
  templates: Template[];
}) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialogOpen, setDialogOpen] = useState(false);
  const { products } = usePriceList();
  // By the query's text: a new address with the same query (the default category taken into the
  // address) keeps the same filters, groups and tiles.
  const search = searchParams.toString();
  const filters = useMemo(() => parseFilters(new URLSearchParams(search)), [search]);
  const values = useMemo(() => filterValues(templates), [templates]);
  const groups = useMemo(
    () => groupByProduct(type, filterTemplates(templates, filters)),
    [type, templates, filters],
  );
  // Each change is a history entry, so back and forward step through the shopper's filters.
  const apply = (next: TemplateFilters) => setSearchParams(filtersToSearch(next, searchParams));
  // S1 §9: a product's campaign price applies when the list's category runs the campaign.
  const campaignMet = useCallback(
    (requirement: string) => category !== null && requirement.toUpperCase() === category.toUpperCase(),
    [category],
  );

  return (
    <>
      <div className="template-list__toolbar">
        <button
          type="button"
          className="button button--secondary template-list__filter"
          onClick={() => setDialogOpen(true)}
          data-testid="open-filters"
        >
          <FilterIcon />
          {t('templates.filter')}
        </button>
        <OwnPicturesButton />
        <FilterChips filters={filters} onChange={apply} />
      </div>
      {groups.length === 0 ? (
        <p className="status-message" data-testid="templates-empty">
          {hasFilters(filters) ? t('templates.noMatch') : t('templates.empty')}
        </p>
      ) : (
        groups.map((group, n) => (
          <ProductGroup
            key={group.product.uuid}
            type={type}
            category={category}
            product={group.product}
            templates={group.templates}
            // The first screen's pictures (two rows of two on a phone) are asked for at once and
            // first: they are the list's largest paint (issue 31: LCP 3.8 s on the card list).
            priorityTiles={Math.max(
              0,
              FIRST_SCREEN_TILES - groups.slice(0, n).reduce((sum, g) => sum + g.templates.length, 0),
            )}
            priced={products?.find((p) => p.uuid === group.product.uuid) ?? null}
            campaignMet={campaignMet}
          />
        ))
      )}
      {dialogOpen && (
        <FilterDialog
          templates={templates}
          offered={offeredFilters(values)}
          values={values}
          filters={filters}
          onApply={(next) => {
            setDialogOpen(false);
            apply(next);
          }}
          onClose={() => setDialogOpen(false)}
        />
      )}
    </>
  );
}

function SkeletonGrid() {
  const { t } = useTranslation();
  return (
    <ul className="template-grid" aria-busy="true" aria-label={t('templates.loadingTemplates')}>
      {Array.from({ length: LIST_SKELETONS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <li key={i} className="template-skeleton" data-testid="template-skeleton">
          <span className="skeleton template-skeleton__image" />
          <span className="skeleton template-skeleton__name" />
        </li>
      ))}
    </ul>
  );
}

function FilterIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M3 5h18l-7 8v5l-4 2v-7z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
