import type { Cart, OrderLine } from '../../shop/contract.ts';
import { call } from './call.ts';

/** A line as sent back to the server: the transient `deleted` flag of bulk editing rides along. */
export type LineToSave = OrderLine & { deleted?: boolean };

export function getCart(signal?: AbortSignal): Promise<Cart> {
  return call<Cart>('webshop/cart', { signal });
}

/** S0 §7: PUT one line; the answer is the whole cart, priced by the server. */
export function putCartLine(line: LineToSave): Promise<Cart> {
  return call<Cart>(`webshop/cart/${line.uuid}`, { method: 'PUT', body: line });
}

/** S0 §7: PUT several lines at once (bulk editing); the server applies all or none. */
export function putCartLines(lines: readonly LineToSave[]): Promise<Cart> {
  return call<Cart>('webshop/cart', { method: 'PUT', body: [...lines] });
}

export function deleteCartLine(lineUuid: string): Promise<Cart> {
  return call<Cart>(`webshop/cart/${lineUuid}`, { method: 'DELETE' });
}
