import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { useCartStore } from '../../app/cartStore.ts';
import { lazyScreen } from '../../app/lazyScreen.tsx';
import { Loading } from '../../ui/Loading.tsx';

/** Its own chunk: the crop gestures are not needed on the start page. */
const PrintEditor = lazyScreen(() => import('../print-editor/shared.ts').then((m) => m.PrintEditor));

/** The template editor in update mode: its own chunk with Konva, never the start page's. */
const TemplateLineEditor = lazyScreen(() =>
  import('./TemplateLineEditor.tsx').then((m) => m.TemplateLineEditor),
);

/** Order line types the template editor opens (S0 §2): 1 cards, 2 calendars, 89 photo gifts. */
export const TEMPLATE_LINE_TYPES: readonly number[] = [1, 2, 89];

/**
 * /cart/edit/{uuid} (S0 §2): the print editor for a print, the template editor in update mode for a
 * card, calendar or photo gift, back to the cart for a line not found.
 */
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
  if (TEMPLATE_LINE_TYPES.includes(line.type)) {
    return <TemplateLineEditor key={line.uuid} line={line} />;
  }
  // Other types show only 'Loading' (S0 §2).
  if (line.type !== 0) return <Loading />;
  return <PrintEditor key={line.uuid} line={line} />;
}
