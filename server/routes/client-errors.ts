/**
 * POST /m/api/client-errors: the app's reports of its own errors (issue 16), logged at warn with the
 * request id so a shopper's broken screen shows up next to the server's side of the story. The body
 * is small and validated; each address may send a few a minute (`clientErrorsPerAddressMinute` of
 * plugins/limits.ts, counted in the shared store; the app sends at most a handful per page load).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CLIENT_ERROR_KINDS,
  CLIENT_ERROR_LIMITS,
  CLIENT_ERRORS_PATH,
  type ClientErrorReport,
} from '../../shop/index.ts';

export const ClientErrorReportSchema = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().min(1).max(CLIENT_ERROR_LIMITS.message),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
  url: z.string().max(CLIENT_ERROR_LIMITS.url),
  userAgent: z.string().max(CLIENT_ERROR_LIMITS.userAgent).optional(),
}) satisfies z.ZodType<ClientErrorReport>;

/** The longest report the schema allows, as JSON, with room to spare; more is a 413. */
const BODY_LIMIT = 16 * 1024;

export async function clientErrorRoutes(app: FastifyInstance) {
  const max = app.requestLimits.clientErrorsPerAddressMinute;
  app.post(
    CLIENT_ERRORS_PATH,
    { bodyLimit: BODY_LIMIT, config: { rateLimit: { max, timeWindow: 60_000 } } },
    async (request, reply) => {
      const report = ClientErrorReportSchema.parse(request.body ?? {});
      const userAgent = report.userAgent ?? request.headers['user-agent'];
      request.log.warn({ clientError: { ...report, userAgent } }, 'Browser error');
      return reply.status(204).send();
    },
  );
}
