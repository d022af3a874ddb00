import './my-orders.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { bcp47 } from '../../../engine/index.ts';
import type { MyOrder } from '../../../shop/index.ts';
import { formatMoney } from '../../../shop/index.ts';
import { CallError, isAbort } from '../../api/call.ts';
import { getMyOrders } from '../../api/user.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Loading } from '../../ui/Loading.tsx';
import { LoginCard, OrderStatus, PaymentStatus, receiptPath } from '../checkout/shared.ts';
import { FindOrderCard } from './FindOrderCard.tsx';

/**
 * My orders: a logged-in shopper's orders, newest first, each opening its receipt (the detail).
 * Logged out, the log-in and 'find my order' for a guest's order (issue 34).
 */
export function MyOrdersPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('orders.title'));
  const [orders, setOrders] = useState<MyOrder[] | null>(null);
  const [failure, setFailure] = useState<'loggedOut' | 'failed' | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the reload trigger
  useEffect(() => {
    const controller = new AbortController();
    setFailure(null);
    getMyOrders(controller.signal)
      .then(setOrders)
      .catch((error) => {
        if (isAbort(error)) return;
        setFailure(error instanceof CallError && error.code === 401 ? 'loggedOut' : 'failed');
      });
    return () => controller.abort();
  }, [attempt]);

  const date = (iso: string) =>
    new Intl.DateTimeFormat(bcp47(i18n.language), { dateStyle: 'medium' }).format(new Date(iso));

  if (failure === 'loggedOut') {
    return (
      <section className="page my-orders">
        <h1>{t('orders.title')}</h1>
        <p>{t('orders.loggedOut')}</p>
        <LoginCard onDone={() => setAttempt((n) => n + 1)} />
        <FindOrderCard />
      </section>
    );
  }
  if (failure) {
    return (
      <section className="page my-orders">
        <h1>{t('orders.title')}</h1>
        <p role="alert">{t('orders.loadFailed')}</p>
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          {t('common.retry')}
        </button>
      </section>
    );
  }
  if (!orders) return <Loading />;
  return (
    <section className="page my-orders">
      <h1>{t('orders.title')}</h1>
      {orders.length === 0 && <p>{t('orders.none')}</p>}
      <ul className="my-orders__list">
        {orders.map((order) => (
          <li key={order.orderUuid}>
            <article className="my-order" aria-labelledby={`order-${order.orderUuid}`}>
              <h2 id={`order-${order.orderUuid}`} className="my-order__title">
                <Link to={receiptPath(order.orderUuid)}>
                  {t('orders.order', { reference: order.reference })}
                </Link>
              </h2>
              <p className="my-order__meta">
                <time dateTime={order.createdAt}>{date(order.createdAt)}</time> ·{' '}
                {formatMoney(order.total, order.currencyFormat)}
              </p>
              <p className="my-order__lines">
                {order.lines.map((l) => `${l.quantity} × ${l.productName}`).join(', ')}
              </p>
              <OrderStatus progress={order.progress} />
              {order.paymentStatus && (
                <PaymentStatus
                  payment={order.paymentStatus}
                  money={(minor) => formatMoney(minor, order.currencyFormat)}
                />
              )}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
