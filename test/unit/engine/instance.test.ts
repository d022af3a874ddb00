import { describe, expect, it } from 'vitest';
import { snapCrop } from '../../../engine/image.ts';
import {
  canRedo,
  canUndo,
  createInstance,
  editableSlots,
  emptyPictureSlots,
  type History,
  isEditable,
  missingSlots,
  pageComplete,
  redo,
  run,
  startHistory,
  templateComplete,
  undo,
} from '../../../engine/instance.ts';
import { systemClock } from '../../../shop/clock.ts';
import { calendarTemplate, cardTemplate } from '../../fixtures/templates.ts';

const year = systemClock.now().getFullYear();
const today = new Date(year, 10, 22); // 22 November: next year's calendars are on sale
const landscape = (uuid: string) => ({ uuid, width: 4000, height: 3000 });
const portrait = (uuid: string) => ({ uuid, width: 3000, height: 4000 });
const card = cardTemplate();

const fresh = (): History => startHistory(createInstance(card, today));

describe('createInstance', () => {
  it('starts on the first visible page with empty user resources and the default text', () => {
    const i = createInstance(card, today);
    expect(i.currentPageId).toBe('p1');
    expect(i.currentResourceId).toBeNull();
    expect(Object.keys(i.resources).sort()).toEqual(['greeting', 'photo1', 'photo2']);
    expect(i.resources.photo1).toEqual({ type: 'IMAGE', image: null });
    expect(i.dirty).toBe(false);
  });

  it('picks the default year of a calendar (after June: next year)', () => {
    expect(createInstance(calendarTemplate(), today).year).toBe(year + 1);
    expect(createInstance(calendarTemplate([year + 4]), today).year).toBe(year + 4);
  });
});

describe('navigation', () => {
  it('moves through visible pages without wrapping and clears the current resource', () => {
    let h = fresh();
    h = run(card, h, 'selectResource', 'photo1');
    expect(h.instance.currentResourceId).toBe('photo1');
    h = run(card, h, 'stepPage', 1);
    expect(h.instance).toMatchObject({ currentPageId: 'p2', currentResourceId: null });
    const atEnd = run(card, h, 'stepPage', 1); // 'mask' is clientIgnore: p2 is the last visible page
    expect(atEnd.instance.currentPageId).toBe('p2');
    expect(atEnd).toBe(h);
    h = run(card, h, 'stepPage', -1);
    expect(run(card, h, 'stepPage', -1).instance.currentPageId).toBe('p1');
    expect(run(card, h, 'selectPage', 'mask').instance.currentPageId).toBe('p1');
  });

  it('selects only editable user resources', () => {
    expect(isEditable(card, 'photo1')).toBe(true);
    expect(isEditable(card, 'background')).toBe(false);
    expect(isEditable(card, 'fixed')).toBe(false);
    expect(run(card, fresh(), 'selectResource', 'background').instance.currentResourceId).toBeNull();
    expect(editableSlots(card, 'p1', 'IMAGE')).toEqual(['photo1', 'photo2']);
    expect(editableSlots(card, 'p1', 'STRING')).toEqual(['greeting']);
    expect(editableSlots(card, 'p2', 'STRING')).toEqual([]);
  });
});

