import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type {
  CustomerOwner,
  DeliveryChoice,
  DeliveryTypeName,
  OrderInfo,
  PostageInput,
} from '../../../shop/index.ts';

/** S0 §3 customer info: the postage address is a superset of the pickup contact. */
export type CustomerInfo = PostageInput;

export const EMPTY_CUSTOMER: CustomerInfo = {
  name: '',
  mobile: '',
  email: '',
  address: '',
  postalCode: '',
  city: '',
};

/** S0 §3 checkout state, plus the answers of checkout start so they are asked once per order. */
interface CheckoutData {
  deliveryType: DeliveryTypeName | null;
  deliveryOption: { uuid: string } | null;
  paymentOption: { uuid: string } | null;
  /** What the shopper typed; null until then, so the form defaults to the logged-in user (S0 §5). */
  customerInfo: CustomerInfo | null;
  /** Whose details customerInfo holds (shop/customerForms.ts customerFormFor); null when not known. */
  customerFor: CustomerOwner | null;
  rebateCode: { code: string; text: string } | null;
  orderInfo: OrderInfo | null;
  transactionUuid: string | null;
  /** A refused transaction or payment, shown on the payment page (S0 §7 'Handling of answers'). */
  paymentError: string | null;
  /** The cart total the minimum price was approved for: a changed cart is asked again. */
  approvedMinimumFor: number | null;
  autoCorrection: 0 | 1 | null;
}

interface CheckoutActions {
  setDelivery: (choice: DeliveryChoice) => void;
  setPaymentOption: (uuid: string | null) => void;
  setCustomerInfo: (info: Partial<CustomerInfo>) => void;
  /** The form's details for a new shopper (logged in, registered or logged out). */
  setCustomer: (customer: { info: CustomerInfo | null; owner: CustomerOwner }) => void;
  setRebateCode: (rebate: { code: string; text: string } | null) => void;
  setOrderInfo: (info: OrderInfo | null) => void;
  setTransaction: (uuid: string) => void;
  setPaymentError: (error: string | null) => void;
  approveMinimum: (total: number) => void;
  answerAutoCorrection: (value: 0 | 1) => void;
  /** The order exists: what belonged to it goes; the shopper's details and delivery choice stay. */
  orderPlaced: () => void;
}

const initial: CheckoutData = {
  deliveryType: null,
  deliveryOption: null,
  paymentOption: null,
  customerInfo: null,
  customerFor: null,
  rebateCode: null,
  orderInfo: null,
  transactionUuid: null,
  paymentError: null,
  approvedMinimumFor: null,
  autoCorrection: null,
};

/**
 * The checkout's state, kept in sessionStorage: a reload, or the round trip through a payment
 * provider's page, loses nothing, and a new tab starts a clean checkout.
 */
export const useCheckoutStore = create<CheckoutData & CheckoutActions>()(
  persist(
    (set, get) => ({
      ...initial,
      setDelivery: ({ deliveryType, deliveryOption }) => {
        const changed = deliveryOption !== (get().deliveryOption?.uuid ?? null);
        set({
          deliveryType,
          deliveryOption: deliveryOption ? { uuid: deliveryOption } : null,
          // Payment options belong to a delivery option (S0 §7): a new one asks again.
          ...(changed ? { paymentOption: null, orderInfo: null } : {}),
        });
      },
      setPaymentOption: (uuid) => set({ paymentOption: uuid ? { uuid } : null, paymentError: null }),
      setCustomerInfo: (info) =>
        set({ customerInfo: { ...(get().customerInfo ?? EMPTY_CUSTOMER), ...info } }),
      setCustomer: ({ info, owner }) => set({ customerInfo: info, customerFor: owner }),
      setRebateCode: (rebateCode) => set({ rebateCode }),
      setOrderInfo: (orderInfo) => set({ orderInfo }),
      setTransaction: (transactionUuid) => set({ transactionUuid }),
      setPaymentError: (paymentError) => set({ paymentError }),
      approveMinimum: (total) => set({ approvedMinimumFor: total }),
      answerAutoCorrection: (autoCorrection) => set({ autoCorrection }),
      orderPlaced: () => {
        const { customerInfo, customerFor, deliveryType, deliveryOption } = get();
        set({ ...initial, customerInfo, customerFor, deliveryType, deliveryOption });
      },
    }),
    {
      name: 'checkout',
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
    },
  ),
);
