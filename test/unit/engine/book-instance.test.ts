import { describe, expect, it } from 'vitest';
import type { BookTemplate } from '../../../engine/book.ts';
import {
  createInstance,
  type History,
  type ImageValue,
  instanceTemplate,
  keptInstance,
  pictureUsage,
  redo,
  run,
  startHistory,
  trayOf,
  undo,
} from '../../../engine/instance.ts';
import { resourceSlots } from '../../../engine/template.ts';
import { systemClock } from '../../../shop/clock.ts';
import { demoTemplate } from '../../support/demoTemplates.ts';

const t = demoTemplate('Holiday book') as BookTemplate;
const today = systemClock.now();
const landscape = (uuid: string) => ({ uuid, width: 4000, height: 3000 });
const portrait = (uuid: string) => ({ uuid, width: 3000, height: 4000 });
const fresh = (): History => startHistory(createInstance(t, today));
const pageIds = (h: History) => h.instance.bookPages!.map((p) => p.id);
const layouts = (h: History) => h.instance.bookPages!.map((p) => p.typeId);
const imageOf = (h: History, fullId: string): ImageValue | null => {
  const v = h.instance.resources[fullId];
  if (v?.type !== 'IMAGE') throw new Error(`${fullId} is no picture slot`);
  return v.image;
};
/** The demo book with pictures a, b, c, d in the four-picture page b3 and e in the full page b1. */
function filled(): History {
  let h = fresh();
  for (const [n, uuid] of ['a', 'b', 'c', 'd'].entries())
    h = run(t, h, 'setPicture', `b3:photo${n + 1}`, landscape(uuid));
  return run(t, h, 'setPicture', 'b1:photo1', portrait('e'));
}

describe('a new book instance', () => {
  it('starts with the template’s sample pages, an empty tray and a slot for every page’s and the cover’s places', () => {
    const i = createInstance(t, today);
    expect(i.bookPages).toEqual([
      { id: 'b1', typeId: 'full' },
      { id: 'b2', typeId: 'two' },
      { id: 'b3', typeId: 'four' },
      { id: 'b4', typeId: 'one-caption' },
    ]);
    expect(i.nextBookPage).toBe(5);
    expect(i.tray).toEqual([]);
    expect(i.currentPageId).toBe('cover');
    expect(Object.keys(i.resources).sort()).toEqual(
      resourceSlots(t)
        .filter((s) => s.resource.userSupplied)
        .map((s) => s.fullId)
        .sort(),
    );
    expect(i.resources['cover:title']).toMatchObject({ type: 'STRING', text: 'Our holiday' });
  });

  it('starts with given pages (a stored line, an auto-created book)', () => {
    const i = createInstance(t, today, [
      { id: 'b8', typeId: 'six' },
      { id: 'b3', typeId: 'text' },
    ]);
    expect(i.nextBookPage).toBe(9);
    expect(Object.keys(i.resources).filter((k) => k.startsWith('b8:'))).toHaveLength(6);
    expect(i.resources['b3:heading']).toMatchObject({ type: 'STRING', text: '' });
  });

  it('other templates have no pages, tray or page number', () => {
    const i = createInstance(demoTemplate('Balloon party'), today);
    expect(i).not.toHaveProperty('bookPages');
    expect(i).not.toHaveProperty('tray');
  });
});

describe('addPages', () => {
  it('adds pages of the default layout (or the one asked) where asked, with empty slots; undo and redo', () => {
    let h = run(t, fresh(), 'addPages', 1, 2);
    expect(pageIds(h)).toEqual(['b1', 'b5', 'b6', 'b2', 'b3', 'b4']);
    expect(layouts(h).slice(1, 3)).toEqual(['two', 'two']);
    expect(imageOf(h, 'b5:photo2')).toBeNull();
    expect(h.instance.dirty).toBe(true);
    h = run(t, h, 'addPages', 99, 1, 'text');
    expect(pageIds(h).at(-1)).toBe('b7');
    expect(h.instance.resources['b7:heading']).toMatchObject({ type: 'STRING', text: '' });
    h = undo(h);
    expect(pageIds(h)).toEqual(['b1', 'b5', 'b6', 'b2', 'b3', 'b4']);
    expect(h.instance.resources).not.toHaveProperty('b7:heading');
    h = undo(h);
    expect(h.instance).toEqual(fresh().instance);
    h = redo(redo(h));
    expect(pageIds(h)).toHaveLength(7);
  });

  it('never gives an id twice, also after the newest page was removed', () => {
    let h = run(t, fresh(), 'addPages', 4, 1); // b5, at the end
    h = run(t, h, 'removePages', 4, 1);
    h = run(t, h, 'addPages', 4, 1);
    expect(pageIds(h)).toEqual(['b1', 'b2', 'b3', 'b4', 'b6']);
  });

  it('changes nothing for a layout the book does not have, a count below 1 or not whole', () => {
    const h = fresh();
    expect(run(t, h, 'addPages', 0, 1, 'cover')).toBe(h);
    expect(run(t, h, 'addPages', 0, 0)).toBe(h);
    expect(run(t, h, 'addPages', 0, 1.5)).toBe(h);
    expect(
      run(
        demoTemplate('Balloon party'),
        startHistory(createInstance(demoTemplate('Balloon party'), today)),
        'addPages',
        0,
        2,
      ).past,
    ).toEqual([]);
  });
});

