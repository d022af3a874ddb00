import type { FastifyInstance } from 'fastify';
import { storefrontRoutes as api } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { notFound } from '../errors.ts';
import { serve } from '../plugins/contract.ts';
import type { ContentImages } from '../services/pictures/contentImages.ts';
import { pageOf, type ShopInfo } from '../services/storefront/content.ts';

const MIME = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' } as const;

export async function contentRoutes(
  app: FastifyInstance,
  { db, images, shopInfo }: { db: Db; images: ContentImages; shopInfo?: ShopInfo },
) {
  serve(app, api.portal, async (request) => request.portal);

  serve(app, api.page, async (request) => {
    const { id } = request.params;
    const page = await pageOf(db, request.portal.portal.uuid, id, (src) => images.sizeOf(src), shopInfo);
    if (!page) throw notFound('page', { id });
    return page;
  });

  // A content photo in a size for the screen (shop/contentImages.ts); the address changes with the size.
  serve(app, api.contentImage, async (request, reply) => {
    const { file } = request.params;
    const { w, f } = request.query;
    const bytes = await images.resized(file, w, f);
    if (!bytes) throw notFound('photo', { file });
    return reply.type(MIME[f]).header('Cache-Control', 'public, max-age=604800').send(bytes);
  });
}
