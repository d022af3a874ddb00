import type { TFunction } from 'i18next';
import { MAX_LINE_QUANTITY, MAX_ORDER_QUANTITY } from '../../shop/index.ts';
import { CallError } from '../api/call.ts';
import { countIn } from '../ui/format.ts';

/**
 * The cart's words for a change the server refused because the order would pass one of its limits
 * (shop/orderLimits.ts), or null for any other failure.
 */
export function limitMessage(error: unknown, t: TFunction, language: string): string | null {
  if (!(error instanceof CallError)) return null;
  switch (error.reason) {
    case 'line_quantity_limit':
      return t('prints.maximum', { limit: countIn(language, MAX_LINE_QUANTITY) });
    case 'order_quantity_limit':
      return t('cart.orderQuantityLimit', { limit: countIn(language, MAX_ORDER_QUANTITY) });
    case 'order_amount_limit':
      return t('cart.orderAmountLimit');
    default:
      return null;
  }
}
