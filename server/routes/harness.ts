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
import { z } from 'zod';
import { harnessInstance, pageScene, parseTemplate, UnknownFontError } from '../../engine/index.ts';
import { withPreview } from '../../shop/index.ts';
import { HttpError, notFound } from '../errors.ts';
import { loadFontSet } from '../fonts.ts';
import { createImageLoader } from '../render/images.ts';
import { renderPreviewPng } from '../render/page-renderer.ts';
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

/** One path segment: a folder name can name nothing outside the templates root. */
const FolderName = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'a template folder is named by letters, digits, ".", "_" and "-"');

const FolderParams = z.object({ folder: FolderName });
const FolderFileParams = z.object({
  folder: FolderName,
  '*': z.string().min(1, 'the file path is missing').max(500),
});

const PreflightBody = z.object({
  template: z.unknown().refine((v) => v !== undefined, 'the template is missing'),
  /** The template folder whose art the contrast rule draws under the texts. */
  folder: FolderName.optional(),
});

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
  folder: FolderName.optional(),
});

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

  app.get('/m/api/dev/sample-pictures', async () => samplePictureRefs());

  app.get('/m/api/dev/sample-pictures/:file', async (request, reply) => {
    const { file } = PictureParams.parse(request.params);
    const png = samplePicturePng(file);
    if (!png) throw notFound('samplePicture', { file });
    return reply.type('image/png').header('cache-control', 'no-cache').send(png);
  });

  app.post('/m/api/dev/render', async (request, reply) => {
    const body = RenderBody.parse(request.body);
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
    const png = await renderPreviewPng(scene, body.widthPx, { fonts, loadImage, missingPicture: 'skip' });
    return reply.type('image/png').header('cache-control', 'no-store').send(png);
  });

  app.post('/m/api/dev/preflight', async (request) => {
    const body = PreflightBody.parse(request.body);
    // The one preflight the check command runs, on the template as the shop reads a folder (the
    // preview is the shop's own drawing), with the folder's art when it names one.
    const templatesRoot = body.folder ? await folderDir(root, body.folder) : undefined;
    const problems = await runPreflight(withPreview(body.template), {
      today: app.clock.now(),
      ...(templatesRoot ? { templatesRoot } : {}),
    });
    return { problems };
  });

  app.get('/m/api/dev/template-folders', async (_request, reply) => {
    fresh(reply);
    return listFolders(root);
  });

  app.get('/m/api/dev/template-folders/:folder', async (request, reply) => {
    const { folder } = FolderParams.parse(request.params);
    const file = await readFolder(root, folder);
    fresh(reply).header('etag', file.etag);
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    return file;
  });

  app.get('/m/api/dev/template-folders/:folder/files/*', async (request, reply) => {
    const params = FolderFileParams.parse(request.params);
    const bytes = await folderFile(root, params.folder, params['*']);
    return fresh(reply).type(fileType(params['*'])).send(bytes);
  });
}

/** Global (fastify-plugin) so its onSend hook sees the app shell's HTML answers too. */
export const harnessRoutes = fp(harness, { name: 'harness' });
