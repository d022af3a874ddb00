/**
 * Print quality said in words wherever a picture is shown for printing (issue 34): the upload grid,
 * the cart line and the checkout read a line's quality through one hook and say it the same way.
 * The rule is shop/printQuality.ts.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PictureSize } from '../../engine/index.ts';
import {
  findProduct,
  lineQuality,
  type OrderLine,
  type PrintQuality,
  type Product,
} from '../../shop/index.ts';
import { usePriceList } from '../app/priceList.ts';
import { WarningIcon } from '../ui/icons.tsx';
import { useRecentPictureSizes } from './useRecentPictureSizes.ts';

export interface LineQuality extends PrintQuality {
  product: Product;
}

/**
 * A print line's quality, or undefined while the price list or the picture's size is unknown.
 * `known` adds sizes the caller has already (the upload's answers), before the picture list has them.
 */
export function useLineQuality(
  known?: ReadonlyMap<string, PictureSize>,
): (line: OrderLine) => LineQuality | undefined {
  const { products } = usePriceList();
  const recent = useRecentPictureSizes();
  return useCallback(
    (line: OrderLine) => {
      const uuid = line.files[0]?.uuid ?? '';
      const product = products ? findProduct(products, line.product.uuid) : undefined;
      if (!products || !product || line.type !== 0) return undefined;
      const quality = lineQuality(line, products, known?.get(uuid) ?? recent.get(uuid));
      return quality && { ...quality, product };
    },
    [products, recent, known],
  );
}

/** 'Low resolution: may print blurred (66 dpi)' with the warning triangle; nothing for a sharp print. */
export function QualityWords({ quality }: { quality: PrintQuality | undefined }) {
  const { t } = useTranslation();
  if (!quality?.low) return null;
  return (
    <span className="quality-words" data-testid="quality-low">
      <WarningIcon size={18} />
      {t('quality.low', { dpi: quality.dpi })}
    </span>
  );
}
