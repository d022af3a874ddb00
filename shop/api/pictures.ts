/** The shopper's pictures: the uploads (multipart/form-data) and the picture service (S0 §7, §9). */
import { z } from 'zod';
import { defineRoute, errors } from './route.ts';

const tags = ['pictures'] as const;

const FileRecord = z.object({
  uuid: z.string(),
  size: z.number(),
  name: z.string(),
  error: z.string().nullable(),
});

export const upload = defineRoute({
  method: 'POST',
  path: '/m/api/pictures',
  summary: "One picture (multipart field `file`) into the shopper's pictures, without a print line",
  tags,
  consumes: ['multipart/form-data'],
  responses: {
    200: z.object({
      result: z.literal('OK'),
      files: z.array(
        z.object({
          uuid: z.string(),
          size: z.number(),
          name: z.string(),
          width: z.number(),
          height: z.number(),
        }),
      ),
    }),
    ...errors(400, 413, 415, 429, 503),
  },
});

export const printUpload = defineRoute({
  method: 'POST',
  path: '/system/iframes/upload_internal.php',
  summary:
    'The print upload (S0 §7): pictures in `images[]`, each a print line of the cart; a refused file has its own `error` while the others are stored',
  tags,
  consumes: ['multipart/form-data'],
  query: z.object({
    handleuploads: z.string().optional(),
    interface: z.string().optional(),
    redirect: z.string().optional(),
    uploadtype: z.string().optional(),
    json: z.string().optional(),
    thumbnails: z.coerce.number().int().positive().optional(),
  }),
  responses: {
    200: z.object({
      result: z.literal('OK'),
      files: z.array(
        FileRecord.extend({
          code: z.string().optional(),
          /** A stored picture's upright pixel size. */
          width: z.number().optional(),
          height: z.number().optional(),
        }),
      ),
    }),
    ...errors(400, 413, 415, 429, 503),
  },
});

export const pictureRoutes = { upload, printUpload };
