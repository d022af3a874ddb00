/**
 * The public holidays a calendar marks (issue 18): date-holidays' public type only, of the portal's
 * place, named in its language. The place is the portal's `holidayRegion` (an ISO 3166 country or
 * country-subdivision code, 'GB-SCT'), or by default its language's: Norway on nb_NO, Denmark on
 * da_DK, England and Wales on en_GB (issue 34: the United Kingdom as a whole has no Summer bank
 * holiday in date-holidays, since Scotland's falls on another Monday). A portal of another language
 * marks none unless it names a place. The server draws them into prints and thumbnails and answers
 * them to the editor (GET /m/api/holidays), so the editor needs no holiday data of its own.
 */
import type Holidays from 'date-holidays';
import { calendarMonth, type Holiday, languageOf } from '../engine/index.ts';
import type { PortalConfig } from './contract.ts';

/**
 * date-holidays, loaded with the first calendar that asks: its every country's rules are 9 MB of the
 * heap, which a shop that draws no calendar need not hold (issue 31: idle memory).
 */
let library: Promise<typeof Holidays> | null = null;
const loadLibrary = () => {
  library ??= import('date-holidays').then((m) => m.default);
  return library;
};

/** Each language's place when the portal names none, and the language date-holidays names it in. */
const DEFAULT_REGIONS: Record<string, { region: string; language: string }> = {
  nb_NO: { region: 'NO', language: 'no' },
  da_DK: { region: 'DK', language: 'da' },
  // England and Wales: the bank holidays most of the UK keeps (gov.uk lists them as one region).
  en_GB: { region: 'GB-ENG', language: 'en' },
};

/** What a calendar's holidays depend on: the portal's locale and the place it may name. */
export interface HolidayPlace {
  locale: string;
  /** The portal's `holidayRegion`: 'GB-SCT', 'NO'; null or absent for its language's default. */
  holidayRegion?: string | null;
}

/** A portal's holiday place. */
export const holidayPlaceOf = (portal: Pick<PortalConfig, 'locale' | 'holidayRegion'>): HolidayPlace => ({
  locale: portal.locale.code,
  holidayRegion: portal.holidayRegion,
});

/** A holiday place as its code, or null when the portal marks no holidays. */
export function holidayRegion(place: HolidayPlace): string | null {
  return place.holidayRegion?.trim() || DEFAULT_REGIONS[place.locale]?.region || null;
}

const byRegion = new Map<string, Holidays | null>();
const byYear = new Map<string, Holiday[]>();

async function holidaysOf(region: string, locale: string): Promise<Holidays | null> {
  const key = `${region}:${locale}`;
  if (byRegion.has(key)) return byRegion.get(key)!;
  const Library = await loadLibrary();
  const [country, state] = region.toUpperCase().split('-');
  const language = DEFAULT_REGIONS[languageOf(locale)]?.language ?? 'en';
  const library = new Library();
  const options = { languages: [language], types: ['public' as const] };
  let holidays: Holidays | null = null;
  // A code date-holidays does not know marks nothing rather than failing the shopper's calendar.
  if (country && library.getCountries()[country]) {
    if (!state) holidays = new Library(country, options);
    else if (library.getStates(country)?.[state]) holidays = new Library(country, state, options);
  }
  byRegion.set(key, holidays);
  return holidays;
}

/** The public holidays of a year at the portal's place, or [] for a portal without one. */
export async function publicHolidays(place: HolidayPlace, year: number): Promise<Holiday[]> {
  const region = holidayRegion(place);
  if (!region || !Number.isInteger(year)) return [];
  const key = `${region}:${place.locale}:${year}`;
  const known = byYear.get(key);
  if (known) return known;
  const holidays = await holidaysOf(region, place.locale);
  const found = (holidays?.getHolidays(year) || [])
    .filter((h) => h.type === 'public')
    .map((h) => ({ date: h.date.slice(0, 10), name: h.name }));
  byYear.set(key, found);
  return found;
}

/** The holidays over a calendar's twelve months from its first month (one or two years). */
export async function calendarHolidays(
  place: HolidayPlace,
  year: number,
  startMonth = 1,
): Promise<Holiday[]> {
  const last = calendarMonth(year, startMonth, 12).year;
  const years = last === year ? [year] : [year, last];
  return (await Promise.all(years.map((y) => publicHolidays(place, y)))).flat();
}
