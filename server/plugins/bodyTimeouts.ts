/**
 * Request bodies that crawl are cut (issue 28): a connection sending 10 bytes every 5 s of a 5 MB
 * upload held a socket, a parser and a scratch file for as long as it liked (Node and fastify time
 * out slow headers, not slow bodies). A body must arrive in full within a limit (a minute for JSON
 * and forms, longer for uploads) and at a minimum rate, measured over a sliding window once a grace
 * period has passed (a phone's first seconds on a new network are slow). Either failing answers 408
 * and closes the connection.
 *
 * The rate is read from the socket's byte count, not from the body stream: the parsers (fastify's,
 * and multipart's busboy on the raw request) own that stream, and a second reader would steal it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messageIn } from './errors.ts';

export interface BodyTimeouts {
  /** A JSON or form body must be in within this long. */
  bodyMs: number;
  /** An upload's body (multipart, or a resumable upload's chunk) within this long. */
  uploadMs: number;
  /** The least a body may average over any `windowMs` after the grace period, in bytes a second. */
  minBytesPerSecond: number;
  windowMs: number;
  /** How long a body may start slowly before its rate is judged. */
  graceMs: number;
  /** How often bodies in flight are looked at. */
  checkEveryMs: number;
}

export const DEFAULT_BODY_TIMEOUTS: BodyTimeouts = {
  bodyMs: 60_000,
  uploadMs: 20 * 60_000,
  // 1 KB/s: a phone on a poor 2G link sends several times that; the slow-body attack sent 2 B/s.
  minBytesPerSecond: 1024,
  windowMs: 30_000,
  graceMs: 10_000,
  checkEveryMs: 1000,
};

const UPLOAD_TYPES = /^(multipart\/form-data|application\/offset\+octet-stream)/i;

interface Watched {
  request: FastifyRequest;
  reply: FastifyReply;
  startedAt: number;
  limitMs: number;
  /** The socket's bytes read at each look, newest last, as far back as the window. */
  samples: { at: number; bytes: number }[];
}

export function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/** Why a body in flight is too slow at `now`, or null while it is fine. */
export function bodyTooSlow(
  watched: Pick<Watched, 'startedAt' | 'limitMs' | 'samples'>,
  now: number,
  limits: Pick<BodyTimeouts, 'minBytesPerSecond' | 'windowMs' | 'graceMs'>,
): 'total' | 'rate' | null {
  if (now - watched.startedAt > watched.limitMs) return 'total';
  if (now - watched.startedAt < limits.graceMs) return null;
  const newest = watched.samples.at(-1);
  // The oldest sample at least a window old: the rate over the last whole window.
  let from: Watched['samples'][number] | undefined;
  for (const sample of watched.samples) if (now - sample.at >= limits.windowMs) from = sample;
  if (!newest || !from || newest === from) return null;
  const seconds = (newest.at - from.at) / 1000;
  return (newest.bytes - from.bytes) / seconds < limits.minBytesPerSecond ? 'rate' : null;
}

export const bodyTimeoutsPlugin = fp<{ timeouts?: Partial<BodyTimeouts> }>(
  async (app: FastifyInstance, opts) => {
    const limits: BodyTimeouts = { ...DEFAULT_BODY_TIMEOUTS, ...opts.timeouts };
    const inFlight = new Set<Watched>();

    const cut = (watched: Watched, why: 'total' | 'rate') => {
      inFlight.delete(watched);
      const { request } = watched;
      const socket = request.raw.socket;
      request.log.warn({ why, bytes: socket?.bytesRead }, 'request body too slow: cut with 408');
      const messageKey = why === 'total' ? 'request_too_long' : 'request_timeout';
      const error = Object.assign(new Error(messageIn(undefined, messageKey)), {
        statusCode: 408,
        code: 'REQUEST_TIMEOUT',
        // The errors plugin words it in the portal's language.
        messageKey,
      });
      // The parser reading the body (fastify's, or multipart's, which listen for the request's errors)
      // fails with the 408, and the errors plugin answers it; the connection is closed once the answer
      // is out. Not request.raw.destroy(): that destroys the socket at once, before any answer.
      request.raw.emit('error', error);
      const close = () => {
        if (socket && !socket.destroyed) socket.destroy();
      };
      if (watched.reply.raw.writableFinished) close();
      else {
        watched.reply.raw.once('finish', close);
        // A client that never reads the answer, or a handler that never answers, keeps no socket.
        setTimeout(close, 5000).unref();
      }
    };

    const timer = setInterval(() => {
      const now = Date.now();
      for (const watched of inFlight) {
        const socket = watched.request.raw.socket;
        if (!socket || socket.destroyed) {
          inFlight.delete(watched);
          continue;
        }
        watched.samples.push({ at: now, bytes: socket.bytesRead });
        while (watched.samples.length > 2 && now - watched.samples[1]!.at >= limits.windowMs) {
          watched.samples.shift();
        }
        const why = bodyTooSlow(watched, now, limits);
        if (why) cut(watched, why);
      }
    }, limits.checkEveryMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    const watching = new WeakMap<FastifyRequest, Watched>();
    app.addHook('onRequest', async (request, reply) => {
      if (!hasBody(request) || !request.raw.socket) return;
      const upload = UPLOAD_TYPES.test(request.headers['content-type'] ?? '');
      const watched: Watched = {
        request,
        reply,
        startedAt: Date.now(),
        limitMs: upload ? limits.uploadMs : limits.bodyMs,
        samples: [{ at: Date.now(), bytes: request.raw.socket.bytesRead }],
      };
      inFlight.add(watched);
      watching.set(request, watched);
      const done = () => inFlight.delete(watched);
      // 'end' is the body read in full; listening for it does not start the stream flowing.
      request.raw.once('end', done);
      request.raw.once('close', done);
    });
    app.addHook('onResponse', async (request) => {
      const watched = watching.get(request);
      if (watched) inFlight.delete(watched);
    });
  },
);
