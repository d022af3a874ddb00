import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../../server/db/availability.ts';

const pgError = (code: string, message = 'error') => Object.assign(new Error(message), { code });
/** drizzle wraps the driver's error as its cause. */
const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause });

describe('isDatabaseUnavailable: "try again in a moment" (503), not a bug (500) or a bad request', () => {
  it.each([
    ['55000', 'a database not accepting connections'],
    ['57P01', 'terminated by an administrator'],
    ['57P03', 'starting up'],
    ['57014', 'a statement cancelled by its timeout'],
    ['53300', 'too many connections'],
    ['53100', 'disk full'],
    ['08006', 'connection failure'],
    ['ECONNRESET', 'a reset socket'],
    ['ECONNREFUSED', 'a refused connection'],
  ])('%s (%s) is unavailability, also when wrapped', (code) => {
    expect(isDatabaseUnavailable(pgError(code))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(pgError(code)))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Client has encountered a connection error and is not queryable',
    'Query read timeout',
    'timeout exceeded when trying to connect',
  ])('node-postgres saying "%s" in words only', (message) => {
    expect(isDatabaseUnavailable(wrapped(new Error(message)))).toBe(true);
  });

  it('a failed connect to several addresses (AggregateError) counts when any part does', () => {
    expect(isDatabaseUnavailable(new AggregateError([pgError('ECONNREFUSED')]))).toBe(true);
  });

  it.each([
    ['23505', 'a unique violation'],
    ['22003', 'a number out of range'],
    ['42P01', 'an unknown table'],
    ['40001', 'a serialisation failure'],
  ])('%s (%s) is not', (code) => {
    expect(isDatabaseUnavailable(wrapped(pgError(code)))).toBe(false);
  });

  it('nothing, a string or a deep cycle of causes is not', () => {
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNRESET')).toBe(false);
    const loop: { cause?: unknown } = {};
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});
