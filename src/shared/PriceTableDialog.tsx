import { useTranslation } from 'react-i18next';
import type { Product } from '../../shop/index.ts';
import { priceTable } from '../../shop/index.ts';
import { useMoney, useProductName } from '../app/format.ts';
import { Dialog } from '../ui/Dialog.tsx';
import './price-table.css';

interface PriceTableDialogProps {
  product: Product;
  onClose: () => void;
  open?: boolean;
  /** Whether a named campaign requirement is met here (the list's category); none by default. */
  campaignMet?: (requirement: string) => boolean;
}

/**
 * A product's 'Prices' (S0 §2 print editor, S1 §2 template lists): the unit price per quantity tier,
 * labelled 'from-to' or 'from+', with the campaign price beside the struck-through one.
 */
export function PriceTableDialog({ product, onClose, open = true, campaignMet }: PriceTableDialogProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const productName = useProductName();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('prices.title')}
      testId="price-table"
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      <table className="price-table">
        <caption>{productName(product.name)}</caption>
        <thead>
          <tr>
            <th scope="col">{t('prices.quantityColumn')}</th>
            <th scope="col">{t('prices.priceColumn')}</th>
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
                    <s className="price-table__was">{money(row.price)}</s>{' '}
                    <strong className="price-table__campaign">{money(row.campaignPrice)}</strong>
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
