/**
 * The template folders published at start (before the app answers) and on every change, and the
 * list previews of each version new to the database.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadFontSet } from '../fonts.ts';
import { createImageLoader } from '../render/images.ts';
import { LIST_SAMPLE_PICTURES, samplePicturePng } from '../render/sample-pictures.ts';
import { artReader } from '../render/templateArt.ts';
import { renderMissingPreviews } from '../services/templates/previews.ts';
import { publishTemplateFolders, watchTemplateFolders } from '../services/templates/templateWatch.ts';
import type { WiringOptions } from './options.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Draws the list previews of the given template versions (in the background, one batch at a time). */
    drawTemplatePreviews: (only: { uuid: string; version: number }[]) => void;
  }
}

export const templates = fp<WiringOptions>(
  async (app: FastifyInstance, { config, overrides }) => {
    const { db } = overrides.database;
    const storage = app.storage.store;
    const root = config.templatesDir;
    const previewsDir = config.previewsDir;
    let drawing = Promise.resolve();
    const drawPreviews = (only: { uuid: string; version: number }[]) => {
      if (!previewsDir) return;
      drawing = drawing
        .then(async () => {
          await renderMissingPreviews(
            db,
            previewsDir,
            {
              fonts: await loadFontSet(),
              loadImage: createImageLoader({
                art: artReader(storage),
                userPicture: async (uuid) => samplePicturePng(uuid),
              }),
              samplePictures: [...LIST_SAMPLE_PICTURES],
              today: app.clock.now(),
            },
            only,
          );
        })
        .catch((error) => app.log.warn({ err: error }, 'Drawing template previews failed'));
    };
    app.decorate('drawTemplatePreviews', drawPreviews);
    if (root === null) return;
    let running = Promise.resolve();
    const publish = () => {
      running = running.then(async () => {
        const { published } = await publishTemplateFolders({ db, storage }, root, app.log);
        if (published.length) drawPreviews(published);
      });
      return running;
    };
    let stop = () => {};
    app.addHook('onReady', async () => {
      await publish();
      stop = watchTemplateFolders(root, () => void publish());
    });
    app.addHook('onClose', async () => {
      stop();
      await running;
      await drawing;
    });
  },
  { name: 'templates', dependencies: ['foundation', 'storage'] },
);
