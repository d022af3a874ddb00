import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import type { ApiError } from '../../shop/contract.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { HttpError } from '../errors.ts';

/** Paths whose answers are JSON: the API, and the legacy /ajax and /system calls of the contract. */
export const isApiPath = (url: string) => /^\/(m2?\/api|ajax|system)(\/|$)/.test(url);

function zodIssues(err: ZodError): NonNullable<ApiError['issues']> {
  return err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

export const DATABASE_UNAVAILABLE =
  'The shop cannot reach its database just now. Please try again in a moment.';

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err, request, reply) => {
    if (err instanceof ZodError) {
      const issues = zodIssues(err);
      const body: ApiError = {
        error: `Invalid request: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`,
        code: 'invalid_request',
        issues,
      };
      return reply.status(400).send(body);
    }
    if (err instanceof HttpError) {
      const body: ApiError = { error: err.message, code: err.code };
      return reply.status(err.statusCode).send(err.extra ? { ...err.extra, ...body } : body);
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // fastify's own client errors: malformed JSON, body too large, wrong content type.
      const { code = 'bad_request', message } = err as { code?: string; message: string };
      return reply.status(status).send({ error: message, code: code.toLowerCase() } satisfies ApiError);
    }
    if (isDatabaseUnavailable(err)) {
      // The database is gone for now (a restart, a failover): the shopper's request may work in a
      // moment, and the process carries on; the pools reconnect by themselves.
      request.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ error: DATABASE_UNAVAILABLE, code: 'database_unavailable' } satisfies ApiError);
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: 'Something went wrong on our side. Please try again.', code: 'internal' });
  });
});
