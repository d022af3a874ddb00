import { beforeAll, describe, expect, it } from 'vitest';
import { YEARS_AHEAD } from '../../../engine/calendar.ts';
import type { Template } from '../../../engine/template.ts';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { derivativeFor, previewHash } from '../../../server/services/linePreviews.ts';
import {
  checkResources,
  chooseYear,
  lineInstance,
  type PictureInfo,
  templateLinePrice,
} from '../../../server/services/templateLines.ts';
import { systemClock } from '../../../shop/clock.ts';
import type { Product } from '../../../shop/contract.ts';
import { demoTemplate } from '../../support/demoTemplates.ts';
import { loadAllFonts } from '../engine/text/load-fonts.ts';

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

describe('chooseYear', () => {
  const calendar = demoTemplate('Modern 20x30'); // this year and the next two
  it('takes a supported year that is not past, else refuses', () => {
    expect(chooseYear(calendar, year + 1, today)).toBe(year + 1);
    expect(chooseYear(calendar, year + 2, today)).toBe(year + 2);
    expect(() => chooseYear(calendar, year + 3, today)).toThrow(`${year + 3} cannot be chosen`);
    expect(() => chooseYear(calendar, year - 1, today)).toThrow(`(${year} to ${year + 2})`);
  });
  it('defaults to S1 §4’s year, and keeps a line’s own year even once past', () => {
    expect(chooseYear(calendar, undefined, today)).toBe(year + 1);
    expect(chooseYear(calendar, year, new Date(year + 1, 2, 1), year)).toBe(year);
  });
  it('a template with a fixed year and no list takes only that year', () => {
    const fixed: Template = { ...calendar, supportedYears: [], year: year + 1, yearsAhead: undefined };
    expect(chooseYear(fixed, year + 1, today)).toBe(year + 1);
    expect(() => chooseYear(fixed, year + 2, today)).toThrow(`only ${year + 1}`);
  });
  it('refuses a new line of a template whose years are all past, and names what a list still offers', () => {
    const listed: Template = { ...calendar, supportedYears: [year - 2, year - 1], yearsAhead: undefined };
    expect(() => chooseYear(listed, undefined, today)).toThrow('can no longer be made');
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

describe('checkResources', () => {
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
    expect(greeting.text).toBe('Hithere you');
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

  it('gives back an instance that draws what was stored', () => {
    const stored = checkResources(card, [photoInput], pictures, fonts);
    const instance = lineInstance(card, { resources: stored, year: year + 1 }, today);
    expect(instance.year).toBe(year + 1);
    expect(instance.resources.photo).toMatchObject({ type: 'IMAGE', image: { uuid: picture.uuid } });
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

describe('cart thumbnails', () => {
  it('draws from a derivative about twice the width', () => {
    expect(derivativeFor(320)).toBe(640);
    expect(derivativeFor(100)).toBe(320);
    expect(derivativeFor(1280)).toBe(1280);
  });
  it('hashes what changes the picture', () => {
    const stored = { template: 't', version: 1, resources: [], year };
    expect(previewHash(stored, ['a'], 320, 'en_GB')).not.toBe(previewHash(stored, ['b'], 320, 'en_GB'));
    expect(previewHash(stored, ['a'], 320, 'en_GB')).not.toBe(
      previewHash({ ...stored, year: year + 1 }, ['a'], 320, 'en_GB'),
    );
    expect(previewHash(stored, ['a'], 320, 'en_GB')).not.toBe(previewHash(stored, ['a'], 320, 'nb_NO'));
    expect(previewHash(stored, ['a'], 320, 'en_GB')).toBe(previewHash({ ...stored }, ['a'], 320, 'en_GB'));
  });
});
