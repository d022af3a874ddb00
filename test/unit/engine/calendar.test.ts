import { describe, expect, it } from 'vitest';
import {
  calendarMonth,
  calendarYearText,
  type Day,
  type DayKind,
  dayAndMonth,
  dayNotes,
  defaultYear,
  formatYears,
  isDayOfMonth,
  isYearAllowed,
  MONTH_NAMES,
  type MonthGrid,
  monthGrid,
  monthName,
  monthWord,
  personalDateProblem,
  resolveSpecialString,
  selectableYears,
  startMonthOf,
  type TemplateYears,
  type Week,
  weekdayHeadings,
  YEARS_AHEAD,
} from '../../../engine/calendar.ts';
import { languageOf } from '../../../engine/languages.ts';
import { systemClock } from '../../../shop/clock.ts';

/** This year by the clock: the tests of the year rules hold in any year they are run in. */
const thisYear = systemClock.now().getFullYear();

// An oracle that shares nothing with the module: no date-fns, only UTC day numbers, and ISO weeks
// straight from their definition (the week's Thursday decides the year).
const MS_PER_DAY = 86_400_000;
const epochDay = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / MS_PER_DAY;
const utc = (day: number) => new Date(day * MS_PER_DAY);
/** 0 = Monday .. 6 = Sunday. */
const isoWeekday = (day: number) => (utc(day).getUTCDay() + 6) % 7;

function oracleIsoWeek(day: number): number {
  const thursday = day - isoWeekday(day) + 3;
  const year = utc(thursday).getUTCFullYear();
  const ordinal = thursday - epochDay(year, 1, 1) + 1;
  return 1 + Math.floor((ordinal - 1) / 7);
}

