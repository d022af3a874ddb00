import type { Cart } from '../../shop/contract.ts';
import { call } from './call.ts';

export function getCart(signal?: AbortSignal): Promise<Cart> {
  return call<Cart>('webshop/cart', { signal });
}
