/**
 * A browser error the app reports to the server (issue 16; S0 §9's error reporting): what crosses the
 * wire, and how long each part may be. The app cuts its reports to these lengths; the server refuses
 * longer ones (its schema is in server/routes/client-errors.ts: zod stays out of the start page).
 */

export const CLIENT_ERRORS_PATH = '/m/api/client-errors';

export const CLIENT_ERROR_LIMITS = { message: 1000, stack: 8000, url: 2048, userAgent: 512 } as const;

/** Where the report came from: a thrown error, a rejected promise nobody caught, a crashed screen. */
export const CLIENT_ERROR_KINDS = ['error', 'unhandledrejection', 'render'] as const;

export interface ClientErrorReport {
  kind: (typeof CLIENT_ERROR_KINDS)[number];
  message: string;
  stack?: string;
  /** The page's address without its query or fragment. */
  url: string;
  userAgent?: string;
}
