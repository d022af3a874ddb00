import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampQuantity } from '../../../shop/index.ts';
import { QuantityStepper } from '../../ui/QuantityStepper.tsx';
import { EditorPage } from './EditorPage.tsx';

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
    <EditorPage title={t('prints.quantity')} onCancel={onCancel} onDone={() => onDone(value)}>
      <QuantityStepper value={value} minimum={minimum} onChange={setValue} label={t('prints.quantity')} />
    </EditorPage>
  );
}
