import './checkout.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { TransactionState } from '../../../shop/index.ts';
import { getCart } from '../../api/cart.ts';
import { fulfilTransaction } from '../../api/checkout.ts';
import { useCartStore } from '../../app/cartStore.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useCheckoutStore } from './checkoutStore.ts';
import { errorText } from './fields.tsx';
import { PAYMENT_OPTIONS_PATH, receiptPath } from './paths.ts';

/** How often, and how far apart, a return from the provider asks again while the payment is settling. */
const SETTLE_TRIES = 5;
const SETTLE_DELAY_MS = 1000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The payment hand-off (S0 §2): `/cart/checkout/payment?transaction={id}` asks the server to fulfil
 * the transaction (idempotent there, so a reload or a repeat is harmless) and follows the answer:
 * paid → the receipt, pending → the provider's page, declined or cancelled → back to the payment
 * page with the error and the cart as it was.
 */
export function PaymentReturn() {
  const { t } = useTranslation();
  useDocumentTitle(t('payment.processing'));
  const [params] = useSearchParams();
  const transaction = params.get('transaction');
  // Present when the provider sent the shopper back: the payment is decided or about to be.
  const returned = params.has('result');
  const navigate = useNavigate();
  const started = useRef<string | null>(null);

  useEffect(() => {
    // Once per transaction, also under StrictMode's double effects.
    if (!transaction || started.current === transaction) return;
    started.current = transaction;
    const checkout = useCheckoutStore.getState();

    const backToPayment = (error: string) => {
      checkout.setPaymentError(error);
      navigate(PAYMENT_OPTIONS_PATH, { replace: true });
    };

    async function settle(): Promise<TransactionState> {
      let state = await fulfilTransaction(transaction!);
      // Back from the provider before its confirmation reached the server: ask again briefly
      // rather than sending the shopper to pay a second time.
      for (let i = 1; returned && state.status === 'pending' && i < SETTLE_TRIES; i++) {
        await wait(SETTLE_DELAY_MS);
        state = await fulfilTransaction(transaction!);
      }
      return state;
    }

    settle()
      .then(async (state) => {
        switch (state.status) {
          case 'paid': {
            // The order exists and the server emptied the cart: the app's copy follows.
            try {
              useCartStore.getState().replace(await getCart());
            } catch (error) {
              console.warn('The cart could not be reloaded', error);
            }
            checkout.orderPlaced();
            navigate(receiptPath(state.orderUuid), { replace: true });
            return;
          }
          case 'pending':
            // Replace, not assign: the back button from the provider's page returns to the payment
            // page rather than to this hand-off, which would send the shopper straight back.
            window.location.replace(state.redirectUrl);
            return;
          default:
            backToPayment(state.error || t('payment.declined'));
        }
      })
      .catch((error) => {
        console.warn('The payment could not be confirmed', error);
        backToPayment(errorText(error, t('payment.transactionFailed')));
      });
  }, [transaction, returned, navigate, t]);

  if (!transaction) return <Navigate to={PAYMENT_OPTIONS_PATH} replace />;
  return (
    <section className="page checkout-page">
      <p className="status-message" role="status">
        {t('payment.processing')}
      </p>
    </section>
  );
}
