/**
 * The editor's state: one zustand store per open editor around the engine's instance history
 * (engine/instance.ts). Every change goes through a named engine command (`run`), so undo and redo
 * come from immer's patches; the store adds the screen's own state (which sub-menu is open) and
 * saves the instance to localStorage in an idle moment after each change (at once when the page is
 * hidden), so a reload keeps the shopper's work, and,
 * for a logged-in shopper, to the account ('My designs', designSync.ts).
 */
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Template } from '../../../engine/index.ts';
import {
  type CommandArgs,
  type CommandName,
  createInstance,
  type History,
  type Instance,
  instanceTemplate,
  redo,
  run,
  startHistory,
  undo,
} from '../../../engine/index.ts';
import type { DesignSync } from './designSync.ts';
import { type KeptWork, newerWork, restoreInstance, serialiseInstance, storageKey } from './editorRules.ts';

/** S1 §2: the editor's sub-menus switch by name. 'image', 'text' and 'buy' are the next step. */
/** A photo book adds 'pages' (the page overview) and 'make' (Make my book). */
export type Menu = 'main' | 'year' | 'dates' | 'preview' | 'image' | 'text' | 'buy' | 'pages' | 'make';

export interface EditorState {
  template: Template;
  today: Date;
  history: History;
  menu: Menu;
  run: <N extends CommandName>(name: N, ...args: CommandArgs<N>) => void;
  undo: () => void;
  redo: () => void;
  setMenu: (menu: Menu) => void;
  /** Forgets the saved work (close without saving). */
  discard: () => void;
  /** Writes the last change into the browser's storage now rather than in an idle moment (the page is hidden or the editor closes). */
  flush: () => void;
  /** Starts over from another instance (an auto-created book): a new history, saved at once. */
  replace: (instance: Instance) => void;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export interface EditorStart {
  /** Where the work is kept across reloads: the template's key, or a cart line's in update mode. */
  key?: string;
  /** The instance to start from when nothing is kept under the key (default: a fresh one). */
  fresh?: (today: Date) => Instance;
  /** A logged-in shopper's design as the account keeps it, and where changes are sent. */
  account?: { design: KeptWork | null; sync: DesignSync };
}

export function createEditorStore(
  template: Template,
  today: Date,
  start: EditorStart = {},
): StoreApi<EditorState> {
  const key = start.key ?? storageKey(template.uuid);
  const local = restoreInstance(storage()?.getItem(key) ?? null, template);
  const kept = newerWork(local, start.account?.design ?? null);
  const history = startHistory(kept?.instance ?? start.fresh?.(today) ?? createInstance(template, today));
  // Work done here while logged out or offline, newer than the account's, goes to the account now.
  const account = start.account;
  if (account && local && local.savedAt > (account.design?.savedAt ?? -1)) {
    account.sync.push(local.instance, local.savedAt);
  }

  // The browser's copy is written in an idle moment after a change, not in the tap's frame: a
  // 100-page book serialises and stores in ~15 ms at a phone's speed (decisions 3.22). What waits is
  // written when the page is hidden or the editor closes (flush), and a discard drops it.
  let waiting: { h: History; savedAt: number } | null = null;
  let later: (() => void) | null = null;
  const flush = () => {
    later?.();
    later = null;
    if (!waiting) return;
    const { h, savedAt } = waiting;
    waiting = null;
    try {
      storage()?.setItem(key, serialiseInstance(h.instance, savedAt));
    } catch {
      // A full or disabled storage only loses the reload safety net, never the editing.
    }
  };
  const save = (h: History) => {
    const savedAt = Date.now();
    account?.sync.push(h.instance, savedAt);
    waiting = { h, savedAt };
    later ??= whenIdle(flush);
  };

  return createStore<EditorState>((set, get) => ({
    template,
    today,
    history,
    menu: 'main',
    run: (name, ...args) => {
      const before = get().history;
      const after = run(template, before, name, ...args);
      if (after === before) return;
      set({ history: after });
      save(after);
    },
    undo: () => {
      const before = get().history;
      const after = undo(before);
      if (after === before) return;
      set({ history: after });
      save(after);
    },
    redo: () => {
      const before = get().history;
      const after = redo(before);
      if (after === before) return;
      set({ history: after });
      save(after);
    },
    setMenu: (menu) => set({ menu }),
    replace: (instance) => {
      const after = startHistory(instance);
      set({ history: after });
      save(after);
    },
    flush,
    discard: () => {
      waiting = null;
      storage()?.removeItem(key);
      account?.sync.remove();
    },
  }));
}

/** Runs `task` in an idle moment (within a second at the latest); the answer cancels it. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 0);
  return () => clearTimeout(id);
}

/**
 * The template the editor draws and edits against: a photo book's cover and inner pages as they are
 * now (engine instanceTemplate), every other template as it is. The engine keeps the template made
 * for each version of the (frozen) pages, so slots and scenes are only worked out again when the
 * pages change.
 */
export function useEditedTemplate(store: StoreApi<EditorState>): Template {
  const template = useStore(store, (s) => s.template);
  const bookPages = useStore(store, (s) => s.history.instance.bookPages);
  return instanceTemplate(template, { bookPages });
}
