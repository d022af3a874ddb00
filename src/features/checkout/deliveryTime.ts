import { useTranslation } from 'react-i18next';
import type { DeliveryTimeUnit } from '../../../shop/index.ts';
import { deliveryTimeKey } from '../../../shop/index.ts';

/** S0 §9: '3 business days', '1 business day', '2 hours' — singular and plural per language. */
export function useDeliveryTime(): (time: number, unit: DeliveryTimeUnit) => string {
  const { t } = useTranslation();
  return (time, unit) => t(`delivery.${deliveryTimeKey(unit)}`, { count: time });
}
