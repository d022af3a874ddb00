import { describe, expect, it } from 'vitest';
import { historyKeyOf } from '../../../src/features/editor/useUndoKeys.ts';

const press = (key: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {}) =>
  historyKeyOf({
    key,
    ctrlKey: !!mods.ctrl,
    metaKey: !!mods.meta,
    shiftKey: !!mods.shift,
    altKey: !!mods.alt,
  });

describe('the editor history keys', () => {
  it('Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo; Cmd does the same on a Mac', () => {
    expect(press('z', { ctrl: true })).toBe('undo');
    expect(press('Z', { ctrl: true, shift: true })).toBe('redo');
    expect(press('y', { ctrl: true })).toBe('redo');
    expect(press('z', { meta: true })).toBe('undo');
    expect(press('z', { meta: true, shift: true })).toBe('redo');
  });

  it('leaves every other key alone: plain Z, Alt combinations, Ctrl+Shift+Y, other letters', () => {
    expect(press('z')).toBeNull();
    expect(press('z', { shift: true })).toBeNull();
    expect(press('z', { ctrl: true, alt: true })).toBeNull();
    expect(press('y', { ctrl: true, shift: true })).toBeNull();
    expect(press('x', { ctrl: true })).toBeNull();
  });
});
