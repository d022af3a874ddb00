import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatOpeningDays,
  type LocalTime,
  localTime,
  MONDAY_TO_SATURDAY,
  postSchedule,
  readyDate,
  readyDateAt,
  type Schedule,
  startDay,
  timeZoneOf,
  WEEKDAYS,
} from '../../../shop/deliveryDates.ts';

const DAY_MS = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The next Monday from the machine's clock (never a year written here), and the days of its week. */
const today = new Date(`${iso(new Date())}T00:00:00Z`);
const monday = new Date(today.getTime() + ((8 - today.getUTCDay()) % 7 || 7) * DAY_MS);
const day = (offset: number) => iso(new Date(monday.getTime() + offset * DAY_MS));
const MON = 0;
const TUE = 1;
const WED = 2;
const THU = 3;
const FRI = 4;
const SAT = 5;
const SUN = 6;
const at = (offset: number, hour: number, minute = 0): LocalTime => ({ date: day(offset), hour, minute });

const store: Schedule = { openingDays: MONDAY_TO_SATURDAY, cutoffHour: 15 };
const twoDays = { time: 2, unit: 'd' } as const;

describe('startDay', () => {
  it('is today on a working day before the cut-off', () => {
    expect(startDay(at(MON, 9), store)).toBe(day(MON));
    expect(startDay(at(MON, 14, 59), store)).toBe(day(MON));
  });

  it('is the next working day from the cut-off on', () => {
    expect(startDay(at(MON, 15), store)).toBe(day(TUE));
    expect(startDay(at(MON, 23, 59), store)).toBe(day(TUE));
  });

  it('skips the days the store is closed', () => {
    expect(startDay(at(SUN, 10), store)).toBe(day(MON + 7));
    expect(startDay(at(SAT, 16), store)).toBe(day(MON + 7));
    const tuesdayToSaturday: Schedule = { openingDays: [2, 3, 4, 5, 6], cutoffHour: 15 };
    expect(startDay(at(MON, 9), tuesdayToSaturday)).toBe(day(TUE));
  });

  it('refuses a schedule without a working day', () => {
    expect(() => startDay(at(MON, 9), { openingDays: [], cutoffHour: 15 })).toThrow();
    expect(() => startDay(at(MON, 9), { openingDays: [0, 8], cutoffHour: 15 })).toThrow();
  });
});

describe('readyDate: business days', () => {
  it('counts working days after the first one', () => {
    expect(readyDate(at(MON, 10), twoDays, store)).toBe(day(WED));
    expect(readyDate(at(MON, 10), { time: 1, unit: 'd' }, store)).toBe(day(TUE));
  });

  it('starts a day later after the cut-off', () => {
    expect(readyDate(at(MON, 16), twoDays, store)).toBe(day(THU));
  });

  it('counts Saturday for a store open on Saturdays, never Sunday', () => {
    expect(readyDate(at(FRI, 10), twoDays, store)).toBe(day(MON + 7));
    expect(readyDate(at(THU, 10), twoDays, store)).toBe(day(SAT));
  });

  it('skips the weekend for the post (weekdays only)', () => {
    const post = postSchedule();
    expect(readyDate(at(FRI, 10), twoDays, post)).toBe(day(TUE + 7));
    // Friday after the cut-off starts on Monday: two days later is Wednesday.
    expect(readyDate(at(FRI, 18), twoDays, post)).toBe(day(WED + 7));
    expect(readyDate(at(SAT, 10), { time: 1, unit: 'd' }, post)).toBe(day(TUE + 7));
    expect(readyDate(at(SUN, 10), { time: 3, unit: 'd' }, { openingDays: WEEKDAYS, cutoffHour: 12 })).toBe(
      day(THU + 7),
    );
  });

  it('reads zero days as the first working day', () => {
    expect(readyDate(at(SUN, 10), { time: 0, unit: 'd' }, store)).toBe(day(MON + 7));
  });

  it('crosses the end of the year', () => {
    const year = new Date().getUTCFullYear();
    // The last day of this year, whatever weekday it is, plus five Monday-to-Saturday days.
    const newYearsEve: LocalTime = { date: `${year}-12-31`, hour: 16, minute: 0 };
    const result = readyDate(newYearsEve, { time: 5, unit: 'd' }, store);
    expect(result.startsWith(`${year + 1}-01-`)).toBe(true);
  });
});

