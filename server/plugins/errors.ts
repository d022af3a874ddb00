import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { FALLBACK_LANGUAGE } from '../../engine/index.ts';
import type { ApiError } from '../../shop/index.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { HttpError } from '../errors.ts';
import { hasKey, serverT } from '../i18n.ts';

/** Paths whose answers are JSON: the API, and the legacy /ajax and /system calls of the contract. */
export const isApiPath = (url: string) => /^\/(m2?\/api|ajax|system)(\/|$)/.test(url);

function zodIssues(err: ZodError): NonNullable<ApiError['issues']> {
  return err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

export const DATABASE_UNAVAILABLE =
  'The shop cannot reach its database just now. Please try again in a moment.';

/**
 * The message for `code` in the portal's language. English portals get the detailed English the
 * code wrote (`english`); the others the translation of the code, which every language has
 * (test/unit/src/locale.test.ts), so no shopper reads English on a Norwegian or Danish portal.
 */
export function messageIn(
  language: string | undefined,
  code: string,
  english: string,
  values?: Record<string, string | number>,
): string {
  if (!language || language === FALLBACK_LANGUAGE || !hasKey(language, 'server', `errors.${code}`))
    return english;
  return serverT(language, 'server')(`errors.${code}`, values);
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err, request, reply) => {
    // The portal is unknown when the host is (the portal plugin answers those): English then.
    const language = (request.portal as { locale?: { code: string } } | null)?.locale?.code;
    if (err instanceof ZodError) {
      const issues = zodIssues(err);
      const list = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
      const body: ApiError = {
        error: messageIn(language, 'invalid_request', `Invalid request: ${list}`, { issues: list }),
        code: 'invalid_request',
        issues,
      };
      return reply.status(400).send(body);
    }
    if (err instanceof HttpError) {
      // A service busy or away for now (large pictures queued, a payment provider down): say when to
      // try again, as the database's 503 does.
      if (err.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('Retry-After', '30');
      const body: ApiError = {
        error: messageIn(language, err.code, err.message, err.values),
        code: err.code,
      };
      return reply.status(err.statusCode).send(err.extra ? { ...err.extra, ...body } : body);
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // fastify's own client errors: malformed JSON, body too large, wrong content type.
      const { code = 'bad_request', message } = err as { code?: string; message: string };
      return reply.status(status).send({
        error: messageIn(language, 'bad_request', message),
        code: code.toLowerCase(),
      } satisfies ApiError);
    }
    if (isDatabaseUnavailable(err)) {
      // The database is gone for now (a restart, a failover): the shopper's request may work in a
      // moment, and the process carries on; the pools reconnect by themselves.
      request.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({
          error: messageIn(language, 'database_unavailable', DATABASE_UNAVAILABLE),
          code: 'database_unavailable',
        } satisfies ApiError);
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({
      error: messageIn(language, 'internal', 'Something went wrong on our side. Please try again.'),
      code: 'internal',
    });
  });
});
