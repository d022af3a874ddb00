/**
 * The author harness's dev endpoints (registered only when the app runs with HARNESS=1, see app.ts):
 *
 * - GET  /m/api/dev/sample-pictures           → [{uuid, width, height}] the sample pictures
 * - GET  /m/api/dev/sample-pictures/{uuid}.png → one sample picture as PNG
 * - POST /m/api/dev/render {template, year, pageId, widthPx, folder?} → the server's render of one page,
 *   PNG (with `folder`, the template's art is read from that template folder)
 * - POST /m/api/dev/preflight {template} → {problems}: every problem at once, with page, part and box
 * - GET  /m/api/dev/template-folders           → the template folders under the templates root
 * - GET  /m/api/dev/template-folders/{folder}  → {folder, text, etag}: its template.json as written;
 *   ETag / If-None-Match (304), so the harness polls it and redraws when the author saves
 * - GET  /m/api/dev/template-folders/{folder}/files/{path} → a file of the folder (its art)
 *
 * The render uses `harnessInstance` (engine/harness.ts), the same instance the browser harness
 * builds, so the browser's Konva render and this one can be compared pixel by pixel.
 *
 * The harness page shapes text in the browser with HarfBuzz compiled to WebAssembly, which the shared
 * Content-Security-Policy allows ('wasm-unsafe-eval', plugins/security.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { harnessInstance, pageScene, parseTemplate, UnknownFontError } from '../../engine/index.ts';
import { devRoutes as dev, withPreview } from '../../shop/index.ts';
import { HttpError, notFound } from '../errors.ts';
import { loadFontSet } from '../fonts.ts';
import { serve } from '../plugins/contract.ts';
import { createImageLoader } from '../render/images.ts';
import { SAMPLE_PICTURES, samplePicturePng } from '../render/sample-pictures.ts';
import { artReader } from '../render/templateArt.ts';
import { folderDir, folderFile, listFolders, readFolder } from '../services/templates/harnessFolders.ts';
import { runPreflight } from '../services/templates/preflight.ts';
import type { ObjectStore } from '../storage/objectStore.ts';

export interface HarnessOptions {
  /** The template folders the harness lists and watches (the repository's templates/ by default). */
  templatesDir: string;
  /** The shop's storage: a published template's art is there (render/templateArt.ts). */
  storage: ObjectStore;
}

const FILE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};
const fileType = (file: string) =>
  FILE_TYPES[file.slice(file.lastIndexOf('.')).toLowerCase()] ?? 'application/octet-stream';

/** What the author edits must never come from a cache. */
const fresh = (reply: FastifyReply) => reply.header('cache-control', 'no-cache');

/** The tallest render the harness draws: four times the widest (4000 px). */
const MAX_RENDER_HEIGHT_PX = 16_000;

/** Sample pictures as the instance's PictureRefs. */
export const samplePictureRefs = () =>
  SAMPLE_PICTURES.map(({ uuid, width, height }) => ({ uuid, width, height }));

async function harness(app: FastifyInstance, options: HarnessOptions) {
  const root = options.templatesDir;
  const userPicture = async (uuid: string) => samplePicturePng(uuid);
  // Published templates name stored art; the demo ones art in their folders under templates/.
  const sharedLoader = createImageLoader({ userPicture, art: artReader(options.storage) });

  serve(app, dev.samplePictures, async () => samplePictureRefs());

  serve(app, dev.samplePicture, async (request, reply) => {
    const { file } = request.params;
    const png = samplePicturePng(file);
    if (!png) throw notFound('samplePicture', { file });
    return reply.type('image/png').header('cache-control', 'no-cache').send(png);
  });

  serve(app, dev.render, async (request, reply) => {
    const body = request.body;
    // A folder's art is read afresh for every render: the author may just have saved it.
    const loadImage = body.folder
      ? createImageLoader({ userPicture, templatesRoot: await folderDir(root, body.folder), cacheSize: 1 })
      : sharedLoader;
    const parsed = parseTemplate(body.template);
    if (!parsed.ok) {
      const list = parsed.problems.map((p) => `${p.path}: ${p.message}`).join('; ');
      throw new HttpError(400, 'invalid_template', { values: { problems: list } });
    }
    const template = parsed.template;
    if (!template.pages.some((p) => p.id === body.pageId)) {
      throw new HttpError(400, 'invalid_request', { key: 'no_page', values: { page: body.pageId } });
    }
    // A page far taller than wide would need a canvas larger than the renderer can make.
    const heightPx = Math.ceil((body.widthPx * template.dimensions.height) / template.dimensions.width);
    if (!(heightPx <= MAX_RENDER_HEIGHT_PX)) {
      throw new HttpError(400, 'invalid_request', {
        key: 'page_too_tall',
        values: { width: body.widthPx, height: heightPx, max: MAX_RENDER_HEIGHT_PX },
      });
    }
    const fonts = await loadFontSet();
    const instance = harnessInstance(template, body.year, samplePictureRefs(), app.clock.now());
    let scene: ReturnType<typeof pageScene>;
    try {
      scene = pageScene(template, instance, body.pageId, fonts);
    } catch (error) {
      if (error instanceof UnknownFontError)
        throw new HttpError(400, 'unknown_font', { values: { family: error.family } });
      throw error;
    }
    // Missing art is left white, as the browser harness leaves it: the harness shows the page anyway.
    // The renderer is loaded on the harness's first drawing, not with the server.
    const { renderPreviewPng } = await import('../render/page-renderer.ts');
    const png = await renderPreviewPng(scene, body.widthPx, { fonts, loadImage, missingPicture: 'skip' });
    return reply.type('image/png').header('cache-control', 'no-store').send(png);
  });

  serve(app, dev.preflight, async (request) => {
    const body = request.body;
    // The one preflight the check command runs, on the template as the shop reads a folder (the
    // preview is the shop's own drawing), with the folder's art when it names one.
    const templatesRoot = body.folder ? await folderDir(root, body.folder) : undefined;
    const problems = await runPreflight(withPreview(body.template), {
      today: app.clock.now(),
      ...(templatesRoot ? { templatesRoot } : {}),
    });
    return { problems };
  });

  serve(app, dev.folders, async (_request, reply) => {
    fresh(reply);
    return listFolders(root);
  });

  serve(app, dev.folder, async (request, reply) => {
    const { folder } = request.params;
    const file = await readFolder(root, folder);
    fresh(reply).header('etag', file.etag);
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    return file;
  });

  serve(app, dev.folderFile, async (request, reply) => {
    const params = request.params;
    const bytes = await folderFile(root, params.folder, params['*']);
    return fresh(reply).type(fileType(params['*'])).send(bytes);
  });
}

/** Global (fastify-plugin) so its onSend hook sees the app shell's HTML answers too. */
export const harnessRoutes = fp(harness, { name: 'harness' });
