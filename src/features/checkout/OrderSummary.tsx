import { useTranslation } from 'react-i18next';
import { ORDER_INFO_TYPES, type OrderInfo } from '../../../shop/index.ts';
import { useMoney } from '../../app/format.ts';

/** S0 §3 order info: lines of type above 0 are shown; type 4 is the total, set apart at the foot. */
export function OrderSummary({ info, busy }: { info: OrderInfo | null; busy: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (!info) return null;
  const lines = info.orderLines.filter((l) => l.type > 0 && l.type !== ORDER_INFO_TYPES.total);
  const total = info.orderLines.find((l) => l.type === ORDER_INFO_TYPES.total);
  return (
    <section className="order-summary" aria-labelledby="summary-title" aria-busy={busy || undefined}>
      <h2 id="summary-title" className="checkout-section__title">
        {t('payment.summaryTitle')}
      </h2>
      <dl className="order-summary__lines" data-testid="order-summary">
        {lines.map((line, index) => (
          // Descriptions may repeat (two rebates); their place in the list is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: the server's order is the lines' only identity
          <div key={index} className={`order-summary__line order-summary__line--${line.type}`}>
            <dt>{line.description}</dt>
            <dd>{money(line.linePrice)}</dd>
          </div>
        ))}
        {total && (
          <div className="order-summary__line order-summary__total" data-testid="order-total">
            <dt>{total.description}</dt>
            <dd>{money(total.linePrice)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
