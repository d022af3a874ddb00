/**
 * POST/HEAD/PATCH/DELETE /m/api/uploads[/<id>]: resumable uploads (tus 1.0, issue 32). The route
 * checks whose the upload is, then hands the request to @tus/server
 * (services/pictures/resumableUploads.ts); the last piece's answer is the picture's record.
 */
import type { IncomingMessage } from 'node:http';
import { Metadata } from '@tus/utils';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { NoContent } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { HttpError, notFound } from '../errors.ts';
import { fileRoute } from '../plugins/contract.ts';
import type { uploadQuota } from '../plugins/limits.ts';
import {
  beginResumable,
  encodeResult,
  finishedAnswer,
  forget,
  ownedResumable,
  RESUMABLE_ID_HEADER,
  RESUMABLE_RESULT_HEADER,
  RESUMABLE_TYPES,
  type ResumableOptions,
  resumableServer,
} from '../services/pictures/resumableUploads.ts';

export const RESUMABLE_PATH = '/m/api/uploads';

const Id = z.string().regex(/^[0-9a-f]{32}$/);

/**
 * A creation's length: required, since the day's upload allowance is counted from it before any byte
 * arrives (a deferred length, Upload-Defer-Length, would let bytes in uncounted).
 */
const UploadLength = z
  .string({ error: 'Upload-Length is required.' })
  .regex(/^\d{1,15}$/, 'Upload-Length must be a whole number of bytes.')
  .transform(Number);

/**
 * A piece's body for tus, read from the raw request. A connection that breaks off ends the body
 * where it broke rather than failing it: tus then keeps what arrived, as a resumed upload needs.
 * (A failed body makes @tus/s3-store drop the part it was gathering, so the bytes before the cut
 * would be sent again.)
 */
function bodyOf(raw: IncomingMessage): ReadableStream<Uint8Array> {
  let ended = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const end = () => {
        if (ended) return;
        ended = true;
        controller.close();
      };
      raw.on('data', (chunk: Buffer) => {
        if (ended) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) raw.pause();
      });
      raw.on('end', end);
      raw.on('error', end);
      raw.on('close', end);
    },
    pull() {
      raw.resume();
    },
    cancel() {
      ended = true;
      raw.resume();
    },
  });
}

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
  options: { db: Db } & Omit<ResumableOptions, 'db' | 'path'> & {
      /** The one-shot upload's limits (requests per address and session, the day's bytes), for creations. */
      limits: Pick<RouteShorthandOptions, 'config' | 'preHandler'>;
      quota: ReturnType<typeof uploadQuota>;
      /** The refusal of a length over the limit (413), as the one-shot upload words it. */
      tooLarge: () => HttpError;
    },
) {
  const { db, quota } = options;
  const { tus } = resumableServer({ ...options, path: RESUMABLE_PATH });

  // tus reads the body itself, from the raw request.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  /**
   * tus answers a web Request with a web Response, which goes out through fastify like any answer, so
   * the session cookie and the shop's headers go with it. The id header is ours alone: a client's is
   * dropped, and a creation gets the id the route recorded with its owner.
   */
  async function ask(request: FastifyRequest, id: string | null): Promise<Response> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (name === RESUMABLE_ID_HEADER || value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    if (id) headers.set(RESUMABLE_ID_HEADER, id);
    const hasBody = request.method === 'PATCH' || request.method === 'POST';
    return tus.handleWeb(
      new Request(`${request.protocol}://${request.host}${request.url}`, {
        method: request.method,
        headers,
        body: hasBody ? (bodyOf(request.raw) as unknown as BodyInit) : undefined,
        // @ts-expect-error: Node's fetch needs it for a streamed body; the DOM types lack it.
        duplex: 'half',
      }),
    );
  }

  async function send(reply: FastifyReply, answer: Response) {
    reply.code(answer.status);
    answer.headers.forEach((value, name) => {
      reply.header(name, value);
    });
    return reply.send(Buffer.from(await answer.arrayBuffer()));
  }

  app.post(
    RESUMABLE_PATH,
    { schema: tusSchema('Begins a resumable (tus) upload', 201), ...options.limits },
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
          values: { issues: 'uploadtype must be editor, printsorder or photobook.' },
        });
      }
      const length = UploadLength.safeParse(request.headers['upload-length']);
      if (!length.success) {
        throw new HttpError(400, 'invalid_request', { values: { issues: length.error.issues[0]!.message } });
      }
      if (length.data > options.maxBytes) throw options.tooLarge();
      // The upload's whole length counts against the address's day at once, as a one-shot upload's
      // bytes do when it is stored: an upload left unfinished has still been let in.
      await quota.reserve(request, reply, length.data);
      let id: string | null = null;
      let answer: Response | null = null;
      try {
        id = await beginResumable(db, await request.ensureSession(reply), uploadType.data, app.clock.now());
        answer = await ask(request, id);
      } finally {
        // Refused by tus, or failed: nothing kept, nothing counted.
        if (!answer || answer.status >= 300) {
          await quota.count(request, -length.data).catch(() => undefined);
          if (id) await forget(db, options.store, id).catch(() => undefined);
        }
      }
      return send(reply, answer);
    },
  );

  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `${RESUMABLE_PATH}/:id`,
    schema: tusSchema('A resumable upload: its offset (HEAD), a piece (PATCH), or its end (DELETE)', 200),
    handler: async (request, reply) => {
      const id = Id.safeParse((request.params as { id?: string }).id);
      const owned = id.success ? await ownedResumable(db, id.data, await request.session()) : null;
      if (!id.success || !owned) {
        throw notFound('upload', { id: String((request.params as { id?: string }).id) });
      }
      // Finished (its bytes are gone): a client whose last answer was lost asks again and is told it
      // is whole, with what it became, rather than beginning it anew (a second print line).
      if (owned.result) {
        const { length, answer } = owned.result;
        reply.header('Tus-Resumable', '1.0.0').header('Cache-Control', 'no-store');
        if (request.method === 'DELETE') {
          await forget(db, options.store, id.data);
          return reply.code(204).send();
        }
        if (request.method === 'HEAD') {
          return reply
            .code(200)
            .header('Upload-Offset', String(length))
            .header('Upload-Length', String(length))
            .header(RESUMABLE_RESULT_HEADER, encodeResult(answer))
            .send();
        }
        const again = finishedAnswer(owned.result);
        reply.header('Upload-Offset', String(length));
        for (const [name, value] of Object.entries(again.headers)) reply.header(name, value);
        return reply.code(again.status_code).send(again.body);
      }
      const answer = await ask(request, null);
      // Ended by its client (termination): its row goes with its bytes.
      if (request.method === 'DELETE' && answer.status === 204) await forget(db, options.store, id.data);
      return send(reply, answer);
    },
  });
}
