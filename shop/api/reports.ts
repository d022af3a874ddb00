/** The app's reports of its own errors (issue 16), logged next to the server's side of the story. */
import { z } from 'zod';
import {
  CLIENT_ERROR_KINDS,
  CLIENT_ERROR_LIMITS,
  CLIENT_ERRORS_PATH,
  type ClientErrorReport,
} from '../clientErrors.ts';
import { defineRoute, errors, NoContent } from './route.ts';

export const ClientErrorReportSchema = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().min(1).max(CLIENT_ERROR_LIMITS.message),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
  url: z.string().max(CLIENT_ERROR_LIMITS.url),
  userAgent: z.string().max(CLIENT_ERROR_LIMITS.userAgent).optional(),
}) satisfies z.ZodType<ClientErrorReport>;

export const clientError = defineRoute({
  method: 'POST',
  path: CLIENT_ERRORS_PATH,
  summary: 'A browser error of the app, logged at warn with the request id; a few a minute per address',
  tags: ['reports'],
  body: ClientErrorReportSchema,
  responses: { 204: NoContent, ...errors(400, 413, 429) },
});

export const reportRoutes = { clientError };
