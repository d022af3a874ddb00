/**
 * Text a request may carry (issue 16): PostgreSQL cannot store a NUL character, and a lone UTF-16
 * surrogate is no character at all; either would otherwise fail deep in a query as a 500.
 */

const LONE_SURROGATE_SOURCE =
  '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const LONE_SURROGATE = new RegExp(LONE_SURROGATE_SOURCE);
/** Deeper than any request of the contract nests; deeper input is refused rather than walked. */
const MAX_DEPTH = 32;

/**
 * What can be wrong with a request's text; each is the key of the server's message
 * (`errors.invalidText.<problem>` of server.json): a NUL character, half of a surrogate pair, either
 * in a field's name, or an input nested deeper than any request of the contract.
 */
export type TextProblem = 'nul' | 'surrogate' | 'nameNul' | 'nameSurrogate' | 'nested';

/** What is wrong with `text`, or null when it can be stored. */
export function textProblem(text: string): 'nul' | 'surrogate' | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
}

/** The first string (value or key) in `value` that cannot be stored, with where it is. */
export function findTextProblem(
  value: unknown,
  path: readonly (string | number)[] = [],
): { path: string; problem: TextProblem } | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path: path.join('.'), problem } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (path.length >= MAX_DEPTH) return { path: path.join('.'), problem: 'nested' };
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [i, item])
    : Object.entries(value as Record<string, unknown>);
  for (const [key, item] of entries) {
    if (typeof key === 'string') {
      const problem = textProblem(key);
      if (problem) {
        return { path: [...path, key].join('.'), problem: problem === 'nul' ? 'nameNul' : 'nameSurrogate' };
      }
    }
    const found = findTextProblem(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * A label (a file's name) made storable: NUL characters dropped, a lone surrogate replaced by U+FFFD,
 * as a browser shows it. A label is not worth refusing a shopper's photo over.
 */
export function storableLabel(text: string): string {
  return text.replaceAll('\u0000', '').replace(new RegExp(LONE_SURROGATE_SOURCE, 'g'), '\uFFFD');
}