describe('removePages', () => {
  it('takes the pages and their slots out; their pictures go to the tray; undo puts all back', () => {
    let h = filled();
    h = run(t, h, 'selectPage', 'b3');
    h = run(t, h, 'removePages', 1, 2);
    expect(pageIds(h)).toEqual(['b1', 'b4']);
    expect(Object.keys(h.instance.resources).some((k) => k.startsWith('b3:'))).toBe(false);
    expect(h.instance.tray!.map((p) => p.uuid)).toEqual(['a', 'b', 'c', 'd']);
    expect(h.instance.currentPageId).toBe('b4');
    expect(pictureUsage(h.instance).get('a')).toBeUndefined();
    h = undo(h);
    expect(h.instance).toEqual(run(t, filled(), 'selectPage', 'b3').instance);
  });

  it('keeps at least one inner page', () => {
    let h = run(t, fresh(), 'removePages', 0, 10);
    expect(pageIds(h)).toEqual(['b4']);
    expect(run(t, h, 'removePages', 0, 1)).toBe(h);
    h = run(t, fresh(), 'removePages', 3, 5);
    expect(pageIds(h)).toEqual(['b1', 'b2', 'b3']);
  });

  it('changes nothing out of range', () => {
    const h = fresh();
    expect(run(t, h, 'removePages', 4, 1)).toBe(h);
    expect(run(t, h, 'removePages', -1, 1)).toBe(h);
    expect(run(t, h, 'removePages', 0, 0)).toBe(h);
  });
});

describe('movePage', () => {
  it('moves a page with its pictures; undo moves it back', () => {
    let h = filled();
    h = run(t, h, 'movePage', 2, 0);
    expect(pageIds(h)).toEqual(['b3', 'b1', 'b2', 'b4']);
    expect(imageOf(h, 'b3:photo1')!.uuid).toBe('a');
    h = run(t, h, 'movePage', 0, 3);
    expect(pageIds(h)).toEqual(['b1', 'b2', 'b4', 'b3']);
    h = undo(undo(h));
    expect(pageIds(h)).toEqual(['b1', 'b2', 'b3', 'b4']);
    expect(run(t, h, 'movePage', 1, 1)).toBe(h);
    expect(run(t, h, 'movePage', 1, 4)).toBe(h);
  });
});

describe('setPageLayout', () => {
  it('keeps the page’s pictures in order, cropped for their new frames; the ones that no longer fit go to the tray', () => {
    let h = filled();
    h = run(t, h, 'setPageLayout', 'b3', 'two');
    expect(layouts(h)[2]).toBe('two');
    expect([imageOf(h, 'b3:photo1')!.uuid, imageOf(h, 'b3:photo2')!.uuid]).toEqual(['a', 'b']);
    expect(h.instance.resources).not.toHaveProperty('b3:photo3');
    // An 85 x 120 portrait frame takes a narrower part of a landscape picture than an 85 x 85 one.
    expect(imageOf(h, 'b3:photo1')!.cropRect.width).toBeLessThan(
      imageOf(filled(), 'b3:photo1')!.cropRect.width,
    );
    expect(h.instance.tray!.map((p) => p.uuid)).toEqual(['c', 'd']);
    expect(trayOf(h.instance).map(({ picture, uses }) => [picture.uuid, uses])).toEqual([
      ['c', 0],
      ['d', 0],
      ['e', 1],
      ['a', 1],
      ['b', 1],
    ]);
    h = undo(h);
    expect(h.instance).toEqual(filled().instance);
  });

  it('a larger layout keeps every picture and leaves its further slots empty', () => {
    const h = run(t, filled(), 'setPageLayout', 'b3', 'six');
    expect([1, 2, 3, 4].map((n) => imageOf(h, `b3:photo${n}`)!.uuid)).toEqual(['a', 'b', 'c', 'd']);
    expect([imageOf(h, 'b3:photo5'), imageOf(h, 'b3:photo6')]).toEqual([null, null]);
    expect(h.instance.tray).toEqual([]);
  });

  it('moves a caption the shopper wrote to the new layout’s text, and leaves a suggested one', () => {
    let h = run(t, fresh(), 'setText', 'b4:caption', 'Lisbon, day one');
    h = run(t, h, 'setPageLayout', 'b4', 'text');
    expect(h.instance.resources['b4:heading']).toMatchObject({ text: 'Lisbon, day one' });
    expect(h.instance.resources['b4:heading']).toMatchObject({ font: { size: 20 } });
    h = run(t, h, 'setPageLayout', 'b4', 'four');
    expect(Object.keys(h.instance.resources).filter((k) => k.startsWith('b4:'))).toHaveLength(4);
    h = undo(h);
    expect(h.instance.resources['b4:heading']).toMatchObject({ text: 'Lisbon, day one' });
  });

  it('changes nothing for the same layout, an unknown one or an unknown page', () => {
    const h = filled();
    expect(run(t, h, 'setPageLayout', 'b3', 'four')).toBe(h);
    expect(run(t, h, 'setPageLayout', 'b3', 'cover')).toBe(h);
    expect(run(t, h, 'setPageLayout', 'b99', 'two')).toBe(h);
  });
});

