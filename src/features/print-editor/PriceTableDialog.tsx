import { useTranslation } from 'react-i18next';
import type { Product } from '../../../shop/contract.ts';
import { priceTable } from '../../../shop/pricing.ts';
import { useMoney } from '../../app/format.ts';
import { Dialog } from '../../ui/Dialog.tsx';

/** The price-table dialog (S0 §2): the format's unit price per quantity tier. */
export function PriceTableDialog({
  product,
  open,
  onClose,
}: {
  product: Product;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('printEditor.priceTable')}
      testId="price-table"
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      <table className="price-table">
        <caption>{product.name}</caption>
        <thead>
          <tr>
            <th scope="col">{t('printEditor.quantityColumn')}</th>
            <th scope="col">{t('printEditor.priceColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {priceTable(product).map((row) => (
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
