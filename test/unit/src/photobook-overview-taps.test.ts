/**
 * The overview's taps (overviewTaps.ts) run their commands after the next frame and work out what they
 * act on then. Here the frames are a list the test drains, and the commands run in the real engine
 * on a Holiday book, as the overview's store would.
 */
import { describe, expect, it } from 'vitest';
import type { BookTemplate } from '../../../engine/book.ts';
import { createInstance, type History, run, startHistory } from '../../../engine/instance.ts';
import { systemClock } from '../../../shop/clock.ts';
import { PHOTOBOOKS } from '../../../shop/photobook/index.ts';
import type { EditorState } from '../../../src/features/editor/editorStore.ts';
import { freshBookPages, pageSteps } from '../../../src/features/editor/photobook/bookRules.ts';
import {
  addPageStep,
  movePageBy,
  movePageTo,
  removePageStep,
  type Shown,
  tapQueue,
} from '../../../src/features/editor/photobook/overviewTaps.ts';
import { demoTemplate } from '../../support/demoTemplates.ts';

const t = demoTemplate('Holiday book') as BookTemplate;
const rules = PHOTOBOOKS['photobook-20x20-soft']!.pages;

/** A book at the product's least pages, its store, and taps whose frames come when `frame()` says. */
function overview() {
  let h: History = startHistory(createInstance(t, systemClock.now(), freshBookPages(t, rules)));
  const runCommand = ((name, ...args) => {
    h = run(t, h, name, ...args);
  }) as EditorState['run'];
  const shown = (): Shown => {
    const pages = h.instance.bookPages!;
    const selected = Math.max(
      0,
      pages.findIndex((p) => p.id === h.instance.currentPageId),
    );
    return { run: runCommand, pages, selected, steps: pageSteps(rules, pages.length) };
  };
  const waiting: (() => void)[] = [];
  const later = tapQueue(shown, (task) => waiting.push(task));
  return {
    later,
    ids: () => h.instance.bookPages!.map((p) => p.id),
    select: (id: string) => runCommand('selectPage', id),
    /** The next frame is drawn: the tasks queued from it run, one by one. */
    frame: () => {
      for (const task of waiting.splice(0)) task();
    },
  };
}

describe('the overview’s taps', () => {
  it('run nothing until the frame after the tap', () => {
    const o = overview();
    const [first, second] = o.ids();
    o.later(movePageBy(first!, 1));
    expect(o.ids().slice(0, 2)).toEqual([first, second]);
    o.frame();
    expect(o.ids().slice(0, 2)).toEqual([second, first]);
  });

  it('Move later tapped twice before either ran moves the page two places, not there and back', () => {
    const o = overview();
    const before = o.ids();
    const page = before[2]!;
    o.later(movePageBy(page, 1));
    o.later(movePageBy(page, 1));
    o.frame();
    expect(o.ids().indexOf(page)).toBe(4);
    expect(o.ids().filter((id) => id !== page)).toEqual(before.filter((id) => id !== page));
  });

  it('a move past either end does nothing', () => {
    const o = overview();
    const before = o.ids();
    o.later(movePageBy(before[0]!, -1));
    o.later(movePageBy(before.at(-1)!, 1));
    o.frame();
    expect(o.ids()).toEqual(before);
  });

  it('a page dropped by its handle goes to the place it was dropped on, wherever it is by then', () => {
    const o = overview();
    const before = o.ids();
    const page = before[1]!;
    o.later(movePageBy(page, -1)); // now first
    o.later(movePageTo(page, 3));
    o.frame();
    expect(o.ids().indexOf(page)).toBe(3);
    o.later(movePageTo(page, before.length)); // past the end: nothing
    o.frame();
    expect(o.ids().indexOf(page)).toBe(3);
  });

  it('Add and Remove pages tapped twice take two steps, after and from the selected page as it is then', () => {
    const o = overview();
    const before = o.ids();
    const { add } = pageSteps(rules, before.length);
    expect(add).toBeGreaterThan(0);
    o.select(before[1]!);
    o.later(addPageStep);
    o.later(addPageStep);
    o.frame();
    const grown = o.ids();
    expect(grown).toHaveLength(before.length + 2 * add);
    // The pages before the selected one and after the new ones are where they were.
    expect(grown.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(grown.slice(2 + 2 * add)).toEqual(before.slice(2));

    o.later(removePageStep);
    o.later(removePageStep);
    o.frame();
    expect(o.ids()).toHaveLength(grown.length - 2 * pageSteps(rules, grown.length).remove);
  });

  it('Remove pages at the product’s least pages does nothing', () => {
    const o = overview();
    const before = o.ids();
    expect(pageSteps(rules, before.length).remove).toBe(0);
    o.later(removePageStep);
    o.frame();
    expect(o.ids()).toEqual(before);
  });
});
