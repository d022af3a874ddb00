/**
 * A client's mistake: answered with its status, a message in the portal's language and a stable code.
 * The code is also the message's key (`errors.<code>` in public/locale/{lng}/server.json); `message`
 * is the detailed English, answered on English portals and written to the log.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** More fields for the answer body (e.g. `fields` of a refused form). */
    readonly extra?: Record<string, unknown>,
    /** The values the translated message puts in its {{placeholders}}. */
    readonly values?: Record<string, string | number>,
  ) {
    super(message);
  }

  get key(): string {
    return `errors.${this.code}`;
  }
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} was not found`);
