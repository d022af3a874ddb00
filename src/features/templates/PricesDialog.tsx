import { useTranslation } from 'react-i18next';
import type { Product } from '../../../shop/contract.ts';
import { priceTable } from '../../../shop/pricing.ts';
import { useMoney } from '../../app/format.ts';
import { Dialog } from '../../ui/Dialog.tsx';

/** A product's 'Prices' (S1 §2, §9): the unit price per quantity tier, 'from-to' or 'from+'. */
export function PricesDialog({
  product,
  campaignMet,
  onClose,
}: {
  product: Product;
  campaignMet: (requirement: string) => boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('templates.prices')}
      testId="prices-dialog"
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      <table className="template-prices">
        <caption>{product.name}</caption>
        <thead>
          <tr>
            <th scope="col">{t('templates.quantityColumn')}</th>
            <th scope="col">{t('templates.priceColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {priceTable(product, campaignMet).map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>
                {row.campaignPrice === null ? (
                  money(row.price)
                ) : (
                  <>
                    <s className="template-prices__was">{money(row.price)}</s>{' '}
                    <strong className="template-prices__campaign">{money(row.campaignPrice)}</strong>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
