import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clampQuantity,
  MAX_LINE_QUANTITY,
  minusQuantity,
  plusQuantity,
  typedQuantity,
} from '../../shop/index.ts';
import { countIn } from './format.ts';

interface QuantityStepperProps {
  value: number;
  minimum: number;
  onChange: (quantity: number) => void;
  label: string;
  /**
   * 'print' (the default, S0 §5): minus never goes below the minimum, and a typed value that is not a
   * number or too small is clamped to it. 'template' (S1 §4, §5): plus from below the minimum goes to
   * it, minus below the minimum and a typed value that is not a whole number or too small give 0,
   * which the caller decides what to do with (the value shown stays `value` until it changes).
   */
  rules?: 'print' | 'template';
  /** The buttons' names; 'Fewer' and 'More' unless a screen with several steppers names them apart. */
  fewerLabel?: string;
  moreLabel?: string;
}

/** Minus, a number field and plus, with the quantity rules of prints or of template products. */
export function QuantityStepper({
  value,
  minimum,
  onChange,
  label,
  rules = 'print',
  fewerLabel,
  moreLabel,
}: QuantityStepperProps) {
  const { t, i18n } = useTranslation();
  // What is typed and not committed yet; otherwise the field shows `value`.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(value);
  const print = rules === 'print';
  // At the cap, or typing past it: say why the number stops there (it is clamped on blur).
  const atCap = value >= MAX_LINE_QUANTITY || Number(draft) > MAX_LINE_QUANTITY;
  /** The quantity the buttons step from: a half-typed value counts as committed. */
  const current = () =>
    print ? clampQuantity(text, minimum) : draft === null ? value : typedQuantity(draft, minimum);
  const commit = (next: number) => {
    setDraft(null);
    onChange(next);
  };
  const commitTyped = () => {
    if (print) commit(clampQuantity(text, minimum));
    else if (draft !== null) commit(typedQuantity(draft, minimum));
  };
  return (
    <div className="quantity-stepper">
      <button
        type="button"
        className="quantity-stepper__step"
        aria-label={fewerLabel ?? t('prints.fewer')}
        // Enabled at the minimum too: minus there clamps a half-typed value (S0 §5), or gives 0 (S1 §4).
        onClick={() =>
          commit(print ? clampQuantity(current() - 1, minimum) : minusQuantity(current(), minimum))
        }
      >
        −
      </button>
      <input
        className="quantity-stepper__input"
        type="number"
        inputMode="numeric"
        min={minimum}
        max={MAX_LINE_QUANTITY}
        step={1}
        aria-label={label}
        value={text}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={commitTyped}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitTyped();
        }}
      />
      <button
        type="button"
        className="quantity-stepper__step"
        aria-label={moreLabel ?? t('prints.more')}
        disabled={value >= MAX_LINE_QUANTITY}
        onClick={() =>
          commit(print ? clampQuantity(current() + 1, minimum) : plusQuantity(current(), minimum))
        }
      >
        +
      </button>
      {minimum > 1 && <p className="quantity-stepper__minimum">{t('prints.minimum', { count: minimum })}</p>}
      {atCap && (
        <p className="quantity-stepper__maximum" role="status" data-testid="quantity-maximum">
          {t('prints.maximum', { limit: countIn(i18n.language, MAX_LINE_QUANTITY) })}
        </p>
      )}
    </div>
  );
}
