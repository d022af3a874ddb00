/**
 * A refused input's issues in the portal's language (issue 31): zod words its issues in English
 * ("Invalid input: expected string, received undefined"), and a Norwegian shopper read them inside a
 * Norwegian sentence. Each issue is worded here from what zod records of it (its code, the expected
 * type, the limit, the format), by a key of server.json's `errors.validation`, in every language,
 * English included; the English `message` a schema or zod set is never shown.
 */
import type { z } from 'zod';
import type { MessageValues } from '../shop/index.ts';
import { errorMessage } from './i18n.ts';

type Issue = z.core.$ZodIssue;

/** The types zod names in `expected`, each with words of its own; any other is "another value". */
const TYPES = new Set(['string', 'number', 'int', 'boolean', 'object', 'array', 'date', 'bigint', 'null']);
const ID_FORMATS = new Set(['uuid', 'guid', 'cuid', 'cuid2', 'ulid', 'nanoid']);
const TIME_FORMATS = new Set(['datetime', 'date', 'time', 'duration']);

/** What zod says of a field that is not there at all (its English message is the only sign). */
const MISSING = /received undefined$/;

function phrase(issue: Issue): { key: string; values?: MessageValues } {
  switch (issue.code) {
    case 'invalid_type':
      if (MISSING.test(issue.message)) return { key: 'missing' };
      return {
        key: 'should_be',
        values: {
          expected: { key: `validation.types.${TYPES.has(issue.expected) ? issue.expected : 'other'}` },
        },
      };
    case 'too_small': {
      const minimum = String(issue.minimum);
      if (issue.origin === 'string') return { key: 'too_short', values: { minimum } };
      if (issue.origin === 'array' || issue.origin === 'set')
        return { key: 'min_items', values: { minimum } };
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return { key: issue.inclusive === false ? 'greater_than' : 'at_least', values: { minimum } };
      return { key: 'too_small' };
    }
    case 'too_big': {
      const maximum = String(issue.maximum);
      if (issue.origin === 'string') return { key: 'too_long', values: { maximum } };
      if (issue.origin === 'array' || issue.origin === 'set')
        return { key: 'max_items', values: { maximum } };
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return { key: issue.inclusive === false ? 'less_than' : 'at_most', values: { maximum } };
      return { key: 'too_big' };
    }
    case 'invalid_format':
      if (ID_FORMATS.has(issue.format)) return { key: 'id' };
      if (issue.format === 'email') return { key: 'email' };
      if (TIME_FORMATS.has(issue.format)) return { key: 'time' };
      if (issue.format === 'url') return { key: 'url' };
      return { key: 'format' };
    case 'invalid_value':
      return { key: 'one_of', values: { values: issue.values.map(String).join(', ') } };
    case 'not_multiple_of':
      return { key: 'multiple_of', values: { divisor: String(issue.divisor) } };
    case 'unrecognized_keys':
      return { key: 'unknown_fields', values: { keys: issue.keys.join(', ') } };
    case 'invalid_union': {
      // A union of literals (0, 90, 180 or 270): one list of what it takes.
      const values = issue.errors.every(
        (branch) => branch.length === 1 && branch[0]!.code === 'invalid_value',
      )
        ? issue.errors.flatMap((branch) => (branch[0] as z.core.$ZodIssueInvalidValue).values)
        : null;
      return values?.length
        ? { key: 'one_of', values: { values: values.map(String).join(', ') } }
        : { key: 'invalid' };
    }
    case 'custom': {
      // A schema's refinement words itself by a key of errors.validation: `{ params: { key, values } }`.
      const params = issue.params as { key?: unknown; values?: MessageValues } | undefined;
      return typeof params?.key === 'string'
        ? { key: params.key, values: params.values }
        : { key: 'invalid' };
    }
    default:
      // A bad key or element of a record or map.
      return { key: 'invalid' };
  }
}

/** One issue in words of `language`: what is wrong, without the field (the caller names it). */
export function issueMessage(issue: Issue, language: string | undefined): string {
  const { key, values } = phrase(issue);
  return errorMessage(language, `validation.${key}`, values);
}

/** Every issue of a refused input, with its field's path, in `language`. */
export function issuesIn(issues: readonly Issue[], language: string | undefined) {
  return issues.map((i) => ({ path: i.path.join('.'), message: issueMessage(i, language) }));
}
