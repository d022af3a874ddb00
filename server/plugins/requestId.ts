/**
 * A request id on every request (issue 16), so one shopper's failure can be found in the logs: the
 * proxy's X-Request-Id when it is a sane token (nginx's $request_id, a load balancer's trace id),
 * else a fresh one. fastify's logger puts it on every line of the request (`reqId`), and the answer
 * carries it back in X-Request-Id for the shopper or the browser's error report to quote.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and `._:-`, at most 128 of them: nothing that could forge a log line or bloat it. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** fastify's `genReqId`: the incoming id when it is sane, else a random UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
});
