import { useTranslation } from 'react-i18next';
import type { ModuleOf } from '../types.ts';

/** The Help page's ways of paying (issue 34): the options the checkout offers in this shop. */
export function PaymentInfoModule({ module }: { module: ModuleOf<'PaymentInfo'> }) {
  const { t } = useTranslation();
  if (module.options.length === 0) return null;
  return (
    <section
      className="content-text shop-info"
      aria-labelledby={`${module.id}-title`}
      data-testid="payment-info"
    >
      <h3 id={`${module.id}-title`}>{t('content.paymentTitle')}</h3>
      <dl>
        {module.options.map((option) => (
          <div key={option.title}>
            <dt>{option.title}</dt>
            <dd>{option.description}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