describe('swapPictures', () => {
  it('swaps pictures across pages, each cropped anew for its frame; undo swaps back', () => {
    let h = filled();
    h = run(t, h, 'swapPictures', 'b1:photo1', 'b3:photo2');
    expect(imageOf(h, 'b1:photo1')!.uuid).toBe('b');
    expect(imageOf(h, 'b3:photo2')!.uuid).toBe('e');
    // A landscape picture on a square full page: its full height, a part of its width.
    expect(imageOf(h, 'b1:photo1')!.cropRect).toMatchObject({ y: 0, height: 1 });
    expect(imageOf(h, 'b1:photo1')!.cropRect.width).toBeCloseTo(0.75, 9);
    h = undo(h);
    expect(h.instance).toEqual(filled().instance);
  });

  it('between alike frames keeps the crops the shopper made', () => {
    let h = filled();
    const crop = { x: 0.1, y: 0, width: 0.6, height: 0.8 };
    h = run(t, h, 'setCrop', 'b3:photo1', crop);
    h = run(t, h, 'swapPictures', 'b3:photo1', 'b3:photo4');
    expect(imageOf(h, 'b3:photo4')).toMatchObject({ uuid: 'a', cropRect: crop });
    expect(imageOf(h, 'b3:photo1')).toEqual(imageOf(filled(), 'b3:photo4'));
  });

  it('moves a picture into an empty slot, and changes nothing between two empty ones or one slot', () => {
    let h = filled();
    h = run(t, h, 'swapPictures', 'b3:photo1', 'b2:photo1');
    expect(imageOf(h, 'b3:photo1')).toBeNull();
    expect(imageOf(h, 'b2:photo1')!.uuid).toBe('a');
    expect(run(t, h, 'swapPictures', 'b3:photo1', 'b2:photo2')).toBe(h);
    expect(run(t, h, 'swapPictures', 'b2:photo1', 'b2:photo1')).toBe(h);
    expect(run(t, h, 'swapPictures', 'b2:photo1', 'cover:title')).toBe(h);
  });
});

describe('the tray', () => {
  it('counts each picture’s slots, the cover’s too', () => {
    let h = filled();
    h = run(t, h, 'setPicture', 'cover:photo', landscape('a'));
    h = run(t, h, 'setPicture', 'b2:photo1', landscape('a'));
    expect(Object.fromEntries(pictureUsage(h.instance))).toEqual({ a: 3, b: 1, c: 1, d: 1, e: 1 });
  });

  it('keeps a picture replaced in its slot, and the pictures put in it; undoable', () => {
    let h = filled();
    h = run(t, h, 'setPicture', 'b1:photo1', landscape('f'));
    expect(h.instance.tray!.map((p) => p.uuid)).toEqual(['e']);
    h = run(t, h, 'addToTray', [landscape('g'), landscape('e')]);
    expect(trayOf(h.instance).map(({ picture, uses }) => `${picture.uuid}${uses}`)).toEqual(
      // The tray's own first, then the pictures in use in the order their slots were first filled.
      ['e0', 'g0', 'f1', 'a1', 'b1', 'c1', 'd1'],
    );
    expect(run(t, h, 'addToTray', [landscape('g')])).toBe(h);
    expect(undo(h).instance.tray!.map((p) => p.uuid)).toEqual(['e']);
  });
});

