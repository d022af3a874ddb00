import type { z } from 'zod';
import {
  type Cart,
  cartRoutes as cart,
  type OrderLine,
  routeUrl,
  type TemplateLineAdd,
  type TemplateLineTemplates,
} from '../../shop/index.ts';
import { call } from './call.ts';

/**
 * A line as sent back to the server: a template line's resources in the form a client sends (a stored
 * line's own resources are one such form); the transient `deleted` flag of bulk editing rides along.
 */
export type LineToSave = Omit<OrderLine, 'templates'> & {
  templates: z.input<typeof TemplateLineTemplates>;
  deleted?: boolean;
};

export function getCart(signal?: AbortSignal): Promise<Cart> {
  return call(cart.get, {}, { signal });
}

/** S0 §7: PUT one line; the answer is the whole cart, priced by the server. */
export function putCartLine(line: LineToSave): Promise<Cart> {
  return call(cart.putLine, { params: { lineUuid: line.uuid }, body: line });
}

/** S0 §7: PUT several lines at once (bulk editing); the server applies all or none. */
export function putCartLines(lines: readonly LineToSave[]): Promise<Cart> {
  return call(cart.putLines, { body: [...lines] });
}

export function deleteCartLine(lineUuid: string): Promise<Cart> {
  return call(cart.deleteLine, { params: { lineUuid } });
}

/**
 * S1 §3, §7: add one template line (card, calendar or photo gift); one line per call. The answer is
 * the whole cart, priced by the server, the new line last; a refusal is 400 with `{error, code}`.
 */
export function postCartLine(payload: z.input<typeof TemplateLineAdd>): Promise<Cart> {
  return call(cart.addTemplateLine, { body: payload });
}

/** A template line's first page as the server draws it (owner only), for the cart's thumbnail. */
export function linePreviewUrl(line: Pick<OrderLine, 'uuid' | 'templates'>, width = 320): string {
  // The address changes with the line's content, so an updated line never shows an old picture.
  const version = contentHash(JSON.stringify(line.templates[0] ?? null));
  return routeUrl(cart.linePreview, { lineUuid: line.uuid }, { width, v: version });
}

function contentHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** The same drawing of a line still in the cart, by its uuid only (the payment step's list). */
export function cartLinePreviewUrl(lineUuid: string, width = 320): string {
  return routeUrl(cart.linePreview, { lineUuid }, { width });
}

/** An ordered template line's drawing, for the receipt (the order's owner only). */
export function orderLinePreviewUrl(orderUuid: string, lineUuid: string, width = 320): string {
  return routeUrl(cart.orderLinePreview, { orderUuid, lineUuid }, { width });
}
