import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { Product } from '../../../shop/contract.ts';
import { isAbort } from '../../api/call.ts';
import { getProducts } from '../../api/products.ts';
import { selectTotalPrice, useCartStore } from '../../app/cartStore.ts';
import { useMoney } from '../../app/format.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Loading } from '../../ui/Loading.tsx';
import { PrintLine } from './PrintLine.tsx';

/** Order line type 0 is a print (S0 §2: only these are listed under 'Prints'). */
export const PRINT_LINE_TYPE = 0;

/** The cart page (S0 §2): the 'Prints' section and the bottom bar with the count and the total. */
export function CartPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('cart.title'));
  const money = useMoney();
  const cart = useCartStore((s) => s.cart);
  const status = useCartStore((s) => s.status);
  const load = useCartStore((s) => s.load);
  const total = useCartStore(selectTotalPrice);
  const [products, setProducts] = useState<ReadonlyMap<string, Product>>(new Map());

  // The cart may have changed in another tab or on the server since the header loaded it.
  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    const controller = new AbortController();
    getProducts(controller.signal).then(
      (list) => setProducts(new Map(list.map((p) => [p.uuid, p]))),
      (error: unknown) => {
        // Without names the lines still show their pictures, quantities and prices.
        if (!isAbort(error)) console.warn('The price list could not be loaded', error);
      },
    );
    return () => controller.abort();
  }, []);

  if (!cart) return <Loading />;
  // S0 §2: an empty cart sends the shopper to the products page.
  if (status === 'ready' && cart.orderLines.length === 0) return <Navigate to="/products" replace />;

  const prints = cart.orderLines.filter((line) => line.type === PRINT_LINE_TYPE);
  return (
    <section className="page cart-page">
      <h1>{t('cart.title')}</h1>
      {prints.length > 0 && (
        <section className="cart-section" aria-labelledby="cart-prints">
          <h2 id="cart-prints">{t('cart.prints')}</h2>
          <ul className="cart-lines">
            {prints.map((line) => (
              <PrintLine key={line.uuid} line={line} product={products.get(line.product.uuid)} />
            ))}
          </ul>
        </section>
      )}
      <footer className="cart-bar">
        <span data-testid="cart-products">{t('cart.products', { count: cart.orderLines.length })}</span>
        <strong data-testid="cart-total">{money(total)}</strong>
      </footer>
    </section>
  );
}
