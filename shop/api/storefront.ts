/** The portal, its content pages and its products (S0 §1, §7). */
import { z } from 'zod';
import { CONTENT_IMAGE_FILE, CONTENT_IMAGE_FORMATS, CONTENT_IMAGE_WIDTHS } from '../contentImages.ts';
import { Category, ContentModule, PageId, PortalConfig, Product } from '../contract.ts';
import { Bytes, defineRoute, errors } from './route.ts';

const tags = ['storefront'] as const;

export const portal = defineRoute({
  method: 'GET',
  path: '/m/api/portal',
  summary: 'The portal the Host header names: its name, language, currency, logo, menu and options',
  tags,
  responses: { 200: PortalConfig },
});

/** A page as served: known modules, and unknown ones kept with their id and type only. */
export const ContentPageAnswer = z.object({
  id: z.string(),
  title: z.string(),
  modules: z.array(z.union([ContentModule, z.looseObject({ id: z.string(), type: z.string() })])),
});

export const page = defineRoute({
  method: 'GET',
  path: '/m/api/legacy-pages/:id',
  summary: 'A content page (the start page is `start`) with its modules',
  tags,
  params: z.object({ id: PageId }),
  responses: { 200: ContentPageAnswer, ...errors(400, 404) },
});

export const categories = defineRoute({
  method: 'GET',
  path: '/m/api/products/categories',
  summary: "The portal's product categories",
  tags,
  responses: { 200: z.object({ categories: z.array(Category) }) },
});

export const products = defineRoute({
  method: 'GET',
  path: '/m/api/products',
  summary: "The portal's print products with their prices",
  tags,
  responses: { 200: z.object({ products: z.array(Product) }) },
});

const WIDTHS_MESSAGE = `The width is one of ${CONTENT_IMAGE_WIDTHS.join(', ')}`;

export const contentImage = defineRoute({
  method: 'GET',
  path: '/m/api/content-images/:file',
  summary: 'A content photo in a width and format for the screen',
  tags,
  params: z.object({
    file: z.string().regex(CONTENT_IMAGE_FILE, 'A content picture is a file name in public/img'),
  }),
  query: z.object({
    w: z.coerce
      .number({ message: WIDTHS_MESSAGE })
      .refine((w) => (CONTENT_IMAGE_WIDTHS as readonly number[]).includes(w), {
        message: WIDTHS_MESSAGE,
        // The server's words for it, in the portal's language (server/validationMessages.ts).
        params: { key: 'one_of', values: { values: CONTENT_IMAGE_WIDTHS.join(', ') } },
      })
      .transform((w) => w as (typeof CONTENT_IMAGE_WIDTHS)[number]),
    f: z.enum(CONTENT_IMAGE_FORMATS, { message: `The format is one of ${CONTENT_IMAGE_FORMATS.join(', ')}` }),
  }),
  produces: ['image/avif', 'image/webp', 'image/jpeg'],
  responses: { 200: Bytes, ...errors(400, 404) },
});

export const storefrontRoutes = { portal, page, contentImage, categories, products };
