import { type PaymentProvider, returnUrl } from './provider.ts';

/** 'Invoice': the order is confirmed at once; the invoice goes to the shopper's email address. */
export const invoiceProvider: PaymentProvider = {
  type: 'invoice',
  confirmsAtOnce: true,
  redirectUrl: (tx) => returnUrl(tx.uuid, 'paid'),
  status: async () => 'paid',
};
