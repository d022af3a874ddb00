import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { useCartStore } from '../../app/cartStore.ts';
import { Loading } from '../../ui/Loading.tsx';

/** Its own chunk: the crop gestures are not needed on the start page. */
const PrintEditor = lazy(() =>
  import('../print-editor/PrintEditor.tsx').then((m) => ({ default: m.PrintEditor })),
);

/** Order line types the template editor opens (S0 §2); it comes with the template products. */
export const TEMPLATE_LINE_TYPES: readonly number[] = [1, 2, 89];

/** /cart/edit/{uuid} (S0 §2): the print editor for a print, back to the cart for a line not found. */
export function EditOrderLinePage() {
  const { uuid } = useParams();
  const cart = useCartStore((s) => s.cart);
  const status = useCartStore((s) => s.status);
  const load = useCartStore((s) => s.load);

  useEffect(() => {
    if (status === 'idle' || status === 'failed') void load();
  }, [status, load]);

  if (!cart) return <Loading />;
  const line = cart.orderLines.find((l) => l.uuid === uuid);
  if (!line) return <Navigate to="/cart" replace />;
  // Other types, and template lines until their editor lands, show only 'Loading' (S0 §2).
  if (line.type !== 0) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <PrintEditor key={line.uuid} line={line} />
    </Suspense>
  );
}
