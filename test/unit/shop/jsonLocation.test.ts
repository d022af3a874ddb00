import { describe, expect, it } from 'vitest';
import { locatePath, pathSegments, syntaxProblems, syntaxSummary } from '../../../shop/jsonLocation.ts';

const text = [
  '{',
  '  "name": { "en_GB": "Card" },',
  '  "pages": [',
  '    { "id": "front" },',
  '    { "id": 7 }',
  '  ]',
  '}',
].join('\n');

describe('the check command: where a problem is in the file', () => {
  it('splits a JSON path as engine/template.ts writes it', () => {
    expect(pathSegments('partTypes[1].renderParts[2].font.size')).toEqual([
      'partTypes',
      1,
      'renderParts',
      2,
      'font',
      'size',
    ]);
  });

  it('finds the line and column of the property a path names', () => {
    expect(locatePath(text, 'pages[1].id')).toEqual({ line: 5, column: 7 });
    expect(locatePath(text, 'name.en_GB')).toEqual({ line: 2, column: 13 });
    expect(locatePath(text, 'pages[0]')).toEqual({ line: 4, column: 5 });
  });

  it('points a missing field at its nearest parent, where it should be added', () => {
    expect(locatePath(text, 'pages[0].typeId')).toEqual({ line: 4, column: 5 });
  });

  it('lists every syntax error with its line and column', () => {
    const broken = '{\n  "a": 1,\n  "b": ,\n  "c": [1 2]\n}';
    const problems = syntaxProblems(broken);
    expect(problems.map((p) => [p.line, p.column])).toEqual(
      expect.arrayContaining([
        [3, 8],
        [4, 11],
      ]),
    );
    expect(syntaxProblems(text)).toEqual([]);
  });

  it('says what is wrong in words, not the parser’s codes (issue 31)', () => {
    expect(syntaxProblems('{\n  "a": 1,\n}')).toEqual([
      {
        line: 3,
        column: 1,
        message: 'not valid JSON: a property name in double quotes was expected (is there a comma too many?)',
      },
    ]);
    expect(syntaxSummary('{"a" 1}')).toBe(
      'line 1, column 6: not valid JSON: a colon (:) was expected after the property name',
    );
    expect(syntaxSummary('{"a": 1}')).toBeNull();
    for (const p of syntaxProblems('{\n  "a": ,\n  "b": [1 2]\n  // note\n}')) {
      expect(p.message).toMatch(/^not valid JSON: \w/);
      expect(p.message).not.toMatch(/[A-Z][a-z]+[A-Z]/);
    }
  });
});
