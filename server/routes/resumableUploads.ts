/**
 * POST/HEAD/PATCH/DELETE /m/api/uploads[/<id>]: resumable uploads (tus 1.0, issue 32). The route
 * checks whose the upload is, then hands the request to @tus/server
 * (services/pictures/resumableUploads.ts); the last piece's answer is the picture's record.
 */
import { Readable } from 'node:stream';
import { Metadata } from '@tus/utils';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NoContent } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { HttpError, notFound } from '../errors.ts';
import { fileRoute } from '../plugins/contract.ts';
import {
  beginResumable,
  ownedResumable,
  RESUMABLE_ID_HEADER,
  RESUMABLE_TYPES,
  type ResumableOptions,
  resumableServer,
} from '../services/pictures/resumableUploads.ts';

export const RESUMABLE_PATH = '/m/api/uploads';

const Id = z.string().regex(/^[0-9a-f]{32}$/);

/** The OpenAPI description: tus's answers (an empty 201 or 204, the last piece's picture record). */
function tusSchema(summary: string, status: 200 | 201) {
  const described = fileRoute(summary, ['pictures'], status === 201 ? ['text/plain'] : ['application/json']);
  const { 200: ok, ...errors } = described.response;
  return {
    ...described,
    response: {
      [status]: ok,
      204: NoContent,
      ...errors,
    },
  };
}

export async function resumableUploadRoutes(
  app: FastifyInstance,
  options: { db: Db } & Omit<ResumableOptions, 'db' | 'path'>,
) {
  const { db } = options;
  const { tus } = resumableServer({ ...options, path: RESUMABLE_PATH });

  // tus reads the body itself, from the raw request.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  /**
   * tus answers a web Request with a web Response, which goes out through fastify like any answer, so
   * the session cookie and the shop's headers go with it. The id header is ours alone: a client's is
   * dropped, and a creation gets the id the route recorded with its owner.
   */
  async function hand(request: FastifyRequest, reply: FastifyReply, id: string | null) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (name === RESUMABLE_ID_HEADER || value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    if (id) headers.set(RESUMABLE_ID_HEADER, id);
    const hasBody = request.method === 'PATCH' || request.method === 'POST';
    const answer = await tus.handleWeb(
      new Request(`${request.protocol}://${request.host}${request.url}`, {
        method: request.method,
        headers,
        body: hasBody ? (Readable.toWeb(request.raw) as unknown as BodyInit) : undefined,
        // @ts-expect-error: Node's fetch needs it for a streamed body; the DOM types lack it.
        duplex: 'half',
      }),
    );
    reply.code(answer.status);
    answer.headers.forEach((value, name) => {
      reply.header(name, value);
    });
    return reply.send(Buffer.from(await answer.arrayBuffer()));
  }

  app.post(
    RESUMABLE_PATH,
    { schema: tusSchema('Begins a resumable (tus) upload', 201) },
    async (request, reply) => {
      let metadata: Record<string, string | null>;
      try {
        metadata = Metadata.parse(request.headers['upload-metadata'] as string | undefined);
      } catch {
        throw new HttpError(400, 'invalid_request', {
          values: { issues: 'Upload-Metadata is not tus metadata.' },
        });
      }
      const uploadType = z.enum(RESUMABLE_TYPES).safeParse(metadata.uploadtype ?? 'editor');
      if (!uploadType.success) {
        throw new HttpError(400, 'invalid_request', {
          values: { issues: 'uploadtype must be editor or printsorder.' },
        });
      }
      const session = await request.ensureSession(reply);
      const id = await beginResumable(db, session, uploadType.data);
      return hand(request, reply, id);
    },
  );

  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `${RESUMABLE_PATH}/:id`,
    schema: tusSchema('A resumable upload: its offset (HEAD), a piece (PATCH), or its end (DELETE)', 200),
    handler: async (request, reply) => {
      const id = Id.safeParse((request.params as { id?: string }).id);
      if (!id.success || !(await ownedResumable(db, id.data, await request.session()))) {
        throw notFound('upload', { id: String((request.params as { id?: string }).id) });
      }
      return hand(request, reply, null);
    },
  });
}
