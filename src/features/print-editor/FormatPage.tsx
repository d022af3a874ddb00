import { useTranslation } from 'react-i18next';
import type { Product } from '../../../shop/index.ts';
import { priceText } from '../../../shop/index.ts';
import { useMoney, useProductName, useSizeFormat } from '../../app/format.ts';
import { EditorPage } from './EditorPage.tsx';

interface FormatPageProps {
  formats: readonly Product[];
  /** The line's format without its white border: the one the list marks as chosen. */
  currentUuid: string;
  onChoose: (product: Product) => void;
  onCancel: () => void;
}

/** The format page (S0 §2): every print format with its size and price. */
export function FormatPage({ formats, currentUuid, onChoose, onCancel }: FormatPageProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const size = useSizeFormat();
  const productName = useProductName();
  return (
    <EditorPage title={t('prints.format')} onCancel={onCancel}>
      <ul className="print-editor__formats">
        {formats.map((format) => {
          const price = priceText(format);
          return (
            <li key={format.uuid}>
              <button
                type="button"
                className="print-editor__choice print-editor__format"
                aria-pressed={format.uuid === currentUuid}
                onClick={() => onChoose(format)}
              >
                <span className="print-editor__choice-label">{productName(format.name)}</span>
                <span className="print-editor__format-size">
                  {size(format.printareasize[0], format.printareasize[1])}
                </span>
                {price && (
                  <span className="print-editor__format-price">
                    {t(price.key, { price: money(price.amount), quantity: price.quantity })}
                  </span>
                )}
                {format.minQuantity > 1 && (
                  <span className="print-editor__format-minimum">
                    {t('prints.minimum', { count: format.minQuantity })}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </EditorPage>
  );
}
