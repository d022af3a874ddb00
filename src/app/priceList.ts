import { useEffect } from 'react';
import { create } from 'zustand';
import type { Product } from '../../shop/index.ts';
import { getProducts, inlinedProducts } from '../api/products.ts';

/**
 * The portal's price list (S0 §3), fetched once per page load from GET /m/api/products and shared
 * by the cart, bulk editing and the print editor. Prices shown from it are previews: the server
 * prices every line again.
 */
interface PriceListState {
  products: readonly Product[] | null;
  failed: boolean;
  loading: Promise<void> | null;
  load: () => Promise<void>;
}

const usePriceListStore = create<PriceListState>()((set, get) => ({
  products: null,
  failed: false,
  loading: null,
  load: () => {
    const current = get().loading;
    if (current) return current;
    const loading = getProducts().then(
      (products) => set({ products, failed: false }),
      (error: unknown) => {
        console.warn('The price list could not be loaded', error);
        set({ failed: true, loading: null });
      },
    );
    set({ loading });
    return loading;
  },
}));

/**
 * The price list, loading it on first use; null until it arrives. A first screen whose HTML brought
 * it (a template list) draws its prices at once, on the server too.
 */
export function usePriceList(): { products: readonly Product[] | null; failed: boolean; reload: () => void } {
  const products = usePriceListStore((s) => s.products) ?? inlinedProducts() ?? null;
  const failed = usePriceListStore((s) => s.failed);
  const load = usePriceListStore((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);
  return { products, failed, reload: () => void load() };
}

/** The print formats (product type 0) in the price list's order. */
export const printFormats = (products: readonly Product[] | null): Product[] =>
  (products ?? []).filter((p) => p.producttype === 0);
