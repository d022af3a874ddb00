/**
 * Where a problem is in the file an author wrote: a JSON path (`pages[2].renderParts[0].font.size`,
 * the form engine/template.ts reports) turned into a line and column of the text, and the file's
 * syntax errors with theirs. Lines and columns count from 1, as editors show them.
 */
import { findNodeAtLocation, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';

export interface TextLocation {
  line: number;
  column: number;
}

/** `a.b[2].c` → ['a', 'b', 2, 'c']. */
export function pathSegments(path: string): (string | number)[] {
  const segments: (string | number)[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    segments.push(m[2] !== undefined ? Number(m[2]) : m[1]!);
  return segments;
}

export function locationOf(text: string, offset: number): TextLocation {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/**
 * The line and column of the value at a JSON path; for a path to a field that is missing, its
 * nearest present parent (where the field should be added). Null when the text is not JSON.
 */
export function locatePath(text: string, path: string): TextLocation | null {
  const root = parseTree(text, [], { disallowComments: true, allowTrailingComma: false });
  if (!root) return null;
  const segments = pathSegments(path);
  for (let n = segments.length; n >= 0; n--) {
    const node = findNodeAtLocation(root, segments.slice(0, n));
    if (!node) continue;
    // A property's key is where an author looks for it, not the start of its value.
    const at = node.parent?.type === 'property' ? node.parent.offset : node.offset;
    return locationOf(text, at);
  }
  return null;
}

export interface SyntaxProblem extends TextLocation {
  message: string;
}

/**
 * A syntax error in words an author reads (issue 31: `check` printed the parser's codes, such as
 * PropertyNameExpected, while the harness showed JavaScript's own message); the harness and `check`
 * both say it so.
 */
const SYNTAX_WORDS: Record<string, string> = {
  InvalidSymbol: 'a character JSON does not allow here',
  InvalidNumberFormat: 'a number JSON cannot read',
  PropertyNameExpected: 'a property name in double quotes was expected (is there a comma too many?)',
  ValueExpected: 'a value was expected',
  ColonExpected: 'a colon (:) was expected after the property name',
  CommaExpected: 'a comma was expected between two entries',
  CloseBraceExpected: 'a closing } was expected',
  CloseBracketExpected: 'a closing ] was expected',
  EndOfFileExpected: 'the file should end after its last }',
  InvalidCommentToken: 'JSON has no comments',
  UnexpectedEndOfComment: 'JSON has no comments',
  UnexpectedEndOfString: 'a text in quotes is not closed',
  UnexpectedEndOfNumber: 'a number is cut off',
  InvalidUnicode: 'a \\u escape is not four hexadecimal digits',
  InvalidEscapeCharacter: 'a backslash escape JSON does not know',
  InvalidCharacter: 'a character that must be escaped inside a text',
};

/** Every syntax error of a JSON text (none: it parses), each at its line and column, in plain words. */
export function syntaxProblems(text: string): SyntaxProblem[] {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  // One mistake is one problem: the parser may report a second error where it recovers (a trailing
  // comma is both "property name expected" and "value expected" at the same place).
  const once = errors.filter((e, i) => errors.findIndex((o) => o.offset === e.offset) === i);
  return once.map((e) => ({
    ...locationOf(text, e.offset),
    message: `not valid JSON: ${SYNTAX_WORDS[printParseErrorCode(e.error)] ?? 'the text cannot be read as JSON'}`,
  }));
}

/** The first syntax error as one line: `line 3, column 8: not valid JSON: a value was expected`. */
export function syntaxSummary(text: string): string | null {
  const [first] = syntaxProblems(text);
  return first ? `line ${first.line}, column ${first.column}: ${first.message}` : null;
}
