import { useTranslation } from 'react-i18next';

/** S0 §2: a guest goes straight on to delivery; their details are asked there. */
export function GuestCard({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="checkout-card" aria-labelledby="guest-title">
      <h2 id="guest-title" className="checkout-card__title">
        {t('checkout.guestTitle')}
      </h2>
      <p className="checkout-card__text">{t('checkout.guestText')}</p>
      <button type="button" className="button" onClick={onDone}>
        {t('checkout.guestSubmit')}
      </button>
    </section>
  );
}
