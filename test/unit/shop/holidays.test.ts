import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../shop/clock.ts';
import { calendarHolidays, holidayRegion, publicHolidays } from '../../../shop/holidays.ts';

const year = systemClock.now().getFullYear();
const key = (d: Date) => d.toISOString().slice(0, 10);

/** The last Monday of August in a year, counted on UTC dates. */
function lastMondayOfAugust(y: number): string {
  const d = new Date(Date.UTC(y, 7, 31));
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() - 1);
  return key(d);
}

function firstMondayOfAugust(y: number): string {
  const d = new Date(Date.UTC(y, 7, 1));
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return key(d);
}

describe('holidayRegion', () => {
  it("is the portal's own place, or its language's default: England and Wales on en_GB", () => {
    expect(holidayRegion({ locale: 'en_GB' })).toBe('GB-ENG');
    expect(holidayRegion({ locale: 'en_GB', holidayRegion: null })).toBe('GB-ENG');
    expect(holidayRegion({ locale: 'nb_NO' })).toBe('NO');
    expect(holidayRegion({ locale: 'da_DK' })).toBe('DK');
    expect(holidayRegion({ locale: 'en_GB', holidayRegion: 'GB-SCT' })).toBe('GB-SCT');
    // A portal of a language with no default marks none unless it names a place.
    expect(holidayRegion({ locale: 'en_US' })).toBeNull();
    expect(holidayRegion({ locale: 'en_US', holidayRegion: ' US ' })).toBe('US');
  });
});

describe('calendarHolidays', () => {
  it("marks the Summer bank holiday (the last Monday of August) on the English portal's calendar this year", async () => {
    const holidays = await calendarHolidays({ locale: 'en_GB' }, year);
    expect(holidays).toContainEqual({ date: lastMondayOfAugust(year), name: 'Summer bank holiday' });
    expect(holidays).toContainEqual({ date: `${year}-12-25`, name: 'Christmas Day' });
    expect(holidays.every((h) => h.date.startsWith(`${year}-`))).toBe(true);
  });

  it('marks the place the portal names instead: Scotland keeps the first Monday of August and St Andrew’s Day', async () => {
    const scotland = await calendarHolidays({ locale: 'en_GB', holidayRegion: 'GB-SCT' }, year);
    expect(scotland.find((h) => h.name === 'Summer bank holiday')?.date).toBe(firstMondayOfAugust(year));
    expect(scotland.some((h) => h.date === `${year}-11-30` || h.date === `${year}-12-01`)).toBe(true);
    expect(scotland.some((h) => h.date === lastMondayOfAugust(year))).toBe(false);
  });

  it("names the holidays in the portal's language, over a calendar's twelve months", async () => {
    const norway = await calendarHolidays({ locale: 'nb_NO' }, year, 9);
    expect(norway).toContainEqual({ date: `${year + 1}-05-17`, name: 'Grunnlovsdagen' });
    expect(norway.some((h) => h.date === `${year}-12-25`)).toBe(true);
    const denmark = await publicHolidays({ locale: 'da_DK' }, year);
    expect(denmark).toContainEqual({ date: `${year}-12-25`, name: 'Juledag' });
  });

  it('marks none for a portal without a place, or a place date-holidays does not know', async () => {
    expect(await publicHolidays({ locale: 'en_US' }, year)).toEqual([]);
    expect(await publicHolidays({ locale: 'en_GB', holidayRegion: 'XX' }, year)).toEqual([]);
    expect(await publicHolidays({ locale: 'en_GB', holidayRegion: 'GB-NOPE' }, year)).toEqual([]);
    expect(await publicHolidays({ locale: 'en_US', holidayRegion: 'US' }, year)).toContainEqual(
      expect.objectContaining({ date: `${year}-07-04` }),
    );
  });
});
