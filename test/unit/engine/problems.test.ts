import { beforeAll, describe, expect, it } from 'vitest';
import { authorProblems } from '../../../engine/problems.ts';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { calendarTemplate, cardTemplate } from '../../fixtures/templates.ts';
import { loadAllFonts } from './text/load-fonts.ts';

let fonts: FontSet;
beforeAll(async () => {
  fonts = await loadAllFonts();
});

describe('authorProblems', () => {
  it('finds nothing wrong with a sound card and calendar', () => {
    expect(authorProblems(cardTemplate(), fonts)).toEqual([]);
    expect(authorProblems(calendarTemplate(), fonts)).toEqual([]);
  });

  it('reports schema problems alone when the template does not parse', () => {
    const broken = { ...cardTemplate(), uuid: 'x', pages: [] };
    const problems = authorProblems(broken, fonts);
    expect(problems.map((p) => `${p.kind} ${p.where}`)).toEqual(['schema uuid', 'schema pages']);
  });

  it('names a font the shop does not have', () => {
    const t = cardTemplate();
    t.partTypes[1]!.renderParts[0]!.font!.family = 'Comic Sans MS';
    t.resources[3]!.font!.overrideFamily = 'Papyrus';
    const problems = authorProblems(t, fonts).filter((p) => p.kind === 'font');
    expect(problems.map((p) => p.message)).toEqual([
      'the shop has no font "Papyrus"',
      'the shop has no font "Comic Sans MS"',
    ]);
  });

  it('finds a fixed text that does not fit at its own size, and a month cell too small for its days', () => {
    const t = cardTemplate();
    t.resources[4]!.font!.size = 90;
    const cal = calendarTemplate();
    cal.partTypes[1]!.renderParts[1]!.month!.cells.day.font.size = 60;
    expect(authorProblems(t, fonts)).toEqual([
      expect.objectContaining({ kind: 'text-overflow', where: 'page p2 / fixed' }),
      expect.objectContaining({ kind: 'text-overflow', where: 'page mask / fixed' }),
    ]);
    const calProblems = authorProblems(cal, fonts).filter((p) => p.kind === 'text-overflow');
    // Only the 'day' cell grew: one problem per month page.
    expect(calProblems).toHaveLength(12);
    expect(calProblems.every((p) => p.where.endsWith('/ grid (day)'))).toBe(true);
  });

  it('checks the longest month title with a year against its slot', () => {
    const cal = calendarTemplate();
    for (const page of cal.pages) for (const part of page.renderParts) part.size.width = 30;
    const titles = authorProblems(cal, fonts).filter((p) => p.where.includes('_YEAR_STRING'));
    expect(titles).toHaveLength(12);
    expect(titles[0]?.message).toContain('September 2088');
  });

  it('finds slots outside the page and art too small for 300 dpi', () => {
    const t = cardTemplate();
    t.partTypes[0]!.renderParts[2]!.position.x = 100; // 100 + 60 > 150
    t.resources[0]!.image = { src: 'art/bg.svg', width: 300, height: 200 };
    const problems = authorProblems(t, fonts).map((p) => `${p.kind} ${p.where}`);
    // In drawing order: the background comes first.
    expect(problems).toEqual(['low-resolution page p1 / background', 'outside-page page p1 / photo2']);
  });
});
