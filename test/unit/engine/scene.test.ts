import { getISOWeek } from 'date-fns';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInstance, run, startHistory, undo } from '../../../engine/instance.ts';
import { PERSONAL_COLOR, pageArt, pageScene, type SceneItem, type SceneText } from '../../../engine/scene.ts';
import type { Font, Template } from '../../../engine/template.ts';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { glyphOutline } from '../../../engine/text/glyphs.ts';
import { systemClock } from '../../../shop/clock.ts';
import { calendarTemplate, cardTemplate, font as fixtureFont } from '../../fixtures/templates.ts';
import { currentDemoTemplates } from '../../support/demoTemplates.ts';
import { loadAllFonts } from './text/load-fonts.ts';

const today = systemClock.now();
let fonts: FontSet;
beforeAll(async () => {
  fonts = await loadAllFonts();
});

const texts = (items: SceneItem[]) => items.filter((i): i is SceneText => i.kind === 'text');
const byId = (items: SceneItem[], id: string) => items.find((i) => i.id === id);

describe('pageScene of a card', () => {
  const card = cardTemplate();

  it('pageArt names the art a page draws as the author made it, once, and none for an unknown page', () => {
    const scene = pageScene(card, createInstance(card, today), 'p1', fonts);
    const drawn = scene.items.flatMap((i) =>
      i.kind === 'picture' && i.picture?.source.kind === 'art' ? [i.picture.source.src] : [],
    );
    expect(pageArt(card, 'p1')).toEqual([...new Set(drawn)]);
    expect(pageArt(card, 'p1')).toEqual(['art/bg.svg']);
    expect(pageArt(card, 'no-such-page')).toEqual([]);
  });

  it('describes an untouched page: art, empty picture slots, an empty text slot', () => {
    const scene = pageScene(card, createInstance(card, today), 'p1', fonts);
    expect(scene).toMatchObject({ pageId: 'p1', widthMm: 150, heightMm: 100, lifted: true });
    expect(scene.items.map((i) => `${i.kind}:${i.id}`)).toEqual([
      'picture:background',
      'picture:photo1',
      'picture:photo2',
      'text:greeting',
    ]);
    expect(byId(scene.items, 'background')).toMatchObject({
      editable: false,
      picture: { source: { kind: 'art', src: 'art/bg.svg' } },
    });
    expect(byId(scene.items, 'photo1')).toMatchObject({
      editable: true,
      picture: null,
      xMm: 10,
      yMm: 10,
      widthMm: 60,
      heightMm: 80,
    });
    expect(byId(scene.items, 'greeting')).toMatchObject({ empty: true, editable: true, glyphs: [] });
  });

  it("draws the shopper's pictures with their crop, rotation and effect, and their text as glyphs inside the box", () => {
    let h = startHistory(createInstance(card, today));
    h = run(card, h, 'setPicture', 'photo1', { uuid: 'u1', width: 3000, height: 4000 });
    h = run(card, h, 'rotate', 'photo1');
    h = run(card, h, 'setEffect', 'photo1', 'sepia');
    h = run(card, h, 'setText', 'greeting', 'Happy birthday, Ava!');
    const scene = pageScene(card, h.instance, 'p1', fonts);
    const photo = byId(scene.items, 'photo1');
    expect(photo).toMatchObject({
      picture: { source: { kind: 'user', uuid: 'u1' }, rotation: 90, effect: 'sepia' },
    });
    const text = byId(scene.items, 'greeting') as SceneText;
    expect(text.empty).toBe(false);
    expect(text.lines.join(' ')).toBe('Happy birthday, Ava!');
    expect(text.glyphs.length).toBeGreaterThan(15);
    for (const g of text.glyphs) {
      expect(g.xMm).toBeGreaterThanOrEqual(text.xMm - 1e-9);
      expect(g.xMm).toBeLessThanOrEqual(text.xMm + text.widthMm);
      expect(g.yMm).toBeGreaterThan(text.yMm);
      expect(g.yMm).toBeLessThanOrEqual(text.yMm + text.heightMm);
    }
  });

  it('uses the font overrides of the instance', () => {
    let h = startHistory(createInstance(card, today));
    h = run(card, h, 'setText', 'greeting', 'Hi');
    const font = card.resources[3]!.font!;
    h = run(card, h, 'setFont', 'greeting', {
      ...font,
      overrideFamily: 'Lobster',
      overrideColor: '#C52B2B',
      overrideSize: 30,
    });
    const text = byId(pageScene(card, h.instance, 'p1', fonts).items, 'greeting') as SceneText;
    expect(text).toMatchObject({ family: 'Lobster', color: '#C52B2B', sizePt: 30 });
  });

  it('is plain data: it survives JSON unchanged', () => {
    const scene = pageScene(card, createInstance(card, today), 'p2', fonts);
    expect(JSON.parse(JSON.stringify(scene))).toEqual(scene);
    expect(texts(scene.items)[0]?.lines).toEqual(['Happy birthday']);
  });

  it('carries a ROTATE transformation as a pivot on the page', () => {
    const t = cardTemplate();
    t.partTypes[0]!.renderParts[1]!.transformations = [
      { type: 'ROTATE', rotate: 5, originX: 30, originY: 40 },
    ];
    const photo = byId(pageScene(t, createInstance(t, today), 'p1', fonts).items, 'photo1');
    expect(photo?.rotation).toEqual({ deg: 5, originXMm: 40, originYMm: 50 });
  });

  it('refuses an unknown page', () => {
    expect(() => pageScene(card, createInstance(card, today), 'nope', fonts)).toThrow(/no page "nope"/);
  });
});

