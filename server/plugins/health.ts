/**
 * GET /healthz for a load balancer or an orchestrator (issue 16): 200 when the process answers and
 * so does the database, 503 when the database does not (a cheap `select 1` with a short timeout).
 * No session, no rate limit, and its own lines in the log only at warn: probes come every few
 * seconds.
 */
import type { FastifyInstance } from 'fastify';
import { databaseAnswers } from '../db/availability.ts';
import type { Database } from '../db/connect.ts';

/** A database slower than this to say `select 1` is as good as gone for a shopper. */
export const HEALTH_TIMEOUT_MS = 2000;

export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get('/healthz', { logLevel: 'warn', config: { rateLimit: false } }, async (_request, reply) => {
    const ok = await databaseAnswers(database, HEALTH_TIMEOUT_MS);
    reply.header('Cache-Control', 'no-store');
    return ok
      ? { status: 'ok', database: 'ok' }
      : reply.status(503).send({ status: 'unavailable', database: 'unavailable' });
  });
}
