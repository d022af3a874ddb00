import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampQuantity } from '../../../shop/pricing.ts';
import { QuantityStepper } from '../../ui/QuantityStepper.tsx';

interface QuantityPageProps {
  quantity: number;
  /** The format's minimum order quantity. */
  minimum: number;
  onDone: (quantity: number) => void;
  onCancel: () => void;
}

/** The quantity page (S0 §2, §5): minus and plus, or type it; clamped to the minimum on minus and blur. */
export function QuantityPage({ quantity, minimum, onDone, onCancel }: QuantityPageProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(clampQuantity(quantity, minimum));

  return (
    <section className="print-editor__page" aria-labelledby="print-editor-quantity">
      <h2 id="print-editor-quantity" className="print-editor__page-title">
        {t('prints.quantity')}
      </h2>
      <QuantityStepper value={value} minimum={minimum} onChange={setValue} label={t('prints.quantity')} />
      <div className="print-editor__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button" onClick={() => onDone(value)}>
          {t('common.done')}
        </button>
      </div>
    </section>
  );
}