// About the grids of January 2027 and January 2028 (an ISO week 53, then a week 52), so these tests
// stand on a day in November 2026, when 2027 is the default year and 2028 can be chosen.
describe('pageScene of a calendar', () => {
  const cal = calendarTemplate();
  const today = new Date(2026, 10, 22);

  it('draws the 8 x 7 grid: headings, ISO week numbers of the year, days in their styles', () => {
    const instance = createInstance(cal, today); // 2027
    const items = texts(pageScene(cal, instance, 'month-1', fonts).items);
    const grid = items.filter((i) => i.id.startsWith('month-1:grid/'));
    expect(grid).toHaveLength(7 + 6 + 42);
    const weekNumbers = [0, 1, 2, 3, 4, 5].map(
      (r) => grid.find((i) => i.id === `month-1:grid/w${r}`)?.lines[0],
    );
    expect(weekNumbers).toEqual(['53', '1', '2', '3', '4', '5']); // 1 January 2027 is a Friday in ISO week 53 of 2026
    expect(grid.find((i) => i.id === 'month-1:grid/h0')?.lines).toEqual(['Mon']);
    const first = grid.find((i) => i.id === 'month-1:grid/d0-4');
    expect(first).toMatchObject({ lines: ['1'], color: '#222222' });
    expect(grid.find((i) => i.id === 'month-1:grid/d0-0')).toMatchObject({ lines: ['28'], color: '#BBBBBB' }); // extraday
    expect(grid.find((i) => i.id === 'month-1:grid/d0-6')).toMatchObject({ lines: ['3'], color: '#C52B2B' }); // Sunday
    expect(items.find((i) => i.id === 'month-1:MONTH(1)_YEAR_STRING')?.lines).toEqual(['January 2027']);
  });

  it('follows a change of year, and the cover shows the year', () => {
    let h = startHistory(createInstance(cal, today));
    h = run(cal, h, 'setYear', 2028, today);
    const items = texts(pageScene(cal, h.instance, 'month-1', fonts).items);
    expect(items.find((i) => i.id === 'month-1:grid/w0')?.lines).toEqual(['52']); // 1 January 2028 is a Saturday in week 52 of 2027
    expect(items.find((i) => i.id === 'month-1:MONTH(1)_YEAR_STRING')?.lines).toEqual(['January 2028']);
    const cover = texts(pageScene(cal, h.instance, 'cover', fonts).items);
    expect(cover[0]?.lines).toEqual(['2028']);
  });
});

