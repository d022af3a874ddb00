/**
 * What the shop draws or converts once and keeps on disk: the content pages' pictures in the sizes
 * asked for, and the cart's and own pictures' thumbnails, swept when ready and then daily.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ContentImages } from '../services/pictures/contentImages.ts';
import { sweepPreviewCache } from '../services/templates/previewCache.ts';
import type { WiringOptions } from './options.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The content pages' pictures (/m/img/…) and their cached sizes. */
    contentImages: ContentImages;
  }
}

export const caches = fp<WiringOptions>(
  async (app: FastifyInstance, { config }) => {
    app.decorate(
      'contentImages',
      new ContentImages(config.contentImagesDir, path.join(config.dataDir, 'content-images')),
    );
    sweepThumbnails(app, [
      path.join(config.dataDir, 'cart-previews'),
      path.join(config.dataDir, 'own-previews'),
    ]);
  },
  { name: 'caches', dependencies: ['foundation'] },
);

/** The thumbnail caches are swept when the app is ready and then once a day (services/templates/previewCache.ts). */
function sweepThumbnails(app: FastifyInstance, dirs: string[]) {
  const sweep = async () => {
    try {
      const now = app.clock.now();
      const removed = (await Promise.all(dirs.map((dir) => sweepPreviewCache(dir, { now })))).reduce(
        (a, b) => a + b,
        0,
      );
      if (removed > 0) app.log.info({ removed }, 'Swept stale thumbnails');
    } catch (error) {
      app.log.warn({ err: error }, 'The thumbnail sweep failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(sweep, 24 * 60 * 60 * 1000).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
