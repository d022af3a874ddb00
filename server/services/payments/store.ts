import { type PaymentProvider, returnUrl } from './provider.ts';

/** 'Pay in store': the order is confirmed at once and paid at pickup; the shop holds no money online. */
export const storeProvider: PaymentProvider = {
  type: 'store',
  confirmsAtOnce: true,
  holdDays: null,
  start: async (tx) => ({ redirectUrl: returnUrl(tx.uuid, 'paid'), providerRef: null }),
  status: async (tx) => ({ state: 'authorised', amount: tx.amount, currency: tx.currencyCode }),
};
