/**
 * The author harness's dev routes (only with HARNESS=1): sample pictures, the server's render and
 * preflight of a template, and the template folders the author edits.
 */
import { z } from 'zod';
import { PREFLIGHT_RULES, type PreflightProblem } from '../../engine/index.ts';
import { Bytes, defineRoute, errors } from './route.ts';

const tags = ['dev'] as const;

/** One path segment: a folder name can name nothing outside the templates root. */
const FolderName = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'a template folder is named by letters, digits, ".", "_" and "-"');
const TemplateBody = z.unknown().refine((v) => v !== undefined, 'the template is missing');

const Preflight = z.object({
  rule: z.enum(PREFLIGHT_RULES),
  pageId: z.string().nullable(),
  part: z.string().nullable(),
  path: z.string(),
  message: z.string(),
  boxMm: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).optional(),
}) satisfies z.ZodType<PreflightProblem>;

export const samplePictures = defineRoute({
  method: 'GET',
  path: '/m/api/dev/sample-pictures',
  summary: 'The sample pictures the harness fills slots with',
  tags,
  responses: { 200: z.array(z.object({ uuid: z.string(), width: z.number(), height: z.number() })) },
});

export const samplePicture = defineRoute({
  method: 'GET',
  path: '/m/api/dev/sample-pictures/:file',
  summary: 'One sample picture as PNG ({uuid}.png)',
  tags,
  params: z.object({
    file: z
      .string()
      .regex(/^[0-9a-f-]{36}\.png$/, 'a sample picture is {uuid}.png')
      .transform((f) => f.slice(0, -'.png'.length)),
  }),
  produces: ['image/png'],
  responses: { 200: Bytes, ...errors(400, 404) },
});

export const render = defineRoute({
  method: 'POST',
  path: '/m/api/dev/render',
  summary: "The server's render of one page of a template, PNG (with `folder`, that folder's art)",
  tags,
  body: z.object({
    template: TemplateBody,
    year: z.number().int().min(1900).max(2200).nullable().default(null),
    pageId: z.string().min(1, 'the page id is missing').max(200),
    widthPx: z.number().int().min(16).max(4000),
    folder: FolderName.optional(),
  }),
  produces: ['image/png'],
  responses: { 200: Bytes, ...errors(400, 404) },
});

export const preflight = defineRoute({
  method: 'POST',
  path: '/m/api/dev/preflight',
  summary: 'Every preflight problem of a template at once, with its page, part and box',
  tags,
  body: z.object({
    template: TemplateBody,
    /** The template folder whose art the contrast rule draws under the texts. */
    folder: FolderName.optional(),
  }),
  responses: { 200: z.object({ problems: z.array(Preflight) }), ...errors(400, 404) },
});

export const folders = defineRoute({
  method: 'GET',
  path: '/m/api/dev/template-folders',
  summary: 'The template folders under the templates root',
  tags,
  responses: {
    200: z.array(
      z.object({
        folder: z.string(),
        name: z.string().nullable(),
        uuid: z.string().nullable(),
        version: z.number().nullable(),
      }),
    ),
  },
});

export const folder = defineRoute({
  method: 'GET',
  path: '/m/api/dev/template-folders/:folder',
  summary: "A folder's template.json as written, with an ETag (If-None-Match: 304)",
  tags,
  params: z.object({ folder: FolderName }),
  responses: {
    200: z.object({ folder: z.string(), text: z.string(), etag: z.string() }),
    ...errors(400, 404),
  },
});

export const folderFile = defineRoute({
  method: 'GET',
  path: '/m/api/dev/template-folders/:folder/files/*',
  summary: 'A file of a template folder (its art)',
  tags,
  params: z.object({ folder: FolderName, '*': z.string().min(1, 'the file path is missing').max(500) }),
  produces: ['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'],
  responses: { 200: Bytes, ...errors(400, 404) },
});

export const devRoutes = { samplePictures, samplePicture, render, preflight, folders, folder, folderFile };
