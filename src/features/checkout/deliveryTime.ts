import { useTranslation } from 'react-i18next';
import { bcp47 } from '../../../engine/index.ts';
import type { DeliveryTimeUnit } from '../../../shop/index.ts';
import { deliveryTimeKey, formatDay, formatOpeningDays } from '../../../shop/index.ts';

/** S0 §9: '3 business days', '1 business day', '2 hours' — singular and plural per language. */
export function useDeliveryTime(): (time: number, unit: DeliveryTimeUnit) => string {
  const { t } = useTranslation();
  return (time, unit) => t(`delivery.${deliveryTimeKey(unit)}`, { count: time });
}

/** A date the server answered (YYYY-MM-DD) as the language writes a day: "Tuesday 1 December". */
export function useDay(): (date: string) => string {
  const { i18n } = useTranslation();
  return (date) => formatDay(date, bcp47(i18n.language));
}

/** A store's opening days in the language's words: "Monday–Saturday". */
export function useOpeningDays(): (days: readonly number[]) => string {
  const { i18n } = useTranslation();
  return (days) => formatOpeningDays(days, bcp47(i18n.language));
}

/** "Ready for pickup Tuesday 1 December" or "Delivered Tuesday 1 December". */
export function useDeliveryDateText(): (delivery: {
  type: 'store-pickup' | 'postage';
  date: string;
}) => string {
  const { t } = useTranslation();
  const day = useDay();
  return ({ type, date }) =>
    t(type === 'store-pickup' ? 'delivery.readyOn' : 'delivery.deliveredOn', { day: day(date) });
}
