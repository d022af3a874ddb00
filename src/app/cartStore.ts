import { create } from 'zustand';
import type { Cart } from '../../shop/index.ts';
import { deleteCartLine, getCart, type LineToSave, putCartLine, putCartLines } from '../api/cart.ts';

type CartStatus = 'idle' | 'loading' | 'ready' | 'failed';

interface CartState {
  cart: Cart | null;
  status: CartStatus;
  /** Lines sent to the server and not answered yet (S0 §4: 'a line is marked updating'). */
  updating: ReadonlySet<string>;
  load: () => Promise<void>;
  /** A cart answer replaces the cart and clears the updating flags (S0 §7). */
  replace: (cart: Cart) => void;
  saveLine: (line: LineToSave) => Promise<void>;
  saveLines: (lines: readonly LineToSave[]) => Promise<void>;
  removeLine: (lineUuid: string) => Promise<void>;
}

export const useCartStore = create<CartState>()((set, get) => {
  /** Marks the lines updating while `request` runs; its cart answer replaces the cart. */
  async function send(uuids: readonly string[], request: () => Promise<Cart>) {
    set({ updating: new Set([...get().updating, ...uuids]) });
    try {
      get().replace(await request());
    } catch (error) {
      const updating = new Set(get().updating);
      for (const uuid of uuids) updating.delete(uuid);
      set({ updating });
      throw error;
    }
  }
  return {
    cart: null,
    status: 'idle',
    updating: new Set(),
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
    replace: (cart) => set({ cart, status: 'ready', updating: new Set() }),
    saveLine: (line) => send([line.uuid], () => putCartLine(line)),
    saveLines: (lines) =>
      send(
        lines.map((l) => l.uuid),
        () => putCartLines(lines),
      ),
    removeLine: (lineUuid) => send([lineUuid], () => deleteCartLine(lineUuid)),
  };
});

export const selectLineCount = (state: CartState): number => state.cart?.orderLines.length ?? 0;
export const selectTotalPrice = (state: CartState): number => state.cart?.summary.totalPrice ?? 0;
