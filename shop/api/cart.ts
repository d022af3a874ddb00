/** The cart (S0 §7, S1 §3): every change answers the whole cart, priced by the server. */
import { z } from 'zod';
import { AutoCorrection, Cart, OrderLineChange, TemplateLineAdd } from '../contract.ts';
import { PreviewWidth } from '../previewSizes.ts';
import { Bytes, defineRoute, errors } from './route.ts';

const tags = ['cart'] as const;
const LineParams = z.object({ lineUuid: z.string().uuid('The order line id is not a valid uuid') });

export const get = defineRoute({
  method: 'GET',
  path: '/m/api/webshop/cart',
  summary: "The visitor's cart (empty without a session; a read makes none)",
  tags,
  responses: { 200: Cart },
});

export const addTemplateLine = defineRoute({
  method: 'POST',
  path: '/m/api/webshop/cart',
  summary: 'Adds one template line (card, calendar or photo gift); the new line is last',
  tags,
  body: TemplateLineAdd,
  responses: { 200: Cart, ...errors(400, 404) },
});

export const putLine = defineRoute({
  method: 'PUT',
  path: '/m/api/webshop/cart/:lineUuid',
  summary: "Changes one line (format, quantity, crop, a template line's resources)",
  tags,
  params: LineParams,
  body: OrderLineChange.partial({ uuid: true }),
  responses: { 200: Cart, ...errors(400, 404) },
});

export const putLines = defineRoute({
  method: 'PUT',
  path: '/m/api/webshop/cart',
  summary: 'Changes several lines at once (bulk editing), all or none',
  tags,
  body: z.array(OrderLineChange).max(1000),
  responses: { 200: Cart, ...errors(400, 404) },
});

export const autoCorrection = defineRoute({
  method: 'PUT',
  path: '/m/api/webshop/cart/auto-correction',
  summary: "The shopper's answer to the auto-correction question, kept on the cart",
  tags,
  body: AutoCorrection,
  responses: { 200: Cart, ...errors(400) },
});

export const deleteLine = defineRoute({
  method: 'DELETE',
  path: '/m/api/webshop/cart/:lineUuid',
  summary: 'Removes one line',
  tags,
  params: LineParams,
  responses: { 200: Cart, ...errors(400, 404) },
});

export const linePreview = defineRoute({
  method: 'GET',
  path: '/m/api/webshop/cart/:lineUuid/preview.jpg',
  summary: "A template line's first page as the server draws it (the owner's only)",
  tags,
  params: LineParams,
  query: z.object({ width: PreviewWidth, v: z.string().optional() }),
  produces: ['image/jpeg'],
  responses: { 200: Bytes, ...errors(400, 404, 429) },
});

export const orderLinePreview = defineRoute({
  method: 'GET',
  path: '/m/api/order/:orderUuid/lines/:lineUuid/preview.jpg',
  summary:
    "An ordered template line's first page as the server draws it, for the receipt (the order's owner only)",
  tags,
  params: LineParams.extend({ orderUuid: z.string().uuid('The order id is not a valid uuid') }),
  query: z.object({ width: PreviewWidth }),
  produces: ['image/jpeg'],
  responses: { 200: Bytes, ...errors(400, 404, 429) },
});

export const cartRoutes = {
  get,
  addTemplateLine,
  putLine,
  putLines,
  autoCorrection,
  deleteLine,
  linePreview,
  orderLinePreview,
};