const key = (day: number) => {
  const d = utc(day);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}`;
};

function oracleGrid(year: number, month: number): { isoWeek: number; days: Day[] }[] {
  const first = epochDay(year, month, 1);
  const start = first - isoWeekday(first);
  return Array.from({ length: 6 }, (_, w) => {
    const monday = start + 7 * w;
    const days = Array.from({ length: 7 }, (_, i): Day => {
      const day = monday + i;
      const d = utc(day);
      const inMonth = d.getUTCFullYear() === year && d.getUTCMonth() === month - 1;
      const kind: DayKind = !inMonth ? 'extraday' : isoWeekday(day) === 6 ? 'holiday' : 'day';
      return { date: key(day), day: d.getUTCDate(), kind };
    });
    return { isoWeek: oracleIsoWeek(monday), days };
  });
}

const dayOfKey = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return epochDay(y!, m!, d!);
};

const week = (g: MonthGrid, w: number): Week => g.weeks[w]!;
const day = (g: MonthGrid, w: number, i: number): Day => week(g, w).days[i]!;
const allDays = (g: MonthGrid) => g.weeks.flatMap((w) => w.days);

// Seven years around this one, so the grid is checked for the calendars the shop sells now.
const MONTHS_AROUND_NOW = Array.from({ length: 7 * 12 }, (_, i) => ({
  year: thisYear - 2 + Math.floor(i / 12),
  month: (i % 12) + 1,
}));

describe('monthGrid against an independent computation', () => {
  it.each(MONTHS_AROUND_NOW)('$year-$month', ({ year, month }) => {
    const g = monthGrid(year, month);
    expect(g.year).toBe(year);
    expect(g.month).toBe(month);
    expect(g.headings).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(g.weeks).toHaveLength(6);
    for (const w of g.weeks) expect(w.days).toHaveLength(7);

    const days = allDays(g);
    expect(isoWeekday(dayOfKey(days[0]!.date))).toBe(0);
    expect(week(g, 0).days.map((d) => d.date)).toContain(key(epochDay(year, month, 1)));
    days.forEach((d, i) => {
      if (i > 0) expect(dayOfKey(d.date) - dayOfKey(days[i - 1]!.date)).toBe(1);
    });
    const inMonth = days.filter((d) => d.kind !== 'extraday');
    expect(inMonth.map((d) => d.day)).toEqual(
      Array.from({ length: epochDay(year, month + 1, 1) - epochDay(year, month, 1) }, (_, i) => i + 1),
    );

    expect(g.weeks).toEqual(oracleGrid(year, month));
  });
});

// These cases are about particular months: the years are the ones whose calendars have the shape
// each test names (a week 53, a leap day, a month starting on a Sunday), so they stay written out.
describe('monthGrid edge cases', () => {
  it('numbers the last week of 2026 as ISO week 53 (2026 starts on a Thursday)', () => {
    const dec = monthGrid(2026, 12);
    expect(week(dec, 0).days[0]!.date).toBe('2026-11-30');
    expect(dec.weeks.map((w) => w.isoWeek)).toEqual([49, 50, 51, 52, 53, 1]);
    expect(day(dec, 4, 0)).toEqual({ date: '2026-12-28', day: 28, kind: 'day' });
    expect(day(dec, 5, 0)).toEqual({ date: '2027-01-04', day: 4, kind: 'extraday' });
  });

  it('puts 1 January 2027 in week 53 of 2026', () => {
    const jan = monthGrid(2027, 1);
    expect(jan.weeks.map((w) => w.isoWeek)).toEqual([53, 1, 2, 3, 4, 5]);
    expect(day(jan, 0, 0)).toEqual({ date: '2026-12-28', day: 28, kind: 'extraday' });
    expect(day(jan, 0, 4)).toEqual({ date: '2027-01-01', day: 1, kind: 'day' });
    expect(day(jan, 0, 6)).toEqual({ date: '2027-01-03', day: 3, kind: 'holiday' });
  });

  it('numbers the week of 30 December 2024 as ISO week 1 (of 2025)', () => {
    const dec = monthGrid(2024, 12);
    expect(dec.weeks.map((w) => w.isoWeek)).toEqual([48, 49, 50, 51, 52, 1]);
    expect(day(dec, 5, 0)).toEqual({ date: '2024-12-30', day: 30, kind: 'day' });
    expect(day(dec, 5, 2)).toEqual({ date: '2025-01-01', day: 1, kind: 'extraday' });
    expect(week(monthGrid(2025, 1), 0)).toMatchObject({ isoWeek: 1 });
    expect(day(monthGrid(2025, 1), 0, 0).date).toBe('2024-12-30');
  });

  it('starts the grid on the 1st when the month starts on a Monday (July 2024)', () => {
    const jul = monthGrid(2024, 7);
    expect(day(jul, 0, 0)).toEqual({ date: '2024-07-01', day: 1, kind: 'day' });
    expect(day(jul, 0, 6)).toEqual({ date: '2024-07-07', day: 7, kind: 'holiday' });
    expect(jul.weeks.map((w) => w.isoWeek)).toEqual([27, 28, 29, 30, 31, 32]);
    expect(day(jul, 4, 2)).toEqual({ date: '2024-07-31', day: 31, kind: 'day' });
    expect(day(jul, 5, 6)).toEqual({ date: '2024-08-11', day: 11, kind: 'extraday' });
  });

  it('puts the 1st last in week 0 when the month starts on a Sunday (September 2024)', () => {
    const sep = monthGrid(2024, 9);
    expect(day(sep, 0, 0)).toEqual({ date: '2024-08-26', day: 26, kind: 'extraday' });
    expect(
      week(sep, 0)
        .days.slice(0, 6)
        .every((d) => d.kind === 'extraday'),
    ).toBe(true);
    expect(day(sep, 0, 6)).toEqual({ date: '2024-09-01', day: 1, kind: 'holiday' });
    expect(day(sep, 5, 0)).toEqual({ date: '2024-09-30', day: 30, kind: 'day' });
    expect(day(sep, 5, 6)).toEqual({ date: '2024-10-06', day: 6, kind: 'extraday' });
  });

  it('uses the sixth week for a 31-day month starting on a Sunday (March 2026)', () => {
    const mar = monthGrid(2026, 3);
    expect(day(mar, 0, 6)).toEqual({ date: '2026-03-01', day: 1, kind: 'holiday' });
    expect(day(mar, 5, 1)).toEqual({ date: '2026-03-31', day: 31, kind: 'day' });
  });

  it('has 29 days in February 2024 and 28 in February 2025', () => {
    const leap = allDays(monthGrid(2024, 2));
    expect(leap.filter((d) => d.kind !== 'extraday')).toHaveLength(29);
    expect(leap.find((d) => d.date === '2024-02-29')).toEqual({ date: '2024-02-29', day: 29, kind: 'day' });
    expect(leap.filter((d) => d.kind === 'holiday').map((d) => d.day)).toEqual([4, 11, 18, 25]);

    const common = allDays(monthGrid(2025, 2));
    expect(common.filter((d) => d.kind !== 'extraday')).toHaveLength(28);
    expect(common.some((d) => d.date === '2025-02-29')).toBe(false);
    const i = common.findIndex((d) => d.date === '2025-02-28');
    expect(common[i + 1]).toEqual({ date: '2025-03-01', day: 1, kind: 'extraday' });
    expect(common.filter((d) => d.kind === 'holiday').map((d) => d.day)).toEqual([2, 9, 16, 23]);
  });

  it('keeps a Sunday outside the month an extraday, not a holiday', () => {
    const sep = monthGrid(2024, 9);
    expect(day(sep, 5, 6).kind).toBe('extraday');
    expect(day(monthGrid(2024, 10), 0, 6)).toEqual({ date: '2024-10-06', day: 6, kind: 'holiday' });
  });

  it.each([0, 13, 1.5, -1, Number.NaN])('throws a RangeError for month %s', (month) => {
    expect(() => monthGrid(thisYear, month)).toThrow(RangeError);
  });

  it.each([thisYear + 0.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'throws a RangeError for year %s',
    (year) => {
      expect(() => monthGrid(year, 1)).toThrow(RangeError);
    },
  );
});

describe('month names', () => {
  it('names the months in English', () => {
    expect(MONTH_NAMES).toHaveLength(12);
    expect(monthName(1)).toBe('January');
    expect(monthName(6)).toBe('June');
    expect(monthName(12)).toBe('December');
  });

  it.each([
    ['en_GB', 'January', 'May', 'December'],
    ['nb_NO', 'Januar', 'Mai', 'Desember'],
    ['da_DK', 'Januar', 'Maj', 'December'],
  ])('names the months in %s, as titles', (language, jan, may, dec) => {
    expect([monthName(1, language), monthName(5, language), monthName(12, language)]).toEqual([
      jan,
      may,
      dec,
    ]);
  });

  it('names the months in English for a language the shop has no words for', () => {
    expect(languageOf('sv_SE')).toBe('en_GB');
    expect(monthName(1, 'sv_SE')).toBe('January');
  });

  it.each([0, 13, 1.5])('refuses month %s', (month) => {
    expect(() => monthName(month)).toThrow(RangeError);
    expect(() => monthWord(month)).toThrow(RangeError);
    expect(() => dayAndMonth(1, month)).toThrow(RangeError);
  });

  it.each([
    ['en_GB', 'January', 'May'],
    ['nb_NO', 'januar', 'mai'],
    ['da_DK', 'januar', 'maj'],
  ])('writes the months of %s inside a sentence or a list as the language does', (language, jan, may) => {
    expect([monthWord(1, language), monthWord(5, language)]).toEqual([jan, may]);
  });

  it.each([
    ['en_GB', '14 March', '17 May', '29 February'],
    ['en_US', '14 March', '17 May', '29 February'],
    ['nb_NO', '14. mars', '17. mai', '29. februar'],
    ['da_DK', '14. marts', '17. maj', '29. februar'],
  ])('writes a day of a month in %s: no "14. March", no "17. Mai"', (language, march, may, leap) => {
    expect([
      dayAndMonth(14, 3, language),
      dayAndMonth(17, 5, language),
      dayAndMonth(29, 2, language),
    ]).toEqual([march, may, leap]);
  });
});

describe('weekday headings', () => {
  it.each([
    ['en_GB', ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']],
    ['nb_NO', ['Man', 'Tir', 'Ons', 'Tor', 'Fre', 'Lør', 'Søn']],
    ['da_DK', ['Man', 'Tir', 'Ons', 'Tor', 'Fre', 'Lør', 'Søn']],
  ])('heads the grid Monday first in %s', (language, headings) => {
    expect(weekdayHeadings(language)).toEqual(headings);
    expect(monthGrid(thisYear, 1, language).headings).toEqual(headings);
  });
});

describe('resolveSpecialString', () => {
  it.each([
    ['nb_NO', `Mai ${thisYear}`],
    ['da_DK', `Maj ${thisYear}`],
    ['en_GB', `May ${thisYear}`],
  ])('titles the month in %s, whatever language the id names it in', (language, title) => {
    expect(resolveSpecialString('MONTH(may)_YEAR_STRING', thisYear, language)).toBe(title);
    expect(resolveSpecialString('MONTH(5)_YEAR_STRING', thisYear, language)).toBe(title);
  });

  it('gives the year for YEAR_STRING', () => {
    expect(resolveSpecialString('YEAR_STRING', thisYear)).toBe(String(thisYear));
  });

  it.each([
    ['MONTH(january)_YEAR_STRING', `January ${thisYear}`],
    ['MONTH(January)_YEAR_STRING', `January ${thisYear}`],
    ['MONTH(MARCH)_YEAR_STRING', `March ${thisYear}`],
    ['MONTH(3)_YEAR_STRING', `March ${thisYear}`],
    ['MONTH(03)_YEAR_STRING', `March ${thisYear}`],
    ['MONTH(12)_YEAR_STRING', `December ${thisYear}`],
    ['MONTH(december)_YEAR_STRING', `December ${thisYear}`],
  ])('resolves %s', (id, text) => {
    expect(resolveSpecialString(id, thisYear)).toBe(text);
  });

  it('resolves every month by name and by number', () => {
    MONTH_NAMES.forEach((name, i) => {
      expect(resolveSpecialString(`MONTH(${name.toLowerCase()})_YEAR_STRING`, thisYear)).toBe(
        `${name} ${thisYear}`,
      );
      expect(resolveSpecialString(`MONTH(${i + 1})_YEAR_STRING`, thisYear)).toBe(`${name} ${thisYear}`);
    });
  });

  it.each([
    'photo1',
    'year_string',
    'YEAR_STRING_2',
    'MONTH(0)_YEAR_STRING',
    'MONTH(13)_YEAR_STRING',
    'MONTH(jan)_YEAR_STRING',
    'MONTH()_YEAR_STRING',
    'MONTH(january)_YEAR_STRING_x',
    'MONTH(january)',
  ])('gives null for the ordinary id %s', (id) => {
    expect(resolveSpecialString(id, thisYear)).toBeNull();
  });
});

/** A template's year fields: a list, a fixed year, or how many years ahead. */
const years = (over: Partial<TemplateYears> = {}): TemplateYears => ({
  supportedYears: [],
  year: null,
  ...over,
});
const list = (...supportedYears: number[]) => years({ supportedYears });

describe('selectableYears: from this year to the last supported one', () => {
  const midYear = new Date(thisYear, 7, 15);

  it('is this year and the shop’s YEARS_AHEAD after it when the template names no years', () => {
    expect(selectableYears(years(), midYear)).toEqual(
      Array.from({ length: YEARS_AHEAD + 1 }, (_, i) => thisYear + i),
    );
  });

  it('is this year and the template’s own yearsAhead after it', () => {
    expect(selectableYears(years({ yearsAhead: 2 }), midYear)).toEqual([
      thisYear,
      thisYear + 1,
      thisYear + 2,
    ]);
    expect(selectableYears(years({ yearsAhead: 0 }), midYear)).toEqual([thisYear]);
  });

  it('moves on at midnight between 31 December and 1 January', () => {
    const lastMoment = new Date(thisYear, 11, 31, 23, 59, 59, 999);
    const firstMoment = new Date(thisYear + 1, 0, 1, 0, 0, 0, 0);
    const t = years({ yearsAhead: 2 });
    expect(selectableYears(t, lastMoment)).toEqual([thisYear, thisYear + 1, thisYear + 2]);
    expect(selectableYears(t, firstMoment)).toEqual([thisYear + 1, thisYear + 2, thisYear + 3]);
  });

  it('keeps a list’s years from this year on, in order, once each', () => {
    expect(selectableYears(list(thisYear + 2, thisYear - 1, thisYear + 1, thisYear + 2), midYear)).toEqual([
      thisYear + 1,
      thisYear + 2,
    ]);
    expect(selectableYears(list(thisYear - 2, thisYear - 1), midYear)).toEqual([]);
  });

  it('is the fixed year alone for a template made for one year', () => {
    expect(selectableYears(years({ year: thisYear + 1 }), midYear)).toEqual([thisYear + 1]);
    expect(selectableYears(years({ year: thisYear - 1 }), midYear)).toEqual([]);
  });
});

describe('defaultYear', () => {
  const june = new Date(thisYear, 5, 30, 23, 59);
  const july = new Date(thisYear, 6, 1, 0, 1);

  it('takes the only supported year, whatever the date', () => {
    expect(defaultYear(list(thisYear + 4), june)).toBe(thisYear + 4);
    expect(defaultYear(list(thisYear + 4), july)).toBe(thisYear + 4);
  });

  it('takes a fixed year', () => {
    expect(defaultYear(years({ year: thisYear + 1 }), june)).toBe(thisYear + 1);
  });

  it('takes this year up to the end of June', () => {
    expect(defaultYear(years(), new Date(thisYear, 0, 1))).toBe(thisYear);
    expect(defaultYear(years(), june)).toBe(thisYear);
  });

  it('takes next year from July on', () => {
    expect(defaultYear(years(), july)).toBe(thisYear + 1);
    expect(defaultYear(years(), new Date(thisYear, 11, 31))).toBe(thisYear + 1);
  });

  it('applies the same rule when several years are supported', () => {
    expect(defaultYear(list(thisYear, thisYear + 1), june)).toBe(thisYear);
    expect(defaultYear(list(thisYear, thisYear + 1), july)).toBe(thisYear + 1);
  });

  it('never defaults to a year the template does not support', () => {
    expect(defaultYear(list(thisYear + 2, thisYear + 3), june)).toBe(thisYear + 2); // the nearest later one
    expect(defaultYear(list(thisYear + 3, thisYear + 2), july)).toBe(thisYear + 2);
    expect(defaultYear(list(thisYear, thisYear + 1), new Date(thisYear + 1, 6, 1))).toBe(thisYear + 1); // none later: the latest
    expect(defaultYear(years({ yearsAhead: 0 }), july)).toBe(thisYear); // next year is past the last one
  });

  it('shows the last year of a list whose years are all past (no line can be added for it)', () => {
    expect(defaultYear(list(thisYear - 3, thisYear - 2), july)).toBe(thisYear - 2);
  });
});

describe('isYearAllowed', () => {
  const today = new Date(thisYear, 7, 15);

  it('refuses past years', () => {
    expect(isYearAllowed(thisYear - 1, years(), today)).toBe(false);
    expect(isYearAllowed(thisYear - 1, list(thisYear - 1, thisYear), today)).toBe(false);
  });

  it('allows this year up to the last supported one, and not the year after', () => {
    expect(isYearAllowed(thisYear, years(), today)).toBe(true);
    expect(isYearAllowed(thisYear + YEARS_AHEAD, years(), today)).toBe(true);
    expect(isYearAllowed(thisYear + YEARS_AHEAD + 1, years(), today)).toBe(false);
    expect(isYearAllowed(thisYear + 2, years({ yearsAhead: 2 }), today)).toBe(true);
    expect(isYearAllowed(thisYear + 3, years({ yearsAhead: 2 }), today)).toBe(false);
    expect(isYearAllowed(thisYear + 100, years(), today)).toBe(false);
  });

  it('takes last year until 31 December ends, and not from 1 January on', () => {
    expect(isYearAllowed(thisYear, years(), new Date(thisYear, 11, 31, 23, 59, 59, 999))).toBe(true);
    expect(isYearAllowed(thisYear, years(), new Date(thisYear + 1, 0, 1))).toBe(false);
    expect(isYearAllowed(thisYear + 1 + YEARS_AHEAD, years(), new Date(thisYear + 1, 0, 1))).toBe(true);
  });

  it('refuses years the template does not support', () => {
    expect(isYearAllowed(thisYear, list(thisYear + 1, thisYear + 2), today)).toBe(false);
    expect(isYearAllowed(thisYear + 1, list(thisYear + 1, thisYear + 2), today)).toBe(true);
    expect(isYearAllowed(thisYear + 3, list(thisYear + 1, thisYear + 2), today)).toBe(false);
  });

  it('takes only the fixed year of a template made for one year', () => {
    expect(isYearAllowed(thisYear + 1, years({ year: thisYear + 1 }), today)).toBe(true);
    expect(isYearAllowed(thisYear + 2, years({ year: thisYear + 1 }), today)).toBe(false);
  });

  it('refuses a year that is not a whole number', () => {
    expect(isYearAllowed(thisYear + 0.5, years(), today)).toBe(false);
  });
});

describe('formatYears', () => {
  it('writes a run of years as a span and others as a list', () => {
    expect(formatYears([thisYear, thisYear + 1, thisYear + 2])).toBe(`${thisYear}–${thisYear + 2}`);
    expect(formatYears([thisYear, thisYear + 2])).toBe(`${thisYear}, ${thisYear + 2}`);
    expect(formatYears([thisYear])).toBe(String(thisYear));
  });
});

describe('a calendar that starts in any month (issue 18)', () => {
  it('runs twelve months from its first month, into the next year', () => {
    expect(calendarMonth(thisYear, 1, 1)).toEqual({ year: thisYear, month: 1 });
    expect(calendarMonth(thisYear, 1, 12)).toEqual({ year: thisYear, month: 12 });
    expect(calendarMonth(thisYear, 9, 1)).toEqual({ year: thisYear, month: 9 });
    expect(calendarMonth(thisYear, 9, 4)).toEqual({ year: thisYear, month: 12 });
    expect(calendarMonth(thisYear, 9, 5)).toEqual({ year: thisYear + 1, month: 1 });
    expect(calendarMonth(thisYear, 9, 12)).toEqual({ year: thisYear + 1, month: 8 });
    expect(calendarMonth(thisYear, 12, 1)).toEqual({ year: thisYear, month: 12 });
    expect(calendarMonth(thisYear, 12, 12)).toEqual({ year: thisYear + 1, month: 11 });
    expect(calendarMonth(thisYear, 2, 12)).toEqual({ year: thisYear + 1, month: 1 });
  });

  it('refuses a month that is not 1 to 12', () => {
    for (const bad of [0, 13, 1.5, Number.NaN]) {
      expect(() => calendarMonth(thisYear, bad, 1)).toThrow();
      expect(() => calendarMonth(thisYear, 1, bad)).toThrow();
    }
  });

  it("names the cover's years and the months' titles as the grids move", () => {
    expect(calendarYearText(thisYear)).toBe(String(thisYear));
    expect(calendarYearText(thisYear, 1)).toBe(String(thisYear));
    expect(calendarYearText(thisYear, 9)).toBe(`${thisYear}–${thisYear + 1}`);
    expect(resolveSpecialString('YEAR_STRING', thisYear, 'en_GB', 9)).toBe(`${thisYear}–${thisYear + 1}`);
    expect(resolveSpecialString('MONTH(1)_YEAR_STRING', thisYear, 'en_GB', 9)).toBe(`September ${thisYear}`);
    expect(resolveSpecialString('MONTH(May)_YEAR_STRING', thisYear, 'nb_NO', 9)).toBe(
      `Januar ${thisYear + 1}`,
    );
    expect(resolveSpecialString('MONTH(1)_YEAR_STRING', thisYear, 'en_GB')).toBe(`January ${thisYear}`);
  });

  it('reads a missing or damaged first month as January', () => {
    expect(startMonthOf({})).toBe(1);
    expect(startMonthOf({ startMonth: null })).toBe(1);
    expect(startMonthOf({ startMonth: 13 })).toBe(1);
    expect(startMonthOf({ startMonth: 7 })).toBe(7);
  });
});

describe("a calendar's own dates and holidays (issue 18)", () => {
  it('takes a date that exists in some year: 29 February yes, 30 February and 31 April no', () => {
    expect(isDayOfMonth(29, 2)).toBe(true);
    expect(isDayOfMonth(31, 12)).toBe(true);
    expect(isDayOfMonth(1, 1)).toBe(true);
    for (const [day, month] of [
      [30, 2],
      [31, 4],
      [0, 5],
      [32, 1],
      [1, 0],
      [1, 13],
      [1.5, 3],
    ] as const) {
      expect(isDayOfMonth(day, month), `${day}/${month}`).toBe(false);
    }
  });

  it('names what is wrong with a date: the day, an empty text, a text over 30 characters', () => {
    const date = { day: 17, month: 5, text: 'Anna', yearly: true };
    expect(personalDateProblem(date)).toBeNull();
    expect(personalDateProblem({ ...date, day: 31, month: 6 })).toBe('day 31 does not exist in month 6');
    expect(personalDateProblem({ ...date, text: '   ' })).toBe('text is empty');
    expect(personalDateProblem({ ...date, text: 'x'.repeat(30) })).toBeNull();
    expect(personalDateProblem({ ...date, text: 'x'.repeat(31) })).toBe('text is longer than 30 characters');
    // Characters, not UTF-16 units: 30 emoji are 30 characters.
    expect(personalDateProblem({ ...date, text: '🎂'.repeat(30) })).toBeNull();
  });

  it("finds a day's holiday names and the shopper's texts, every year for a yearly date", () => {
    const holidays = [
      { date: `${thisYear}-05-17`, name: 'Grunnlovsdagen' },
      { date: `${thisYear}-05-17`, name: 'Andre pinsedag' },
    ];
    const personal = [
      { day: 17, month: 5, text: 'Anna', yearly: true },
      { day: 17, month: 5, text: 'Ola', yearly: false },
      { day: 18, month: 5, text: 'Per', yearly: true },
    ];
    expect(dayNotes(`${thisYear}-05-17`, holidays, personal)).toEqual({
      holiday: 'Grunnlovsdagen / Andre pinsedag',
      personal: 'Anna, Ola',
    });
    expect(dayNotes(`${thisYear + 1}-05-17`, holidays, personal)).toEqual({
      holiday: null,
      personal: 'Anna, Ola',
    });
    expect(dayNotes(`${thisYear}-05-19`, holidays, personal)).toEqual({ holiday: null, personal: null });
  });
});