describe('picture commands', () => {
  it('setPicture resets rotation and gives a starting crop that covers a fill-in slot', () => {
    const h = run(card, fresh(), 'setPicture', 'photo1', landscape('a'));
    const image = h.instance.resources.photo1?.type === 'IMAGE' ? h.instance.resources.photo1.image : null;
    expect(image).toMatchObject({ uuid: 'a', rotation: 0, effect: 'original' });
    const crop = image!.cropRect;
    expect(snapCrop(crop, image!, 0, { widthMm: 60, heightMm: 80 }, 'fill-in')).toEqual(crop);
    expect(h.instance.dirty).toBe(true);
  });

  it('rotate steps 90° and wraps to 0, recomputing the crop', () => {
    let h = run(card, fresh(), 'setPicture', 'photo1', landscape('a'));
    const before = h.instance.resources.photo1;
    for (const expected of [90, 180, 270, 0]) {
      h = run(card, h, 'rotate', 'photo1');
      const r = h.instance.resources.photo1;
      expect(r?.type === 'IMAGE' && r.image?.rotation).toBe(expected);
    }
    expect(h.instance.resources.photo1).toEqual(before);
  });

  it('setEffect changes the effect once; the same effect again is no change', () => {
    let h = run(card, fresh(), 'setPicture', 'photo1', landscape('a'));
    h = run(card, h, 'setEffect', 'photo1', 'sepia');
    expect(run(card, h, 'setEffect', 'photo1', 'sepia')).toBe(h);
  });

  it('commands on an empty slot or a fixed resource change nothing', () => {
    const h = fresh();
    expect(run(card, h, 'rotate', 'photo1')).toBe(h);
    expect(run(card, h, 'setCrop', 'photo1', { x: 0, y: 0, width: 1, height: 1 })).toBe(h);
    expect(run(card, h, 'setPicture', 'background', landscape('a'))).toBe(h);
  });
});

describe('autofill', () => {
  it('prefers a picture of the slot orientation, else the first one', () => {
    // photo1 is portrait (60x80), photo2 landscape (60x40)
    const h = run(card, fresh(), 'autofill', [landscape('L1'), portrait('P1')]);
    const uuid = (id: string) => {
      const r = h.instance.resources[id];
      return r?.type === 'IMAGE' ? r.image?.uuid : undefined;
    };
    expect(uuid('photo1')).toBe('P1');
    expect(uuid('photo2')).toBe('L1');
  });

  it('takes the first unused picture when none has the orientation, and cycles when all are used', () => {
    const cal = calendarTemplate();
    let h = startHistory(createInstance(cal, today));
    h = run(cal, h, 'autofill', [portrait('P1'), portrait('P2')]);
    const uuids = Object.keys(h.instance.resources).map((id) => {
      const r = h.instance.resources[id];
      return r?.type === 'IMAGE' ? r.image?.uuid : undefined;
    });
    // 13 landscape-ish slots (cover 190x220 is portrait): the cover takes P1; the rest take P2, then cycle.
    expect(uuids[0]).toBe('P1');
    expect(uuids[1]).toBe('P2');
    expect(uuids.slice(2)).toEqual(['P1', 'P2', 'P1', 'P2', 'P1', 'P2', 'P1', 'P2', 'P1', 'P2', 'P1']);
  });

  it("crops each place to hold the picture's faces once it is analysed, centred before (issue 32)", () => {
    const faces = [
      { x: 0.04, y: 0.3, width: 0.05, height: 0.15 },
      { x: 0.16, y: 0.3, width: 0.05, height: 0.15 },
    ];
    const wide = { uuid: 'W', width: 6000, height: 2000 };
    const imageOf = (h: History) => {
      const r = h.instance.resources.photo1;
      return r?.type === 'IMAGE' ? r.image : null;
    };
    const holdsFaces = (crop: { x: number; width: number }) =>
      faces.every((f) => f.x >= crop.x && f.x + f.width <= crop.x + crop.width);
    // photo1 is a fill-in portrait place (60x80): a quarter of the 3:1 picture's width.
    const centred = imageOf(run(card, fresh(), 'autofill', [wide]))!;
    expect(centred.cropRect.x).toBeCloseTo(0.375, 12);
    expect(holdsFaces(centred.cropRect)).toBe(false);
    const analysed = { ...wide, regions: { faces, salient: null } };
    const filled = imageOf(run(card, fresh(), 'autofill', [analysed]))!;
    expect(holdsFaces(filled.cropRect)).toBe(true);
    expect(filled.cropRect.width).toBe(centred.cropRect.width);
    // The slot keeps the picture, not the analysis.
    expect(filled).not.toHaveProperty('regions');
    const chosen = imageOf(run(card, fresh(), 'setPicture', 'photo1', analysed))!;
    expect(chosen.cropRect).toEqual(filled.cropRect);
  });

  it('leaves filled slots alone', () => {
    let h = run(card, fresh(), 'setPicture', 'photo2', landscape('mine'));
    h = run(card, h, 'autofill', [landscape('L1'), portrait('P1')]);
    const r = h.instance.resources.photo2;
    expect(r?.type === 'IMAGE' && r.image?.uuid).toBe('mine');
  });
});

