import { describe, expect, it } from 'vitest';
import { canonicalJson, publishOutcome } from '../../../shop/templateVersions.ts';

describe('publishing a template version', () => {
  it('a new uuid is a new template; a higher version a new version; a lower one an older version', () => {
    expect(publishOutcome([], { version: 1, design: 'a' })).toBe('new-template');
    expect(publishOutcome([{ version: 1, design: 'a' }], { version: 2, design: 'b' })).toBe('new-version');
    expect(publishOutcome([{ version: 3, design: 'a' }], { version: 2, design: 'b' })).toBe('older-version');
  });

  it('the same version is unchanged only when it is the same design in every portal that stores it', () => {
    const rows = [
      { version: 1, design: 'a' },
      { version: 1, design: 'a' },
    ];
    expect(publishOutcome(rows, { version: 1, design: 'a' })).toBe('unchanged');
    // Whichever portal's row comes first, one differing row is a changed design.
    expect(publishOutcome([{ version: 1, design: 'b' }, ...rows], { version: 1, design: 'a' })).toBe(
      'changed-design',
    );
    expect(publishOutcome([...rows, { version: 1, design: 'b' }], { version: 1, design: 'a' })).toBe(
      'changed-design',
    );
  });

  it('compares JSON whatever the order of its keys', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(canonicalJson({ a: [{ c: 3, d: 2 }], b: 1 }));
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
  });
});
