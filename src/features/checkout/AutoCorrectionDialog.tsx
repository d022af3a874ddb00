import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setAutoCorrection } from '../../api/checkout.ts';
import { useCartStore } from '../../app/cartStore.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { useCheckoutStore } from './checkoutStore.ts';
import { errorText } from './fields.tsx';

/**
 * S0 §2 auto-correction: whether the lab may adjust brightness, contrast and colour of the pictures
 * before printing. The answer is kept on the cart (S0 §7); a shopper who closes the dialog has not
 * answered, so it stays until they choose.
 */
export function AutoCorrectionDialog({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const answer = useCheckoutStore((s) => s.answerAutoCorrection);
  const replaceCart = useCartStore((s) => s.replace);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function choose(value: 0 | 1) {
    setBusy(true);
    setError(null);
    try {
      replaceCart(await setAutoCorrection(value));
      answer(value);
    } catch (err) {
      console.warn('The auto-correction answer was not saved', err);
      setError(errorText(err, t('common.saveFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      // Not answering is not an answer: the question stays until a button is chosen.
      onClose={() => undefined}
      title={t('checkout.autoCorrectionTitle')}
      testId="auto-correction-dialog"
      actions={
        <>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void choose(0)}
          >
            {t('checkout.autoCorrectionNo')}
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => void choose(1)}>
            {t('checkout.autoCorrectionYes')}
          </button>
        </>
      }
    >
      <p>{t('checkout.autoCorrectionText')}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
