/**
 * The public holidays a calendar marks (issue 18): date-holidays' public type only, of the portal's
 * country, named in its language: Norway on nb_NO, Denmark on da_DK, the United Kingdom on en_GB. A
 * portal of another language marks none. The server draws them into prints and thumbnails and
 * answers them to the editor (GET /m/api/holidays), so the editor needs no holiday data of its own.
 */
import type Holidays from 'date-holidays';
import { calendarMonth, type Holiday } from '../engine/index.ts';

/**
 * date-holidays, loaded with the first calendar that asks: its every country's rules are 9 MB of the
 * heap, which a shop that draws no calendar need not hold (issue 31: idle memory).
 */
let library: Promise<typeof Holidays> | null = null;
const loadLibrary = () => {
  library ??= import('date-holidays').then((m) => m.default);
  return library;
};

const COUNTRIES: Record<string, { country: string; language: string }> = {
  nb_NO: { country: 'NO', language: 'no' },
  da_DK: { country: 'DK', language: 'da' },
  en_GB: { country: 'GB', language: 'en' },
};

const byLocale = new Map<string, Holidays>();
const byYear = new Map<string, Holiday[]>();

/** The public holidays of a year in the portal's country, or [] for a portal without one. */
export async function publicHolidays(locale: string, year: number): Promise<Holiday[]> {
  const where = COUNTRIES[locale];
  if (!where || !Number.isInteger(year)) return [];
  const key = `${locale}:${year}`;
  const known = byYear.get(key);
  if (known) return known;
  let holidays = byLocale.get(locale);
  if (!holidays) {
    const Library = await loadLibrary();
    holidays = new Library(where.country, { languages: [where.language], types: ['public'] });
    byLocale.set(locale, holidays);
  }
  const found = (holidays.getHolidays(year) || [])
    .filter((h) => h.type === 'public')
    .map((h) => ({ date: h.date.slice(0, 10), name: h.name }));
  byYear.set(key, found);
  return found;
}

/** The holidays over a calendar's twelve months from its first month (one or two years). */
export async function calendarHolidays(locale: string, year: number, startMonth = 1): Promise<Holiday[]> {
  const last = calendarMonth(year, startMonth, 12).year;
  const years = last === year ? [year] : [year, last];
  return (await Promise.all(years.map((y) => publicHolidays(locale, y)))).flat();
}
