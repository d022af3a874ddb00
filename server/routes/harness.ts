/**
 * The author harness's dev endpoints (registered only when the app runs with HARNESS=1, see app.ts):
 *
 * - GET  /m/api/dev/sample-pictures           → [{uuid, width, height}] the sample pictures
 * - GET  /m/api/dev/sample-pictures/{uuid}.png → one sample picture as PNG
 * - POST /m/api/dev/render {template, year, pageId, widthPx} → the server's render of one page, PNG
 *
 * The render uses `harnessInstance` (engine/harness.ts), the same instance the browser harness
 * builds, so the browser's Konva render and this one can be compared pixel by pixel.
 *
 * The harness page shapes text in the browser with HarfBuzz compiled to WebAssembly, which the shared
 * Content-Security-Policy allows ('wasm-unsafe-eval', plugins/security.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { harnessInstance } from '../../engine/harness.ts';
import { pageScene } from '../../engine/scene.ts';
import { parseTemplate } from '../../engine/template.ts';
import { UnknownFontError } from '../../engine/text/fonts.ts';
import { HttpError } from '../errors.ts';
import { loadFontSet } from '../fonts.ts';
import { createImageLoader } from '../render/images.ts';
import { renderPreviewPng } from '../render/page-renderer.ts';
import { SAMPLE_PICTURES, samplePicturePng } from '../render/sample-pictures.ts';

const PictureParams = z.object({
  file: z
    .string()
    .regex(/^[0-9a-f-]{36}\.png$/, 'a sample picture is {uuid}.png')
    .transform((f) => f.slice(0, -'.png'.length)),
});

const RenderBody = z.object({
  template: z.unknown().refine((v) => v !== undefined, 'the template is missing'),
  year: z.number().int().min(1900).max(2200).nullable().default(null),
  pageId: z.string().min(1, 'the page id is missing').max(200),
  widthPx: z.number().int().min(16).max(4000),
});

/** Sample pictures as the instance's PictureRefs. */
export const samplePictureRefs = () =>
  SAMPLE_PICTURES.map(({ uuid, width, height }) => ({ uuid, width, height }));

async function harness(app: FastifyInstance) {
  const loadImage = createImageLoader({ userPicture: async (uuid) => samplePicturePng(uuid) });

  app.get('/m/api/dev/sample-pictures', async () => samplePictureRefs());

  app.get('/m/api/dev/sample-pictures/:file', async (request, reply) => {
    const { file } = PictureParams.parse(request.params);
    const png = samplePicturePng(file);
    if (!png) throw new HttpError(404, 'not_found', `The sample picture "${file}" was not found`);
    return reply.type('image/png').header('cache-control', 'no-cache').send(png);
  });

  app.post('/m/api/dev/render', async (request, reply) => {
    const body = RenderBody.parse(request.body);
    const parsed = parseTemplate(body.template);
    if (!parsed.ok) {
      const list = parsed.problems.map((p) => `${p.path}: ${p.message}`).join('; ');
      throw new HttpError(400, 'invalid_template', `The template has problems: ${list}`);
    }
    const template = parsed.template;
    if (!template.pages.some((p) => p.id === body.pageId)) {
      throw new HttpError(400, 'invalid_request', `The template has no page "${body.pageId}"`);
    }
    const fonts = await loadFontSet();
    const instance = harnessInstance(template, body.year, samplePictureRefs(), app.clock.now());
    let scene: ReturnType<typeof pageScene>;
    try {
      scene = pageScene(template, instance, body.pageId, fonts);
    } catch (error) {
      if (error instanceof UnknownFontError) throw new HttpError(400, 'unknown_font', error.message);
      throw error;
    }
    // Missing art is left white, as the browser harness leaves it: the harness shows the page anyway.
    const png = await renderPreviewPng(scene, body.widthPx, { fonts, loadImage, missingPicture: 'skip' });
    return reply.type('image/png').header('cache-control', 'no-store').send(png);
  });
}

/** Global (fastify-plugin) so its onSend hook sees the app shell's HTML answers too. */
export const harnessRoutes = fp(harness, { name: 'harness' });