describe('completeness', () => {
  it('a page is complete when each required user resource has a picture or text', () => {
    let h = fresh();
    expect(pageComplete(card, h.instance, 'p1')).toBe(false);
    expect(pageComplete(card, h.instance, 'p2')).toBe(true); // only fixed text there
    h = run(card, h, 'autofill', [landscape('L1'), portrait('P1')]);
    expect(pageComplete(card, h.instance, 'p1')).toBe(false);
    h = run(card, h, 'setText', 'greeting', '   ');
    expect(templateComplete(card, h.instance)).toBe(false);
    h = run(card, h, 'setText', 'greeting', 'Hello');
    expect(pageComplete(card, h.instance, 'p1')).toBe(true);
    expect(templateComplete(card, h.instance)).toBe(true);
  });

  it('names the missing places in page order, pictures and texts, and none once the design is complete (issue 34)', () => {
    let h = fresh();
    expect(missingSlots(card, h.instance)).toEqual([
      { fullId: 'photo1', pageId: 'p1', type: 'IMAGE' },
      { fullId: 'photo2', pageId: 'p1', type: 'IMAGE' },
      { fullId: 'greeting', pageId: 'p1', type: 'STRING' },
    ]);
    h = run(card, h, 'setPicture', 'photo1', landscape('a'));
    h = run(card, h, 'setText', 'greeting', '  ');
    // A text of spaces is still missing; the fixed background and text are never asked for.
    expect(missingSlots(card, h.instance).map((m) => m.fullId)).toEqual(['photo2', 'greeting']);
    h = run(card, h, 'setPicture', 'photo2', portrait('b'));
    h = run(card, h, 'setText', 'greeting', 'Hi');
    expect(missingSlots(card, h.instance)).toEqual([]);
    expect(templateComplete(card, h.instance)).toBe(true);
  });

  it('agrees with templateComplete on every calendar page: the first missing place is the cover', () => {
    const cal = calendarTemplate();
    let h = startHistory(createInstance(cal, today));
    const missing = missingSlots(cal, h.instance);
    expect(missing[0]?.pageId).toBe(cal.pages[0]!.id);
    expect(missing.length).toBe(emptyPictureSlots(cal, h.instance).filter((s) => s.required).length);
    h = run(cal, h, 'autofill', [portrait('P1')]);
    expect(missingSlots(cal, h.instance)).toEqual([]);
    expect(templateComplete(cal, h.instance)).toBe(true);
  });

  it('lists the empty picture places a shopper can fill, required or not, once each, and not fixed art', () => {
    let h = fresh();
    expect(emptyPictureSlots(card, h.instance)).toEqual([
      { fullId: 'photo1', pageId: 'p1', required: true },
      { fullId: 'photo2', pageId: 'p1', required: true },
    ]);
    h = run(card, h, 'setPicture', 'photo2', portrait('b'));
    expect(emptyPictureSlots(card, h.instance).map((s) => s.fullId)).toEqual(['photo1']);
  });
});

describe('year', () => {
  it('refuses past and unsupported years, and only calendars have one to change', () => {
    const cal = calendarTemplate([year + 1, year + 2]);
    let h = startHistory(createInstance(cal, today));
    expect(run(cal, h, 'setYear', year - 1, today)).toBe(h);
    expect(run(cal, h, 'setYear', year + 3, today)).toBe(h);
    h = run(cal, h, 'setYear', year + 2, today);
    expect(h.instance.year).toBe(year + 2);
    expect(run(card, fresh(), 'setYear', year + 2, today).instance.year).toBe(fresh().instance.year);
  });
});