describe('readyDate: hours (express pickup)', () => {
  const express = { time: 2, unit: 'h' } as const;

  it('is the same day before the cut-off', () => {
    expect(readyDate(at(TUE, 11), express, store)).toBe(day(TUE));
  });

  it('is the next opening day after it, or on a closed day', () => {
    expect(readyDate(at(TUE, 15, 30), express, store)).toBe(day(WED));
    expect(readyDate(at(SAT, 15), express, store)).toBe(day(MON + 7));
    expect(readyDate(at(SUN, 9), express, store)).toBe(day(MON + 7));
  });
});

describe('the shop clock in the portal time zone', () => {
  it('names a time zone per portal locale, UTC otherwise', () => {
    expect(timeZoneOf('nb_NO')).toBe('Europe/Oslo');
    expect(timeZoneOf('en_GB')).toBe('Europe/London');
    expect(timeZoneOf('xx_XX')).toBe('UTC');
  });

  it('reads the wall clock of the zone: late evening in UTC is already tomorrow in Oslo', () => {
    const instant = new Date(`${day(MON)}T23:30:00Z`);
    expect(localTime(instant, 'UTC')).toEqual({ date: day(MON), hour: 23, minute: 30 });
    expect(localTime(instant, 'Europe/Oslo').date).toBe(day(TUE));
  });

  it('computes from the instant: Monday 23:30 UTC is Tuesday in Oslo, before the cut-off', () => {
    const instant = new Date(`${day(MON)}T23:30:00Z`);
    // Tuesday 00:30 or 01:30 in Oslo: the store starts on Tuesday; two days on is Thursday.
    expect(readyDateAt(instant, 'nb_NO', twoDays, store)).toBe(day(THU));
    // In London it is still Monday, after the cut-off: it starts Tuesday too.
    expect(readyDateAt(instant, 'en_GB', twoDays, store)).toBe(day(THU));
    // In the morning in London it starts on Monday.
    expect(readyDateAt(new Date(`${day(MON)}T08:00:00Z`), 'en_GB', twoDays, store)).toBe(day(WED));
  });
});

describe('formatDay', () => {
  it('words a day with its weekday and month in the language, without a year', () => {
    const text = formatDay(day(TUE), 'en-GB');
    expect(text).toMatch(/^Tuesday \d{1,2} [A-Z][a-z]+$/);
    expect(formatDay(day(TUE), 'nb-NO')).toMatch(/^tirsdag \d{1,2}\. [a-zæøå]+$/);
    expect(formatDay(day(TUE), 'da-DK')).toMatch(/^tirsdag (den )?\d{1,2}\. [a-zæøå]+$/);
  });
});

describe('formatOpeningDays', () => {
  it('words a run of days as a range, and other days as a list', () => {
    expect(formatOpeningDays(MONDAY_TO_SATURDAY, 'en-GB')).toBe('Monday–Saturday');
    expect(formatOpeningDays([1, 2, 3, 4, 5, 6, 7], 'en-GB')).toBe('Monday–Sunday');
    expect(formatOpeningDays([5, 1, 3], 'en-GB')).toBe('Monday, Wednesday and Friday');
    expect(formatOpeningDays([6, 7], 'en-GB')).toBe('Saturday and Sunday');
    expect(formatOpeningDays(WEEKDAYS, 'nb-NO')).toBe('mandag–fredag');
    expect(formatOpeningDays([1, 1, 9], 'da-DK')).toBe('mandag');
  });
});
