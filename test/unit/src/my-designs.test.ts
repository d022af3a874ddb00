/**
 * 'My designs' in the browser (issue 18): the editor store sends every change to the account and
 * forgets the design when it is finished; the sync sends one save per pause, in order, a removal
 * never overtaken by a save; a visitor's saves move to the account at login.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInstance, type Instance } from '../../../engine/instance.ts';
import { systemClock } from '../../../shop/clock.ts';
import { accountDesignSync, type DesignSync } from '../../../src/features/editor/designSync.ts';
import { restoreInstance, serialiseInstance, storageKey } from '../../../src/features/editor/editorRules.ts';
import { createEditorStore } from '../../../src/features/editor/editorStore.ts';
import { moveLocalDesigns } from '../../../src/shared/moveLocalDesigns.ts';
import { demoTemplate } from '../../support/demoTemplates.ts';

const today = systemClock.now();
const card = demoTemplate('Balloon party');
const textSlot = (i: Instance) => Object.keys(i.resources).find((id) => i.resources[id]!.type === 'STRING')!;
const withText = (text: string): Instance => {
  const i = createInstance(card, today);
  const slot = textSlot(i);
  return {
    ...i,
    resources: { ...i.resources, [slot]: { ...(i.resources[slot] as object), text } },
  } as Instance;
};
const textOf = (i: Instance) => (i.resources[textSlot(i)] as { text: string }).text;

/** A Storage in memory, as the browser's localStorage. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (n) => [...map.keys()][n] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

function fakeSync(): DesignSync & { pushed: [Instance, number][]; removed: number } {
  const pushed: [Instance, number][] = [];
  const sync = {
    pushed,
    removed: 0,
    push: (instance: Instance, savedAt: number) => void pushed.push([instance, savedAt]),
    flush: () => {},
    remove: () => {
      sync.removed++;
    },
    idle: async () => {},
  };
  return sync;
}

let storage: Storage;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the editor store with an account', () => {
  it("opens the account's design when it is newer than the browser's, and sends nothing back", () => {
    storage.setItem(storageKey(card.uuid), serialiseInstance(withText('in this browser'), 1000));
    const sync = fakeSync();
    const store = createEditorStore(card, today, {
      account: { design: { instance: withText('from the account'), savedAt: 2000 }, sync },
    });
    expect(textOf(store.getState().history.instance)).toBe('from the account');
    expect(sync.pushed).toEqual([]);
  });

  it("opens the browser's save when it is newer, and sends it to the account at once", () => {
    storage.setItem(storageKey(card.uuid), serialiseInstance(withText('done offline'), 3000));
    const sync = fakeSync();
    const store = createEditorStore(card, today, {
      account: { design: { instance: withText('older'), savedAt: 2000 }, sync },
    });
    expect(textOf(store.getState().history.instance)).toBe('done offline');
    expect(sync.pushed.map(([i, at]) => [textOf(i), at])).toEqual([['done offline', 3000]]);
  });

  it('sends every change with its time, and forgets the design when it is discarded', () => {
    const sync = fakeSync();
    const store = createEditorStore(card, today, { account: { design: null, sync } });
    const slot = textSlot(store.getState().history.instance);
    const before = Date.now();
    store.getState().run('setText', slot, 'Hello');
    expect(sync.pushed).toHaveLength(1);
    const [sent, savedAt] = sync.pushed[0]!;
    expect(textOf(sent)).toBe('Hello');
    expect(savedAt).toBeGreaterThanOrEqual(before);
    store.getState().flush();
    expect(JSON.parse(storage.getItem(storageKey(card.uuid))!).savedAt).toBe(savedAt);
    store.getState().undo();
    expect(textOf(sync.pushed[1]![0])).not.toBe('Hello');
    store.getState().discard();
    expect(sync.removed).toBe(1);
    expect(storage.getItem(storageKey(card.uuid))).toBeNull();
  });
});

describe("the browser's copy of the work", () => {
  it('is written in a task after the change, once for several changes, with the newest work', async () => {
    vi.useFakeTimers();
    const store = createEditorStore(card, today);
    const slot = textSlot(store.getState().history.instance);
    const writes: string[] = [];
    const setItem = storage.setItem;
    storage.setItem = (k, v) => {
      writes.push(k);
      setItem(k, v);
    };
    store.getState().run('setText', slot, 'One');
    store.getState().run('setText', slot, 'Two');
    expect(storage.getItem(storageKey(card.uuid))).toBeNull();
    await vi.runAllTimersAsync();
    expect(writes).toEqual([storageKey(card.uuid)]);
    expect(textOf(restoreInstance(storage.getItem(storageKey(card.uuid)), card)!.instance)).toBe('Two');
  });

  it('is written at once by flush, and a discard drops what waits', async () => {
    vi.useFakeTimers();
    const store = createEditorStore(card, today);
    const slot = textSlot(store.getState().history.instance);
    store.getState().run('setText', slot, 'Kept');
    store.getState().flush();
    expect(textOf(restoreInstance(storage.getItem(storageKey(card.uuid)), card)!.instance)).toBe('Kept');
    store.getState().run('setText', slot, 'Thrown away');
    store.getState().discard();
    await vi.runAllTimersAsync();
    store.getState().flush();
    expect(storage.getItem(storageKey(card.uuid))).toBeNull();
  });
});

describe('the account sync', () => {
  const calls = () => (globalThis.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls;
  const methods = () => calls().map(([url, init]) => `${(init as RequestInit).method} ${url}`);

  it('sends one save a moment after the last change, with the newest work', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    const sync = accountDesignSync(card.uuid, 800);
    sync.push(withText('a'), 1);
    await vi.advanceTimersByTimeAsync(500);
    sync.push(withText('ab'), 2);
    await vi.advanceTimersByTimeAsync(799);
    expect(calls()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await sync.idle();
    expect(methods()).toEqual([`PUT /m/api/user/designs/${card.uuid}`]);
    const body = JSON.parse(calls()[0]![1].body as string);
    expect(textOf(body.instance)).toBe('ab');
    expect(body.savedAt).toBe(new Date(2).toISOString());
  });

  it('flush sends at once; a removal goes after the save on its way, never before it', async () => {
    let release: () => void = () => {};
    const fetch = vi.fn(async (_url: string, init: RequestInit) =>
      init.method === 'PUT'
        ? new Promise<Response>((r) => {
            release = () => r(new Response('{}', { status: 200 }));
          })
        : new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetch);
    const sync = accountDesignSync(card.uuid, 10_000);
    sync.push(withText('x'), 1);
    sync.flush();
    sync.remove();
    await Promise.resolve();
    expect(methods()).toEqual([`PUT /m/api/user/designs/${card.uuid}`]);
    release();
    await sync.idle();
    expect(methods()).toEqual([
      `PUT /m/api/user/designs/${card.uuid}`,
      `DELETE /m/api/user/designs/${card.uuid}`,
    ]);
  });

  it('a failed save does not stop the next one', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValue(new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sync = accountDesignSync(card.uuid, 0);
    sync.push(withText('lost'), 1);
    sync.flush();
    await sync.idle();
    sync.push(withText('sent'), 2);
    sync.flush();
    await sync.idle();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe("a visitor's designs at login", () => {
  it('move to the account and leave the browser; one the shop refuses stays; other keys are left alone', async () => {
    const other = demoTemplate('Classic A4');
    storage.setItem(storageKey(card.uuid), serialiseInstance(withText('moving'), 5));
    storage.setItem(storageKey(other.uuid), serialiseInstance(createInstance(other, today), 6));
    storage.setItem('editor:line:abc', 'update mode work');
    storage.setItem(`${storageKey('damaged')}`, '{not json');
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      url.includes(other.uuid)
        ? new Response(JSON.stringify({ error: 'gone', code: 'not_found' }), { status: 404 })
        : new Response('{}', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await moveLocalDesigns()).toBe(1);
    expect(storage.getItem(storageKey(card.uuid))).toBeNull();
    expect(storage.getItem(storageKey(other.uuid))).not.toBeNull();
    expect(storage.getItem('editor:line:abc')).toBe('update mode work');
    const sent = JSON.parse(fetch.mock.calls.find(([u]) => u.includes(card.uuid))![1]!.body as string);
    expect(sent).toEqual({
      instance: expect.objectContaining({ templateUuid: card.uuid }),
      savedAt: new Date(5).toISOString(),
    });
  });

  it('stop at the first 401 and keep everything', async () => {
    storage.setItem(storageKey(card.uuid), serialiseInstance(withText('kept'), 5));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"log in","code":"unauthorized"}', { status: 401 })),
    );
    expect(await moveLocalDesigns()).toBe(0);
    expect(storage.getItem(storageKey(card.uuid))).not.toBeNull();
  });
});
