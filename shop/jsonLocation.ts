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

/** Every syntax error of a JSON text (none: it parses). */
export function syntaxProblems(text: string): SyntaxProblem[] {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  return errors.map((e) => ({
    ...locationOf(text, e.offset),
    message: `JSON: ${printParseErrorCode(e.error)}`,
  }));
}
