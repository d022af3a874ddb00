import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyRebateCode } from '../../api/checkout.ts';
import { useCheckoutStore } from './checkoutStore.ts';
import { errorText, TextField } from './fields.tsx';

/**
 * S0 §4 rebate: none, then applied with its text. A refused code's error is shown under the field
 * and cleared as soon as the shopper edits it (S0 §7).
 */
export function RebateCodeField() {
  const { t } = useTranslation();
  const rebate = useCheckoutStore((s) => s.rebateCode);
  const setRebateCode = useCheckoutStore((s) => s.setRebateCode);
  const [code, setCode] = useState(rebate?.code ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (busy || !trimmed) return;
    setBusy(true);
    setError(null);
    try {
      const applied = await applyRebateCode(trimmed);
      setRebateCode({ code: applied.code, text: applied.text });
    } catch (err) {
      setError(errorText(err, t('payment.rebateFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="rebate-code" noValidate onSubmit={submit} aria-labelledby="rebate-title">
      <h2 id="rebate-title" className="checkout-section__title">
        {t('payment.rebateTitle')}
      </h2>
      <div className="rebate-code__row">
        <TextField
          name="rebateCode"
          label={t('payment.rebateLabel')}
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          error={error ?? undefined}
          autoComplete="off"
        />
        <button type="submit" className="button button--secondary" disabled={busy || !code.trim()}>
          {t('payment.rebateSubmit')}
        </button>
      </div>
      {rebate && (
        <p className="rebate-code__applied" role="status" data-testid="rebate-applied">
          {rebate.text}
        </p>
      )}
    </form>
  );
}
