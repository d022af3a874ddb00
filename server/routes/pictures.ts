/**
 * Pictures: the editor's upload (S1 §7), the legacy order upload (S0 §7), the session's recent
 * pictures and XPhoto, the JPEG derivatives every screen shows.
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { Locker } from '@tus/utils';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accountRoutes as account, pictureRoutes as api, storableLabel } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { HttpError, notFound } from '../errors.ts';
import { fileRoute, serve } from '../plugins/contract.ts';
import { perSession, UPLOAD_WINDOW_MS, uploadQuota } from '../plugins/limits.ts';
import { addPrintLines } from '../services/cart/cart.ts';
import type { PictureJobs } from '../services/pictures/pictureRegions.ts';
import {
  DEFAULT_PICTURE_LIMITS,
  DERIVED_SIZES,
  type DerivedSize,
  type Effect,
  fileTooLarge,
  type PictureFiles,
  type PictureLimits,
  type PictureRow,
  PictureStore,
  type PictureUpload,
  type Rotation,
} from '../services/pictures/pictures.ts';
import type { ResumableStore } from '../services/pictures/resumableStores.ts';
import { productsOf } from '../services/storefront/content.ts';
import { resumableUploadRoutes } from './resumableUploads.ts';

export interface PictureRoutesOptions {
  db: Db;
  files: PictureFiles;
  /** Resumable uploads' pieces and locks (wiring/storage.ts). */
  resumable: { store: ResumableStore; locker: Locker };
  limits?: Partial<PictureLimits>;
  /** Queues each new picture's analysis (faces, salient region) with its row. */
  jobs?: PictureJobs;
}

/** The file fields an upload may use: `file` (the editor) or `images[]` (the legacy uploader). */
const FILE_FIELDS = new Set(['file', 'images[]', 'images']);

const XPhotoQuery = z.object({
  uuid: z.uuid(),
  scaleversion: z.coerce
    .number()
    .refine((n): n is DerivedSize => (DERIVED_SIZES as readonly number[]).includes(n), {
      message: `scaleversion must be one of ${DERIVED_SIZES.join(', ')}`,
    })
    .default(320),
  type: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))
    .default(0),
  rotation: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]))
    .default(0),
  // Accepted and ignored: `or` (orientation is applied once on arrival, so masters are upright),
  // `nowm` (previews carry no watermark) and `retry` (a client's cache buster).
  or: z.string().optional(),
  nowm: z.string().optional(),
  retry: z.string().optional(),
});

const fileRecord = (p: PictureRow) => ({ uuid: p.uuid, size: p.bytes, name: p.originalName });

