import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMoney } from '../../app/format.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { useCheckoutStore } from './checkoutStore.ts';

/**
 * S0 §8 'Minimum price warning': an order below the portal's minimum is priced at the minimum once
 * the shopper approves; 'Shop more' goes back to the start page. Escape or the backdrop is not an
 * approval: it returns to the cart.
 */
export function MinimumPriceDialog({
  open,
  total,
  minimum,
}: {
  open: boolean;
  total: number;
  minimum: number;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const approveMinimum = useCheckoutStore((s) => s.approveMinimum);
  return (
    <Dialog
      open={open}
      title={t('checkout.minimumTitle')}
      onClose={() => navigate('/cart')}
      testId="minimum-price-dialog"
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={() => navigate('/')}>
            {t('checkout.shopMore')}
          </button>
          <button type="button" className="button" onClick={() => approveMinimum(total)}>
            {t('checkout.approveMinimum')}
          </button>
        </>
      }
    >
      <p>{t('checkout.minimumText', { total: money(total), minimum: money(minimum) })}</p>
    </Dialog>
  );
}
