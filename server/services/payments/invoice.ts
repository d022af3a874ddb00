import { type PaymentProvider, returnUrl } from './provider.ts';

/** 'Invoice': the order is confirmed at once; the invoice goes to the shopper's email address. */
export const invoiceProvider: PaymentProvider = {
  type: 'invoice',
  confirmsAtOnce: true,
  holdDays: null,
  start: async (tx) => ({ redirectUrl: returnUrl(tx.uuid, 'paid'), providerRef: null }),
  status: async (tx) => ({ state: 'authorised', amount: tx.amount, currency: tx.currencyCode }),
};
