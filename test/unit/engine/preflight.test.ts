import { beforeAll, describe, expect, it } from 'vitest';
import { type PreflightProblem, preflight } from '../../../engine/preflight.ts';
import type { Template } from '../../../engine/template.ts';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { systemClock } from '../../../shop/clock.ts';
import { calendarTemplate, cardTemplate, font } from '../../fixtures/templates.ts';
import { loadAllFonts } from './text/load-fonts.ts';

const today = systemClock.now();
let fonts: FontSet;
beforeAll(async () => {
  fonts = await loadAllFonts();
});

const check = (t: unknown) => preflight(t, fonts, { today });
const ofRule = (t: unknown, rule: PreflightProblem['rule']) => check(t).filter((p) => p.rule === rule);
/** The card's fixed text on its inside pages (x 10..140, y 40..60 mm of a 150 x 100 mm page). */
const fixedPart = (t: Template) => t.partTypes[1]!.renderParts[0]!;

describe('preflight', () => {
  it('finds nothing wrong with a sound card and calendar', () => {
    expect(check(cardTemplate())).toEqual([]);
    expect(check(calendarTemplate())).toEqual([]);
  });

  it('schema: every problem at once, with JSON paths, and nothing else', () => {
    const broken = { ...cardTemplate(), uuid: 'x', pages: [] };
    expect(check(broken).map((p) => `${p.rule} ${p.path}`)).toEqual(['schema uuid', 'schema pages']);
  });

  it('count fields: a wrong hand count is its own rule, and the other rules still run', () => {
    const t = { ...cardTemplate(), numUserImages: 5 };
    fixedPart(t).font = font({ family: 'Comic Sans MS' });
    t.resources[4]!.font = font({ family: 'Comic Sans MS', text: 'Happy birthday' });
    expect(check(t).map((p) => `${p.rule} ${p.path}`)).toEqual([
      'count-fields numUserImages',
      'unknown-font resources[4].font.family',
      'unknown-font partTypes[1].renderParts[0].font.family',
    ]);
    expect(ofRule(cardTemplate(), 'count-fields')).toEqual([]);
  });

  it('unknown fonts, in resources, render parts and overrides', () => {
    const t = cardTemplate();
    t.resources[3]!.font!.overrideFamily = 'Papyrus';
    expect(ofRule(t, 'unknown-font')).toMatchObject([
      {
        path: 'resources[3].font.overrideFamily',
        part: 'greeting',
        message: 'the shop has no font "Papyrus"',
      },
    ]);
  });

  it('font conflict: a text resource and its one render part saying different things', () => {
    const t = cardTemplate();
    t.partTypes[0]!.renderParts[3]!.font = font({ color: '#FFFFFF' });
    expect(ofRule(t, 'font-conflict')).toMatchObject([
      {
        pageId: 'p1',
        part: 'greeting',
        path: 'resources[3].font',
        boxMm: { x: 80, y: 60, width: 60, height: 30 },
      },
    ]);
    // The fixed text is drawn on two pages by one part-type render part: still one part.
    expect(ofRule(cardTemplate(), 'font-conflict')).toEqual([]);
  });

  it('overflowing text: more lines than the box holds', () => {
    const t = cardTemplate();
    t.resources[4]!.font = font({ text: 'Happy birthday to you, dear friend, and many more', size: 40 });
    fixedPart(t).font = font({ size: 40 });
    const problems = ofRule(t, 'text-overflow');
    expect(problems.map((p) => [p.pageId, p.part, p.path])).toEqual([
      ['p2', 'fixed', 'partTypes[1].renderParts[0]'],
      ['mask', 'fixed', 'partTypes[1].renderParts[0]'],
    ]);
    expect(problems[0]!.boxMm).toEqual({ x: 10, y: 40, width: 130, height: 20 });
  });

  it("a portal language's text that does not fit where the author's does, named with its language", () => {
    const t = cardTemplate();
    const long = 'Gratulerer så mye med dagen, kjære venn, og mange flere år!';
    t.resources[4]!.font = font({ text: 'Hi', size: 40, texts: { nb_NO: long, da_DK: 'Hej' } });
    fixedPart(t).font = font({ size: 40 });
    const problems = ofRule(t, 'text-overflow');
    expect(problems.map((p) => [p.pageId, p.path])).toEqual([
      ['p2', 'partTypes[1].renderParts[0]'],
      ['mask', 'partTypes[1].renderParts[0]'],
    ]);
    expect(problems.every((p) => p.message.startsWith(`In nb_NO: "${long}"`))).toBe(true);
    // Short enough in every language: nothing; and what the author's own text finds is said once.
    t.resources[4]!.font = font({ text: 'Hi', size: 40, texts: { nb_NO: 'Hei', da_DK: 'Hej' } });
    expect(ofRule(t, 'text-overflow')).toEqual([]);
    t.resources[4]!.font = font({ text: long, size: 40, texts: { da_DK: 'Hej' } });
    expect(ofRule(t, 'text-overflow').map((p) => p.message.slice(0, 3))).toEqual(['"Gr', '"Gr']);
  });

  it('clipped text: a word wider than its box', () => {
    const t = cardTemplate();
    t.resources[4]!.font = font({ text: 'Supercalifragilistic' });
    fixedPart(t).size = { width: 40, height: 60 };
    expect(ofRule(t, 'text-clipped').map((p) => p.part)).toEqual(['fixed', 'fixed']);
    expect(ofRule(t, 'text-overflow')).toEqual([]);
  });

  it('text below 12 pt, and the month title size taken from the render part', () => {
    const t = cardTemplate();
    fixedPart(t).font = font({ size: 10 });
    t.resources[4]!.font = font({ size: 10, text: 'Happy birthday' });
    expect(ofRule(t, 'text-too-small')).toMatchObject([
      { pageId: 'p2', path: 'partTypes[1].renderParts[0].font.size' },
      { pageId: 'mask' },
    ]);
    const cal = calendarTemplate();
    cal.pages[1]!.renderParts[0]!.font = font({ size: 11 });
    expect(ofRule(cal, 'text-too-small').map((p) => p.pageId)).toEqual([cal.pages[1]!.id]);
  });

  it('slots outside the page', () => {
    const t = cardTemplate();
    t.partTypes[0]!.renderParts[2]!.position = { x: 100, y: 10 };
    expect(ofRule(t, 'outside-page')).toMatchObject([
      { pageId: 'p1', part: 'photo2', path: 'partTypes[0].renderParts[2]', boxMm: { x: 100, width: 60 } },
    ]);
  });

  it('texts within 3 mm of the trim, and a photo stopping just short of it; full-bleed art passes', () => {
    const t = cardTemplate();
    fixedPart(t).position = { x: 2, y: 40 };
    t.partTypes[0]!.renderParts[1]!.position = { x: 1, y: 10 };
    expect(ofRule(t, 'outside-safe-area').map((p) => `${p.pageId} ${p.part}`)).toEqual([
      'p1 photo1',
      'p2 fixed',
      'mask fixed',
    ]);
  });

  it('art below 300 ppi at its printed size; vector art by its rasterised size', () => {
    const t = cardTemplate();
    t.resources[0]!.image = { src: 'art/bg.png', width: 1500, height: 1000 };
    expect(ofRule(t, 'low-resolution')).toMatchObject([
      { part: 'background', path: 'resources[0].image', message: expect.stringContaining('254 ppi') },
    ]);
    t.resources[0]!.image = { src: 'art/bg.png', width: 1772, height: 1182 };
    expect(ofRule(t, 'low-resolution')).toEqual([]);
    t.resources[0]!.image = { src: 'art/bg.svg', width: 300, height: 200 };
    expect(ofRule(t, 'low-resolution')).toHaveLength(1);
  });

  it('fold lines crossed by text on a folded card', () => {
    const t = { ...cardTemplate(), folds: [{ axis: 'vertical' as const, atMm: 75 }] };
    // The fixed text (centred, 130 mm box) crosses the middle; the greeting box (80..140) does not.
    expect(ofRule(t, 'fold-crossed').map((p) => `${p.pageId} ${p.part}`)).toEqual(['p2 fixed', 'mask fixed']);
    const short = { ...cardTemplate(), folds: [{ axis: 'vertical' as const, atMm: 15 }] };
    // The box reaches over x = 15 but its centred text does not.
    expect(ofRule(short, 'fold-crossed')).toEqual([]);
    const horizontal = { ...cardTemplate(), folds: [{ axis: 'horizontal' as const, atMm: 75 }] };
    expect(ofRule(horizontal, 'fold-crossed').map((p) => p.part)).toEqual(['greeting']);
  });

  it('the contrast rule asks the caller for the pixels, and is skipped without them', () => {
    const t = cardTemplate();
    t.resources[4]!.font = font({ color: '#8E1B1B', text: 'Happy birthday' });
    fixedPart(t).font = font({ color: '#8E1B1B' });
    expect(ofRule(t, 'low-contrast')).toEqual([]);
    const red = { r: 0x8e, g: 0x1b, b: 0x1b };
    const problems = preflight(t, fonts, { today, backdrop: () => [red, red, { r: 255, g: 255, b: 255 }] });
    expect(problems.filter((p) => p.rule === 'low-contrast').map((p) => `${p.pageId} ${p.part}`)).toEqual([
      'p2 fixed',
      'mask fixed',
    ]);
  });
});
