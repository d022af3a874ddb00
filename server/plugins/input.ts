/**
 * Every request's text checked before any route sees it (issue 16): a NUL character or a lone
 * surrogate anywhere in the address, the query or the body is a 400 that names the field, not a 500
 * from PostgreSQL. Multipart bodies are read by their routes; their file names are cleaned there.
 * An answer that does not wait for the whole body closes the connection.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findTextProblem, type TextProblem } from '../../shop/index.ts';
import { HttpError } from '../errors.ts';

const PARTS = ['params', 'query', 'body'] as const;

const PROBLEM_KEYS: Record<TextProblem, string> = {
  nul: 'invalidText.nul',
  surrogate: 'invalidText.surrogate',
  nameNul: 'invalidText.nameNul',
  nameSurrogate: 'invalidText.nameSurrogate',
  nested: 'invalidText.nested',
};

export function checkRequestText(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): void {
  for (const part of PARTS) {
    const found = findTextProblem(request[part]);
    if (found) {
      // A bare string (a text body) has no path: the part names it.
      const field = found.path || part;
      throw new HttpError(400, 'invalid_text', { key: PROBLEM_KEYS[found.problem], values: { field } });
    }
  }
}

export const inputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => checkRequestText(request));
  // An answer given before the request's body was all read (a 413 part-way through an upload) closes
  // the connection. Kept alive, the server would go on waiting for the rest of a body the client has
  // stopped sending, and the client's next request on that connection would hang until a timeout.
  // inject()'s stand-in request has no `complete` at all: it is no connection to close.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
    return payload;
  });
});
