import './checkout.css';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { DeliveryType } from '../../../shop/index.ts';
import {
  choiceOnArrival,
  chooseType,
  customerFormFor,
  isValid,
  orderDeliveryTypes,
  validatePickupContact,
  validatePostage,
} from '../../../shop/index.ts';
import { isAbort } from '../../api/call.ts';
import { getDeliveryOptions } from '../../api/checkout.ts';
import { getMe } from '../../api/user.ts';
import { useCartStore } from '../../app/cartStore.ts';
import { usePortal } from '../../app/portal.tsx';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Loading } from '../../ui/Loading.tsx';
import { CONTACT_FIELDS, type CustomerField, CustomerFields, POSTAGE_FIELDS } from './CustomerFields.tsx';
import { EMPTY_CUSTOMER, useCheckoutStore } from './checkoutStore.ts';
import { useShownErrors } from './fields.tsx';
import { PickupPanel, Price } from './PickupPanel.tsx';
import { PostagePanel } from './PostagePanel.tsx';
import { PAYMENT_OPTIONS_PATH } from './paths.ts';

/**
 * The delivery page (S0 §2, §4, §5): delivery types with store pickup first, the chosen type's
 * panel, the customer's details, and on to payment.
 */
export function DeliveryPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('delivery.title'));
  const navigate = useNavigate();
  const { regional } = usePortal();
  const cart = useCartStore((s) => s.cart);
  const status = useCartStore((s) => s.status);
  const load = useCartStore((s) => s.load);
  const { deliveryType, deliveryOption, customerInfo, setDelivery, setCustomerInfo, setCustomer } =
    useCheckoutStore();
  const [types, setTypes] = useState<DeliveryType[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [missingOption, setMissingOption] = useState(false);
  const { touch, isShown, showAll } = useShownErrors<CustomerField>();

  // The cart may have changed in another tab: an empty one goes back to the cart page.
  useEffect(() => {
    void load();
  }, [load]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the reload trigger
  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    getDeliveryOptions(controller.signal)
      .then((list) => {
        const ordered = orderDeliveryTypes(list);
        const { deliveryType, deliveryOption } = useCheckoutStore.getState();
        setDelivery(
          choiceOnArrival(ordered, { deliveryType, deliveryOption: deliveryOption?.uuid ?? null }, regional),
        );
        setTypes(ordered);
      })
      .catch((error) => {
        if (isAbort(error)) return;
        console.warn('The delivery options could not be loaded', error);
        setFailed(true);
      });
    return () => controller.abort();
  }, [attempt, regional, setDelivery]);

  // S0 §5: form defaults come from saved customer info, else from the logged-in user; saved info
  // of someone else (a guest's before registering in this tab) is not this shopper's (issue 34).
  useEffect(() => {
    const controller = new AbortController();
    getMe(controller.signal)
      .then((me) => {
        const { customerInfo: info, customerFor: owner } = useCheckoutStore.getState();
        const next = customerFormFor({ info, owner }, me.isAnonymousUser ? null : me);
        if (next) setCustomer(next);
      })
      .catch((error) => !isAbort(error) && console.warn('The user could not be loaded', error));
    return () => controller.abort();
  }, [setCustomer]);

  if (status === 'ready' && cart && cart.orderLines.length === 0) return <Navigate to="/cart" replace />;
  if (failed) {
    return (
      <section className="page checkout-page">
        <h1>{t('delivery.title')}</h1>
        <p className="form-error" role="alert">
          {t('checkout.loadFailed')}
        </p>
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          {t('common.retry')}
        </button>
      </section>
    );
  }
  if (!types || !cart) return <Loading />;

  const values = customerInfo ?? EMPTY_CUSTOMER;
  const chosenType = types.find((type) => type.type === deliveryType);
  const postage = deliveryType === 'postage';
  const errors = postage ? validatePostage(values) : validatePickupContact(values);
  const option = deliveryOption?.uuid ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    showAll();
    setMissingOption(!option);
    if (!option || !isValid(errors)) {
      // Take the shopper to what needs them: the first message on the page.
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLElement>('.checkout-page [aria-invalid="true"], .checkout-page .form-error')
          ?.focus(),
      );
      return;
    }
    navigate(PAYMENT_OPTIONS_PATH);
  }

  return (
    <section className="page checkout-page delivery-page">
      <h1>{t('delivery.title')}</h1>
      <form noValidate onSubmit={submit} className="checkout-form">
        <fieldset className="choice-list delivery-types">
          <legend className="checkout-section__title">{t('delivery.typeTitle')}</legend>
          {types.map((type) => (
            <label key={type.type} className="choice-list__option">
              <input
                type="radio"
                name="delivery-type"
                checked={deliveryType === type.type}
                onChange={() => {
                  setMissingOption(false);
                  setDelivery(chooseType(type, regional));
                }}
              />
              <span className="choice-list__label">{type.name}</span>
              <Price amount={type.price} />
            </label>
          ))}
        </fieldset>

        {chosenType?.type === 'store-pickup' && (
          <PickupPanel
            type={chosenType}
            chosen={option}
            onChoose={(uuid) => {
              setMissingOption(false);
              setDelivery({ deliveryType: 'store-pickup', deliveryOption: uuid });
            }}
          />
        )}
        {chosenType?.type === 'postage' && chosenType.deliveryOptions.length > 0 && (
          <PostagePanel
            type={chosenType}
            chosen={option}
            onChoose={(uuid) => {
              setMissingOption(false);
              setDelivery({ deliveryType: 'postage', deliveryOption: uuid });
            }}
          />
        )}

        {chosenType && (
          <section className="checkout-section" aria-labelledby="customer-title">
            <h2 id="customer-title" className="checkout-section__title">
              {postage ? t('delivery.addressTitle') : t('delivery.contactTitle')}
            </h2>
            <CustomerFields
              fields={postage ? POSTAGE_FIELDS : CONTACT_FIELDS}
              values={values}
              errors={errors}
              isShown={isShown}
              onChange={(field, value) => setCustomerInfo({ [field]: value })}
              onLeave={touch}
            />
          </section>
        )}

        {missingOption && (
          <p className="form-error" role="alert" tabIndex={-1}>
            {postage ? t('delivery.chooseOption') : t('delivery.chooseStoreFirst')}
          </p>
        )}
        <button type="submit" className="button checkout-submit" disabled={!chosenType}>
          {t('delivery.submit')}
        </button>
      </form>
    </section>
  );
}
