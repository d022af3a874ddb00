import { describe, expect, it } from 'vitest';
import {
  assertTemplate,
  fullIdOf,
  parseTemplate,
  renderPartsOf,
  resourceSlots,
  visiblePages,
} from '../../../engine/template.ts';
import { systemClock } from '../../../shop/clock.ts';
import { calendarTemplate, cardTemplate } from '../../fixtures/templates.ts';

describe('parseTemplate', () => {
  it('accepts the fixture card and calendar', () => {
    expect(parseTemplate(cardTemplate()).ok).toBe(true);
    expect(parseTemplate(calendarTemplate([systemClock.now().getFullYear()])).ok).toBe(true);
  });

  it('lists every shape problem with its path, not only the first', () => {
    const t = cardTemplate() as unknown as Record<string, unknown>;
    t.uuid = 'not-a-uuid';
    t.type = 'POSTER';
    (t.dimensions as { width: number }).width = -5;
    (t.resources as { font?: { color: string } }[])[3]!.font!.color = 'red';
    delete t.pages;
    const result = parseTemplate(t);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const paths = result.problems.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining(['uuid', 'type', 'dimensions.width', 'resources[3].font.color', 'pages']),
    );
    expect(result.problems.find((p) => p.path === 'resources[3].font.color')?.message).toContain('#RRGGBB');
  });

  it('lists every reference problem: unknown part types, resources, months and duplicates', () => {
    const t = calendarTemplate();
    t.pages[1]!.typeId = 'nope';
    t.pages[2]!.months = {};
    t.partTypes[0]!.renderParts[0]!.resourceId = 'missing';
    t.pages.push({ ...t.pages[3]! });
    const result = parseTemplate(t);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        { path: 'pages[1].typeId', message: 'no part type "nope"' },
        expect.objectContaining({ path: 'pages[2].months' }),
        { path: 'partTypes[0].renderParts[0].resourceId', message: 'no resource "missing"' },
        { path: 'pages[13].id', message: 'duplicate page id "month-3"' },
      ]),
    );
    expect(result.problems).toHaveLength(4);
  });

  it('takes yearsAhead from 0 to 10, for a template with no year list and no fixed year', () => {
    const problemsOf = (over: Record<string, unknown>) => {
      const result = parseTemplate({ ...calendarTemplate(), ...over });
      return result.ok ? [] : result.problems.map((p) => p.path);
    };
    expect(problemsOf({ yearsAhead: 0 })).toEqual([]);
    expect(problemsOf({ yearsAhead: 10 })).toEqual([]);
    for (const bad of [-1, 11, 1.5, '2']) expect(problemsOf({ yearsAhead: bad })).toEqual(['yearsAhead']);
    const thisYear = systemClock.now().getFullYear();
    expect(problemsOf({ yearsAhead: 2, supportedYears: [thisYear] })).toEqual(['yearsAhead']);
    expect(problemsOf({ yearsAhead: 2, year: thisYear })).toEqual(['yearsAhead']);
  });

  it('needs a font on a STRING part and a month style on a MONTH part', () => {
    const t = calendarTemplate();
    delete t.partTypes[0]!.renderParts[1]!.font;
    delete t.partTypes[1]!.renderParts[1]!.month;
    const result = parseTemplate(t);
    expect(result.ok ? [] : result.problems.map((p) => p.path)).toEqual([
      'partTypes[0].renderParts[1].font',
      'partTypes[1].renderParts[1].month',
    ]);
  });

  it("refuses a shopper's text that no render part draws, and a template with no page to show", () => {
    // Both opened a template the editor cannot start: the fuzz suite's harness preflight found a 500.
    const t = cardTemplate();
    for (const pt of t.partTypes)
      pt.renderParts = pt.renderParts.filter((rp) => rp.resourceId !== 'greeting');
    for (const page of t.pages)
      page.renderParts = page.renderParts.filter((rp) => rp.resourceId !== 'greeting');
    const undrawn = parseTemplate(t);
    const greeting = t.resources.findIndex((r) => r.id === 'greeting');
    expect(undrawn.ok ? [] : undrawn.problems).toEqual([
      {
        path: `resources[${greeting}]`,
        message: 'the shopper\'s text "greeting" is drawn by no render part',
      },
    ]);

    const hidden = cardTemplate();
    for (const page of hidden.pages) page.clientIgnore = true;
    const result = parseTemplate(hidden);
    expect(result.ok ? [] : result.problems.map((p) => p.path)).toEqual(['pages']);
  });

  it('takes a print layout whose pages fill its sheets: duplex in pairs, a booklet in fours without folds', () => {
    // The fixture card has three pages (front, inside, a mask kept for production).
    const problemsOf = (edit: (t: ReturnType<typeof cardTemplate>) => void) => {
      const t = cardTemplate();
      edit(t);
      const result = parseTemplate(t);
      return result.ok ? [] : result.problems.map((p) => p.path);
    };
    expect(problemsOf((t) => Object.assign(t, { printLayout: 'duplex' }))).toEqual(['printLayout']);
    expect(
      problemsOf((t) => {
        Object.assign(t, { printLayout: 'duplex', folds: [{ axis: 'vertical', atMm: 75 }] });
        t.pages.pop();
      }),
    ).toEqual([]);
    const fourPages = (t: ReturnType<typeof cardTemplate>) =>
      t.pages.push({ id: 'back', typeId: 'front', clientIgnore: false, months: {}, renderParts: [] });
    expect(problemsOf((t) => Object.assign(t, { printLayout: 'booklet' }))).toEqual(['printLayout']);
    expect(
      problemsOf((t) => {
        Object.assign(t, { printLayout: 'booklet' });
        fourPages(t);
      }),
    ).toEqual([]);
    expect(
      problemsOf((t) => {
        Object.assign(t, { printLayout: 'booklet', folds: [{ axis: 'vertical', atMm: 75 }] });
        fourPages(t);
      }),
    ).toEqual(['printLayout']);
    expect(problemsOf((t) => Object.assign(t, { printLayout: 'gatefold' }))).toEqual(['printLayout']);
  });

  it('assertTemplate names every problem in its message', () => {
    const t = cardTemplate() as unknown as Record<string, unknown>;
    t.version = 0;
    t.hasUserText = 'yes';
    expect(() => assertTemplate(t)).toThrow(/version:[\s\S]*hasUserText:/);
  });

  it('fills in defaults for optional flags', () => {
    const t = cardTemplate() as unknown as { pages: Record<string, unknown>[] };
    delete t.pages[0]!.clientIgnore;
    delete t.pages[0]!.months;
    const parsed = assertTemplate(t);
    expect(parsed.pages[0]).toMatchObject({ clientIgnore: false, months: {}, renderParts: [] });
  });
});

describe('resource slots', () => {
  it('keys template resources by id and part-type resources per page', () => {
    const cal = calendarTemplate();
    const ids = resourceSlots(cal).map((s) => s.fullId);
    expect(ids).toHaveLength(13);
    expect(ids[0]).toBe('cover:photo');
    expect(ids).toContain('month-12:photo');
    expect(fullIdOf(cal, 'month-3', 'photo')).toBe('month-3:photo');
    expect(fullIdOf(cardTemplate(), 'p1', 'photo1')).toBe('photo1');
  });

  it('draws the part type parts before the page parts, and hides clientIgnore pages', () => {
    const cal = calendarTemplate();
    expect(renderPartsOf(cal, cal.pages[1]!).map((p) => p.type)).toEqual(['IMAGE', 'MONTH', 'STRING']);
    expect(visiblePages(cardTemplate()).map((p) => p.id)).toEqual(['p1', 'p2']);
  });
});
