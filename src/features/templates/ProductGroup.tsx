import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Template } from '../../../engine/index.ts';
import type { ListProduct, ListType, Product } from '../../../shop/index.ts';
import { priceText } from '../../../shop/index.ts';
import { useMoney } from '../../app/format.ts';
import { PriceTableDialog } from '../../shared/PriceTableDialog.tsx';
import { TemplateTile } from './TemplateTile.tsx';

/** One product's templates, headed by its name, its lowest price and its 'Prices' dialog (S1 §2). */
/** The tiles a phone shows before scrolling (two rows of two under the list's header). */
export const FIRST_SCREEN_TILES = 4;

/**
 * Memoised: the list draws again when its address changes (the card list's default category, taken
 * into the address just after the first paint) and its groups are the same.
 */
export const ProductGroup = memo(function ProductGroup({
  type,
  category,
  product,
  templates,
  priced,
  campaignMet,
  priorityTiles = 0,
}: {
  type: ListType;
  category: string | null;
  product: ListProduct;
  templates: Template[];
  /** The product in the price list; null until it loads (or when the price list lacks it). */
  priced: Product | null;
  campaignMet: (requirement: string) => boolean;
  /** How many of the first tiles' pictures are fetched at once and first (the first screen's). */
  priorityTiles?: number;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const headingId = useId();
  const [pricesOpen, setPricesOpen] = useState(false);
  const from = priced ? priceText(priced, campaignMet) : null;

  return (
    <section className="template-group" aria-labelledby={headingId} data-testid="template-group">
      <div className="template-group__header">
        <h2 id={headingId} className="template-group__name">
          {product.name}
        </h2>
        {from && (
          <span className="template-group__from">
            {t(from.key, { price: money(from.amount), quantity: from.quantity })}
          </span>
        )}
        {priced && (
          <button
            type="button"
            className="link-button template-group__prices"
            onClick={() => setPricesOpen(true)}
            data-testid="open-prices"
          >
            {t('templates.prices')}
          </button>
        )}
      </div>
      <ul className="template-grid">
        {templates.map((template, n) => (
          <li key={template.uuid}>
            <TemplateTile type={type} category={category} template={template} priority={n < priorityTiles} />
          </li>
        ))}
      </ul>
      {pricesOpen && priced && (
        <PriceTableDialog product={priced} campaignMet={campaignMet} onClose={() => setPricesOpen(false)} />
      )}
    </section>
  );
});
