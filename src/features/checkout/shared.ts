/**
 * What the checkout lends other features (the layer rule in biome.json lets a feature import another
 * only through its shared.ts): the log-in card (My designs) and an order's status and receipt link
 * (My orders). index.ts is the router's lazy chunk of the checkout's screens, not this.
 */

export { TextField } from './fields.tsx';
export { LoginCard } from './LoginCard.tsx';
export { OrderStatus } from './OrderStatus.tsx';
export { PaymentStatus } from './PaymentStatus.tsx';
export { receiptPath } from './paths.ts';
