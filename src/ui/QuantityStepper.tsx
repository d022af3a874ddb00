import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampQuantity, MAX_QUANTITY } from '../../shop/pricing.ts';

interface QuantityStepperProps {
  value: number;
  minimum: number;
  onChange: (quantity: number) => void;
  label: string;
}

/**
 * Minus, a number field and plus (S0 §5): minus never goes below the minimum, and the field is
 * clamped to it on blur when it is not a number or too small.
 */
export function QuantityStepper({ value, minimum, onChange, label }: QuantityStepperProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = (next: number | string) => {
    const clamped = clampQuantity(next, minimum);
    setText(String(clamped));
    onChange(clamped);
  };
  return (
    <div className="quantity-stepper">
      <button
        type="button"
        className="quantity-stepper__step"
        aria-label={t('prints.fewer')}
        // Enabled at the minimum too: minus there clamps a half-typed value (S0 §5).
        onClick={() => commit(clampQuantity(text, minimum) - 1)}
      >
        −
      </button>
      <input
        className="quantity-stepper__input"
        type="number"
        inputMode="numeric"
        min={minimum}
        max={MAX_QUANTITY}
        step={1}
        aria-label={label}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={() => commit(text)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(text);
        }}
      />
      <button
        type="button"
        className="quantity-stepper__step"
        aria-label={t('prints.more')}
        disabled={value >= MAX_QUANTITY}
        onClick={() => commit(clampQuantity(text, minimum) + 1)}
      >
        +
      </button>
      {minimum > 1 && <p className="quantity-stepper__minimum">{t('prints.minimum', { count: minimum })}</p>}
    </div>
  );
}