describe('a kept book', () => {
  it('opens again with its pages, page number and tray', () => {
    let h = run(t, filled(), 'addPages', 0, 2, 'six');
    h = run(t, h, 'setPageLayout', 'b3', 'one-caption');
    const kept = keptInstance(JSON.parse(JSON.stringify(h.instance)), t);
    expect(kept).toEqual({ ...h.instance, currentResourceId: null });
    expect(instanceTemplate(t, kept!).pages.map((p) => p.id)).toEqual([
      'cover',
      'b5',
      'b6',
      'b1',
      'b2',
      'b3',
      'b4',
    ]);
  });

  it('is refused with pages that are not the book’s, a slot no page has, or no pages', () => {
    const i = filled().instance;
    const with_ = (change: Record<string, unknown>) => keptInstance({ ...i, ...change }, t);
    expect(with_({ bookPages: [{ id: 'b1', typeId: 'nope' }] })).toBeNull();
    expect(
      with_({
        bookPages: [
          { id: 'b1', typeId: 'full' },
          { id: 'b1', typeId: 'two' },
        ],
      }),
    ).toBeNull();
    expect(with_({ bookPages: undefined })).toBeNull();
    expect(with_({ bookPages: i.bookPages!.slice(0, 3) })).toBeNull(); // b4's caption is kept
    expect(with_({ nextBookPage: 2 })!.nextBookPage).toBe(5);
  });
});

describe('a 100-page book stays quick to edit', () => {
  const big = (): History => {
    let h = fresh();
    while (h.instance.bookPages!.length < 100) h = run(t, h, 'addPages', h.instance.bookPages!.length, 2);
    return h;
  };

  it('the history starts from a frozen instance, so a first command does not freeze it at the tap', () => {
    const h = startHistory(createInstance(t, today));
    expect(Object.isFrozen(h.instance)).toBe(true);
    expect(Object.isFrozen(h.instance.resources)).toBe(true);
    expect(Object.isFrozen(h.instance.bookPages![0])).toBe(true);
  });

  it('adding, removing and moving pages keeps every other page the same object (the overview redraws only those)', () => {
    const h = big();
    const pages = h.instance.bookPages!;
    const moved = run(t, h, 'movePage', 1, 2).instance.bookPages!;
    expect(moved.map((p) => p.id)).toEqual([
      pages[0]!.id,
      pages[2]!.id,
      pages[1]!.id,
      ...pages.slice(3).map((p) => p.id),
    ]);
    for (const p of moved) expect(pages).toContain(p);
    const added = run(t, h, 'addPages', 50, 2).instance.bookPages!;
    expect(added).toHaveLength(102);
    for (const page of pages) expect(added).toContain(page);
    const removed = run(t, h, 'removePages', 10, 2).instance.bookPages!;
    expect(removed).toEqual([...pages.slice(0, 10), ...pages.slice(12)]);
    for (const [k, p] of removed.entries()) expect(p).toBe(k < 10 ? pages[k] : pages[k + 2]);
    // The pages left keep their slot values as the same objects (their thumbnails are not drawn again).
    const left = run(t, h, 'removePages', 10, 2).instance.resources;
    for (const [id, value] of Object.entries(left)) expect(value).toBe(h.instance.resources[id]);
    const relaid = run(
      t,
      h,
      'setPageLayout',
      pages[5]!.id,
      t.book.layouts.find((l) => l !== pages[5]!.typeId)!,
    );
    const after = relaid.instance.bookPages!;
    expect(after[5]).not.toBe(pages[5]);
    for (const [k, p] of after.entries()) if (k !== 5) expect(p).toBe(pages[k]);
  });

  it('the template a book is drawn with is made once per version of its pages', () => {
    const h = big();
    const drawn = instanceTemplate(t, h.instance);
    expect(instanceTemplate(t, h.instance)).toBe(drawn);
    const next = run(t, h, 'movePage', 0, 1);
    const redrawn = instanceTemplate(t, next.instance);
    expect(redrawn).not.toBe(drawn);
    expect(redrawn.pages.map((p) => p.id).slice(1, 3)).toEqual(
      next.instance.bookPages!.slice(0, 2).map((p) => p.id),
    );
    // Undo gives the earlier pages back as they were: their template is the one made for them.
    expect(instanceTemplate(t, undo(next).instance).pages.map((p) => p.id)).toEqual(
      drawn.pages.map((p) => p.id),
    );
    // Pages that can still change in place are never served from what was made before.
    const loose = { bookPages: h.instance.bookPages!.map((p) => ({ ...p })) };
    const first = instanceTemplate(t, loose);
    loose.bookPages.reverse();
    expect(
      instanceTemplate(t, loose)
        .pages.slice(1)
        .map((p) => p.id),
    ).toEqual(loose.bookPages.map((p) => p.id));
    expect(first.pages.slice(1).map((p) => p.id)).not.toEqual(loose.bookPages.map((p) => p.id));
  });
});
