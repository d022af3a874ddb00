/** Installing the shop (issue 15): each portal's web app manifest and the icons it names. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ICON_SIZES, TOUCH_ICON_SIZE, webManifestOf } from '../../shop/index.ts';
import { notFound } from '../errors.ts';
import { AppIcons } from '../services/storefront/appIcons.ts';

const IconParams = z.object({
  name: z
    .string()
    .regex(/^icon-(maskable-)?\d+\.png$/, 'An icon is icon-<size>.png or icon-maskable-<size>.png'),
});
const SIZES = new Set<number>([...ICON_SIZES, TOUCH_ICON_SIZE]);

export async function webAppRoutes(app: FastifyInstance, { publicDir }: { publicDir: string }) {
  const icons = new AppIcons(path.join(publicDir, 'img', 'icon.svg'));

  app.get('/m/manifest.webmanifest', async (request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(JSON.stringify(webManifestOf(request.portal))),
  );

  app.get('/m/icons/:name', async (request, reply) => {
    const { name } = IconParams.parse(request.params);
    const maskable = name.includes('maskable');
    const size = Number(/(\d+)\.png$/.exec(name)?.[1]);
    if (!SIZES.has(size)) throw notFound('icon', { size });
    return reply
      .type('image/png')
      .header('Cache-Control', 'public, max-age=86400')
      .send(await icons.png(size, maskable));
  });
}