// Issue 18, on the clock: next year's calendar (on sale in November), wherever the test is run.
describe('pageScene of a calendar that starts in any month and carries dates', () => {
  const cal = calendarTemplate();
  const year = systemClock.now().getFullYear() + 1;
  const november = new Date(year - 1, 10, 22);
  /** The ISO week of the Monday that opens a month's grid, by date-fns alone (not the engine's grid). */
  const firstWeek = (y: number, month: number) => {
    const first = new Date(y, month - 1, 1, 12);
    return String(getISOWeek(new Date(y, month - 1, 1 - ((first.getDay() + 6) % 7), 12)));
  };
  /** Row and column of a date in its month's grid: rows are weeks from the Monday on or before the 1st. */
  const cellOf = (y: number, month: number, day: number) => {
    const offset = (new Date(y, month - 1, 1, 12).getDay() + 6) % 7;
    const index = offset + day - 1;
    return `${Math.floor(index / 7)}-${index % 7}`;
  };

  it("marks a holiday like a Sunday with its name, and the shopper's date in its own colour", () => {
    const instance = {
      ...createInstance(cal, november),
      personalDates: [{ day: 17, month: 5, text: 'Anna 40', yearly: true }],
    };
    expect(instance.year).toBe(year);
    const holidays = [{ date: `${year}-05-17`, name: 'Grunnlovsdagen' }];
    const may = texts(pageScene(cal, instance, 'month-5', fonts, 'nb_NO', holidays).items);
    const at = cellOf(year, 5, 17);
    const day = may.find((i) => i.id === `month-5:grid/d${at}`);
    expect(day).toMatchObject({ lines: ['17'], color: '#C52B2B' });
    const holiday = may.find((i) => i.id === `month-5:grid/o${at}`);
    expect(holiday?.lines.join(' ')).toBe('Grunnlovsdagen');
    expect(holiday).toMatchObject({ color: '#C52B2B', overflows: false });
    const own = may.find((i) => i.id === `month-5:grid/p${at}`);
    expect(own?.lines.join(' ')).toBe('Anna 40');
    expect(own).toMatchObject({ color: PERSONAL_COLOR, overflows: false });
    // A day with neither is in the template's own style (the 16th when the 17th is a Monday).
    const before = may.find((i) => i.id === `month-5:grid/d${cellOf(year, 5, 16)}`);
    expect(before?.lines).toEqual(['16']);
    expect(may.find((i) => i.id === `month-5:grid/o${cellOf(year, 5, 16)}`)).toBeUndefined();

    // Turned off, the holiday is neither named nor in the holiday style; the shopper's date stays.
    const off = texts(
      pageScene(cal, { ...instance, holidays: false }, 'month-5', fonts, 'nb_NO', holidays).items,
    );
    expect(off.find((i) => i.id === `month-5:grid/d${at}`)?.color).not.toBe('#C52B2B');
    expect(off.find((i) => i.id === `month-5:grid/o${at}`)).toBeUndefined();
    expect(off.find((i) => i.id === `month-5:grid/p${at}`)).toBeDefined();
  });

  it("puts a day's notes under its number, the holiday's above the shopper's, in every demo calendar", () => {
    const holidays = [{ date: `${year}-05-17`, name: 'Grunnlovsdagen' }];
    const at = cellOf(year, 5, 17);
    const [row, col] = at.split('-').map(Number) as [number, number];
    const calendars = currentDemoTemplates().filter((t) => t.type === 'CALENDAR');
    expect(calendars.length).toBeGreaterThan(0);
    for (const template of [cal, ...calendars]) {
      const instance = {
        ...createInstance(template, november),
        personalDates: [{ day: 17, month: 5, text: 'Anna 40', yearly: true }],
      };
      const may = texts(pageScene(template, instance, 'month-5', fonts, 'nb_NO', holidays).items);
      const find = (key: string) => may.find((i) => i.id.endsWith(`/${key}`))!;
      const [number, holiday, own] = [find(`d${at}`), find(`o${at}`), find(`p${at}`)];
      // A day of the same week without notes: its box is the day's cell.
      const cell = find(`d${row}-${col === 0 ? 1 : 0}`);
      const name = template.name.en_GB;
      expect(number?.lines, name).toEqual(['17']);
      // Digits have no descenders: below the baseline is below the number's ink.
      const baseline = Math.max(...number.glyphs.map((g) => g.yMm));
      expect(holiday.yMm, name).toBeGreaterThan(baseline);
      expect(own.yMm, name).toBeGreaterThanOrEqual(holiday.yMm + holiday.heightMm - 1e-9);
      // Both inside the day's cell, the number's ink too (where the notes lift it).
      expect(own.yMm + own.heightMm, name).toBeLessThanOrEqual(cell.yMm + cell.heightMm + 1e-9);
      const inkTop = Math.min(
        ...number.glyphs.flatMap((g) =>
          glyphOutline(fonts, number.family, g.glyphId).flatMap((c) =>
            c.type === 'Z' ? [] : [g.yMm - Math.max(c.y, 'y1' in c ? c.y1 : c.y) * number.mmPerUnit],
          ),
        ),
      );
      expect(inkTop, name).toBeGreaterThanOrEqual(cell.yMm - 1e-9);
    }
  });

  it("a number too large for its cell still gets its day's notes (no room is no room, not an error)", () => {
    const big = calendarTemplate();
    const grid = [
      ...big.partTypes.flatMap((p) => p.renderParts),
      ...big.pages.flatMap((p) => p.renderParts),
    ].find((p) => p.type === 'MONTH')!;
    grid.month!.cells.holiday.font.size = 200;
    const holidays = [{ date: `${year}-05-17`, name: 'Grunnlovsdagen' }];
    const may = texts(
      pageScene(big, createInstance(big, november), 'month-5', fonts, 'nb_NO', holidays).items,
    );
    expect(may.find((i) => i.id.endsWith(`/o${cellOf(year, 5, 17)}`))?.lines.join(' ')).toBe(
      'Grunnlovsdagen',
    );
  });

  it('starts in any month: September to August across two years, with their ISO weeks and titles', () => {
    const h = run(cal, startHistory(createInstance(cal, november)), 'setCalendarStart', year, 9, november);
    const page = (k: number) => texts(pageScene(cal, h.instance, `month-${k}`, fonts).items);
    const shows = (k: number) => ({
      title: page(k).find((i) => i.id === `month-${k}:MONTH(${k})_YEAR_STRING`)?.lines,
      firstWeek: page(k).find((i) => i.id === `month-${k}:grid/w0`)?.lines,
    });
    expect(shows(1)).toEqual({ title: [`September ${year}`], firstWeek: [firstWeek(year, 9)] });
    expect(shows(4)).toEqual({ title: [`December ${year}`], firstWeek: [firstWeek(year, 12)] });
    expect(shows(5)).toEqual({ title: [`January ${year + 1}`], firstWeek: [firstWeek(year + 1, 1)] });
    expect(shows(12)).toEqual({ title: [`August ${year + 1}`], firstWeek: [firstWeek(year + 1, 8)] });
    expect(texts(pageScene(cal, h.instance, 'cover', fonts).items)[0]?.lines).toEqual([
      `${year}–${year + 1}`,
    ]);
    // Undone in one step: year and first month together.
    expect(undo(h).instance).toMatchObject({ year });
    expect(undo(h).instance.startMonth).toBeUndefined();
  });
});

