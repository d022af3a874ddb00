import './checkout.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import type { PaymentOption } from '../../../shop/index.ts';
import { isValid, validatePickupContact, validatePostage } from '../../../shop/index.ts';
import { isAbort } from '../../api/call.ts';
import {
  getOrderLines,
  getPaymentOptions,
  getTransaction,
  haveActiveRebateCodes,
} from '../../api/checkout.ts';
import { useCartStore } from '../../app/cartStore.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Loading } from '../../ui/Loading.tsx';
import { SafeHtml } from '../../ui/SafeHtml.tsx';
import { useCheckoutStore } from './checkoutStore.ts';
import { errorText } from './fields.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { DELIVERY_PATH, paymentReturnPath, TERMS_PATH } from './paths.ts';
import { QualityNotice } from './QualityNotice.tsx';
import { RebateCodeField } from './RebateCodeField.tsx';

/**
 * The payment page (S0 §2, §4, §7): payment options, the rebate code, the order's lines
 * recomputed on every change of choice, and Confirm, which asks for a transaction exactly once.
 */
export function PaymentPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('payment.title'));
  const navigate = useNavigate();
  const cart = useCartStore((s) => s.cart);
  const status = useCartStore((s) => s.status);
  const load = useCartStore((s) => s.load);
  const checkout = useCheckoutStore();
  const { deliveryType, deliveryOption, paymentOption, customerInfo, rebateCode, orderInfo, paymentError } =
    checkout;
  const { setPaymentOption, setOrderInfo, setTransaction, setPaymentError } = checkout;
  const [options, setOptions] = useState<PaymentOption[] | null>(null);
  const [optionsFailed, setOptionsFailed] = useState(false);
  const [rebatesActive, setRebatesActive] = useState(false);
  const [summaryBusy, setSummaryBusy] = useState(false);
  const [requesting, setRequesting] = useState(false);
  // The disabled button lags a render behind a fast double tap; this does not.
  const requestingNow = useRef(false);
  const deliveryUuid = deliveryOption?.uuid ?? null;
  const paymentUuid = paymentOption?.uuid ?? null;

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!deliveryUuid) return;
    const controller = new AbortController();
    setOptionsFailed(false);
    getPaymentOptions(deliveryUuid, controller.signal)
      .then((list) => {
        setOptions(list);
        const current = useCheckoutStore.getState().paymentOption?.uuid;
        if (current && list.some((o) => o.uuid === current)) return;
        // S0 §2: a sole payment option is selected for the shopper.
        setPaymentOption(list.length === 1 ? list[0]!.uuid : null);
      })
      .catch((error) => {
        if (isAbort(error)) return;
        console.warn('The payment options could not be loaded', error);
        setOptionsFailed(true);
      });
    return () => controller.abort();
  }, [deliveryUuid, setPaymentOption]);

  useEffect(() => {
    const controller = new AbortController();
    haveActiveRebateCodes(controller.signal)
      .then(setRebatesActive)
      // Without the answer the field stays hidden: paying matters more than a rebate.
      .catch((error) => !isAbort(error) && console.warn('Rebate codes unknown', error));
    return () => controller.abort();
  }, []);

  // S0 §4: the order lines follow every change of payment option, delivery option or rebate code.
  const rebate = rebateCode?.code ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the server applies the rebate: a new code changes its answer
  useEffect(() => {
    if (!deliveryUuid) return;
    const controller = new AbortController();
    setSummaryBusy(true);
    getOrderLines({ paymentOption: paymentUuid ?? '', deliveryOption: deliveryUuid }, controller.signal)
      .then((info) => {
        setOrderInfo(info);
        setSummaryBusy(false);
      })
      .catch((error) => {
        if (isAbort(error)) return;
        console.warn('The order lines could not be computed', error);
        setSummaryBusy(false);
      });
    return () => controller.abort();
  }, [deliveryUuid, paymentUuid, rebate, setOrderInfo]);

  // A refused payment or transaction is brought into view once the page has its options in place:
  // a shopper back from the provider lands at the top of a long page on a phone.
  const errorRef = useRef<HTMLParagraphElement>(null);
  const optionsShown = options !== null;
  useEffect(() => {
    if (paymentError && optionsShown) errorRef.current?.scrollIntoView({ block: 'center' });
  }, [paymentError, optionsShown]);

  if (status === 'ready' && cart && cart.orderLines.length === 0 && !requesting) {
    return <Navigate to="/cart" replace />;
  }
  const details = customerInfo
    ? deliveryType === 'postage'
      ? validatePostage(customerInfo)
      : validatePickupContact(customerInfo)
    : null;
  // Reached without a delivery choice or the shopper's details (a bookmark, another tab): back there.
  if (!deliveryUuid || !customerInfo || !details || !isValid(details)) {
    return <Navigate to={DELIVERY_PATH} replace />;
  }

  async function confirm() {
    if (requestingNow.current || !paymentUuid || !deliveryUuid || !customerInfo) return;
    requestingNow.current = true;
    setRequesting(true);
    setPaymentError(null);
    const postage = deliveryType === 'postage';
    try {
      const { transactionid } = await getTransaction({
        name: customerInfo.name.trim(),
        mobile: customerInfo.mobile.trim(),
        email: customerInfo.email.trim(),
        address: postage ? customerInfo.address.trim() : '',
        zipcode: postage ? customerInfo.postalCode.trim() : '',
        city: postage ? customerInfo.city.trim() : '',
        paymentoption: paymentUuid,
        deliveryoption: deliveryUuid,
      });
      setTransaction(transactionid);
      navigate(paymentReturnPath(transactionid));
    } catch (err) {
      console.warn('The transaction was refused', err);
      setPaymentError(errorText(err, t('payment.transactionFailed')));
      requestingNow.current = false;
      setRequesting(false);
    }
  }

  return (
    <section className="page checkout-page payment-page">
      <h1>{t('payment.title')}</h1>
      <div className="payment-page__choices">
        {optionsFailed && (
          <p className="form-error" role="alert">
            {t('checkout.loadFailed')}
          </p>
        )}
        {!options && !optionsFailed && <Loading />}
        {options && (
          <fieldset className="choice-list payment-options">
            <legend className="checkout-section__title">{t('payment.optionsTitle')}</legend>
            {options.length === 0 && <p>{t('payment.noOptions')}</p>}
            {options.map((option) => (
              <div key={option.uuid} className="payment-option">
                <label className="choice-list__option">
                  <input
                    type="radio"
                    name="payment-option"
                    checked={paymentUuid === option.uuid}
                    onChange={() => setPaymentOption(option.uuid)}
                  />
                  <span className="choice-list__label">{option.title}</span>
                </label>
                {option.mobileDescription && (
                  <SafeHtml className="payment-option__description" html={option.mobileDescription} />
                )}
              </div>
            ))}
          </fieldset>
        )}
        {rebatesActive && <RebateCodeField />}
      </div>
      <div className="payment-page__summary">
        <OrderSummary info={orderInfo} busy={summaryBusy} />
        {cart && <QualityNotice lines={cart.orderLines} />}
        {paymentError && (
          <p ref={errorRef} className="form-error" role="alert" data-testid="payment-error">
            {paymentError}
          </p>
        )}
        <button
          type="button"
          className="button checkout-submit"
          disabled={!paymentUuid || requesting}
          aria-busy={requesting || undefined}
          onClick={() => void confirm()}
        >
          {requesting ? t('payment.requesting') : t('payment.confirm')}
        </button>
        {/* An app link: the checkout's choices stay in its store, and Back returns to them. */}
        <p className="checkout-terms">
          {t('checkout.termsAccept')} <Link to={TERMS_PATH}>{t('checkout.termsLink')}</Link>.
        </p>
      </div>
    </section>
  );
}
