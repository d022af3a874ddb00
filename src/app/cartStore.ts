import { create } from 'zustand';
import { type Cart, cartRoutes } from '../../shop/index.ts';
import { deleteCartLine, getCart, type LineToSave, putCartLine, putCartLines } from '../api/cart.ts';
import { forgetFirstScreenAnswer, takeFirstScreenAnswer } from '../api/firstScreen.ts';
import { onOnline } from './network.ts';

type CartStatus = 'idle' | 'loading' | 'ready' | 'failed';

interface CartState {
  cart: Cart | null;
  status: CartStatus;
  /** Lines sent to the server and not answered yet (S0 §4: 'a line is marked updating'). */
  updating: ReadonlySet<string>;
  load: () => Promise<void>;
  /** Loads again, unless the cart came with the page and has not been refreshed yet. */
  refresh: () => Promise<void>;
  /** The cart was read from the page's HTML (shop/firstScreen.ts visitorCalls), not asked for. */
  fromPage: boolean;
  /** A cart answer replaces the cart and clears the updating flags (S0 §7). */
  replace: (cart: Cart) => void;
  saveLine: (line: LineToSave) => Promise<void>;
  saveLines: (lines: readonly LineToSave[]) => Promise<void>;
  removeLine: (lineUuid: string) => Promise<void>;
}

/** A load asked for while one was under way: the cart may have changed after that one was read. */
let loadAgain = false;

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
      if (get().status === 'loading') {
        loadAgain = true;
        return;
      }
      set({ status: 'loading' });
      try {
        // The cart page's HTML brings the cart (shop/firstScreen.ts visitorCalls): read once.
        const inPage = takeFirstScreenAnswer<Cart>(cartRoutes.get.path);
        forgetFirstScreenAnswer(cartRoutes.get.path);
        set({ cart: inPage ?? (await getCart()), status: 'ready', fromPage: inPage !== undefined });
      } catch {
        // The header still works without a cart; it shows 0 lines.
        set({ status: 'failed' });
      }
      if (loadAgain) {
        loadAgain = false;
        await get().load();
      }
    },
    refresh: () => {
      // The page was served with this very cart a moment ago: the cart screen opening asks no more.
      if (get().fromPage) {
        set({ fromPage: false });
        return Promise.resolve();
      }
      return get().load();
    },
    fromPage: false,
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

// Back online, the cart is read again: what happened while the answers could not arrive shows.
onOnline(() => {
  if (useCartStore.getState().status !== 'idle') void useCartStore.getState().load();
});

export const selectLineCount = (state: CartState): number => state.cart?.orderLines.length ?? 0;
export const selectTotalPrice = (state: CartState): number => state.cart?.summary.totalPrice ?? 0;
