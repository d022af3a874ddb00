/**
 * The buy screen 'Select quantity' (S1 §2, §4, §5): one row per subproduct (one row without), the
 * piece price with the regular one struck through under a campaign, 40 px minus and plus buttons
 * and a quantity field with the minimum order quantity rules, '%d pcs', 'Sum %s' and 'Add to cart'.
 * Add to cart posts one line per row with a quantity (one after another), takes the last answer as
 * the cart and goes to /cart.
 */
import './buy.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Instance, Template } from '../../../../engine/index.ts';
import type { Cart } from '../../../../shop/index.ts';
import { postCartLine } from '../../../api/cart.ts';
import { useCartStore } from '../../../app/cartStore.ts';
import { useMoney } from '../../../app/format.ts';
import { usePriceList } from '../../../app/priceList.ts';
import { limitMessage } from '../../../shared/limitMessage.ts';
import {
  addPayload,
  buyRows,
  buySum,
  minusQuantity,
  optionWord,
  plusQuantity,
  rowPiecePrices,
  startingQuantities,
  totalPieces,
  typedQuantity,
} from './buyRules.ts';

export function BuyScreen(props: {
  template: Template;
  instance: Instance;
  productUuid: string;
  onCancel: () => void;
  /** After the lines are in the cart (the editor forgets its saved work and goes to /cart). */
  onAdded: () => void;
}) {
  const { template, instance, productUuid, onCancel, onAdded } = props;
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const { products, failed, reload } = usePriceList();
  const replace = useCartStore((s) => s.replace);
  const load = useCartStore((s) => s.load);
  const [chosen, setQuantities] = useState<Record<string, number>>({});
  const [typing, setTyping] = useState<Record<string, string>>({});
  const [posting, setPosting] = useState(false);
  // A failed add: what the server answered (the cart's limits are worded; anything else is generic).
  const [error, setError] = useState<{ error: unknown } | null>(null);

  const product = products?.find((p) => p.uuid === productUuid);
  const rows = product ? buyRows(product) : [];
  const minimum = Math.max(1, product?.minQuantity ?? 1);
  // The first row starts at the minimum (issue 34: at 0, Add to cart was grey with no reason); the
  // other options start at 0, so nobody buys two kinds by accident.
  const quantities = startingQuantities(rows, minimum, chosen);
  const set = (key: string, quantity: number) => {
    setQuantities((q) => ({ ...q, [key]: quantity }));
    setTyping(({ [key]: _, ...rest }) => rest);
  };
  const toPost = rows.filter((r) => (quantities[r.key] ?? 0) >= minimum);
  const pieces = totalPieces(quantities);

  async function add() {
    setPosting(true);
    setError(null);
    let cart: Cart | null = null;
    try {
      // S1 §7: one line per call, sent one after another.
      for (const row of toPost) {
        cart = await postCartLine(addPayload(template, instance, productUuid, row, quantities[row.key]!));
      }
      if (cart) replace(cart);
      onAdded();
    } catch (err) {
      console.warn('The lines could not be added to the cart', err);
      // Lines already added stay in the cart; the header's count follows the server.
      if (cart) replace(cart);
      else void load();
      setError({ error: err });
      setPosting(false);
    }
  }

  return (
    <section className="editor-menu buy" aria-labelledby="buy-title" data-testid="buy-screen">
      <h2 id="buy-title" className="buy__title">
        {t('buy.title')}
      </h2>
      {!product && (
        <p role="status" className="buy__note">
          {failed ? (
            <button type="button" className="button button--secondary" onClick={reload}>
              {t('buy.retryPrices')}
            </button>
          ) : (
            t('common.loading')
          )}
        </p>
      )}
      {product && (
        <ul className="buy__rows">
          {rows.map((row) => {
            const quantity = quantities[row.key] ?? 0;
            const price = rowPiecePrices(product, template, row, quantity, instance.bookPages?.length);
            return (
              <li key={row.key} className="buy__row" data-testid="buy-row">
                <span className="buy__name">
                  {row.subProductUuids.length > 0
                    ? t('buy.withOption', { option: optionWord(row.name) })
                    : row.name}
                </span>
                <span className="buy__prices">
                  {price.old !== null && (
                    <s className="buy__old" data-testid="buy-old-price">
                      {money(price.old)}
                    </s>
                  )}
                  <strong className="buy__price" data-testid="buy-price">
                    {t('buy.each', { price: money(price.current) })}
                  </strong>
                </span>
                <span className="buy__stepper">
                  <button
                    type="button"
                    className="buy__step"
                    aria-label={t('buy.less', { name: row.name })}
                    disabled={posting || quantity === 0}
                    onClick={() => set(row.key, minusQuantity(quantity, minimum))}
                  >
                    −
                  </button>
                  <input
                    className="buy__quantity"
                    inputMode="numeric"
                    aria-label={t('buy.quantityOf', { name: row.name })}
                    disabled={posting}
                    value={typing[row.key] ?? String(quantity)}
                    onChange={(e) => setTyping((s) => ({ ...s, [row.key]: e.target.value }))}
                    onBlur={() => {
                      const text = typing[row.key];
                      if (text !== undefined) set(row.key, typedQuantity(text, minimum));
                    }}
                  />
                  <button
                    type="button"
                    className="buy__step"
                    aria-label={t('buy.more', { name: row.name })}
                    disabled={posting}
                    onClick={() => set(row.key, plusQuantity(quantity, minimum))}
                  >
                    +
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {product && (
        <p className="buy__summary">
          <span data-testid="buy-pieces">{t('buy.pieces', { count: pieces })}</span>
          <strong data-testid="buy-sum">
            {t('buy.sum', {
              sum: money(buySum(product, template, rows, quantities, instance.bookPages?.length)),
            })}
          </strong>
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {limitMessage(error.error, t, i18n.language) ?? t('buy.failed')}
        </p>
      )}
      <div className="editor-menu__actions">
        <button type="button" className="button button--secondary" disabled={posting} onClick={onCancel}>
          {t('editor.cancel')}
        </button>
        {toPost.length === 0 && product && (
          <p className="buy__why" id="buy-why" data-testid="buy-why">
            {t('buy.chooseQuantity', { count: minimum })}
          </p>
        )}
        <button
          type="button"
          className="button"
          aria-describedby={toPost.length === 0 ? 'buy-why' : undefined}
          disabled={toPost.length === 0 || posting}
          aria-busy={posting}
          onClick={() => void add()}
        >
          {posting ? t('buy.adding') : t('buy.addToCart')}
        </button>
      </div>
    </section>
  );
}
