import { describe, expect, it } from 'vitest';
import { findTextProblem, storableLabel, textProblem } from '../../../shop/text.ts';

const LONE_HIGH = String.fromCharCode(0xd83d);
const LONE_LOW = String.fromCharCode(0xde00);
const PAIR = '\u{1F600}';

describe('textProblem', () => {
  it.each([
    ['plain', null],
    ['', null],
    [`smile ${PAIR} and ÆØÅ`, null],
    ['a\u0000b', 'nul'],
    [`a${LONE_HIGH}`, 'surrogate'],
    [`${LONE_LOW}a`, 'surrogate'],
    [`${LONE_LOW}${LONE_HIGH}`, 'surrogate'],
  ])('%j → %s', (text, problem) => {
    expect(textProblem(text)).toBe(problem);
  });
});

describe('findTextProblem', () => {
  it('names the first field that cannot be stored, in arrays and nested objects', () => {
    expect(findTextProblem({ name: 'Ada', lines: [{ text: 'ok' }, { text: 'b\u0000d' }] })).toEqual({
      path: 'lines.1.text',
      problem: 'nul',
    });
    expect(findTextProblem({ [`k${LONE_HIGH}`]: 1 })).toEqual({
      path: `k${LONE_HIGH}`,
      problem: 'nameSurrogate',
    });
    expect(findTextProblem('x\u0000')).toEqual({ path: '', problem: 'nul' });
  });

  it('passes numbers, booleans, null, undefined and clean text', () => {
    expect(findTextProblem({ a: 1, b: true, c: null, d: undefined, e: [PAIR] })).toBeNull();
    expect(findTextProblem(undefined)).toBeNull();
  });

  it('refuses nesting deeper than any request has', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(findTextProblem(deep)?.problem).toBe('nested');
  });
});

describe('storableLabel', () => {
  it('drops NUL characters and shows a broken character as U+FFFD, keeping real pairs', () => {
    expect(storableLabel(`ho\u0000li${LONE_HIGH}day ${PAIR}.jpg`)).toBe(`holi\uFFFDday ${PAIR}.jpg`);
    expect(storableLabel('plain.jpg')).toBe('plain.jpg');
  });
});
