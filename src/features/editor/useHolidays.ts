/**
 * The public holidays a calendar marks over its twelve months (issue 18), asked of the server for the
 * portal's country: the editor draws what the print will. None for other templates, none while they
 * load, and none when the call fails (the calendar is still made; the print has them either way).
 */
import { useEffect, useState } from 'react';
import type { Holiday } from '../../../engine/calendar.ts';
import { getHolidays } from '../../api/templates.ts';

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
