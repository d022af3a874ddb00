/**
 * Template lists, categories and single templates (S1 §7), per portal. A template is served as
 * validated at seed time, with its product's current name and size from the products table.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { templateRoutes as api, calendarHolidays, holidayPlaceOf, LIST_TYPES } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { notFound } from '../errors.ts';
import { loadFontSet } from '../fonts.ts';
import { fileRoute, serve } from '../plugins/contract.ts';
import { perSession } from '../plugins/limits.ts';
import { artContentType, readStoredArt, STORED_ART_NAME } from '../render/templateArt.ts';
import { type PictureFiles, type PictureRow, PictureStore } from '../services/pictures/pictures.ts';
import { ownPicturesPreview, sendPreview } from '../services/templates/linePreviews.ts';
import { oneTemplate } from '../services/templates/storedTemplates.ts';
import { cardCategories, photogiftCategoryInfo } from '../services/templates/templateCategories.ts';
import { type CompressedAnswer, chooseEncoding, TemplateLists } from '../services/templates/templateLists.ts';

export interface TemplateRoutesOptions {
  db: Db;
  /** The data directory: the own-pictures previews' cache. */
  dataDir: string;
  /** The shopper's pictures. */
  files: PictureFiles;
}

const StoredArtParams = z.object({ name: z.string().regex(STORED_ART_NAME, 'Not an art file name') });

export async function templateRoutes(app: FastifyInstance, { db, dataDir, files }: TemplateRoutesOptions) {
  const store = new PictureStore(db, files);

  // Published templates' art, from the storage every instance shares, or the demo art of that content
  // (render/templateArt.ts). The name is the content's hash: the file never changes, so browsers keep it.
  const art = fileRoute(
    "A published template's art, by its content's hash",
    ['templates'],
    ['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp'],
  );
  app.get('/templates2/art/stored/:name', { schema: art }, async (request, reply) => {
    const { name } = StoredArtParams.parse(request.params);
    const bytes = await readStoredArt(files.storage, name);
    if (!bytes) throw notFound('art', { name });
    return reply
      .type(artContentType(name)!)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(bytes);
  });
  const ownPreviewsDir = path.join(dataDir, 'own-previews');

  // Static segments win over parameters in fastify's router, so these two are never read as
  // type=cards/photogift with a category.
  serve(app, api.cardCategories, (request) => cardCategories(db, request.portal.portal.uuid));

  serve(app, api.photogiftCategoryInfo, async (request) => {
    const { category } = request.params;
    const info = await photogiftCategoryInfo(db, request.portal.portal.uuid, category);
    if (!info) throw notFound('photoGiftCategory', { category });
    return info;
  });

  // The public holidays a calendar of this portal marks over its twelve months (issue 18).
  serve(app, api.holidays, async (request) => {
    const { year, startMonth } = request.query;
    return { holidays: await calendarHolidays(holidayPlaceOf(request.portal), year, startMonth) };
  });

  serve(app, api.byUuid, async (request) => {
    const { uuid } = request.params;
    const template = await oneTemplate(db, request.portal.portal.uuid, uuid, null);
    if (!template) throw notFound('template', { uuid });
    return template;
  });

  // 'View with own pictures' (S1 §2): the list preview with the shopper's pictures autofilled. Every
  // picture must be the session's own; a stranger's uuid is "not found", as if it did not exist.
  const previewLimit = {
    preHandler: perSession(app, 'previews', app.requestLimits.previewsPerSessionMinute, 60_000),
  };
  serve(app, api.ownPreview, previewLimit, async (request, reply) => {
    const { uuid } = request.params;
    const { pictures: wanted, width } = request.query;
    const template = await oneTemplate(db, request.portal.portal.uuid, uuid, null);
    if (!template) throw notFound('template', { uuid });
    const session = await request.session();
    const pictures: PictureRow[] = [];
    for (const pictureUuid of new Set(wanted)) {
      const row = await store.find(pictureUuid, session);
      if (!row) throw notFound('picture', { uuid: pictureUuid });
      pictures.push(row);
    }
    const preview = ownPicturesPreview({
      template,
      pictures,
      widthPx: width,
      store,
      fonts: await loadFontSet(),
      cacheDir: ownPreviewsDir,
      today: app.clock.now(),
      pool: app.previewPool,
      language: request.portal.locale.code,
    });
    return sendPreview(request, reply, preview);
  });

  serve(app, api.byVersion, async (request) => {
    const { uuid, version } = request.params;
    const template = await oneTemplate(db, request.portal.portal.uuid, uuid, version);
    if (!template) throw notFound('templateVersion', { version, uuid });
    return template;
  });

  // The lists are made once per catalogue change and sent as their compressed copies (templateLists.ts).
  const lists = new TemplateLists(db);
  const sendList = async (request: FastifyRequest, reply: FastifyReply, answer: CompressedAnswer) => {
    reply
      .header('ETag', answer.etag)
      .header('Vary', 'Accept-Encoding')
      .header('Cache-Control', 'no-cache')
      .type('application/json; charset=utf-8');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch?.split(',').some((tag) => tag.trim() === answer.etag)) return reply.status(304).send();
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(answer.bodies[encoding]);
  };

  serve(app, api.list, async (request, reply) => {
    const { type } = request.params;
    return sendList(request, reply, await lists.answer(request.portal.portal.uuid, LIST_TYPES[type], null));
  });

  serve(app, api.categoryList, async (request, reply) => {
    const { type, category } = request.params;
    return sendList(
      request,
      reply,
      await lists.answer(request.portal.portal.uuid, LIST_TYPES[type], category),
    );
  });
}
