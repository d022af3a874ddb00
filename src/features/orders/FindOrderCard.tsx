import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findOrder } from '../../api/user.ts';
import { limitMessage } from '../../shared/limitMessage.ts';
import { TextField } from '../checkout/shared.ts';

/**
 * Find my order (issue 34): a guest gives the email address and the reference of an order, and the
 * order's mail comes again with its receipt link. The page says the same whether or not one matched.
 */
export function FindOrderCard() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ sent: boolean; error: string | null } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setAnswer(null);
    try {
      await findOrder(email.trim(), reference.trim());
      setAnswer({ sent: true, error: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : null;
      setAnswer({
        sent: false,
        error: limitMessage(error, t, i18n.language) ?? message ?? t('common.saveFailed'),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="checkout-card find-order"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <h2 id={titleId} className="checkout-card__title">
        {t('orders.find.title')}
      </h2>
      <p>{t('orders.find.intro')}</p>
      <TextField
        name="findEmail"
        label={t('orders.find.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
      />
      <TextField
        name="findReference"
        label={t('orders.find.reference')}
        value={reference}
        onChange={setReference}
      />
      {answer?.error && (
        <p className="form-error" role="alert">
          {answer.error}
        </p>
      )}
      {answer?.sent && (
        <p role="status" data-testid="find-order-sent">
          {t('orders.find.sent')}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {t('orders.find.submit')}
      </button>
    </form>
  );
}
