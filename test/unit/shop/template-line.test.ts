import { beforeAll, describe, expect, it } from 'vitest';
import { YEARS_AHEAD } from '../../../engine/calendar.ts';
import type { Template } from '../../../engine/template.ts';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { errorMessage } from '../../../server/i18n.ts';
import { systemClock } from '../../../shop/clock.ts';
import type { Product } from '../../../shop/contract.ts';
import { photobookSpec } from '../../../shop/photobook/products.ts';
import { photobookLinePrice } from '../../../shop/pricing.ts';
import {
  checkLineResources,
  chooseLineYear,
  chooseStartMonth,
  instancePictures,
  LineRefusal,
  lineInstance,
  lineResourceInputs,
  lineVerdict,
  lineYearInput,
  type PictureInfo,
  templateLinePrice,
} from '../../../shop/templateLine.ts';
import { demoTemplate } from '../../support/demoTemplates.ts';
import { loadAllFonts } from '../engine/text/load-fonts.ts';

/** A rule whose refusal is thrown in the words an English portal answers it with (server.json). */
function worded<A extends unknown[], R>(rule: (...args: A) => R): (...args: A) => R {
  return (...args) => {
    try {
      return rule(...args);
    } catch (error) {
      if (error instanceof LineRefusal) throw new Error(errorMessage('en_GB', error.key, error.values));
      throw error;
    }
  };
}
const chooseYear = worded(chooseLineYear);
const checkResources = worded(checkLineResources);

/** A November day of this year by the clock: next year's calendars are on sale. */
const year = systemClock.now().getFullYear();
const today = new Date(year, 10, 23);
const picture: PictureInfo = { uuid: '11111111-1111-4111-8111-111111111111', width: 1200, height: 900 };
const pictures = new Map([[picture.uuid, picture]]);
const photoInput = {
  fullId: 'photo',
  type: 'IMAGE' as const,
  image: { uuid: picture.uuid, rotation: 90 as const, cropRect: { x: 0, y: 0, width: 1, height: 1 } },
};

describe('chooseLineYear', () => {
  const calendar = demoTemplate('Modern 20x30'); // this year and the next two
  it('takes a supported year that is not past, else refuses', () => {
    expect(chooseYear(calendar, year + 1, today)).toBe(year + 1);
    expect(chooseYear(calendar, year + 2, today)).toBe(year + 2);
    expect(() => chooseYear(calendar, year + 3, today)).toThrow(`${year + 3} cannot be chosen`);
    expect(() => chooseYear(calendar, year - 1, today)).toThrow(`(${year} to ${year + 2})`);
  });
  it('refuses a new calendar line without its year (null or absent), and keeps a line’s own year even once past', () => {
    for (const none of [null, undefined]) {
      const verdict = lineVerdict(() => chooseLineYear(calendar, none, today));
      expect(verdict).toMatchObject({ ok: false, code: 'year_required' });
      expect(verdict.ok || errorMessage('en_GB', verdict.key, verdict.values)).toBe(
        `A calendar needs its year (${year} to ${year + 2})`,
      );
      expect(chooseYear(calendar, none, new Date(year + 1, 2, 1), year)).toBe(year);
    }
    expect(chooseYear(calendar, year, new Date(year + 1, 2, 1), year)).toBe(year);
  });
  it('fills the year of a card sent with null or none: S1 §4’s default, or the line’s own', () => {
    const card = demoTemplate('Balloon party');
    expect(chooseYear(card, null, today)).toBe(year + 1);
    expect(chooseYear(card, undefined, new Date(year, 2, 1))).toBe(year);
    expect(chooseYear(card, null, today, year - 3)).toBe(year - 3);
  });
  it('a template with a fixed year and no list takes only that year', () => {
    const fixed: Template = { ...calendar, supportedYears: [], year: year + 1, yearsAhead: undefined };
    expect(chooseYear(fixed, year + 1, today)).toBe(year + 1);
    expect(() => chooseYear(fixed, year + 2, today)).toThrow(`only ${year + 1}`);
  });
  it('refuses a new line of a template whose years are all past, and names what a list still offers', () => {
    const listed: Template = { ...calendar, supportedYears: [year - 2, year - 1], yearsAhead: undefined };
    const card: Template = { ...listed, type: 'CARDS' };
    expect(() => chooseYear(card, undefined, today)).toThrow('can no longer be made');
    expect(() => chooseYear(listed, undefined, today)).toThrow('(none any more)');
    expect(() => chooseYear(listed, year - 1, today)).toThrow('none any more');
    const gaps: Template = { ...calendar, supportedYears: [year, year + 2], yearsAhead: undefined };
    expect(() => chooseYear(gaps, year + 1, today)).toThrow(`one of ${year}, ${year + 2}`);
  });
  it('checks the year of other templates too: this year to the shop’s last one', () => {
    const card = demoTemplate('Balloon party');
    expect(chooseYear(card, year, today)).toBe(year);
    expect(chooseYear(card, year + YEARS_AHEAD, today)).toBe(year + YEARS_AHEAD);
    expect(() => chooseYear(card, year - 1, today)).toThrow(/cannot be chosen for this design/);
    expect(() => chooseYear(card, year + 100, today)).toThrow(/cannot be chosen for this design/);
  });
});

