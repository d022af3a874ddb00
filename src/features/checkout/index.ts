/** The checkout's screens: one lazily loaded chunk (src/app/router.tsx), so the start page stays small. */
export { CheckoutStart } from './CheckoutStart.tsx';
export { DeliveryPage } from './DeliveryPage.tsx';
export { LoginLinkPage } from './LoginLinkPage.tsx';
export { PaymentPage } from './PaymentPage.tsx';
export { PaymentReturn } from './PaymentReturn.tsx';
export { ReceiptPage } from './ReceiptPage.tsx';
