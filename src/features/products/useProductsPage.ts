import { useCallback, useEffect, useState } from 'react';
import type { Category, Product } from '../../../shop/index.ts';
import { sizeRange } from '../../../shop/index.ts';
import { isAbort } from '../../api/call.ts';
import { getCategories, getProducts, inlinedProductList } from '../../api/products.ts';

/** Product type 0 is a print format (S0 §3). */
export const PRINT_FORMAT_TYPE = 0;

export type PrintSizeRange = {
  smallest: { widthMm: number; heightMm: number };
  largest: { widthMm: number; heightMm: number };
};

export function printSizeRange(products: readonly Product[]): PrintSizeRange | null {
  const formats = products
    .filter((p) => p.producttype === PRINT_FORMAT_TYPE)
    .map((p) => ({ widthMm: p.printareasize[0], heightMm: p.printareasize[1] }));
  return sizeRange(formats);
}

type State =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; categories: Category[]; sizes: PrintSizeRange | null };

/** Categories are the page; the print size range is a bonus that may fail on its own. */
function inlinedState(): State | null {
  const inlined = inlinedProductList();
  if (!inlined) return null;
  const sizes = inlined.products ? printSizeRange(inlined.products) : null;
  return { status: 'ready', categories: inlined.categories, sizes };
}

export function useProductsPage(enabled: boolean): { state: State; reload: () => void } {
  // The first screen's list came with the HTML: drawn in the first render, no call.
  const [inlined] = useState(() => (enabled ? inlinedState() : null));
  const [state, setState] = useState<State>(inlined ?? { status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the reload trigger
  useEffect(() => {
    if (!enabled || (inlined && attempt === 0)) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    const sizes = getProducts(controller.signal).then(printSizeRange, () => null);
    getCategories(controller.signal).then(
      async (categories) => {
        const range = await sizes;
        if (!controller.signal.aborted) setState({ status: 'ready', categories, sizes: range });
      },
      (error: unknown) => {
        if (!isAbort(error)) setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [enabled, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
