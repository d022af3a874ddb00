/**
 * A browser error the app reports to the server (issue 16; S0 §9's error reporting): what crosses the
 * wire, and how long each part may be. The app cuts its reports to these lengths; the server refuses
 * longer ones.
 */
import { z } from 'zod';

export const CLIENT_ERROR_LIMITS = { message: 1000, stack: 8000, url: 2048, userAgent: 512 } as const;

/** Where the report came from: a thrown error, a rejected promise nobody caught, a crashed screen. */
export const CLIENT_ERROR_KINDS = ['error', 'unhandledrejection', 'render'] as const;

export const ClientErrorReport = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().min(1).max(CLIENT_ERROR_LIMITS.message),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
  url: z.string().max(CLIENT_ERROR_LIMITS.url),
  userAgent: z.string().max(CLIENT_ERROR_LIMITS.userAgent).optional(),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;
