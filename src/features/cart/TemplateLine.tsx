import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderLine } from '../../../shop/contract.ts';
import { linePreviewUrl } from '../../api/cart.ts';
import { useMoney } from '../../app/format.ts';
import { LazyImage } from '../../ui/LazyImage.tsx';
import { CartLineFrame } from './CartLineFrame.tsx';

/**
 * One template line of the cart (card, calendar or photo gift; S0 §2): its first page as the server
 * draws it, the description, quantity and the server's price; it opens the template editor in
 * update mode at /cart/edit/{uuid}.
 */
export function TemplateLine(props: {
  line: OrderLine;
  updating: boolean;
  highlighted: boolean;
  onDelete: () => void;
}) {
  const { line, updating, highlighted } = props;
  const { t } = useTranslation();
  const money = useMoney();
  const name = line.description;
  return (
    <CartLineFrame
      line={line}
      testId="template-line"
      modifiers={['cart-line--template']}
      updating={updating}
      highlighted={highlighted}
      onDelete={props.onDelete}
    >
      <Link
        className="cart-line__main"
        to={`/cart/edit/${line.uuid}`}
        aria-label={t('cart.editLine', { name })}
        draggable={false}
      >
        <span className="cart-line__picture">
          <LazyImage src={linePreviewUrl(line)} alt={name} />
        </span>
        <span className="cart-line__text">
          <span className="cart-line__name">{name}</span>
          <span className="cart-line__quantity">{t('cart.pieces', { count: line.quantity })}</span>
        </span>
        <strong className="cart-line__price" data-testid="line-price">
          {updating ? t('cart.updating') : money(line.actualLinePrice)}
        </strong>
      </Link>
    </CartLineFrame>
  );
}
