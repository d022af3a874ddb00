/**
 * Whether the database answers (issue 16): a lost database is the shop's fault, not the shopper's,
 * and not a bug either, so it is answered 503 ("try again in a moment") rather than 500, and the
 * health check reports it.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Database } from './connect.ts';

/**
 * Node's socket errors, and PostgreSQL's states that mean "not now" rather than "wrong": 55000 (a
 * database not accepting connections, such as one being cloned or with datallowconn off), 57014 (a
 * statement cancelled by a timeout), 57P01-57P05 (shut down by an administrator, crashed, starting up,
 * idle timeouts), 25P03 (an idle transaction timed out), 58000/58030 (system and I/O errors); class
 * 08 is "connection exception", class 53 "insufficient resources" (too many connections, disk full,
 * out of memory).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '55000',
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '57P04',
  '57P05',
  '25P03',
  '58000',
  '58030',
]);

const UNAVAILABLE_CLASSES = /^(08|53)[0-9A-Z]{3}$/;

/** node-postgres says these in words only, without a code. */
const UNAVAILABLE_MESSAGE =
  /connection terminated|timeout exceeded when trying to connect|not queryable|query read timeout|database system is (starting up|shutting down|in recovery mode)/i;

/**
 * True when an error (or what it wraps: drizzle's query errors carry the driver's as `cause`, a
 * failed connect to several addresses is an AggregateError) says the database could not be reached.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = err as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_CLASSES.test(code)))
    return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * A cheap `select 1` that gives up after `timeoutMs`: true when the database answered in time. A
 * query stuck on a half-open connection is left to the pool's own timeouts; the check does not wait.
 */
export function databaseAnswers(database: Database, timeoutMs: number): Promise<boolean> {
  const ping = database.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  return Promise.race([ping, delay(timeoutMs, false, { ref: false })]);
}
