import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONTENT_IMAGE_FILE, CONTENT_IMAGE_FORMATS, CONTENT_IMAGE_WIDTHS, PageId } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { notFound } from '../errors.ts';
import type { ContentImages } from '../services/pictures/contentImages.ts';
import { pageOf } from '../services/storefront/content.ts';

const ImageParams = z.object({
  file: z.string().regex(CONTENT_IMAGE_FILE, 'A content picture is a file name in public/img'),
});
const WIDTHS_MESSAGE = `The width is one of ${CONTENT_IMAGE_WIDTHS.join(', ')}`;
const ImageQuery = z.object({
  w: z.coerce
    .number({ message: WIDTHS_MESSAGE })
    .refine((w) => (CONTENT_IMAGE_WIDTHS as readonly number[]).includes(w), { message: WIDTHS_MESSAGE })
    .transform((w) => w as (typeof CONTENT_IMAGE_WIDTHS)[number]),
  f: z.enum(CONTENT_IMAGE_FORMATS, { message: `The format is one of ${CONTENT_IMAGE_FORMATS.join(', ')}` }),
});
const MIME = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' } as const;

export async function contentRoutes(app: FastifyInstance, { db, images }: { db: Db; images: ContentImages }) {
  app.get('/m/api/portal', async (request) => request.portal);

  app.get('/m/api/legacy-pages/:id', async (request) => {
    const { id } = z.object({ id: PageId }).parse(request.params);
    const page = await pageOf(db, request.portal.portal.uuid, id, (src) => images.sizeOf(src));
    if (!page) throw notFound('page', { id });
    return page;
  });

  // A content photo in a size for the screen (shop/contentImages.ts); the address changes with the size.
  app.get('/m/api/content-images/:file', async (request, reply) => {
    const { file } = ImageParams.parse(request.params);
    const { w, f } = ImageQuery.parse(request.query);
    const bytes = await images.resized(file, w, f);
    if (!bytes) throw notFound('photo', { file });
    return reply.type(MIME[f]).header('Cache-Control', 'public, max-age=604800').send(bytes);
  });
}
