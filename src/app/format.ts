import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatSize, type ProductNames, productNameIn } from '../../shop/index.ts';
import { usePortal } from './portal.tsx';

/** Formats minor units with the portal's currency format string. */
export function useMoney(): (minor: number) => string {
  const { formatString } = usePortal().currency;
  return useCallback((minor: number) => formatMoney(minor, formatString), [formatString]);
}

/** Formats a size in millimetres as cm or inches, per the portal's metric flag and locale (8,9 x 12,7 cm). */
export function useSizeFormat(): (widthMm: number, heightMm: number) => string {
  const { use_metric_system: metric, code } = usePortal().locale;
  return useCallback(
    (widthMm: number, heightMm: number) => formatSize(widthMm, heightMm, metric, code),
    [metric, code],
  );
}

/**
 * A product's name in the portal's language (issue 34): the locale's `productNames` through the
 * shop's one lookup (shop/productNames.ts), as the server names it in the mail and the lab.
 */
export function useProductName(): (name: string) => string {
  const { t } = useTranslation();
  const names = t('productNames', { returnObjects: true }) as unknown as ProductNames;
  return useCallback((name: string) => productNameIn(name, names), [names]);
}
