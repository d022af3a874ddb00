/** The checkout's routes (S0 §2), relative to the basename. */
export const START_PATH = '/cart/checkout';
export const DELIVERY_PATH = '/cart/checkout/delivery-options';
export const PAYMENT_OPTIONS_PATH = '/cart/checkout/payment-options';
/** S0 §2 payment hand-off: `/m/cart/checkout/payment?transaction={id}`. */
export const paymentReturnPath = (transactionId: string) =>
  `/cart/checkout/payment?transaction=${encodeURIComponent(transactionId)}`;
export const receiptPath = (orderUuid: string) => `/cart/checkout/receipt/${encodeURIComponent(orderUuid)}`;

/** The portal's 'Terms of purchase' content page (seeded as page 'terms'; a portal edits it). */
export const TERMS_PATH = '/pages/terms';
