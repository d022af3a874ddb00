import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type FilterKey, parseFormat } from '../../../shop/index.ts';
import { useSizeFormat } from '../../app/format.ts';

/** The words for a filter value: a format as the portal's cm or inches, counts with their noun. */
export function useFilterLabel(): (key: FilterKey, value: string | number) => string {
  const { t } = useTranslation();
  const formatSize = useSizeFormat();
  return useCallback(
    (key: FilterKey, value: string | number) => {
      if (key === 'format') {
        const size = parseFormat(String(value));
        return size ? formatSize(size.widthMm, size.heightMm) : String(value);
      }
      if (key === 'images') return t('templates.imagesValue', { count: Number(value) });
      if (key === 'pages') return t('templates.pagesValue', { count: Number(value) });
      return value === 'with' ? t('templates.withText') : t('templates.withoutText');
    },
    [t, formatSize],
  );
}

/** The heading of a filter's section in the dialog. */
export function useFilterName(): (key: FilterKey) => string {
  const { t } = useTranslation();
  return useCallback(
    (key: FilterKey) =>
      ({
        format: t('templates.format'),
        images: t('templates.images'),
        pages: t('templates.pages'),
        text: t('templates.text'),
      })[key],
    [t],
  );
}
