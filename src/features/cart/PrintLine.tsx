import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PictureSize } from '../../../engine/index.ts';
import { type DraftView, type OrderLine, type Product, viewQuality } from '../../../shop/index.ts';
import { xphotoUrl } from '../../api/pictures.ts';
import { useMoney, useProductName } from '../../app/format.ts';
import { QualityWords } from '../../shared/QualityWords.tsx';
import { CheckIcon } from '../../ui/icons.tsx';
import { LazyImage } from '../../ui/LazyImage.tsx';
import { PrintPreview } from '../../ui/PrintPreview.tsx';
import { useLongPress } from '../../ui/useLongPress.ts';
import { CartLineFrame } from './CartLineFrame.tsx';

interface PrintLineProps {
  line: OrderLine;
  product: Product | undefined;
  /** The print as it will come out, when the picture's size is known. */
  print: { view: DraftView; picture: PictureSize } | undefined;
  /** In select mode a tap selects the line instead of opening it. */
  selecting: boolean;
  selected: boolean;
  /** Changed in select mode and not sent yet: its price is not known (S0 §4 shows '...'). */
  dirty: boolean;
  deleted: boolean;
  /** Sent to the server and not answered yet (S0 §4). */
  updating: boolean;
  highlighted: boolean;
  onToggle: () => void;
  onLongPress: () => void;
  onDelete: () => void;
}

/** One print line of the cart: its picture with the line's filter, format, quantity and price. */
export function PrintLine(props: PrintLineProps) {
  const { line, product, print, selecting, selected, dirty, deleted, updating, highlighted } = props;
  const { t } = useTranslation();
  const money = useMoney();
  const productName = useProductName();
  const longPress = useLongPress(props.onLongPress);
  const file = line.files[0];
  const name = line.description;

  const body = (
    <>
      <span className="cart-line__picture">
        {file?.uuid &&
          (print ? (
            <PrintPreview
              geometry={print.view}
              crop={print.view.crop}
              src={xphotoUrl(file.uuid, 320, line.image?.filter)}
              alt={name}
              picture={{ size: print.picture, exact: true }}
              size="thumb"
              warnings={false}
            />
          ) : (
            <LazyImage src={xphotoUrl(file.uuid, 320, line.image?.filter)} alt={name} />
          ))}
        {selecting && (
          <span className={`cart-line__check${selected ? ' is-selected' : ''}`} aria-hidden="true">
            {selected && <CheckIcon />}
          </span>
        )}
      </span>
      <span className="cart-line__text">
        <span className="cart-line__format">{product ? productName(product.name) : ''}</span>
        <span className="cart-line__name">{name}</span>
        <span className="cart-line__quantity">{t('cart.pieces', { count: line.quantity })}</span>
        <QualityWords quality={print && viewQuality(print.view, print.picture)} />
      </span>
      {/* What the number is (issue 34): the line's price for its quantity, not a unit price. */}
      <span className="visually-hidden">{t('cart.linePrice', { count: line.quantity })} </span>
      <strong className="cart-line__price" data-testid="line-price">
        {updating ? t('cart.updating') : dirty ? '...' : money(line.actualLinePrice)}
      </strong>
      {deleted && <span className="cart-line__deleted">{t('cart.markedForDeletion')}</span>}
    </>
  );

  return (
    <CartLineFrame
      line={line}
      testId="print-line"
      modifiers={[selected && 'is-selected', deleted && 'is-deleted']}
      updating={updating}
      highlighted={highlighted}
      onDelete={selecting ? undefined : props.onDelete}
    >
      {selecting ? (
        <button
          type="button"
          className="cart-line__main"
          role="checkbox"
          aria-checked={selected}
          onClick={props.onToggle}
        >
          {/* Named by what it shows, after a verb for screen readers: voice control can say the visible text. */}
          <span className="visually-hidden">{t('cart.select')} </span>
          {body}
        </button>
      ) : (
        <Link className="cart-line__main" to={`/cart/edit/${line.uuid}`} draggable={false} {...longPress}>
          <span className="visually-hidden">{t('cart.edit')} </span>
          {body}
        </Link>
      )}
    </CartLineFrame>
  );
}
