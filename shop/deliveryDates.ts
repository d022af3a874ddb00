/**
 * When an order will be ready in the store, or delivered by post (issue 34): a date, computed from the
 * shop's clock, the store's opening days and order cut-off, and the lead time (business days or hours).
 * The server answers the date (ISO `YYYY-MM-DD`, a day in the shop's own time zone); the app words it in
 * the portal's language ("Ready for pickup Tuesday 1 December"). Pure: the clock's instant is handed in.
 */
import type { DeliveryTimeUnit } from './checkout.ts';

/** ISO weekdays: 1 Monday … 7 Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const WEEKDAYS: readonly IsoWeekday[] = [1, 2, 3, 4, 5];
/** A store open Monday to Saturday: the demo's and a new store's default. */
export const MONDAY_TO_SATURDAY: readonly IsoWeekday[] = [1, 2, 3, 4, 5, 6];
/** Orders placed after this hour (local time) start on the next working day: the demo's default. */
export const DEFAULT_CUTOFF_HOUR = 15;

/** The days work is done on, and the hour after which an order waits for the next one. */
export interface Schedule {
  openingDays: readonly number[];
  /** 0–24, local time: an order placed at or after it starts on the next working day. */
  cutoffHour: number;
}

/** Post is carried on weekdays; the lab hands parcels over until the same cut-off. */
export const postSchedule = (cutoffHour = DEFAULT_CUTOFF_HOUR): Schedule => ({
  openingDays: WEEKDAYS,
  cutoffHour,
});

/** A calendar day and the time of day, as a wall clock in the shop's time zone shows them. */
export interface LocalTime {
  /** YYYY-MM-DD */
  date: string;
  hour: number;
  minute: number;
}

/**
 * The portal's time zone, by its locale: the shops are national (a US shop ships from the East
 * Coast). A locale not listed is on UTC.
 */
const TIME_ZONES: Record<string, string> = {
  en_GB: 'Europe/London',
  nb_NO: 'Europe/Oslo',
  da_DK: 'Europe/Copenhagen',
  en_US: 'America/New_York',
};

export function timeZoneOf(locale: string): string {
  return TIME_ZONES[locale] ?? 'UTC';
}

/** What a wall clock in `timeZone` shows at `instant`. */
export function localTime(instant: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

// Days are counted on UTC midnights of the local date, so no daylight-saving change moves them.
const toUtc = (date: string) => new Date(`${date}T00:00:00Z`);
const fromUtc = (day: Date) => day.toISOString().slice(0, 10);
const isoWeekday = (day: Date): number => ((day.getUTCDay() + 6) % 7) + 1;
const nextDay = (day: Date) => new Date(day.getTime() + 86_400_000);

function isOpen(day: Date, schedule: Schedule): boolean {
  return schedule.openingDays.includes(isoWeekday(day));
}

/**
 * The first working day of an order placed at `now`: today when the store (or the post) works today
 * and the cut-off has not passed, else the next day it works. A schedule with no working day is
 * refused: it would never end.
 */
export function startDay(now: LocalTime, schedule: Schedule): string {
  if (!schedule.openingDays.some((d) => d >= 1 && d <= 7)) throw new Error('A schedule needs a working day');
  let day = toUtc(now.date);
  const beforeCutoff = now.hour + now.minute / 60 < schedule.cutoffHour;
  if (isOpen(day, schedule) && beforeCutoff) return fromUtc(day);
  do day = nextDay(day);
  while (!isOpen(day, schedule));
  return fromUtc(day);
}

/**
 * The day an order placed at `now` is ready (pickup) or delivered (post):
 * - business days ('d'): that many working days after the first working day, so 2 days from a
 *   Monday morning is Wednesday, and from Friday evening (Monday to Friday) is Wednesday too;
 * - hours ('h', express pickup): the first working day itself, the same day when ordered before
 *   the cut-off (the hours run within the day).
 */
export function readyDate(
  now: LocalTime,
  lead: { time: number; unit: DeliveryTimeUnit },
  schedule: Schedule,
) {
  let day = toUtc(startDay(now, schedule));
  if (lead.unit === 'h') return fromUtc(day);
  for (let left = Math.max(0, Math.floor(lead.time)); left > 0; ) {
    day = nextDay(day);
    if (isOpen(day, schedule)) left--;
  }
  return fromUtc(day);
}

/** The same rule read from the shop's clock, in the portal's time zone. */
export function readyDateAt(
  instant: Date,
  locale: string,
  lead: { time: number; unit: DeliveryTimeUnit },
  schedule: Schedule,
): string {
  return readyDate(localTime(instant, timeZoneOf(locale)), lead, schedule);
}

/** "Tuesday 1 December" in the language's own order and words (Intl, no year: it is always soon). */
export function formatDay(date: string, bcp47Tag: string): string {
  return new Intl.DateTimeFormat(bcp47Tag, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(toUtc(date));
}

/** A weekday's name: 5 January 1970 was a Monday. */
const weekdayName = (day: number, bcp47Tag: string) =>
  new Intl.DateTimeFormat(bcp47Tag, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date((3 + day) * 86_400_000),
  );

/**
 * A store's opening days in words: a run of three or more as "Monday–Saturday", others listed
 * ("Monday, Wednesday and Friday"), in the language's own words.
 */
export function formatOpeningDays(days: readonly number[], bcp47Tag: string): string {
  const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first !== undefined && last !== undefined && sorted.length >= 3 && last - first === sorted.length - 1) {
    return `${weekdayName(first, bcp47Tag)}–${weekdayName(last, bcp47Tag)}`;
  }
  return new Intl.ListFormat(bcp47Tag, { type: 'conjunction' }).format(
    sorted.map((d) => weekdayName(d, bcp47Tag)),
  );
}
