import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { PictureSize } from '../../../engine/index.ts';
import type { OrderLine, Product } from '../../../shop/index.ts';
import {
  type BulkEdit,
  bulkChanges,
  type DraftView,
  draftView,
  minimumQuantity,
  startBulkEdit,
  toggleSelectAll,
  toggleSelected,
} from '../../../shop/index.ts';
import { selectTotalPrice, useCartStore } from '../../app/cartStore.ts';
import { useMoney } from '../../app/format.ts';
import { printFormats, usePriceList } from '../../app/priceList.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { limitMessage } from '../../shared/limitMessage.ts';
import { useRecentPictureSizes } from '../../shared/useRecentPictureSizes.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { BulkToolbar } from './BulkToolbar.tsx';
import { TEMPLATE_LINE_TYPES } from './EditOrderLinePage.tsx';
import { PrintLine } from './PrintLine.tsx';
import { TemplateLine } from './TemplateLine.tsx';

/** Order line type 0 is a print (S0 §2: only these are listed under 'Prints'). */
export const PRINT_LINE_TYPE = 0;
/** Order line type 89 is a photo gift: listed in the photo gift section (S0 §2, S1). */
export const PHOTO_GIFT_LINE_TYPE = 89;

/**
 * The cart page (S0 §2): the 'Prints' section, the cards and calendars and the photo gift sections
 * (template lines with the server's thumbnail; bulk editing is for prints only), the bottom bar with the count, the total, 'Order more'
 * and 'Proceed to payment', and 'Adjust multiple pictures' (select mode).
 */
export function CartPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('cart.title'));
  const { orderPartUuid } = useParams();
  const cart = useCartStore((s) => s.cart);
  const status = useCartStore((s) => s.status);
  const updating = useCartStore((s) => s.updating);
  const refresh = useCartStore((s) => s.refresh);
  const saveLines = useCartStore((s) => s.saveLines);
  const removeLine = useCartStore((s) => s.removeLine);
  const { products } = usePriceList();
  const pictureSizes = useRecentPictureSizes();
  const [bulk, setBulk] = useState<BulkEdit | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<OrderLine | null>(null);
  const [orderMore, setOrderMore] = useState(false);

  // The cart may have changed in another tab or on the server since the header loaded it (unless it
  // was read just now: a first visit's cart comes with the page).
  useEffect(() => {
    void refresh();
  }, [refresh]);

  // /cart/{orderPartUuid} and /cart/view/{uuid} bring that line into view (S0 §2).
  const hasLines = (cart?.orderLines.length ?? 0) > 0;
  // Again once the picture sizes and the price list are in: the lines' quality words may have moved it.
  const sizesKnown = pictureSizes.size > 0 && products !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: sizesKnown moves the lines, so it scrolls again
  useEffect(() => {
    if (!orderPartUuid || !hasLines) return;
    document.getElementById(`line-${orderPartUuid}`)?.scrollIntoView({ block: 'center' });
  }, [orderPartUuid, hasLines, sizesKnown]);

  if (!cart) return <Loading />;
  // An empty cart is a page of its own, not S0 §2's silent redirect (issue 34; docs/decisions.md).
  if (status === 'ready' && cart.orderLines.length === 0 && !bulk) return <EmptyCart />;

  const productsByUuid = new Map((products ?? []).map((p) => [p.uuid, p]));
  const shown = bulk ? bulk.lines : cart.orderLines;
  const prints = shown.filter((line) => line.type === PRINT_LINE_TYPE);
  const templateLines = cart.orderLines.filter((line) => TEMPLATE_LINE_TYPES.includes(line.type));
  const templateSections = [
    {
      id: 'cart-cards',
      title: t('cart.cardsAndCalendars'),
      lines: templateLines.filter((line) => line.type !== PHOTO_GIFT_LINE_TYPE),
      // Cards and calendars change their quantity in the editor (decisions: photo gift quantities).
      stepper: false,
    },
    {
      id: 'cart-gifts',
      title: t('cart.photoGifts'),
      lines: templateLines.filter((line) => line.type === PHOTO_GIFT_LINE_TYPE),
      // Photo gifts change their quantity in the cart line, with S1 §4's rules.
      stepper: true,
    },
  ];
  // Bulk editing ('Adjust multiple pictures') works on prints only.
  const printLines = cart.orderLines.filter((line) => line.type === PRINT_LINE_TYPE);

  async function done(edit: BulkEdit) {
    const changes = bulkChanges(edit);
    if (changes.length === 0) {
      setBulk(null);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await saveLines(changes);
      setBulk(null);
    } catch (err) {
      console.warn('The bulk update failed', err);
      setError(limitMessage(err, t, i18n.language) ?? t('common.saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  async function confirmDelete(line: OrderLine) {
    setToDelete(null);
    setError(null);
    try {
      await removeLine(line.uuid);
    } catch (err) {
      console.warn('The line could not be deleted', err);
      setError(t('common.saveFailed'));
    }
  }

  return (
    <section className={`page cart-page${bulk ? ' is-selecting' : ''}`}>
      <h1>{t('cart.title')}</h1>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {prints.length > 0 && (
        <section className="cart-section" aria-labelledby="cart-prints">
          <div className="cart-section__head">
            <h2 id="cart-prints">{t('cart.prints')}</h2>
            {bulk ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setBulk(toggleSelectAll(bulk))}
              >
                {t('cart.selectAll')}
              </button>
            ) : (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setBulk(startBulkEdit(printLines))}
              >
                {t('cart.adjustMultiple')}
              </button>
            )}
          </div>
          <ul className="cart-lines">
            {prints.map((line) => (
              <PrintLine
                key={line.uuid}
                line={line}
                product={productsByUuid.get(line.product.uuid)}
                print={printOf(line, products, pictureSizes)}
                selecting={bulk !== null}
                selected={bulk?.selected.includes(line.uuid) ?? false}
                dirty={'dirty' in line && line.dirty}
                deleted={'deleted' in line && line.deleted}
                updating={updating.has(line.uuid)}
                highlighted={line.uuid === orderPartUuid}
                onToggle={() => bulk && setBulk(toggleSelected(bulk, line.uuid))}
                onLongPress={() => setBulk(startBulkEdit(printLines, line.uuid))}
                onDelete={() => setToDelete(line)}
              />
            ))}
          </ul>
        </section>
      )}
      {!bulk &&
        templateSections.map(
          (section) =>
            section.lines.length > 0 && (
              <section key={section.id} className="cart-section" aria-labelledby={section.id}>
                <div className="cart-section__head">
                  <h2 id={section.id}>{section.title}</h2>
                </div>
                <ul className="cart-lines">
                  {section.lines.map((line) => {
                    const product = productsByUuid.get(line.product.uuid);
                    return (
                      <TemplateLine
                        key={line.uuid}
                        line={line}
                        updating={updating.has(line.uuid)}
                        highlighted={line.uuid === orderPartUuid}
                        onDelete={() => setToDelete(line)}
                        quantityMinimum={section.stepper && product ? minimumQuantity(product) : undefined}
                      />
                    );
                  })}
                </ul>
              </section>
            ),
        )}
      {bulk ? (
        <BulkToolbar
          edit={bulk}
          formats={printFormats(products)}
          busy={busy}
          onChange={setBulk}
          onCancel={() => {
            setError(null);
            setBulk(null);
          }}
          onDone={() => void done(bulk)}
        />
      ) : (
        <CartBar count={cart.orderLines.length} onOrderMore={() => setOrderMore(true)} />
      )}
      <Dialog
        open={toDelete !== null}
        title={t('cart.deleteTitle')}
        onClose={() => setToDelete(null)}
        testId="delete-dialog"
        actions={
          <>
            <button type="button" className="button button--secondary" onClick={() => setToDelete(null)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => toDelete && void confirmDelete(toDelete)}
            >
              {t('common.delete')}
            </button>
          </>
        }
      >
        <p>{t('cart.deleteText')}</p>
      </Dialog>
      <OrderMoreDialog open={orderMore} onClose={() => setOrderMore(false)} />
    </section>
  );
}

