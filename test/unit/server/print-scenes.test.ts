import { beforeAll, describe, expect, it } from 'vitest';
import type { SceneText } from '../../../engine/scene.ts';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { printScenes } from '../../../server/production/renderTask.ts';
import type { StoredTemplate } from '../../../server/services/templates/templateLines.ts';
import { systemClock } from '../../../shop/clock.ts';
import { calendarHolidays } from '../../../shop/holidays.ts';
import { demoTemplate } from '../../support/demoTemplates.ts';
import { loadAllFonts } from '../engine/text/load-fonts.ts';

const year = systemClock.now().getFullYear() + 1;

describe("the print of a calendar line: the portal's holidays and the shopper's own dates (issue 18)", () => {
  let fonts: FontSet;
  beforeAll(async () => {
    fonts = await loadAllFonts();
  });
  const template = demoTemplate('Classic A4');
  const stored = (over: Partial<StoredTemplate> = {}): StoredTemplate => ({
    template: template.uuid,
    version: template.version,
    resources: [],
    year,
    startMonth: 1,
    personalDates: [{ day: 17, month: 5, text: 'Anna 40', yearly: true }],
    holidays: true,
    subProductUuids: [],
    ...over,
  });
  const mayTexts = (scenes: Awaited<ReturnType<typeof printScenes>>) => {
    const may = scenes.find((s) => s.pageId === 'month-5')!;
    return may.items.filter((i): i is SceneText => i.kind === 'text').map((i) => i.lines.join(' '));
  };
  const orderedAt = systemClock.now().toISOString();

  it('prints 17 May with its Norwegian name and the shopper’s text on the Norwegian portal', async () => {
    const texts = mayTexts(
      await printScenes({ template, stored: stored(), orderedAt, language: 'nb_NO' }, fonts),
    );
    // In some years Whit Monday falls on the same day: both are named.
    expect(texts.some((t) => t.includes('Grunnlovsdagen'))).toBe(true);
    expect(texts).toContain('Anna 40');
  });

  it('prints no holidays when the shopper turned them off, and the UK’s on an English portal', async () => {
    const off = mayTexts(
      await printScenes(
        { template, stored: stored({ holidays: false }), orderedAt, language: 'nb_NO' },
        fonts,
      ),
    );
    expect(off.some((t) => t.includes('Grunnlovsdagen'))).toBe(false);
    expect(off).toContain('Anna 40');
    const english = mayTexts(
      await printScenes({ template, stored: stored(), orderedAt, language: 'en_GB' }, fonts),
    );
    const mayHolidays = (await calendarHolidays({ locale: 'en_GB' }, year)).filter((h) =>
      h.date.startsWith(`${year}-05-`),
    );
    expect(mayHolidays.length).toBeGreaterThan(0);
    for (const h of mayHolidays) expect(english.some((t) => t.includes(h.name))).toBe(true);
    expect(english.some((t) => t.includes('Grunnlovsdagen'))).toBe(false);
  });

  it('moves the dates with the first month: from September, May is the ninth month page', async () => {
    const scenes = await printScenes(
      { template, stored: stored({ startMonth: 9 }), orderedAt, language: 'nb_NO' },
      fonts,
    );
    const ninth = scenes.find((s) => s.pageId === 'month-9')!;
    const texts = ninth.items.filter((i): i is SceneText => i.kind === 'text').map((i) => i.lines.join(' '));
    expect(texts).toContain(`Mai ${year + 1}`);
    expect(texts.some((t) => t.includes('Grunnlovsdagen'))).toBe(true);
    expect(texts).toContain('Anna 40');
  });
});

describe('a card text with line breaks prints line by line (issue 31)', () => {
  let fonts: FontSet;
  beforeAll(async () => {
    fonts = await loadAllFonts();
  });
  const template = demoTemplate('Balloon party');
  const greeting = 'Dear friends,\nthank you\n\nLove, Anna';
  const slot = template.resources.find((r) => r.id === 'greeting');
  if (slot?.type !== 'STRING') throw new Error('Balloon party has no greeting text');
  const greetingFont = slot.font;
  const greetingLines = async (text: string) => {
    const stored: StoredTemplate = {
      template: template.uuid,
      version: template.version,
      resources: [
        {
          fullId: 'greeting',
          type: 'STRING',
          text,
          font: {
            family: 'Roboto',
            size: 12,
            color: '#333333',
            horizontalAlign: 'center',
            verticalAlign: 'middle',
            ...greetingFont,
            text,
          },
        },
      ],
      year,
      startMonth: 1,
      personalDates: [],
      holidays: false,
      subProductUuids: [],
    };
    // The cart's thumbnail and the print file draw the same scenes (lineInstance, then pageScene).
    const scenes = await printScenes(
      { template, stored, orderedAt: systemClock.now().toISOString(), language: 'en_GB' },
      fonts,
    );
    const texts = scenes.flatMap((s) =>
      s.items.filter((i): i is SceneText => i.kind === 'text' && i.id === 'greeting'),
    );
    expect(texts.length).toBeGreaterThan(0);
    return texts[0]!.lines;
  };

  it('keeps each written line, the empty one between paragraphs too', async () => {
    expect(await greetingLines(greeting)).toEqual(['Dear friends,', 'thank you', '', 'Love, Anna']);
  });
});
