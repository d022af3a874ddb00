import { getCart } from '../../api/cart.ts';
import { useCartStore } from '../../app/cartStore.ts';

/**
 * After login or sign-up the server has merged the anonymous cart into the user's: the app's copy
 * is replaced by the merged one before delivery is chosen.
 */
export async function reloadCart(): Promise<void> {
  try {
    useCartStore.getState().replace(await getCart());
  } catch (error) {
    // The delivery page loads the cart again; a miss here costs nothing.
    console.warn('The cart could not be reloaded', error);
  }
}
