import { useTranslation } from 'react-i18next';
import { freeShippingMessage } from '../../shop/index.ts';
import { selectTotalPrice, useCartStore } from './cartStore.ts';
import { useMoney } from './format.ts';
import { usePortal } from './portal.tsx';

export function FreeShippingBanner() {
  const { t } = useTranslation();
  const threshold = usePortal().options['free-shipping-threshold'];
  const total = useCartStore(selectTotalPrice);
  const cartKnown = useCartStore((s) => s.status === 'ready' || s.status === 'failed');
  const money = useMoney();

  const message = freeShippingMessage(threshold, total);
  if (!message) return null;

  let text = '';
  // Until the cart is known the banner keeps its place but stays empty, so the text never flips.
  if (cartKnown) {
    text =
      message.key === 'banner.free' ? t('banner.free') : t(message.key, { amount: money(message.amount) });
  }
  return (
    <p className="free-shipping-banner" data-testid="free-shipping-banner" aria-live="polite">
      {text}
    </p>
  );
}
