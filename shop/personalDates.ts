/**
 * The dates a shopper's account keeps (issue 18): the yearly dates of the calendars they make,
 * offered in the next calendar. Pure rules; server/services/cart/personalDates.ts stores them.
 */
import { MAX_PERSONAL_DATES, type PersonalDate } from '../engine/index.ts';

const sameDate = (a: PersonalDate, b: PersonalDate) =>
  a.day === b.day && a.month === b.month && a.text.trim().toLowerCase() === b.text.trim().toLowerCase();

/**
 * The kept dates with a calendar's yearly ones added: a date already kept (the same day, month and
 * text, in any case) is not added twice; once-only dates belong to their calendar and are not kept.
 * The newest are kept when there would be more than MAX_PERSONAL_DATES.
 */
export function keptDates(kept: readonly PersonalDate[], added: readonly PersonalDate[]): PersonalDate[] {
  const all = [...kept];
  for (const date of added) {
    if (date.yearly && !all.some((k) => sameDate(k, date))) all.push({ ...date, text: date.text.trim() });
  }
  return all.slice(-MAX_PERSONAL_DATES);
}

/** The kept dates a calendar does not have yet: what 'Add your saved dates' would add. */
export function datesToOffer(kept: readonly PersonalDate[], has: readonly PersonalDate[]): PersonalDate[] {
  return kept.filter((k) => !has.some((h) => sameDate(h, k)));
}
