import { FALLBACK_LANGUAGE } from '../engine/index.ts';
import type { MessageValues } from '../shop/index.ts';
import { errorMessage } from './i18n.ts';

export interface HttpErrorDetails {
  /** The message's key under `errors.` when the code has several messages; the code otherwise. */
  readonly key?: string;
  /** What the message puts in its {{placeholders}}: data, or phrases worded in the same language. */
  readonly values?: MessageValues;
  /** More fields for the answer body (e.g. `fields` of a refused form). */
  readonly extra?: Record<string, unknown>;
}

/**
 * A client's mistake: answered with its status, a stable code and a message in the portal's
 * language. The error carries no text: its message is `errors.<key>` of
 * public/locale/{lng}/server.json in every language, English included (test/unit/src/locale.test.ts
 * checks that every key the server throws is there in each). `message` is the English, for the log.
 */
export class HttpError extends Error {
  readonly key: string;
  readonly values: MessageValues | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    details: HttpErrorDetails = {},
  ) {
    const key = details.key ?? code;
    super(errorMessage(FALLBACK_LANGUAGE, key, details.values));
    this.key = key;
    this.values = details.values;
    this.extra = details.extra;
  }

  /** The message in a portal's language. */
  messageIn(language: string | undefined): string {
    return errorMessage(language, this.key, this.values);
  }
}

/** A 404 whose message names the thing: `errors.notFound.<thing>` ("The order was not found"). */
export const notFound = (thing: string, values?: MessageValues) =>
  new HttpError(404, 'not_found', { key: `notFound.${thing}`, values });