describe('undo and redo', () => {
  const edits: [string, (h: History) => History][] = [
    ['setPicture', (h) => run(card, h, 'setPicture', 'photo1', landscape('a'))],
    ['setCrop', (h) => run(card, h, 'setCrop', 'photo1', { x: 0.1, y: 0.1, width: 0.5, height: 0.5 })],
    ['rotate', (h) => run(card, h, 'rotate', 'photo1')],
    ['setEffect', (h) => run(card, h, 'setEffect', 'photo1', 'bw')],
    ['setText', (h) => run(card, h, 'setText', 'greeting', 'Hi')],
    [
      'setFont',
      (h) => run(card, h, 'setFont', 'greeting', { ...card.resources[3]!.font!, overrideColor: '#C52B2B' }),
    ],
    ['autofill', (h) => run(card, h, 'autofill', [portrait('P')])],
  ];

  it.each(edits)('%s is undone and redone exactly', (_name, edit) => {
    const base = run(card, fresh(), 'setPicture', 'photo1', portrait('base'));
    const after = edit(base);
    expect(after.instance).not.toEqual(base.instance);
    const undone = undo(after);
    expect(undone.instance.resources).toEqual(base.instance.resources);
    expect(redo(undone).instance).toEqual(after.instance);
  });

  it('setYear is undone and redone', () => {
    const cal = calendarTemplate();
    const h0 = startHistory(createInstance(cal, today));
    const h1 = run(cal, h0, 'setYear', year + 3, today);
    expect(undo(h1).instance.year).toBe(h0.instance.year);
    expect(redo(undo(h1)).instance.year).toBe(year + 3);
  });

  it('a new edit after undo drops the redo list; navigation is not an undo step', () => {
    let h = run(card, fresh(), 'setText', 'greeting', 'A');
    h = run(card, h, 'setText', 'greeting', 'B');
    h = undo(h);
    h = run(card, h, 'stepPage', 1);
    expect(h.future).toHaveLength(1);
    h = run(card, h, 'setText', 'greeting', 'C');
    expect(h.future).toHaveLength(0);
    expect(undo(undo(h)).instance.resources.greeting).toMatchObject({ text: '' });
    expect(undo(fresh())).toEqual(fresh());
  });

  it('what is typed in one go is one undo step; anything between the keystrokes starts another', () => {
    const type = (h: History, text: string, slot = 'greeting') => run(card, h, 'setText', slot, text);
    let h = type(type(type(fresh(), 'H'), 'Hi'), 'Hi!');
    expect(h.past).toHaveLength(1);
    expect(undo(h).instance.resources.greeting).toMatchObject({ text: '' });
    expect(redo(undo(h)).instance.resources.greeting).toMatchObject({ text: 'Hi!' });

    // A selection in between (navigation, not an edit) ends the typing.
    h = type(run(card, h, 'selectResource', 'greeting'), 'Hi! Bye');
    expect(h.past).toHaveLength(2);
    expect(undo(h).instance.resources.greeting).toMatchObject({ text: 'Hi!' });
    // So does another edit, and an undo.
    h = run(card, h, 'setPicture', 'photo1', portrait('p'));
    h = type(run(card, h, 'setEffect', 'photo1', 'bw'), 'Hello');
    expect(h.past).toHaveLength(5);
    h = type(redo(undo(h)), 'Hello there');
    expect(h.past).toHaveLength(6);
  });

  it('canUndo and canRedo say whether there is a step to take', () => {
    const h = run(card, fresh(), 'setText', 'greeting', 'Hi');
    expect([canUndo(fresh()), canRedo(fresh())]).toEqual([false, false]);
    expect([canUndo(h), canRedo(h)]).toEqual([true, false]);
    expect([canUndo(undo(h)), canRedo(undo(h))]).toEqual([false, true]);
  });
});

describe('fitFont: the text editor shrinking a text on open (S1 §4)', () => {
  it('stores the smaller size without marking the work changed; setFont marks it', () => {
    const font = { ...card.resources[3]!.font!, overrideSize: 12 };
    const fitted = run(card, fresh(), 'fitFont', 'greeting', font);
    const value = fitted.instance.resources.greeting;
    expect(value?.type === 'STRING' && value.font.overrideSize).toBe(12);
    expect(fitted.instance.dirty).toBe(false);
    expect(run(card, fresh(), 'setFont', 'greeting', font).instance.dirty).toBe(true);
    // A picture slot is not a text: nothing changes.
    expect(run(card, fresh(), 'fitFont', 'photo1', font).instance).toEqual(fresh().instance);
  });
});

