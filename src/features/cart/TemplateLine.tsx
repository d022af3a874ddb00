import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderLine } from '../../../shop/index.ts';
import { linePreviewUrl } from '../../api/cart.ts';
import { useMoney } from '../../app/format.ts';
import { LazyImage } from '../../ui/LazyImage.tsx';
import { QuantityStepper } from '../../ui/QuantityStepper.tsx';
import { CartLineFrame } from './CartLineFrame.tsx';
import { useLineQuantity } from './useLineQuantity.ts';

/**
 * One template line of the cart (card, calendar or photo gift; S0 §2): its preview sheet as the server
 * draws it (every printed part, at the product's aspect ratio, never cropped), the description,
 * quantity and the server's price; it opens the template editor in update mode at /cart/edit/{uuid}.
 * A photo gift line changes its quantity in place with S1 §4's rules; cards and calendars show it
 * read-only (their quantity changes in the editor).
 */
export function TemplateLine(props: {
  line: OrderLine;
  updating: boolean;
  highlighted: boolean;
  onDelete: () => void;
  /**
   * The product's minimum order quantity when the line has the quantity stepper (photo gift lines,
   * once the price list is known); absent: '%d pcs', read-only.
   */
  quantityMinimum?: number;
}) {
  const { line, updating, highlighted, quantityMinimum } = props;
  const { t } = useTranslation();
  const money = useMoney();
  const quantity = useLineQuantity(line);
  const name = line.description;
  const stepper = quantityMinimum !== undefined;
  const price = updating ? t('cart.updating') : quantity.pending ? '...' : money(line.actualLinePrice);
  return (
    <CartLineFrame
      line={line}
      testId="template-line"
      modifiers={['cart-line--template', stepper && 'cart-line--stepper']}
      updating={updating}
      highlighted={highlighted}
      onDelete={props.onDelete}
    >
      <Link className="cart-line__main" to={`/cart/edit/${line.uuid}`} draggable={false}>
        {/* Named by what it shows, after a verb for screen readers: voice control can say the visible text. */}
        <span className="visually-hidden">{t('cart.edit')} </span>
        <span className="cart-line__picture">
          <LazyImage src={linePreviewUrl(line)} alt={name} />
        </span>
        <span className="cart-line__text">
          <span className="cart-line__name">{name}</span>
          {!stepper && (
            <span className="cart-line__quantity">{t('cart.pieces', { count: line.quantity })}</span>
          )}
        </span>
        {/* What the number is (issue 34): the line's price for its quantity, not a unit price. */}
        <span className="visually-hidden">{t('cart.linePrice', { count: line.quantity })} </span>
        <strong className="cart-line__price" data-testid="line-price">
          {price}
        </strong>
      </Link>
      {stepper && (
        <div className="cart-line__stepper" data-testid="line-quantity">
          <QuantityStepper
            rules="template"
            value={quantity.quantity}
            minimum={quantityMinimum}
            label={t('cart.quantityOf', { name })}
            fewerLabel={t('cart.fewerOf', { name })}
            moreLabel={t('cart.moreOf', { name })}
            // Below the minimum the rule gives 0: a line of 0 pieces is no line, so ask to delete it;
            // Cancel keeps the quantity shown.
            onChange={(next) => {
              if (next === 0) props.onDelete();
              else quantity.change(next);
            }}
          />
        </div>
      )}
      {stepper && quantity.error && (
        <p className="form-error cart-line__error" role="alert">
          {quantity.error}
        </p>
      )}
    </CartLineFrame>
  );
}
