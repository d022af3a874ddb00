/**
 * Ctrl+Z undoes and Ctrl+Shift+Z (or Ctrl+Y) redoes the editor's last change; Cmd on a Mac. Not while
 * a text field has the focus: there the keys undo the typing, as the shopper's system does everywhere.
 */
import { useEffect } from 'react';

export type HistoryKey = 'undo' | 'redo' | null;

/** What a key press asks of the editor's history. */
export function historyKeyOf(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): HistoryKey {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !e.shiftKey) return 'redo';
  return null;
}

const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA');

export function useUndoKeys(undo: () => void, redo: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const asked = historyKeyOf(e);
      if (!asked || typingIn(e.target)) return;
      e.preventDefault();
      if (asked === 'undo') undo();
      else redo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
}
