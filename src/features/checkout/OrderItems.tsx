import { useTranslation } from 'react-i18next';
import type { OrderItem } from '../../../shop/index.ts';
import { cartLinePreviewUrl, orderLinePreviewUrl } from '../../api/cart.ts';
import { xphotoUrl } from '../../api/pictures.ts';
import { useMoney } from '../../app/format.ts';
import { LazyImage } from '../../ui/LazyImage.tsx';

/**
 * What is ordered, line by line (issue 34), on the payment step and the receipt: the cart's thumbnail
 * (a print's picture with its filter, a template line's drawing by the server), the product, the
 * quantity and the line's price, read-only. With `orderUuid` the drawings come from the order (its
 * lines have left the cart); without it from the cart.
 */
export function OrderItems({
  items,
  orderUuid,
  pictures = true,
}: {
  items: readonly OrderItem[];
  orderUuid?: string;
  pictures?: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  if (items.length === 0) return null;
  const thumbnail = (item: OrderItem) =>
    item.picture
      ? xphotoUrl(item.picture.uuid, 320, item.picture.filter)
      : orderUuid
        ? orderLinePreviewUrl(orderUuid, item.uuid)
        : cartLinePreviewUrl(item.uuid);
  return (
    <section className="order-items" aria-labelledby="order-items-title">
      <h2 id="order-items-title" className="checkout-section__title">
        {t('payment.itemsTitle')}
      </h2>
      <ul className="cart-lines">
        {items.map((item) => {
          // A print is named by its format and file; a card, calendar or gift by its own name.
          const name = item.picture ? item.productName : item.description || item.productName;
          const detail = item.picture ? item.description : '';
          return (
            <li
              key={item.uuid}
              className={`cart-line cart-line--readonly${item.picture ? '' : ' cart-line--template'}`}
              data-testid="order-item"
            >
              <div className="cart-line__main">
                {pictures && (
                  <span className="cart-line__picture">
                    <LazyImage src={thumbnail(item)} alt={name} />
                  </span>
                )}
                <span className="cart-line__text">
                  <span className="cart-line__format">{name}</span>
                  {detail && <span className="cart-line__name">{detail}</span>}
                  <span className="cart-line__quantity">{t('cart.pieces', { count: item.quantity })}</span>
                </span>
                <strong className="cart-line__price">{money(item.linePrice)}</strong>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