export async function pictureRoutes(app: FastifyInstance, options: PictureRoutesOptions) {
  const limits: PictureLimits = { ...DEFAULT_PICTURE_LIMITS, ...options.limits };
  const store = new PictureStore(options.db, options.files, limits, options.jobs);
  app.addHook('onClose', () => store.close());
  await app.register(multipart, {
    limits: {
      fileSize: limits.maxFileBytes,
      files: limits.maxFiles,
      fields: 20,
      parts: limits.maxFiles + 20,
    },
  });

  // Uploads are limited per address and per session in requests, and per address in bytes a day
  // (plugins/limits.ts); previews of pictures per session.
  const { requestLimits } = app;
  const quota = uploadQuota(app);
  const uploadLimits = {
    config: { rateLimit: { max: requestLimits.uploadsPerAddressHour, timeWindow: UPLOAD_WINDOW_MS } },
    preHandler: [
      perSession(app, 'uploads', requestLimits.uploadsPerSessionHour, UPLOAD_WINDOW_MS),
      quota.check,
    ],
  };
  const pictureLimits = {
    preHandler: perSession(app, 'pictures', requestLimits.picturesPerSessionMinute, 60_000),
  };

  /**
   * Commits an upload's pictures with its bytes counted against the address's daily allowance. The
   * bytes are counted first and given back if the commit fails: a count that fails (the store away)
   * then fails the request with nothing kept, rather than keeping a picture the request answered
   * with an error.
   */
  const commitCounted = async (
    request: FastifyRequest,
    upload: PictureUpload,
    alsoInTransaction?: (tx: Db) => Promise<void>,
  ) => {
    const bytes = upload.pictures.reduce((sum, p) => sum + p.bytes, 0);
    await quota.count(request, bytes);
    try {
      await store.commit(upload, alsoInTransaction);
    } catch (err) {
      await quota.count(request, -bytes).catch(() => {});
      throw err;
    }
    app.metrics.uploaded(bytes);
  };

  const asUpload = (part: MultipartFile) => {
    // Past the cap the upload stops at once: busboy would read (and drop) the rest of the file first,
    // and a client that stops sending after the cap would never get its answer.
    part.file.once('limit', () => part.file.destroy(fileTooLarge(limits)));
    return {
      stream: part.file,
      // Only a label: a NUL or a broken character in it is cleaned, not a reason to refuse the photo.
      filename: storableLabel(part.filename),
      truncated: () => part.file.truncated,
    };
  };

  /** Every file part of the request in turn; parts in other fields are read and dropped. */
  async function* fileParts(request: FastifyRequest) {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (FILE_FIELDS.has(part.fieldname)) yield part;
      else part.file.resume();
    }
  }

  /**
   * Runs a request's upload loop, which commits its pictures at its end. When the request fails
   * part-way (too many files, a dropped connection) nothing was committed, so the shopper's pictures
   * and cart are as before.
   */
  async function allOrNothing<T>(loop: () => Promise<T>): Promise<T> {
    try {
      return await loop();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(limits);
      if ((err as { code?: string }).code === 'FST_FILES_LIMIT') {
        throw new HttpError(413, 'too_many_files', { values: { max: limits.maxFiles } });
      }
      // busboy's own errors: a body cut short or not in the multipart form it claims.
      if (!(err instanceof HttpError) && /multipart|boundary/i.test(String((err as Error).message))) {
        throw new HttpError(400, 'bad_multipart');
      }
      throw err;
    }
  }

  // Resumable uploads (tus, issue 32): a finished one is stored as the one-shot uploads store theirs.
  // Creations are limited as one-shot uploads are; their pieces are not requests of their own.
  await app.register(resumableUploadRoutes, {
    db: options.db,
    store: options.resumable.store,
    locker: options.resumable.locker,
    maxBytes: limits.maxFileBytes,
    limits: uploadLimits,
    quota,
    tooLarge: () => fileTooLarge(limits),
    finish: async (owner, sent, read) => {
      const upload = store.begin(owner.session);
      try {
        await store.store({ stream: await read(), filename: sent.metadata?.filename ?? 'picture' }, upload);
        if (owner.uploadType === 'printsorder') {
          const catalogue = await productsOf(options.db, owner.session.portalUuid);
          const printed = upload.pictures.map((p) => ({
            ...fileRecord(p),
            width: p.width,
            height: p.height,
          }));
          await store.commit(upload, (tx) => addPrintLines(tx, owner.session, printed, catalogue));
        } else {
          await store.reuseKnown(upload);
          await store.commit(upload);
        }
      } catch (err) {
        // tus sends what it is thrown: a refused picture answers its 4xx and message, as the one-shot
        // upload does.
        if (err instanceof HttpError) {
          throw {
            status_code: err.statusCode,
            body: JSON.stringify({ error: err.message, code: err.code }),
          };
        }
        throw err;
      }
      const picture = upload.pictures[0]!;
      app.metrics.uploaded(picture.bytes);
      return {
        result: 'OK',
        files: [{ ...fileRecord(picture), width: picture.width, height: picture.height }],
      };
    },
  });

  // The editor's upload: one file; further files in the same request are ignored.
  serve(app, api.upload, uploadLimits, async (request, reply) => {
    const upload = store.begin(await request.ensureSession(reply));
    const picture = await allOrNothing(async () => {
      for await (const part of fileParts(request)) {
        if (upload.pictures.length > 0) part.file.resume();
        else await store.store(asUpload(part), upload);
      }
      await store.reuseKnown(upload);
      await commitCounted(request, upload);
      return upload.pictures[0];
    });
    if (!picture) throw new HttpError(400, 'no_file', { values: { field: 'file' } });
    return {
      result: 'OK' as const,
      files: [{ ...fileRecord(picture), width: picture.width, height: picture.height }],
    };
  });

  // The legacy order upload: several files, each answered with its own record; a bad file gets
  // an error while the good ones are stored.
  serve(app, api.printUpload, uploadLimits, async (request, reply) => {
    const query = request.query;
    const session = await request.ensureSession(reply);
    const upload = store.begin(session);
    const files: {
      uuid: string;
      size: number;
      name: string;
      error: string | null;
      code?: string;
      width?: number;
      height?: number;
    }[] = [];
    await allOrNothing(async () => {
      for await (const part of fileParts(request)) {
        try {
          const picture = await store.store(asUpload(part), upload);
          // Its upright size, so the upload grid can say at once how sharp it prints (issue 34).
          files.push({ ...fileRecord(picture), width: picture.width, height: picture.height, error: null });
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          part.file.resume();
          files.push({
            uuid: '',
            size: part.file.bytesRead,
            name: storableLabel(part.filename),
            error: err.messageIn(request.portal.locale.code),
            code: err.code,
          });
        }
      }
      if (files.length === 0) {
        throw new HttpError(400, 'no_file', { values: { field: 'images[]' } });
      }
      // The print upload (S0 §2): every stored picture becomes a print line of the cart, in the
      // transaction that records the pictures.
      const printed = upload.pictures.map((p) => ({ ...fileRecord(p), width: p.width, height: p.height }));
      const catalogue =
        query.uploadtype === 'printsorder' ? await productsOf(options.db, session.portalUuid) : null;
      await commitCounted(request, upload, async (tx) => {
        if (catalogue) await addPrintLines(tx, session, printed, catalogue);
      });
    });
    return { result: 'OK' as const, files };
  });

  serve(app, account.recentImages, async (request) => {
    const rows = await store.recent(await request.session());
    return {
      images: rows.map((p) => ({
        uuid: p.uuid,
        width: p.width,
        height: p.height,
        regions: p.regions ? { faces: [...p.regions.faces], salient: p.regions.salient } : null,
      })),
    };
  });

  const xphoto = fileRoute(
    'A derivative of an uploaded picture (S0 §7, §9): size, effect, rotation',
    ['pictures'],
    ['image/jpeg'],
  );
  app.get('/system/XPhoto.php', { ...pictureLimits, schema: xphoto }, async (request, reply) => {
    const query = XPhotoQuery.parse(request.query);
    const picture = await store.find(query.uuid, await request.session());
    if (!picture) throw notFound('picture', { uuid: query.uuid });
    const size = query.scaleversion as DerivedSize;
    const effect = query.type as Effect;
    const rotation = query.rotation as Rotation;
    const etag = PictureStore.etag(picture, size, effect, rotation);
    reply
      .header('ETag', etag)
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('Vary', 'Cookie');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) return reply.status(304).send();
    const jpeg = await store.derivative(picture, size, effect, rotation);
    return reply.type('image/jpeg').send(jpeg);
  });
}
