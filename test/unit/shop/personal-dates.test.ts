import { describe, expect, it } from 'vitest';
import { MAX_PERSONAL_DATES } from '../../../engine/calendar.ts';
import { datesToOffer, keptDates } from '../../../shop/personalDates.ts';

const anna = { day: 17, month: 5, text: 'Anna', yearly: true };
const wedding = { day: 2, month: 9, text: 'Wedding day', yearly: true };
const party = { day: 3, month: 3, text: 'Party', yearly: false };

describe('the dates an account keeps from its calendars (issue 18)', () => {
  it('keeps yearly dates once each (the same day, month and text in any case), never once-only ones', () => {
    expect(keptDates([], [anna, party, wedding])).toEqual([anna, wedding]);
    expect(keptDates([anna], [{ ...anna, text: ' ANNA ' }, wedding])).toEqual([anna, wedding]);
    // The same text on another day is another date.
    expect(keptDates([anna], [{ ...anna, day: 18 }])).toHaveLength(2);
    expect(keptDates([anna], [])).toEqual([anna]);
  });

  it('keeps the newest when there would be more than the limit', () => {
    const many = Array.from({ length: MAX_PERSONAL_DATES }, (_, i) => ({ ...anna, text: `Date ${i}` }));
    const kept = keptDates(many, [wedding]);
    expect(kept).toHaveLength(MAX_PERSONAL_DATES);
    expect(kept.at(-1)).toEqual(wedding);
    expect(kept[0]!.text).toBe('Date 1');
  });

  it('offers the kept dates a calendar lacks', () => {
    expect(datesToOffer([anna, wedding], [])).toEqual([anna, wedding]);
    expect(datesToOffer([anna, wedding], [{ ...anna, text: 'anna', yearly: false }])).toEqual([wedding]);
    expect(datesToOffer([], [anna])).toEqual([]);
  });
});
