import { describe, expect, it } from 'vitest';
import { createInstance } from '../../../engine/instance.ts';
import type { Font } from '../../../engine/template.ts';
import { systemClock } from '../../../shop/clock.ts';
import {
  drawnFontOf,
  fontWithStyle,
  insertTextTarget,
  paletteFor,
  SIZE_DEBOUNCE_MS,
  styleOf,
  TEXT_PALETTE,
  textBoxOf,
} from '../../../src/features/editor/text/textEditorRules.ts';
import { cardTemplate, font as fixtureFont } from '../../fixtures/templates.ts';
import { demoTemplate } from '../../support/demoTemplates.ts';

const base: Font = {
  family: 'Pacifico',
  size: 14,
  color: '#333333',
  horizontalAlign: 'center',
  verticalAlign: 'middle',
  text: 'Have a wonderful day',
};

describe('the text colour palette (S1 §9)', () => {
  it('offers the ten colours in order, the template’s own colour first when absent', () => {
    expect(TEXT_PALETTE).toEqual([
      '#000000',
      '#FFFFFF',
      '#C52B2B',
      '#2B9BC5',
      '#C5BB2B',
      '#A72BC5',
      '#5AB880',
      '#F3E66F',
      '#C52B87',
      '#7673AB',
    ]);
    expect(paletteFor('#333333')).toEqual(['#333333', ...TEXT_PALETTE]);
    expect(paletteFor('#c52b2b')).toEqual([...TEXT_PALETTE]);
    expect(SIZE_DEBOUNCE_MS).toBe(200);
  });
});

describe('fontWithStyle', () => {
  it('writes the differences from the template as override fields', () => {
    const style = { ...styleOf(base), family: 'Lobster', color: '#C52B2B', horizontalAlign: 'left' as const };
    const font = fontWithStyle(base, style);
    expect(font).toEqual({
      ...base,
      overrideFamily: 'Lobster',
      overrideColor: '#C52B2B',
      overrideHorizontalAlign: 'left',
    });
    expect(styleOf(font)).toEqual(style);
  });
  it('drops an override that goes back to the template’s value', () => {
    const changed = fontWithStyle(base, { ...styleOf(base), sizePt: 20, family: 'Lobster' });
    expect(changed.overrideSize).toBe(20);
    const back = fontWithStyle(changed, { ...styleOf(changed), sizePt: 14 });
    expect(back).toEqual({ ...base, overrideFamily: 'Lobster' });
    expect('overrideSize' in back).toBe(false);
  });
});

describe('text slots', () => {
  it('measures a slot against its render part’s box', () => {
    const t = demoTemplate('Balloon party');
    const instance = createInstance(t, systemClock.now());
    const id = Object.keys(instance.resources).find((k) => instance.resources[k]!.type === 'STRING')!;
    const part = t.partTypes[0]!.renderParts.find((p) => p.resourceId === id)!;
    expect(textBoxOf(t, id)).toEqual({ widthMm: part.size.width, heightMm: part.size.height });
    expect(textBoxOf(t, 'nope')).toBeNull();
  });
  it('Insert text opens the only text slot of a page, and Choose text otherwise', () => {
    const one = demoTemplate('Balloon party');
    expect('open' in insertTextTarget(one, one.pages[0]!.id)).toBe(true);
    // 'Thanks from two' has a line of text under each of its two pictures.
    const two = demoTemplate('Thanks from two');
    const chosen = insertTextTarget(two, two.pages[0]!.id);
    expect('choose' in chosen && chosen.choose.length).toBe(2);
  });
});

describe('the text editor shows the font the page draws', () => {
  // The greeting's resource says one colour and size, its render part another: the page draws the part's.
  const card = cardTemplate();
  card.resources[3]!.font = fixtureFont({ color: '#8E1B1B', size: 14, horizontalAlign: 'center' });
  card.partTypes[0]!.renderParts[3]!.font = fixtureFont({
    color: '#FFFFFF',
    size: 18,
    horizontalAlign: 'left',
  });
  // A font as a cart line stored it before the render part's font counted: the resource's fields.
  const stored: Font = { ...card.resources[3]!.font! };

  it("reads the render part's colour, size and alignment, as the scene draws them", () => {
    const drawn = drawnFontOf(card, 'greeting', stored);
    expect(styleOf(drawn)).toMatchObject({ color: '#FFFFFF', sizePt: 18, horizontalAlign: 'left' });
    const fresh = createInstance(card, systemClock.now()).resources.greeting as { font: Font };
    expect(styleOf(drawnFontOf(card, 'greeting', fresh.font))).toEqual(styleOf(drawn));
  });

  it("keeps the shopper's choice of the resource's colour: it differs from what the page draws", () => {
    const drawn = drawnFontOf(card, 'greeting', stored);
    const font = fontWithStyle(stored, { ...styleOf(drawn), color: '#8E1B1B' }, drawn);
    expect(font.overrideColor).toBe('#8E1B1B');
    expect(styleOf(drawnFontOf(card, 'greeting', font)).color).toBe('#8E1B1B');
  });
});