/** How a line will print, for its thumbnail; undefined until the price list and the picture size are known. */
function printOf(
  line: OrderLine,
  products: readonly Product[] | null,
  sizes: ReadonlyMap<string, PictureSize>,
): { view: DraftView; picture: PictureSize } | undefined {
  const picture = sizes.get(line.files[0]?.uuid ?? '');
  if (!products || !picture || !line.image) return undefined;
  const draft = { productUuid: line.product.uuid, quantity: line.quantity, image: line.image };
  const view = draftView(draft, { products, picture });
  return view && { view, picture };
}

function CartBar({ count, onOrderMore }: { count: number; onOrderMore: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const total = useCartStore(selectTotalPrice);
  return (
    <footer className="cart-bar">
      <p className="cart-bar__summary">
        <span data-testid="cart-products">{t('cart.products', { count })}</span>
        <strong data-testid="cart-total">{money(total)}</strong>
      </p>
      <div className="cart-bar__actions">
        <button type="button" className="button button--secondary" onClick={onOrderMore}>
          {t('cart.orderMore')}
        </button>
        <Link className="button" to="/cart/checkout">
          {t('cart.proceedToPayment')}
        </Link>
      </div>
    </footer>
  );
}

/** Says the cart is empty and offers the two ways to fill it. */
function EmptyCart() {
  const { t } = useTranslation();
  return (
    <section className="page cart-page cart-empty" data-testid="cart-empty">
      <h1>{t('cart.title')}</h1>
      <p className="cart-empty__text">{t('cart.empty')}</p>
      <div className="cart-empty__actions">
        <Link className="button" to="/upload">
          {t('cart.uploadPictures')}
        </Link>
        <Link className="button button--secondary" to="/products">
          {t('cart.seeProducts')}
        </Link>
      </div>
    </section>
  );
}

function OrderMoreDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = (to: string) => {
    onClose();
    navigate(to);
  };
  return (
    <Dialog
      open={open}
      title={t('cart.orderMore')}
      onClose={onClose}
      testId="order-more-dialog"
      actions={
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('common.cancel')}
        </button>
      }
    >
      <div className="order-more">
        <button type="button" className="button" onClick={() => go('/upload')}>
          {t('cart.uploadMorePictures')}
        </button>
        <button type="button" className="button" onClick={() => go('/products')}>
          {t('cart.orderOtherProducts')}
        </button>
      </div>
    </Dialog>
  );
}