describe('checkLineResources', () => {
  let fonts: FontSet;
  const card = demoTemplate('Balloon party');
  beforeAll(async () => {
    fonts = await loadAllFonts();
  });

  it('stores every user slot with the server’s picture size and the template’s defaults', () => {
    const stored = checkResources(card, [photoInput], pictures, fonts);
    expect(stored.map((r) => r.fullId)).toEqual(['photo', 'greeting']);
    expect(stored[0]).toMatchObject({
      type: 'IMAGE',
      image: { uuid: picture.uuid, width: 1200, height: 900, rotation: 90, effect: 'original' },
    });
    expect(stored[1]).toMatchObject({ type: 'STRING', text: 'Have a wonderful day' });
  });

  it('records a changed font as overrides of the template’s font, and sanitises the text', () => {
    const stored = checkResources(
      card,
      [
        photoInput,
        {
          fullId: 'greeting',
          type: 'STRING',
          text: ' Hi\nthere  you ',
          font: { family: 'Lora', overrideSize: 16 },
        },
      ],
      pictures,
      fonts,
    );
    const greeting = stored[1] as Extract<(typeof stored)[number], { type: 'STRING' }>;
    expect(greeting.text).toBe('Hi\nthere you');
    expect(greeting.font).toMatchObject({
      family: 'Pacifico',
      size: 14,
      overrideFamily: 'Lora',
      overrideSize: 16,
    });
    expect(greeting.font.overrideColor).toBeUndefined();
  });

  it('refuses unknown slots, overflowing texts, unknown fonts, pictures not owned, empty required slots', () => {
    const attempt = (inputs: Parameters<typeof checkResources>[1]) => () =>
      checkResources(card, inputs, pictures, fonts);
    expect(attempt([photoInput, { fullId: 'heading', type: 'STRING', text: 'x' }])).toThrow(
      /no slot "heading"/,
    );
    expect(attempt([photoInput, { fullId: 'greeting', type: 'STRING', text: 'word '.repeat(80) }])).toThrow(
      /does not fit/,
    );
    expect(
      attempt([photoInput, { fullId: 'greeting', type: 'STRING', font: { overrideFamily: 'Arial' } }]),
    ).toThrow(/not one of the shop's fonts/);
    expect(
      attempt([
        { ...photoInput, image: { ...photoInput.image, uuid: '22222222-2222-4222-8222-222222222222' } },
      ]),
    ).toThrow(/not one of your pictures/);
    expect(attempt([])).toThrow(/needs a picture/);
    expect(attempt([photoInput, photoInput])).toThrow(/sent twice/);
  });

  it('names every refusal with its code, at the edges of each rule', () => {
    const code = (inputs: Parameters<typeof checkResources>[1], t: Template = card) => {
      const verdict = lineVerdict(() => checkLineResources(t, inputs, pictures, fonts));
      return verdict.ok ? 'ok' : verdict.code;
    };
    const greeting = (font: Record<string, unknown>, text = 'Hi') => ({
      fullId: 'greeting',
      type: 'STRING' as const,
      text,
      font,
    });
    expect(code([photoInput])).toBe('ok');
    expect(code([{ fullId: 'greeting', type: 'IMAGE', image: null }])).toBe('wrong_slot_type');
    expect(code([photoInput, { ...photoInput, fullId: 'greeting' }])).toBe('wrong_slot_type');
    // A slot the template draws but the shopper does not fill is not theirs to send.
    expect(code([photoInput, { fullId: 'heading', type: 'STRING', text: 'x' }])).toBe('unknown_slot');
    expect(code([photoInput, { id: 'greeting', type: 'STRING', text: 'x' }])).toBe('ok');
    // Sizes: 12 pt is the floor, the slider's maximum the ceiling; the template's own size always goes.
    expect(code([photoInput, greeting({ overrideSize: 12 })])).toBe('ok');
    expect(code([photoInput, greeting({ overrideSize: 11.5 })])).toBe('invalid_font_size');
    expect(code([photoInput, greeting({ size: 400 })])).toBe('invalid_font_size');
    expect(code([photoInput, greeting({ size: 14 })])).toBe('ok');
    expect(code([photoInput, greeting({ family: 'Comic Sans' })])).toBe('unknown_font');
    expect(code([photoInput, greeting({ family: 'Pacifico' })])).toBe('ok');
    expect(code([photoInput, greeting({}, 'word '.repeat(80))])).toBe('text_overflow');
    // A required text may not be left empty; an optional one may.
    expect(code([photoInput, greeting({}, '  ')])).toBe('ok');
    const requiredText = structuredClone(card);
    requiredText.resources.find((r) => r.id === 'greeting')!.required = true;
    expect(code([photoInput, greeting({}, '  ')], requiredText)).toBe('incomplete');
    expect(code([photoInput], requiredText)).toBe('ok'); // the suggested text stays
  });

  it('keeps the template’s text in a slot the shopper may not edit, whatever is sent', () => {
    const locked = structuredClone(card);
    locked.resources.find((r) => r.id === 'greeting')!.disableEdit = true;
    const stored = checkResources(
      locked,
      [photoInput, { fullId: 'greeting', type: 'STRING', text: 'Mine' }],
      pictures,
      fonts,
    );
    expect(stored[1]).toMatchObject({ type: 'STRING', text: 'Have a wonderful day' });
  });

  it('only LineRefusals become verdicts; a programming error still throws', () => {
    expect(() =>
      lineVerdict(() => {
        throw new TypeError('bug');
      }),
    ).toThrow(TypeError);
    expect(
      lineVerdict(() => {
        throw new LineRefusal('incomplete', 'x');
      }),
    ).toMatchObject({ ok: false });
  });

  it('gives back an instance that draws what was stored', () => {
    const stored = checkResources(card, [photoInput], pictures, fonts);
    const instance = lineInstance(card, { resources: stored, year: year + 1 }, today);
    expect(instance.year).toBe(year + 1);
    expect(instance.resources.photo).toMatchObject({ type: 'IMAGE', image: { uuid: picture.uuid } });
  });

  it('round trip: what an instance sends is stored as that instance again, and passes the rules', () => {
    const stored = checkResources(
      card,
      [photoInput, { fullId: 'greeting', type: 'STRING', text: 'Hello', font: { overrideColor: '#112233' } }],
      pictures,
      fonts,
    );
    const instance = lineInstance(card, { resources: stored, year }, today);
    const again = checkResources(card, lineResourceInputs(card, instance), instancePictures(instance), fonts);
    expect(again).toEqual(stored);
  });

  it('a line whose slot changed type in the template is opened with the template’s default there', () => {
    const instance = lineInstance(
      card,
      { resources: [{ fullId: 'photo', type: 'STRING', text: 'x', font: card.resources[3]!.font! }], year },
      today,
    );
    expect(instance.resources.photo).toEqual({ type: 'IMAGE', image: null });
  });
});

describe("a calendar's first month (issue 18)", () => {
  const calendar = demoTemplate('Modern 20x30');
  const card = demoTemplate('Balloon party');

  it('a calendar takes the month sent, else keeps its own, else January; a card is always January', () => {
    expect(chooseStartMonth(calendar, 9)).toBe(9);
    expect(chooseStartMonth(calendar, undefined, 4)).toBe(4);
    expect(chooseStartMonth(calendar, 2, 4)).toBe(2);
    expect(chooseStartMonth(calendar, undefined)).toBe(1);
    expect(chooseStartMonth(card, 9, 4)).toBe(1);
  });

  it('opens a stored calendar line on its first month (the print and the thumbnail draw it so)', () => {
    expect(lineInstance(calendar, { resources: [], year, startMonth: 9 }, today).startMonth).toBe(9);
    expect(lineInstance(calendar, { resources: [], year }, today).startMonth).toBeUndefined();
    expect(lineInstance(card, { resources: [], year, startMonth: 9 }, today).startMonth).toBeUndefined();
  });
});

describe('lineYearInput', () => {
  it('a calendar sends its year; a card sends none (the server fills it)', () => {
    expect(lineYearInput(demoTemplate('Modern 20x30'), { year: year + 1 })).toBe(year + 1);
    expect(lineYearInput(demoTemplate('Balloon party'), { year: year + 1 })).toBeNull();
  });
});

describe('templateLinePrice', () => {
  const product: Product = {
    uuid: 'p',
    name: 'Card',
    producttype: 1,
    printareasize: [148, 105],
    minQuantity: 1,
    whiteBorder: false,
    productprices: [
      { quantity: 1, price: 249, campaignprice: 179, type: 0 },
      { quantity: 10, price: 199, campaignprice: 149, type: 0 },
    ],
    subproducts: [{ uuid: 'kraft', name: 'Kraft envelope', extraprice: 25 }],
    campaignrequirement: 'CHRISTMAS',
  };
  it('adds the subproduct per piece and takes the campaign price for the campaign’s category', () => {
    expect(templateLinePrice(product, { categories: ['BIRTHDAY'] }, 10, ['kraft'])).toBe(10 * (199 + 25));
    expect(templateLinePrice(product, { categories: ['christmas'] }, 2, [])).toBe(2 * 179);
  });
});

describe('a photo book line’s price (issue 33): its pages, by the one pricing module', () => {
  const spec = photobookSpec('photobook-20x20-soft')!;
  const book: Product = {
    uuid: 'b0000000-0000-4000-8000-000000000001',
    name: 'Photo book 20x20, soft cover',
    producttype: 3,
    printareasize: [200, 200],
    minQuantity: 1,
    whiteBorder: false,
    productprices: [
      { quantity: 1, price: 1999, campaignprice: 0, type: 1 },
      { quantity: 2, price: 59, campaignprice: 0, type: 1 },
    ],
    subproducts: [],
    campaignrequirement: null,
    photobook: spec,
  };
  const holiday = { categories: [] };
  const min = spec.pages.min;
  const step = spec.pages.step;

  it('is the book’s price for its pages, per copy: more pages cost more, copies multiply', () => {
    const base = templateLinePrice(book, holiday, 1, [], min);
    expect(base).toBe(photobookLinePrice({ ...book, photobook: spec }, min, 1));
    expect(templateLinePrice(book, holiday, 1, [], min + 2 * step)).toBe(base + 2 * 59);
    expect(templateLinePrice(book, holiday, 3, [], min)).toBe(3 * base);
  });

  it('is refused for a page count the book does not take', () => {
    expect(() => templateLinePrice(book, holiday, 1, [], min + 1)).toThrow(RangeError);
  });

  it('without pages (any other line) is the tier price as before', () => {
    const card = {
      ...book,
      photobook: undefined,
      productprices: [{ quantity: 1, price: 500, campaignprice: 0, type: 0 }],
    };
    expect(templateLinePrice(card, holiday, 2, [])).toBe(1000);
  });
});
