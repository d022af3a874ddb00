import './checkout.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Receipt } from '../../../shop/index.ts';
import { isFinalStep, orderKind, orderReference, shopperStep } from '../../../shop/index.ts';
import { CallError, isAbort } from '../../api/call.ts';
import { getReceipt } from '../../api/checkout.ts';
import { useMoney } from '../../app/format.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Loading } from '../../ui/Loading.tsx';
import { useDeliveryDateText } from './deliveryTime.ts';
import { OrderStatus } from './OrderStatus.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { PaymentStatus } from './PaymentStatus.tsx';

/** While an order is not on its way, its receipt asks again this often (when the page is visible). */
const PROGRESS_POLL_MS = 10_000;

/** The receipt (S0 §2): thanks, the reference, how payment works, and where the prints go. */
export function ReceiptPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('receipt.title'));
  const money = useMoney();
  const deliveryDate = useDeliveryDateText();
  const { orderUuid = '' } = useParams();
  // The order mail's signed link (issue 34): the receipt opens without the session that ordered.
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key');
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [failure, setFailure] = useState<'notFound' | 'failed' | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the reload trigger
  useEffect(() => {
    const controller = new AbortController();
    setFailure(null);
    getReceipt(orderUuid, key, controller.signal)
      .then(setReceipt)
      .catch((error) => {
        if (isAbort(error)) return;
        setFailure(error instanceof CallError && error.code === 404 ? 'notFound' : 'failed');
      });
    return () => controller.abort();
  }, [orderUuid, key, attempt]);

  // The order's progress is asked again until it is on its way, never while the page is hidden.
  const final = receipt?.progress ? isFinalStep(shopperStep(receipt.progress)) : true;
  useEffect(() => {
    if (final) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      getReceipt(orderUuid, key, controller.signal).then(setReceipt, () => undefined);
    }, PROGRESS_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [orderUuid, key, final]);

  if (failure) {
    return (
      <section className="page checkout-page">
        <h1>{failure === 'notFound' ? t('receipt.notFound') : t('checkout.loadFailed')}</h1>
        {failure === 'failed' && (
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </button>
        )}
        <p>
          <Link to="/">{t('placeholder.backHome')}</Link>
        </p>
      </section>
    );
  }
  if (!receipt) return <Loading />;

  const { delivery } = receipt;
  const place = delivery.type === 0 ? delivery.pickupLocation : delivery.address;
  return (
    <section className="page checkout-page receipt-page">
      <h1>{t('receipt.thanks')}</h1>
      <p className="receipt-reference">
        {t('receipt.reference')}{' '}
        <strong data-testid="order-reference">{orderReference(receipt.orderUuid)}</strong>
      </p>
      {receipt.progress && (
        <section className="receipt-status" aria-labelledby="receipt-status-title">
          <h2 id="receipt-status-title" className="checkout-section__title">
            {t('orders.status')}
          </h2>
          <OrderStatus
            progress={receipt.progress}
            store={delivery.type === 0 ? place.name : undefined}
            kind={receipt.orderInfo?.items ? orderKind(receipt.orderInfo.items.map((i) => i.type)) : 'order'}
          />
        </section>
      )}
      <section className="receipt-payment" aria-labelledby="receipt-payment-title">
        <h2 id="receipt-payment-title" className="checkout-section__title">
          {receipt.payment.title ?? t('receipt.paymentTitle')}
        </h2>
        {receipt.payment.infoText && <p data-testid="payment-info">{receipt.payment.infoText}</p>}
        {receipt.paymentStatus && <PaymentStatus payment={receipt.paymentStatus} money={money} />}
      </section>
      <section className="delivery-box" aria-labelledby="delivery-box-title" data-testid="delivery-box">
        <h2 id="delivery-box-title" className="checkout-section__title">
          {delivery.type === 0 ? t('receipt.pickupTitle') : t('receipt.mailTitle')}
        </h2>
        <address>
          <strong>{place.name}</strong>
          <br />
          {place.address}
          <br />
          {[place.postalCode, place.city].filter(Boolean).join(' ')}
        </address>
        {receipt.orderInfo?.delivery ? (
          <p className="delivery-box__time" data-testid="receipt-delivery-date">
            {deliveryDate(receipt.orderInfo.delivery)}
          </p>
        ) : (
          place.deliveryTimeString && (
            <p className="delivery-box__time">
              {t('receipt.deliveryTime', { time: place.deliveryTimeString })}
            </p>
          )
        )}
      </section>
      {receipt.orderInfo && (
        <OrderSummary
          info={receipt.orderInfo}
          busy={false}
          orderUuid={receipt.orderUuid}
          pictures={!receipt.openedByLink}
        />
      )}
      <p>
        <Link className="button" to="/">
          {t('receipt.continue')}
        </Link>
      </p>
    </section>
  );
}
