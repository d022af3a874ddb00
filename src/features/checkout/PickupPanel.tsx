import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DeliveryType,
  expressTwin,
  isExpress,
  listedStores,
  type PickupLocation,
  pickupPromise,
  standardOf,
} from '../../../shop/index.ts';
import { useMoney } from '../../app/format.ts';
import { usePortal } from '../../app/portal.tsx';
import { useDay, useDeliveryDateText, useDeliveryTime, useOpeningDays } from './deliveryTime.ts';
import { StoreSelector } from './StoreSelector.tsx';

interface PickupPanelProps {
  type: DeliveryType;
  /** The chosen location: a store's standard entry or its express twin. */
  chosen: string | null;
  onChoose: (locationUuid: string) => void;
}

/**
 * Store pickup (S0 §2): the 'Choose store' button and its selector, the chosen store's address and
 * delivery time, and the express/standard choice when the store has an express twin.
 */
export function PickupPanel({ type, chosen, onChoose }: PickupPanelProps) {
  const { t } = useTranslation();
  const { regional } = usePortal();
  const [selecting, setSelecting] = useState(false);
  const locations = type.pickupLocations;
  const store = standardOf(locations, chosen);
  const express = expressTwin(locations, chosen);
  const openingDays = useOpeningDays();

  return (
    <section className="pickup-panel" aria-labelledby="pickup-title">
      <h2 id="pickup-title" className="checkout-section__title">
        {t('delivery.pickupTitle')}
      </h2>
      {regional && <PickupAdvert locations={locations} chosen={chosen} />}
      {store && (
        <div className="store-card" data-testid="chosen-store">
          <strong className="store-card__name">{store.description}</strong>
          <address className="store-card__address">
            {store.pickupaddress1}
            {store.pickupaddress2 && (
              <>
                <br />
                {store.pickupaddress2}
              </>
            )}
            <br />
            {[store.pickuppostalcode, store.pickupcity].filter(Boolean).join(' ')}
          </address>
          {store.openingdays && (
            <span className="store-card__open">
              {t('delivery.openDays', { days: openingDays(store.openingdays) })}
            </span>
          )}
          {!express && <LocationTime location={store} />}
        </div>
      )}
      <button
        type="button"
        className={`button${store ? ' button--secondary' : ''}`}
        onClick={() => setSelecting(true)}
      >
        {store ? t('delivery.changeStore') : t('delivery.chooseStore')}
      </button>
      {store && express && (
        <fieldset className="choice-list express-choice">
          <legend className="checkout-section__title">{t('delivery.speedTitle')}</legend>
          {[store, express].map((location) => (
            <label key={location.uuid} className="choice-list__option">
              <input
                type="radio"
                name="pickup-speed"
                checked={chosen === location.uuid}
                onChange={() => onChoose(location.uuid)}
              />
              <span className="choice-list__label">
                <span>{isExpress(location.uuid) ? t('delivery.express') : t('delivery.standard')}</span>
                <LocationTime location={location} />
              </span>
              <Price amount={location.price} />
            </label>
          ))}
        </fieldset>
      )}
      <StoreSelector
        open={selecting}
        stores={listedStores(locations, regional)}
        chosen={store?.uuid ?? null}
        onClose={() => setSelecting(false)}
        onChoose={(picked) => {
          setSelecting(false);
          // The same store again keeps its express choice; another store starts at standard.
          if (picked.uuid !== store?.uuid) onChoose(picked.uuid);
        }}
      />
    </section>
  );
}

/**
 * When the location has an order ready: its day ("Ready for pickup Tuesday 1 December"), with the
 * lead time beside it; an express location that is ready today says its hours.
 */
function LocationTime({ location }: { location: PickupLocation }) {
  const { t } = useTranslation();
  const time = useDeliveryTime();
  const dateText = useDeliveryDateText();
  const lead = time(location.deliverytime, location.deliverytimeunit);
  if (!location.readydate)
    return <span className="delivery-time">{t('delivery.readyIn', { time: lead })}</span>;
  return (
    <span className="delivery-time" data-testid="ready-date">
      {dateText({ type: 'store-pickup', date: location.readydate })}
      <span className="delivery-time__lead"> ({lead})</span>
    </span>
  );
}

/** The regional variant's pickup advert (S0 §1), promising what the stores' own data says. */
function PickupAdvert({ locations, chosen }: { locations: PickupLocation[]; chosen: string | null }) {
  const { t } = useTranslation();
  const { regional } = usePortal();
  const day = useDay();
  const promise = pickupPromise(locations, regional, chosen);
  if (!promise) return null;
  return (
    <p className="pickup-panel__advert" data-testid="pickup-promise">
      {promise.kind === 'hours'
        ? t('delivery.promiseHours', { count: promise.hours })
        : t('delivery.promiseDay', { day: day(promise.date) })}
    </p>
  );
}

/** A price beside a choice; nothing to pay says so in words. */
export function Price({ amount }: { amount: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  return <span className="choice-list__detail">{amount === 0 ? t('delivery.free') : money(amount)}</span>;
}
