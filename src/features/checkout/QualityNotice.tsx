import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderLine } from '../../../shop/index.ts';
import { useProductName } from '../../app/format.ts';
import { type LineQuality, useLineQuality } from '../../shared/QualityWords.tsx';
import { WarningIcon } from '../../ui/icons.tsx';

/**
 * The checkout's last word on print quality (issue 34): the prints that may come out blurred, named
 * with their format and dpi, and the way back to the cart to change them. Nothing when all are sharp.
 */
export function QualityNotice({ lines }: { lines: readonly OrderLine[] }) {
  const { t } = useTranslation();
  const qualityOf = useLineQuality();
  const productName = useProductName();
  const low = lines.flatMap((line) => {
    const quality = qualityOf(line);
    return quality?.low ? [{ line, quality }] : [];
  }) satisfies { line: OrderLine; quality: LineQuality }[];
  if (low.length === 0) return null;
  return (
    <section className="quality-notice" role="status" data-testid="quality-notice">
      <h2 className="quality-notice__title">
        <WarningIcon size={20} />
        {t('quality.checkoutTitle', { count: low.length })}
      </h2>
      <ul>
        {low.map(({ line, quality }) => (
          <li key={line.uuid}>
            {t('quality.checkoutLine', {
              name: line.description,
              format: productName(quality.product.name),
              dpi: quality.dpi,
            })}
          </li>
        ))}
      </ul>
      <Link to="/cart">{t('quality.checkoutFix')}</Link>
    </section>
  );
}
