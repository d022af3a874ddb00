import { describe, expect, it } from 'vitest';
import {
  type Day,
  type DayKind,
  defaultYear,
  isYearAllowed,
  MONTH_NAMES,
  type MonthGrid,
  monthGrid,
  monthName,
  resolveSpecialString,
  type Week,
} from '../../../engine/calendar.ts';

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

const MONTHS_2024_2030 = Array.from({ length: 7 * 12 }, (_, i) => ({
  year: 2024 + Math.floor(i / 12),
  month: (i % 12) + 1,
}));

describe('monthGrid against an independent computation', () => {
  it.each(MONTHS_2024_2030)('$year-$month', ({ year, month }) => {
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
    expect(() => monthGrid(2024, month)).toThrow(RangeError);
  });

  it.each([2024.5, Number.NaN, Number.POSITIVE_INFINITY])('throws a RangeError for year %s', (year) => {
    expect(() => monthGrid(year, 1)).toThrow(RangeError);
  });
});

describe('month names', () => {
  it('names the months in English', () => {
    expect(MONTH_NAMES).toHaveLength(12);
    expect(monthName(1)).toBe('January');
    expect(monthName(6)).toBe('June');
    expect(monthName(12)).toBe('December');
  });

  it.each([0, 13, 1.5])('refuses month %s', (month) => {
    expect(() => monthName(month)).toThrow(RangeError);
  });
});

describe('resolveSpecialString', () => {
  it('gives the year for YEAR_STRING', () => {
    expect(resolveSpecialString('YEAR_STRING', 2027)).toBe('2027');
  });

  it.each([
    ['MONTH(january)_YEAR_STRING', 'January 2027'],
    ['MONTH(January)_YEAR_STRING', 'January 2027'],
    ['MONTH(MARCH)_YEAR_STRING', 'March 2027'],
    ['MONTH(3)_YEAR_STRING', 'March 2027'],
    ['MONTH(03)_YEAR_STRING', 'March 2027'],
    ['MONTH(12)_YEAR_STRING', 'December 2027'],
    ['MONTH(december)_YEAR_STRING', 'December 2027'],
  ])('resolves %s', (id, text) => {
    expect(resolveSpecialString(id, 2027)).toBe(text);
  });

  it('resolves every month by name and by number', () => {
    MONTH_NAMES.forEach((name, i) => {
      expect(resolveSpecialString(`MONTH(${name.toLowerCase()})_YEAR_STRING`, 2030)).toBe(`${name} 2030`);
      expect(resolveSpecialString(`MONTH(${i + 1})_YEAR_STRING`, 2030)).toBe(`${name} 2030`);
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
    expect(resolveSpecialString(id, 2027)).toBeNull();
  });
});

describe('defaultYear', () => {
  const june = new Date(2026, 5, 30, 23, 59);
  const july = new Date(2026, 6, 1, 0, 1);

  it('takes the only supported year, whatever the date', () => {
    expect(defaultYear([2030], june)).toBe(2030);
    expect(defaultYear([2030], july)).toBe(2030);
  });

  it('takes this year up to the end of June', () => {
    expect(defaultYear([], new Date(2026, 0, 1))).toBe(2026);
    expect(defaultYear([], june)).toBe(2026);
  });

  it('takes next year from July on', () => {
    expect(defaultYear([], july)).toBe(2027);
    expect(defaultYear([], new Date(2026, 11, 31))).toBe(2027);
  });

  it('applies the same rule when several years are supported', () => {
    expect(defaultYear([2026, 2027], june)).toBe(2026);
    expect(defaultYear([2026, 2027], july)).toBe(2027);
  });

  it('never defaults to a year the template does not support', () => {
    expect(defaultYear([2028, 2029], june)).toBe(2028); // the nearest later one
    expect(defaultYear([2029, 2028], july)).toBe(2028);
    expect(defaultYear([2024, 2025], july)).toBe(2025); // none later: the latest there is
  });
});

describe('isYearAllowed', () => {
  const today = new Date(2026, 7, 15);

  it('refuses past years', () => {
    expect(isYearAllowed(2025, [], today)).toBe(false);
    expect(isYearAllowed(2025, [2025, 2026], today)).toBe(false);
  });

  it('allows this year and later years when every year is supported', () => {
    expect(isYearAllowed(2026, [], today)).toBe(true);
    expect(isYearAllowed(2031, [], today)).toBe(true);
  });

  it('refuses years the template does not support', () => {
    expect(isYearAllowed(2026, [2027, 2028], today)).toBe(false);
    expect(isYearAllowed(2027, [2027, 2028], today)).toBe(true);
    expect(isYearAllowed(2029, [2027, 2028], today)).toBe(false);
  });

  it('refuses a year that is not a whole number', () => {
    expect(isYearAllowed(2027.5, [], today)).toBe(false);
  });
});
