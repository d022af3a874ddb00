import { useTranslation } from 'react-i18next';
import { ORDER_INFO_TYPES, type OrderInfo } from '../../../shop/index.ts';
import { useMoney } from '../../app/format.ts';
import { useDeliveryDateText } from './deliveryTime.ts';
import { OrderItems } from './OrderItems.tsx';

/**
 * S0 §3 order info: lines of type above 0 are shown; type 4 is the total, set apart at the foot. Above
 * them the items ordered with their thumbnails, and under the delivery line the day it comes (issue
 * 34). `orderUuid`: a placed order's summary (the receipt), whose drawings come from the order.
 */
export function OrderSummary({
  info,
  busy,
  orderUuid,
  pictures = true,
}: {
  info: OrderInfo | null;
  busy: boolean;
  orderUuid?: string;
  /** Without them on a receipt opened by its mailed link (shop/checkout.ts Receipt.openedByLink). */
  pictures?: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const deliveryDate = useDeliveryDateText();
  if (!info) return null;
  const lines = info.orderLines.filter((l) => l.type > 0 && l.type !== ORDER_INFO_TYPES.total);
  const total = info.orderLines.find((l) => l.type === ORDER_INFO_TYPES.total);
  return (
    <>
      {info.items && <OrderItems items={info.items} orderUuid={orderUuid} pictures={pictures} />}
      <section className="order-summary" aria-labelledby="summary-title" aria-busy={busy || undefined}>
        <h2 id="summary-title" className="checkout-section__title">
          {t('payment.summaryTitle')}
        </h2>
        <dl className="order-summary__lines" data-testid="order-summary">
          {lines.map((line, index) => (
            // Descriptions may repeat (two rebates); their place in the list is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: the server's order is the lines' only identity
            <div key={index} className={`order-summary__line order-summary__line--${line.type}`}>
              <dt>
                {line.description}
                {line.type === ORDER_INFO_TYPES.delivery && info.delivery && (
                  <span className="order-summary__date" data-testid="summary-delivery-date">
                    {deliveryDate(info.delivery)}
                  </span>
                )}
              </dt>
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
    </>
  );
}
