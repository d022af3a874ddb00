import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesIn } from '../../../server/validationMessages.ts';

/** The worded issues of `input` against `schema`, in `language`. */
function worded(schema: z.ZodType, input: unknown, language = 'en_GB') {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('the input was taken');
  return issuesIn(result.error.issues, language);
}

describe('a refused input’s issues, worded by the server (issue 31)', () => {
  it.each([
    ['a missing field', z.object({ code: z.string() }), {}, 'code', 'is missing'],
    ['a wrong type', z.object({ code: z.string() }), { code: 5 }, 'code', 'should be text'],
    ['a whole number', z.object({ n: z.number().int() }), { n: 1.5 }, 'n', 'should be a whole number'],
    [
      'a text too short',
      z.object({ code: z.string().min(2) }),
      { code: 'a' },
      'code',
      'is too short (at least 2 characters)',
    ],
    [
      'a text too long',
      z.object({ code: z.string().max(3) }),
      { code: 'abcd' },
      'code',
      'is too long (at most 3 characters)',
    ],
    ['a number below, inclusive', z.object({ q: z.number().min(1) }), { q: 0 }, 'q', 'should be at least 1'],
    ['a number below, exclusive', z.object({ q: z.number().gt(0) }), { q: 0 }, 'q', 'should be more than 0'],
    ['a number above', z.object({ q: z.number().max(999) }), { q: 1000 }, 'q', 'should be at most 999'],
    [
      'too many entries',
      z.object({ l: z.array(z.number()).max(1) }),
      { l: [1, 2] },
      'l',
      'should have at most 1 entries',
    ],
    ['not a uuid', z.object({ id: z.uuid() }), { id: 'x' }, 'id', 'is not a valid id'],
    ['not an email', z.object({ e: z.email() }), { e: 'x' }, 'e', 'is not a valid email address'],
    [
      'not in a list',
      z.object({ t: z.enum(['cards', 'calendars']) }),
      { t: 'x' },
      't',
      'should be one of cards, calendars',
    ],
    [
      'not one of the literals',
      z.object({ r: z.union([z.literal(0), z.literal(90)]) }),
      { r: 45 },
      'r',
      'should be one of 0, 90',
    ],
    ['a field it does not take', z.strictObject({}), { x: 1 }, '', 'has fields that are not taken: x'],
    [
      'a refinement without words of its own',
      z.object({ a: z.number().refine((n) => n > 5, 'English') }),
      { a: 1 },
      'a',
      'is not valid',
    ],
    [
      'a refinement worded by a key',
      z.object({
        w: z.number().refine((n) => n === 360, { params: { key: 'one_of', values: { values: '360' } } }),
      }),
      { w: 1 },
      'w',
      'should be one of 360',
    ],
  ])('%s', (_name, schema, input, path, message) => {
    expect(worded(schema, input)).toEqual([{ path, message }]);
  });

  it('words the same issue in Norwegian and Danish, never with zod’s or the schema’s English', () => {
    const schema = z.object({ id: z.uuid('The id is not a valid uuid'), code: z.string() });
    expect(worded(schema, { id: 'x' }, 'nb_NO')).toEqual([
      { path: 'id', message: 'er ikke en gyldig ID' },
      { path: 'code', message: 'mangler' },
    ]);
    expect(worded(schema, { id: 'x', code: 1 }, 'da_DK')).toEqual([
      { path: 'id', message: 'er ikke et gyldigt id' },
      { path: 'code', message: 'skal være tekst' },
    ]);
  });
});
