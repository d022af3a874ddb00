/**
 * The public holidays a calendar marks (issue 18): date-holidays' public type only, of the portal's
 * country, named in its language: Norway on nb_NO, Denmark on da_DK, the United Kingdom on en_GB. A
 * portal of another language marks none. The server draws them into prints and thumbnails and
 * answers them to the editor (GET /m/api/holidays), so the editor needs no holiday data of its own.
 */
import Holidays from 'date-holidays';
import { calendarMonth, type Holiday } from '../engine/index.ts';

const COUNTRIES: Record<string, { country: string; language: string }> = {
  nb_NO: { country: 'NO', language: 'no' },
  da_DK: { country: 'DK', language: 'da' },
  en_GB: { country: 'GB', language: 'en' },
};

const byLocale = new Map<string, Holidays>();
const byYear = new Map<string, Holiday[]>();

/** The public holidays of a year in the portal's country, or [] for a portal without one. */
export function publicHolidays(locale: string, year: number): Holiday[] {
  const where = COUNTRIES[locale];
  if (!where || !Number.isInteger(year)) return [];
  const key = `${locale}:${year}`;
  const known = byYear.get(key);
  if (known) return known;
  let holidays = byLocale.get(locale);
  if (!holidays) {
    holidays = new Holidays(where.country, { languages: [where.language], types: ['public'] });
    byLocale.set(locale, holidays);
  }
  const found = (holidays.getHolidays(year) || [])
    .filter((h) => h.type === 'public')
    .map((h) => ({ date: h.date.slice(0, 10), name: h.name }));
  byYear.set(key, found);
  return found;
}

/** The holidays over a calendar's twelve months from its first month (one or two years). */
export function calendarHolidays(locale: string, year: number, startMonth = 1): Holiday[] {
  const last = calendarMonth(year, startMonth, 12).year;
  const years = last === year ? [year] : [year, last];
  return years.flatMap((y) => publicHolidays(locale, y));
}
