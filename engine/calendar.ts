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
// One module each, never the barrels: on Node 24 importing 'date-fns' (250 modules) took a process
// with the server's flags from 47 to 156 MB resident, and 'date-fns/locale' as much again.
import { getISOWeek } from 'date-fns/getISOWeek';
import { da } from 'date-fns/locale/da';
import { enGB } from 'date-fns/locale/en-GB';
import { nb } from 'date-fns/locale/nb';
import { bcp47, FALLBACK_LANGUAGE, LANGUAGES, type Language, languageOf } from './languages.ts';
import { MONTH_YEAR_STRING, type Template, YEAR_STRING } from './template.ts';

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

const DATE_LOCALES: Record<Language, typeof enGB> = { en_GB: enGB, nb_NO: nb, da_DK: da };

// Titles and headings start a line, so they take a capital even where the language writes "januar".
const capitalised = (word: string) => word.charAt(0).toLocaleUpperCase() + word.slice(1);

/**
 * Mon..Sun in the language: date-fns' abbreviated day names, which are 'Mon' in English (the form
 * printed before issue 17) and 'man'/'man.' in Norwegian/Danish; the Danish dot is dropped so every
 * heading is a bare word.
 */
export function weekdayHeadings(language: string = FALLBACK_LANGUAGE): string[] {
  const { localize } = DATE_LOCALES[languageOf(language)];
  return [1, 2, 3, 4, 5, 6, 0].map((d) =>
    capitalised(localize.day(d as 0, { width: 'abbreviated' }).replace(/\.$/, '')),
  );
}

/** The English names, which MONTH(name)_YEAR_STRING ids use in every language (S1 §3). */
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

/** The month's name as a title in the language: 'January', 'Januar'. */
export function monthName(month: number, language: string = FALLBACK_LANGUAGE): string {
  assertMonth(month);
  const { localize } = DATE_LOCALES[languageOf(language)];
  return capitalised(localize.month((month - 1) as 0, { width: 'wide', context: 'standalone' }));
}

/**
 * The month's name as the language writes it inside a sentence or a list (issue 34): 'January',
 * 'januar' (Norwegian and Danish write months in lower case; only a title or a sentence's first word
 * takes the capital, as monthName gives it).
 */
export function monthWord(month: number, language: string = FALLBACK_LANGUAGE): string {
  assertMonth(month);
  const { localize } = DATE_LOCALES[languageOf(language)];
  return localize.month((month - 1) as 0, { width: 'wide', context: 'standalone' });
}

/** One day-and-month formatter per language, made on first use. */
const dayMonthFormats = new Map<Language, Intl.DateTimeFormat>();

/**
 * A day of a month as the language writes it (issue 34): '14 March' in English, '17. mai' in
 * Norwegian, '17. maj' in Danish; any year's (a leap year's, so 29 February is one).
 */
export function dayAndMonth(day: number, month: number, language: string = FALLBACK_LANGUAGE): string {
  assertMonth(month);
  const lang = languageOf(language);
  let format = dayMonthFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(bcp47(lang), { day: 'numeric', month: 'long', timeZone: 'UTC' });
    dayMonthFormats.set(lang, format);
  }
  return format.format(utcDate(2000, month, day));
}

/** Every month name in every language: what a box must be wide enough for. */
export const allMonthNames = (): string[] =>
  LANGUAGES.flatMap((language) => MONTH_NAMES.map((_, i) => monthName(i + 1, language)));

/** The 6 x 7 grid of a month, starting with the Monday of the week that holds the 1st. */
export function monthGrid(year: number, month: number, language: string = FALLBACK_LANGUAGE): MonthGrid {
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
  return { year, month, headings: weekdayHeadings(language), weeks };
}

/**
 * A date of the shopper's own (issue 18): a birthday, an anniversary. `yearly` ones are offered again
 * in next year's calendar; every one is shown where its day falls in the calendar's twelve months.
 */
export interface PersonalDate {
  day: number;
  month: number;
  text: string;
  yearly: boolean;
}

export const MAX_PERSONAL_DATES = 100;
export const MAX_PERSONAL_TEXT = 30;

/** Why a personal date cannot be kept, or null: the words name the field, for the API's 400 too. */
export function personalDateProblem(date: PersonalDate): string | null {
  if (!isDayOfMonth(date.day, date.month)) return `day ${date.day} does not exist in month ${date.month}`;
  const text = date.text.trim();
  if (text.length === 0) return 'text is empty';
  if ([...text].length > MAX_PERSONAL_TEXT) return `text is longer than ${MAX_PERSONAL_TEXT} characters`;
  return null;
}

/** The days a month can have in some year: 29 February counts (it is shown in leap years only). */
const LONGEST_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether day and month name a date that exists (in some year): not 30 February, not 31 April. */
export function isDayOfMonth(day: number, month: number): boolean {
  return Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(day) && day >= 1
    ? day <= LONGEST_MONTH[month - 1]!
    : false;
}

/** A public holiday on a date (YYYY-MM-DD), named in the portal's language. */
export interface Holiday {
  date: string;
  name: string;
}

