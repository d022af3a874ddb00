/**
 * POST /m/api/client-errors: the app's reports of its own errors (issue 16), logged at warn with the
 * request id so a shopper's broken screen shows up next to the server's side of the story. The body
 * is small and validated; each address may send a few a minute (`clientErrorsPerAddressMinute` of
 * plugins/limits.ts, counted in the shared store; the app sends at most a handful per page load).
 */
import type { FastifyInstance } from 'fastify';
import { ClientErrorReportSchema, reportRoutes } from '../../shop/index.ts';
import { serve } from '../plugins/contract.ts';

/** The report's schema is the contract's (shop/api/reports.ts). */
export { ClientErrorReportSchema };

/** The longest report the schema allows, as JSON, with room to spare; more is a 413. */
const BODY_LIMIT = 16 * 1024;

export async function clientErrorRoutes(app: FastifyInstance) {
  const max = app.requestLimits.clientErrorsPerAddressMinute;
  serve(
    app,
    reportRoutes.clientError,
    { bodyLimit: BODY_LIMIT, config: { rateLimit: { max, timeWindow: 60_000 } } },
    async (request, reply) => {
      const report = request.body;
      const userAgent = report.userAgent ?? request.headers['user-agent'];
      request.log.warn({ clientError: { ...report, userAgent } }, 'Browser error');
      return reply.status(204).send();
    },
  );
}
