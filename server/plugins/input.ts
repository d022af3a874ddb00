/**
 * Every request's text checked before any route sees it (issue 16): a NUL character or a lone
 * surrogate anywhere in the address, the query or the body is a 400 that names the field, not a 500
 * from PostgreSQL. Multipart bodies are read by their routes; their file names are cleaned there.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findTextProblem } from '../../shop/text.ts';
import { HttpError } from '../errors.ts';

const PARTS = [
  ['params', 'the address'],
  ['query', 'the query'],
  ['body', 'the body'],
] as const;

export function checkRequestText(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): void {
  for (const [part, where] of PARTS) {
    const found = findTextProblem(request[part]);
    if (found) {
      const field = found.path ? `The field "${found.path}"` : `The text of ${where}`;
      throw new HttpError(400, 'invalid_text', `${field} ${found.problem}`);
    }
  }
}

export const inputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => checkRequestText(request));
});
