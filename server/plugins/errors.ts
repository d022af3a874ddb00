import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import type { ApiError, MessageValues } from '../../shop/index.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { HttpError } from '../errors.ts';
import { errorMessage } from '../i18n.ts';
import { issuesIn } from '../validationMessages.ts';

/** Paths whose answers are JSON: the API, and the legacy /ajax and /system calls of the contract. */
export const isApiPath = (url: string) => /^\/(m2?\/api|ajax|system)(\/|$)/.test(url);

/** The message of `errors.<key>` in the portal's language (English for a host no portal has). */
export const messageIn = (language: string | undefined, key: string, values?: MessageValues): string =>
  errorMessage(language, key, values);

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err, request, reply) => {
    // The portal is unknown when the host is (the portal plugin answers those): English then.
    const language = (request.portal as { locale?: { code: string } } | null)?.locale?.code;
    if (err instanceof ZodError) {
      // Worded in the portal's language, as every other answer (zod's own words are English).
      const issues = issuesIn(err.issues, language);
      const list = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
      const body: ApiError = {
        error: messageIn(language, 'invalid_request', { issues: list }),
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
        error: err.messageIn(language),
        code: err.code,
      };
      return reply.status(err.statusCode).send(err.extra ? { ...err.extra, ...body } : body);
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // fastify's own client errors: malformed JSON, body too large, wrong content type.
      const { code = 'bad_request', message } = err as { code?: string; message: string };
      // A 408 of bodyTimeouts.ts carries its own key; fastify's own words are English: logged only.
      const key = (err as { messageKey?: string }).messageKey;
      if (!key) request.log.info({ status, message }, 'client error');
      return reply.status(status).send({
        error: messageIn(language, key ?? 'bad_request'),
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
          error: messageIn(language, 'database_unavailable'),
          code: 'database_unavailable',
        } satisfies ApiError);
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({
      error: messageIn(language, 'internal'),
      code: 'internal',
    });
  });
});