/**
 * What a day cell says besides its number: the holiday's name (two on one day are joined) and the
 * shopper's texts for that day. `date` is YYYY-MM-DD.
 */
export function dayNotes(
  date: string,
  holidays: readonly Holiday[],
  personal: readonly PersonalDate[],
): { holiday: string | null; personal: string | null } {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  const named = holidays.filter((h) => h.date === date).map((h) => h.name);
  const own = personal.filter((p) => p.day === day && p.month === month).map((p) => p.text);
  return { holiday: named.length ? named.join(' / ') : null, personal: own.length ? own.join(', ') : null };
}

/** A calendar's first month (issue 18): 1 (January, the default) to 12. */
export const isStartMonth = (month: unknown): month is number =>
  typeof month === 'number' && Number.isInteger(month) && month >= 1 && month <= 12;

/** An instance's or a line's first month; absent (every line before issue 18) is January. */
export const startMonthOf = (value: { startMonth?: number | null }): number =>
  isStartMonth(value.startMonth) ? value.startMonth : 1;

/**
 * The month a calendar's `k`th month (1..12, what a page's `months` names) shows when the calendar
 * starts in `startMonth` of `year`: twelve months from there, into the next year when it starts
 * after January.
 */
export function calendarMonth(year: number, startMonth: number, k: number): { year: number; month: number } {
  assertMonth(k);
  assertMonth(startMonth);
  const index = startMonth - 1 + k - 1;
  return { year: year + Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The year a calendar's cover names: '2027', or '2027–2028' for one that runs into the next year. */
export function calendarYearText(year: number, startMonth = 1): string {
  return startMonth === 1 ? String(year) : `${year}–${year + 1}`;
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
export function resolveSpecialString(
  resourceId: string,
  year: number,
  language: string = FALLBACK_LANGUAGE,
  startMonth = 1,
): string | null {
  if (resourceId === YEAR_STRING) return calendarYearText(year, startMonth);
  const match = MONTH_YEAR_STRING.exec(resourceId);
  if (!match) return null;
  const k = monthOfToken(match[1]!);
  if (k === null) return null;
  // The token names the calendar's kth month, which moves with its start month like the grids.
  const shown = calendarMonth(year, startMonth, k);
  return `${monthName(shown.month, language)} ${shown.year}`;
}

/**
 * How many years after this one a template that names no years of its own can be made for (the
 * shop's rule): next year's calendar in any month, and never a year like 2200.
 */
export const YEARS_AHEAD = 3;

/** What a template says about its years (S1 §3): a list, a fixed year, or how many years ahead. */
export type TemplateYears = Pick<Template, 'supportedYears' | 'year' | 'yearsAhead'>;

/**
 * The years a new line of a template can be made for, ascending: from this year to its last
 * supported one, all read from `today` so nothing ends on a year written in the code. A list of
 * supportedYears names them (the past ones drop out, and none may be left); a fixed year with no
 * list is the only one (none once past); otherwise this year and the `yearsAhead` after it
 * (YEARS_AHEAD by default).
 */
export function selectableYears(t: TemplateYears, today: Date): number[] {
  const thisYear = today.getFullYear();
  if (t.supportedYears.length > 0) {
    return [...new Set(t.supportedYears)].filter((y) => y >= thisYear).sort((a, b) => a - b);
  }
  if (t.year !== null) return t.year >= thisYear ? [t.year] : [];
  return Array.from({ length: (t.yearsAhead ?? YEARS_AHEAD) + 1 }, (_, i) => thisYear + i);
}

/**
 * The year a new calendar starts on (S1 §4). From July on, shoppers are mostly buying next year's
 * calendar, so the default moves ahead; a template made for one year has no choice to make.
 */
export function defaultYear(t: TemplateYears, today: Date): number {
  if (t.year !== null) return t.year;
  if (t.supportedYears.length === 1) return t.supportedYears[0]!;
  // getMonth() is 0-based: 6 is July.
  const wanted = today.getFullYear() + (today.getMonth() >= 6 ? 1 : 0);
  // Never open a calendar on a year it cannot be printed for: the nearest selectable year from the
  // wanted one on, else the latest selectable one; a list whose years are all past has none, and
  // shows its last year (the server refuses to add such a line).
  const years = selectableYears(t, today);
  return years.find((y) => y >= wanted) ?? years.at(-1) ?? Math.max(...t.supportedYears);
}

/** Whether the shopper may switch to a year (S1 §4): never a past year, never an unsupported one. */
export function isYearAllowed(year: number, t: TemplateYears, today: Date): boolean {
  return Number.isInteger(year) && selectableYears(t, today).includes(year);
}

/** Years as a list reads them in any language: "2026–2029" for a run, else "2027, 2029". */
export function formatYears(years: readonly number[]): string {
  const run = years.length > 2 && years.every((y, i) => i === 0 || y === years[i - 1]! + 1);
  return run ? `${years[0]}–${years.at(-1)}` : years.join(', ');
}
