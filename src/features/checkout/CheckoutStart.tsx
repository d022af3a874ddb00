import './checkout.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { Me } from '../../../shop/index.ts';
import { minimumOrderAdjustment } from '../../../shop/index.ts';
import { isAbort } from '../../api/call.ts';
import { getMe } from '../../api/user.ts';
import { useCartStore } from '../../app/cartStore.ts';
import { usePortal } from '../../app/portal.tsx';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Loading } from '../../ui/Loading.tsx';
import { AutoCorrectionDialog } from './AutoCorrectionDialog.tsx';
import { useCheckoutStore } from './checkoutStore.ts';
import { GuestCard } from './GuestCard.tsx';
import { LoginCard } from './LoginCard.tsx';
import { MinimumPriceDialog } from './MinimumPriceDialog.tsx';
import { DELIVERY_PATH } from './paths.ts';
import { SignUpCard } from './SignUpCard.tsx';

/**
 * Checkout start (S0 §2): the minimum-price warning, then the auto-correction question, then a
 * logged-in shopper goes straight on to delivery and anyone else chooses: log in, guest or register.
 */
export function CheckoutStart() {
  const { t } = useTranslation();
  useDocumentTitle(t('checkout.title'));
  const portal = usePortal();
  const navigate = useNavigate();
  const cart = useCartStore((s) => s.cart);
  const load = useCartStore((s) => s.load);
  const approvedMinimumFor = useCheckoutStore((s) => s.approvedMinimumFor);
  const autoCorrection = useCheckoutStore((s) => s.autoCorrection);
  const [me, setMe] = useState<Me | null>(null);

  // The total decides the minimum-price warning: it must be the server's current one, so nothing but
  // the spinner shows until it is read. Once read, a later read (back online, a load asked for while
  // another ran) keeps the cards on screen: hiding them behind the spinner unmounted the forms and
  // lost what the shopper had typed. Before it is read, nothing is shown to type into: the page drawn
  // from the cart in memory, before the load began, let a quick shopper answer the question and type
  // into the login form, and the load that started then hid and emptied it.
  const [read, setRead] = useState(false);
  useEffect(() => {
    void load().then(() => setRead(true));
  }, [load]);

  useEffect(() => {
    const controller = new AbortController();
    getMe(controller.signal)
      .then(setMe)
      // Not knowing who the shopper is only costs the shortcut: they get the three cards.
      .catch((error) => !isAbort(error) && setMe({ isAnonymousUser: true }));
    return () => controller.abort();
  }, []);

  if (!cart || !read) return <Loading />;
  if (cart.orderLines.length === 0) return <Navigate to="/cart" replace />;

  const total = cart.summary.totalPrice;
  const { belowMinimum } = minimumOrderAdjustment(total, portal.minimumPrice);
  const askMinimum = belowMinimum && approvedMinimumFor !== total;
  const askAutoCorrection =
    !askMinimum && portal.options['checkout-ask-for-auto-correction'] && autoCorrection === null;
  const answered = !askMinimum && !askAutoCorrection;

  // Replace: the back button from delivery should not land here and bounce forward again.
  if (answered && me && !me.isAnonymousUser) return <Navigate to={DELIVERY_PATH} replace />;

  return (
    <section className="page checkout-page checkout-start">
      <h1>{t('checkout.title')}</h1>
      {answered && !me && <Loading />}
      {answered && me?.isAnonymousUser && (
        <div className="checkout-cards">
          <LoginCard onDone={() => navigate(DELIVERY_PATH)} />
          <GuestCard onDone={() => navigate(DELIVERY_PATH)} />
          <SignUpCard onDone={() => navigate(DELIVERY_PATH)} />
        </div>
      )}
      <MinimumPriceDialog open={askMinimum} total={total} minimum={portal.minimumPrice} />
      <AutoCorrectionDialog open={askAutoCorrection} />
    </section>
  );
}
