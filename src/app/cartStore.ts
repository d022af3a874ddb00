import { create } from 'zustand';
import type { Cart } from '../../shop/contract.ts';
import { getCart } from '../api/cart.ts';

type CartStatus = 'idle' | 'loading' | 'ready' | 'failed';

interface CartState {
  cart: Cart | null;
  status: CartStatus;
  load: () => Promise<void>;
  /** A cart answer replaces the cart (S0 §7). */
  replace: (cart: Cart) => void;
}

export const useCartStore = create<CartState>()((set, get) => ({
  cart: null,
  status: 'idle',
  load: async () => {
    if (get().status === 'loading') return;
    set({ status: 'loading' });
    try {
      set({ cart: await getCart(), status: 'ready' });
    } catch {
      // The header still works without a cart; it shows 0 lines.
      set({ status: 'failed' });
    }
  },
  replace: (cart) => set({ cart, status: 'ready' }),
}));

export const selectLineCount = (state: CartState): number => state.cart?.orderLines.length ?? 0;
export const selectTotalPrice = (state: CartState): number => state.cart?.summary.totalPrice ?? 0;
