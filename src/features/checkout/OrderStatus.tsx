import { useTranslation } from 'react-i18next';
import { bcp47 } from '../../../engine/index.ts';
import { type OrderKind, type OrderProgress, shopperStep } from '../../../shop/index.ts';

/**
 * Where an order stands, in the shopper's words, with the time of each of the lab's steps; a received
 * order is worded by what it holds (`kind`, shop/orderKind.ts: "your prints", "your calendars", or
 * "your order" when mixed or not known).
 */
export function OrderStatus({
  progress,
  store,
  kind = 'order',
}: {
  progress: OrderProgress;
  store?: string;
  kind?: OrderKind;
}) {
  const { t, i18n } = useTranslation();
  const step = shopperStep(progress);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(bcp47(i18n.language), {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));
  return (
    <div className="order-status" data-step={step}>
      <p className="order-status__step" role="status">
        {step === 'received'
          ? t(`orders.received.${kind}`)
          : step === 'ready-for-pickup' && store
            ? t('orders.step.readyAt', { store })
            : t(`orders.step.${step}`)}
      </p>
      {progress.events.length > 0 && (
        <ol className="order-status__events">
          {progress.events.map((e) => (
            <li key={e.status}>
              {t(`orders.event.${e.status}`)} <time dateTime={e.at}>{when(e.at)}</time>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
