import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { LabOrder } from '../../../shop/index.ts';
import { CallError, isAbort } from '../../api/call.ts';
import { Loading } from '../../ui/Loading.tsx';
import { getOrder, isAuthFailure } from './labApi.ts';
import { useLab } from './labContext.ts';
import { OrderCard } from './OrderCard.tsx';

/** One order at its own address (/lab/orders/{uuid}), details open: a link the lab can pass on. */
export function OrderPage() {
  const { t } = useTranslation('lab');
  const { password, signOut } = useLab();
  const { orderUuid = '' } = useParams();
  const [order, setOrder] = useState<LabOrder | null>(null);
  const [failure, setFailure] = useState<'notFound' | 'failed' | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the reload trigger
  useEffect(() => {
    const controller = new AbortController();
    setFailure(null);
    getOrder(password, orderUuid, controller.signal)
      .then(setOrder)
      .catch((error) => {
        if (isAbort(error)) return;
        if (isAuthFailure(error)) return signOut(true);
        // A malformed id (400) is as missing as an unknown one.
        const missing = error instanceof CallError && (error.code === 404 || error.code === 400);
        setFailure(missing ? 'notFound' : 'failed');
      });
    return () => controller.abort();
  }, [password, orderUuid, attempt, signOut]);

  const back = (
    <p>
      <Link to="/">{t('order.back')}</Link>
    </p>
  );
  if (failure) {
    return (
      <section className="lab-order-page">
        {back}
        <h1>{failure === 'notFound' ? t('order.notFound') : t('loadFailed')}</h1>
        {failure === 'failed' && (
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </button>
        )}
      </section>
    );
  }
  if (!order) return <Loading />;
  return (
    <section className="lab-order-page">
      {back}
      <OrderCard order={order} expanded headingLevel={1} onChange={setOrder} />
    </section>
  );
}
