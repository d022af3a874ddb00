/**
 * What a calendar's editor asks of the server besides the template (issue 18): the public holidays it
 * marks over its twelve months, for the portal's country, so the editor draws what the print will;
 * and the dates the shopper's account keeps from earlier calendars. None for other templates, none
 * while they load, none when a call fails (the calendar is still made; the print has the holidays).
 */
import { useEffect, useState } from 'react';
import type { Holiday, PersonalDate } from '../../../engine/index.ts';
import { getHolidays, getSavedDates } from '../../api/templates.ts';

const NONE: readonly Holiday[] = [];

export function useHolidays(isCalendar: boolean, year: number, startMonth: number): readonly Holiday[] {
  const [holidays, setHolidays] = useState<{ key: string; list: readonly Holiday[] }>({
    key: '',
    list: NONE,
  });
  const key = `${year}-${startMonth}`;
  useEffect(() => {
    if (!isCalendar) return;
    const abort = new AbortController();
    getHolidays(year, startMonth, abort.signal).then(
      ({ holidays: list }) => setHolidays({ key, list }),
      (error: unknown) => {
        if (!abort.signal.aborted) console.warn('Holidays not loaded', error);
      },
    );
    return () => abort.abort();
  }, [isCalendar, year, startMonth, key]);
  return isCalendar && holidays.key === key ? holidays.list : NONE;
}

/** The dates the shopper's account keeps from earlier calendars (issue 18), for a calendar only. */
export function useSavedDates(isCalendar: boolean): readonly PersonalDate[] {
  const [saved, setSaved] = useState<readonly PersonalDate[]>([]);
  useEffect(() => {
    if (!isCalendar) return;
    const abort = new AbortController();
    getSavedDates(abort.signal).then(
      ({ personalDates }) => setSaved(personalDates),
      (error: unknown) => {
        if (!abort.signal.aborted) console.warn('Saved dates not loaded', error);
      },
    );
    return () => abort.abort();
  }, [isCalendar]);
  return saved;
}
