import { useTranslation } from 'react-i18next';
import type { OrderLine, Product } from '../../../shop/contract.ts';
import { xphotoUrl } from '../../api/pictures.ts';
import { useMoney } from '../../app/format.ts';
import { LazyImage } from '../../ui/LazyImage.tsx';

/** One print line of the cart: its picture with the line's filter, format, quantity and price. */
export function PrintLine({ line, product }: { line: OrderLine; product: Product | undefined }) {
  const { t } = useTranslation();
  const money = useMoney();
  const file = line.files[0];
  return (
    <li className="cart-line" data-testid="print-line" id={`line-${line.uuid}`}>
      <span className="cart-line__picture">
        {file?.uuid && (
          <LazyImage src={xphotoUrl(file.uuid, 320, line.image?.filter)} alt={line.description} />
        )}
      </span>
      <span className="cart-line__text">
        <span className="cart-line__format">{product?.name ?? ''}</span>
        <span className="cart-line__name">{line.description}</span>
        <span className="cart-line__quantity">{t('cart.pieces', { count: line.quantity })}</span>
      </span>
      <strong className="cart-line__price">{money(line.actualLinePrice)}</strong>
    </li>
  );
}