describe("a text's font: the shopper's change, else the render part's own font, else the resource's", () => {
  const shadow = { offsetX: 0.3, offsetY: 0.3, blurRadius: 0.5, opacity: 40, color: '#000000' };
  /** The card whose greeting resource says one thing and whose render part says another. */
  function cardWith(resourceFont: Partial<Font>, partFont: Partial<Font>): Template {
    const card = cardTemplate();
    card.resources[3]!.font = fixtureFont({ size: 14, text: 'Hi', ...resourceFont });
    card.partTypes[0]!.renderParts[3]!.font = fixtureFont({ size: 14, text: 'Hi', ...partFont });
    return card;
  }
  const greeting = (card: Template, shopper: Partial<Font> = {}) => {
    let h = startHistory(createInstance(card, today));
    h = run(card, h, 'setText', 'greeting', 'Hi');
    if (Object.keys(shopper).length) {
      const current = h.instance.resources.greeting as { font: Font };
      h = run(card, h, 'setFont', 'greeting', { ...current.font, ...shopper });
    }
    return byId(pageScene(card, h.instance, 'p1', fonts).items, 'greeting') as SceneText;
  };
  // The greeting's box is x 80..140, y 60..90 mm.
  const left = (t: SceneText) => Math.min(...t.glyphs.map((g) => g.xMm));
  const baseline = (t: SceneText) => t.glyphs[0]!.yMm;

  it('family', () => {
    const card = cardWith({ family: 'Roboto' }, { family: 'Lobster' });
    expect(greeting(card).family).toBe('Lobster');
    expect(greeting(card, { overrideFamily: 'Anton' }).family).toBe('Anton');
  });

  it('size', () => {
    const card = cardWith({ size: 14 }, { size: 20 });
    expect(greeting(card).sizePt).toBe(20);
    expect(greeting(card, { overrideSize: 16 }).sizePt).toBe(16);
  });

  it('colour', () => {
    const card = cardWith({ color: '#8E1B1B' }, { color: '#FFFFFF' });
    expect(greeting(card).color).toBe('#FFFFFF');
    expect(greeting(card, { overrideColor: '#2B9BC5' }).color).toBe('#2B9BC5');
  });

  it('horizontal alignment', () => {
    const card = cardWith({ horizontalAlign: 'center' }, { horizontalAlign: 'left' });
    expect(left(greeting(card))).toBeLessThan(81);
    expect(left(greeting(card, { overrideHorizontalAlign: 'right' }))).toBeGreaterThan(120);
    expect(left(greeting(card, { overrideHorizontalAlign: 'center' }))).toBeGreaterThan(100);
  });

  it('vertical alignment', () => {
    const card = cardWith({ verticalAlign: 'middle' }, { verticalAlign: 'top' });
    expect(baseline(greeting(card))).toBeLessThan(68);
    expect(baseline(greeting(card, { overrideVerticalAlign: 'bottom' }))).toBeGreaterThan(85);
  });

  it('shadow: the part gives one the resource has not; the shopper cannot change it', () => {
    const card = cardWith({}, { shadow });
    expect(greeting(card).shadow).toEqual(shadow);
    expect(greeting(card, { overrideColor: '#2B9BC5' }).shadow).toEqual(shadow);
    expect(greeting(cardWith({ shadow }, {})).shadow).toBeNull();
  });

  it("a fixed text is drawn in its render part's font too", () => {
    const card = cardTemplate();
    card.partTypes[1]!.renderParts[0]!.font = fixtureFont({ color: '#FFFFFF', horizontalAlign: 'left' });
    const text = byId(pageScene(card, createInstance(card, today), 'p2', fonts).items, 'fixed') as SceneText;
    expect(text).toMatchObject({ color: '#FFFFFF', lines: ['Happy birthday'] });
    expect(left(text)).toBeLessThan(11);
  });
});
