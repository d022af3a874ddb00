import { useTranslation } from 'react-i18next';
import { bcp47 } from '../../../../engine/index.ts';
import {
  type DeliveryTimeUnit,
  deliveryTimeKey,
  formatOpeningDays,
  groupStores,
  MONDAY_TO_SATURDAY,
} from '../../../../shop/index.ts';
import { useMoney } from '../../../app/format.ts';
import type { ModuleOf } from '../types.ts';

/**
 * The Delivery page's facts (issue 34), as the checkout has them: postage options with price and
 * days, the free-delivery threshold, pickup prices, and each store with its address, lead time,
 * express time, opening days and order cut-off, grouped by region as the store selector groups them.
 */
export function DeliveryInfoModule({ module }: { module: ModuleOf<'DeliveryInfo'> }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const tag = bcp47(i18n.language);
  const time = (count: number, unit: DeliveryTimeUnit) => t(`delivery.${deliveryTimeKey(unit)}`, { count });
  const price = (amount: number) => (amount === 0 ? t('delivery.free') : money(amount));
  const hour = (h: number) =>
    new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
      new Date(h * 3_600_000),
    );
  return (
    <div className="content-text shop-info" data-testid="delivery-info">
      {module.postage.length > 0 && (
        <section aria-labelledby={`${module.id}-postage`}>
          <h3 id={`${module.id}-postage`}>{t('content.postageTitle')}</h3>
          <ul>
            {module.postage.map((option) => (
              <li key={option.uuid} data-testid="postage-info">
                {t('content.postageOption', {
                  name: option.name,
                  price: price(option.price),
                  time: time(option.deliverytime, 'd'),
                })}
              </li>
            ))}
          </ul>
          {module.freeShippingThreshold ? (
            <p>{t('content.freeOver', { amount: money(module.freeShippingThreshold) })}</p>
          ) : null}
        </section>
      )}
      {module.stores.length > 0 && (
        <section aria-labelledby={`${module.id}-pickup`}>
          <h3 id={`${module.id}-pickup`}>{t('content.pickupTitle')}</h3>
          {module.pickupPrice !== null && (
            <p>{t('content.pickupPrice', { price: price(module.pickupPrice) })}</p>
          )}
          {module.expressPrice !== null && (
            <p>{t('content.expressPrice', { price: price(module.expressPrice) })}</p>
          )}
          <h3>{t('content.storesTitle')}</h3>
          {groupStores(module.stores, tag).map((group) => (
            <section key={group.region} aria-label={group.region || t('content.otherStores')}>
              <h4>{group.region || t('content.otherStores')}</h4>
              <ul className="shop-info__stores">
                {group.stores.map((store) => (
                  <li key={store.uuid} data-testid="store-info">
                    <strong>{store.description}</strong>
                    <address>
                      {[store.pickupaddress1, store.pickupaddress2].filter(Boolean).join(', ')}
                      <br />
                      {[store.pickuppostalcode, store.pickupcity].filter(Boolean).join(' ')}
                    </address>
                    <span>
                      {t('content.storeReady', { time: time(store.deliverytime, store.deliverytimeunit) })}
                    </span>
                    {store.expresshours !== null && (
                      <span>{t('content.storeExpress', { time: time(store.expresshours, 'h') })}</span>
                    )}
                    <span>
                      {t('delivery.openDays', {
                        days: formatOpeningDays(store.openingdays ?? MONDAY_TO_SATURDAY, tag),
                      })}
                    </span>
                    <span>{t('content.cutoff', { time: hour(store.cutoffhour) })}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </section>
      )}
    </div>
  );
}
