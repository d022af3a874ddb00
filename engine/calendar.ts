/**
 * Calendar facts for calendar templates (S1 §3, §4, §9): the month grid a MONTH render part draws,
 * the year and month titles, and which year a calendar starts on.
 *
 * The grid is always 6 weeks of 7 days (Monday first, ISO week numbers) so every month page of a
 * template has the same 8 x 7 layout, however the month falls.
 *
 * Days are counted on UTC dates, where every day is exactly 24 hours long: local dates are not safe
 * to step through, since some zones skip whole days (Samoa has no 30 December 2011). date-fns reads
 * local fields, so it gets a local noon copy of each Monday, which exists in every zone, or at worst
 * rolls into the Tuesday of the same ISO week.
 */
import { getISOWeek } from 'date-fns';
import { MONTH_YEAR_STRING, YEAR_STRING } from './template.ts';

/** 'holiday' is a Sunday inside the month, 'extraday' any day outside it (S1 §9). */
export type DayKind = 'day' | 'extraday' | 'holiday';

export interface Day {
  /** YYYY-MM-DD, so a day can be keyed and compared without any time zone. */
  readonly date: string;
  /** Day of the month, as printed. */
  readonly day: number;
  readonly kind: DayKind;
}

export interface Week {
  /** ISO-8601 week number of the week's Monday. */
  readonly isoWeek: number;
  readonly days: readonly Day[];
}

export interface MonthGrid {
  readonly year: number;
  /** 1..12 */
  readonly month: number;
  readonly headings: readonly string[];
  readonly weeks: readonly Week[];
}

export const WEEKDAY_HEADINGS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Six rows fit any month, even a 31-day month starting on a Sunday, and keep pages uniform. */
const WEEKS_PER_GRID = 6;
const DAYS_PER_WEEK = 7;

function assertMonth(month: number): void {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`month must be an integer 1..12, got ${month}`);
  }
}

function assertYear(year: number): void {
  // Four-digit years only: the YYYY-MM-DD keys cannot express anything else.
  if (!Number.isInteger(year) || year < 1 || year > 9999) {
    throw new RangeError(`year must be an integer 1..9999, got ${year}`);
  }
}

const MS_PER_DAY = 86_400_000;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Built from UTC fields, never toISOString() on a local date, which shifts by the UTC offset. */
function dateKey(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
}

/** Date.UTC maps years 0..99 to 19xx, so the year is set separately. */
function utcDate(year: number, month: number, day: number): Date {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d;
}

function isoWeekOf(monday: Date): number {
  const local = new Date(2000, 0, 1, 12);
  local.setFullYear(monday.getUTCFullYear(), monday.getUTCMonth(), monday.getUTCDate());
  return getISOWeek(local);
}

export function monthName(month: number): string {
  assertMonth(month);
  return MONTH_NAMES[month - 1]!;
}

/** The 6 x 7 grid of a month, starting with the Monday of the week that holds the 1st. */
export function monthGrid(year: number, month: number): MonthGrid {
  assertYear(year);
  assertMonth(month);
  const first = utcDate(year, month, 1);
  // getUTCDay() counts from Sunday; step back to the Monday that opens the week.
  const start = first.getTime() - ((first.getUTCDay() + 6) % 7) * MS_PER_DAY;
  const weeks: Week[] = [];
  for (let w = 0; w < WEEKS_PER_GRID; w++) {
    const days: Day[] = [];
    for (let i = 0; i < DAYS_PER_WEEK; i++) {
      const d = new Date(start + (w * DAYS_PER_WEEK + i) * MS_PER_DAY);
      const inMonth = d.getUTCFullYear() === year && d.getUTCMonth() === month - 1;
      const kind: DayKind = !inMonth ? 'extraday' : d.getUTCDay() === 0 ? 'holiday' : 'day';
      days.push({ date: dateKey(d), day: d.getUTCDate(), kind });
    }
    weeks.push({ isoWeek: isoWeekOf(new Date(start + w * DAYS_PER_WEEK * MS_PER_DAY)), days });
  }
  return { year, month, headings: [...WEEKDAY_HEADINGS], weeks };
}

/** The month named inside MONTH(...): an English name in any case, or a number 1..12. */
function monthOfToken(token: string): number | null {
  if (/^\d+$/.test(token)) {
    const n = Number(token);
    return n >= 1 && n <= 12 ? n : null;
  }
  const i = MONTH_NAMES.findIndex((name) => name.toLowerCase() === token.toLowerCase());
  return i < 0 ? null : i + 1;
}

/**
 * The text of a string resource the scene fills in itself (S1 §3), or null when the id is an
 * ordinary resource. The id pattern comes from template.ts so validation and rendering agree.
 */
export function resolveSpecialString(resourceId: string, year: number): string | null {
  if (resourceId === YEAR_STRING) return String(year);
  const match = MONTH_YEAR_STRING.exec(resourceId);
  if (!match) return null;
  const month = monthOfToken(match[1]!);
  return month === null ? null : `${monthName(month)} ${year}`;
}

/**
 * The year a new calendar starts on (S1 §4). From July on, shoppers are mostly buying next year's
 * calendar, so the default moves ahead; a template made for one year has no choice to make.
 */
export function defaultYear(supportedYears: readonly number[], today: Date): number {
  if (supportedYears.length === 1) return supportedYears[0]!;
  // getMonth() is 0-based: 6 is July.
  const wanted = today.getFullYear() + (today.getMonth() >= 6 ? 1 : 0);
  if (supportedYears.length === 0 || supportedYears.includes(wanted)) return wanted;
  // Never open a calendar on a year it cannot be printed for: the nearest supported year from the
  // wanted one on, else the latest one there is.
  const later = supportedYears.filter((y) => y >= wanted).sort((a, b) => a - b);
  return later[0] ?? Math.max(...supportedYears);
}

/** Whether the shopper may switch to a year (S1 §4): never a past year, never an unsupported one. */
export function isYearAllowed(year: number, supportedYears: readonly number[], today: Date): boolean {
  if (!Number.isInteger(year) || year < today.getFullYear()) return false;
  return supportedYears.length === 0 || supportedYears.includes(year);
}