describe('setCalendarStart (issue 18)', () => {
  const cal = calendarTemplate();
  it("sets a calendar's year and first month as one step; a card, a bad month or year change nothing", () => {
    const h0 = startHistory(createInstance(cal, today));
    const h1 = run(cal, h0, 'setCalendarStart', year + 1, 9, today);
    expect(h1.instance).toMatchObject({ year: year + 1, startMonth: 9, dirty: true });
    expect(h1.past).toHaveLength(1);
    expect(undo(h1).instance).toEqual(h0.instance);
    expect(run(cal, h0, 'setCalendarStart', h0.instance.year, 1, today)).toBe(h0);
    expect(run(cal, h0, 'setCalendarStart', year + 1, 13, today)).toBe(h0);
    expect(run(cal, h0, 'setCalendarStart', year + 40, 9, today)).toBe(h0);
    expect(run(card, fresh(), 'setCalendarStart', year, 9, today).instance.startMonth).toBeUndefined();
  });
});

describe("a calendar's own dates and holidays (issue 18)", () => {
  const cal = calendarTemplate();
  const anna = { day: 17, month: 5, text: ' Anna ', yearly: true };

  it('adds a valid date (trimmed) and removes it, each an undo step; a card takes none', () => {
    const h0 = startHistory(createInstance(cal, today));
    const h1 = run(cal, h0, 'addPersonalDate', anna);
    expect(h1.instance.personalDates).toEqual([{ ...anna, text: 'Anna' }]);
    expect(h1.instance.dirty).toBe(true);
    const h2 = run(cal, h1, 'removePersonalDate', 0);
    expect(h2.instance.personalDates).toEqual([]);
    expect(undo(h2).instance.personalDates).toEqual([{ ...anna, text: 'Anna' }]);
    expect(run(cal, h1, 'removePersonalDate', 5)).toBe(h1);
    expect(run(card, fresh(), 'addPersonalDate', anna).instance.personalDates).toBeUndefined();
  });

  it('refuses a day that does not exist, an empty or too long text, and a 101st date', () => {
    const h0 = startHistory(createInstance(cal, today));
    for (const bad of [
      { ...anna, day: 30, month: 2 },
      { ...anna, text: ' ' },
      { ...anna, text: 'x'.repeat(31) },
    ]) {
      expect(run(cal, h0, 'addPersonalDate', bad)).toBe(h0);
    }
    let h = h0;
    for (let i = 0; i < 100; i++) h = run(cal, h, 'addPersonalDate', { ...anna, day: (i % 28) + 1 });
    expect(h.instance.personalDates).toHaveLength(100);
    expect(run(cal, h, 'addPersonalDate', anna)).toBe(h);
  });

  it('adds several dates in one step (the kept ones offered), the valid ones up to 100', () => {
    const h0 = startHistory(createInstance(cal, today));
    const h1 = run(cal, h0, 'addPersonalDates', [anna, { ...anna, day: 31, month: 4 }, { ...anna, day: 18 }]);
    expect(h1.instance.personalDates?.map((d) => d.day)).toEqual([17, 18]);
    expect(h1.past).toHaveLength(1);
    expect(run(cal, h0, 'addPersonalDates', [])).toBe(h0);
    const many = Array.from({ length: 120 }, (_, i) => ({ ...anna, day: (i % 28) + 1 }));
    expect(run(cal, h0, 'addPersonalDates', many).instance.personalDates).toHaveLength(100);
  });

  it('turns the holidays off and on again', () => {
    const h0 = startHistory(createInstance(cal, today));
    expect(run(cal, h0, 'setHolidays', true)).toBe(h0);
    const off = run(cal, h0, 'setHolidays', false);
    expect(off.instance.holidays).toBe(false);
    expect(run(cal, off, 'setHolidays', true).instance.holidays).toBe(true);
    expect(run(card, fresh(), 'setHolidays', false).instance.holidays).toBeUndefined();
  });
});
