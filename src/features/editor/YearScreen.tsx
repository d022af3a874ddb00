/**
 * The year screen (S1 §2, §5): minus (never below this year), plus, and a text field that falls back
 * to this year on blur when it holds no valid year; Cancel leaves the year as it was, Done sets it
 * through the engine's setYear command (which refuses a year the template cannot be printed for).
 * The first month (issue 18): a calendar's twelve months may start in any month and run into the
 * next year; the screen says which months the calendar then shows.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Template } from '../../../engine/index.ts';
import { calendarMonth, formatYears, monthWord, selectableYears } from '../../../engine/index.ts';
import { yearMinus, yearOnBlur, yearPlus } from './editorRules.ts';

export function YearScreen(props: {
  template: Template;
  year: number;
  startMonth: number;
  today: Date;
  onCancel: () => void;
  onDone: (year: number, startMonth: number) => void;
}) {
  const { template, year, today, onCancel, onDone } = props;
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState(String(year));
  const [startMonth, setStartMonth] = useState(props.startMonth);
  const startId = useId();
  const chosen = Number(value);
  const years = selectableYears(template, today);
  const allowed = /^\d{4}$/.test(value.trim()) && years.includes(chosen);

  return (
    <section className="editor-menu editor-year" aria-label={t('editor.changeYear')}>
      <div className="editor-year__row">
        <button
          type="button"
          className="button button--secondary editor-year__step"
          aria-label={t('editor.yearMinus')}
          disabled={Number(value) <= today.getFullYear()}
          onClick={() => setValue(yearMinus(value, today))}
        >
          −
        </button>
        <input
          className="editor-year__field"
          inputMode="numeric"
          aria-label={t('editor.year')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onBlur={() => setValue(yearOnBlur(value, today))}
        />
        <button
          type="button"
          className="button button--secondary editor-year__step"
          aria-label={t('editor.yearPlus')}
          onClick={() => setValue(yearPlus(value, today))}
        >
          +
        </button>
      </div>
      <div className="editor-year__start">
        <label htmlFor={startId}>{t('editor.startMonth')}</label>
        <select
          id={startId}
          className="editor-year__select"
          value={startMonth}
          onChange={(e) => setStartMonth(Number(e.target.value))}
        >
          {MONTHS.map((month) => (
            <option key={month} value={month}>
              {monthWord(month, i18n.language)}
            </option>
          ))}
        </select>
      </div>
      {allowed && (
        <p className="editor-year__span" data-testid="calendar-span">
          {t('editor.calendarSpan', {
            from: shownMonth(chosen, startMonth, 1, i18n.language),
            to: shownMonth(chosen, startMonth, 12, i18n.language),
          })}
        </p>
      )}
      {!allowed && /^\d{4}$/.test(value.trim()) && (
        <p className="editor-year__note" role="status">
          {t('editor.yearUnsupported', { years: formatYears(years) })}
        </p>
      )}
      <div className="editor-menu__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('editor.cancel')}
        </button>
        <button
          type="button"
          className="button"
          disabled={!allowed}
          onClick={() => onDone(chosen, startMonth)}
        >
          {t('editor.done')}
        </button>
      </div>
    </section>
  );
}

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** 'September 2027', 'september 2027': the calendar's kth month, inside a sentence. */
function shownMonth(year: number, startMonth: number, k: number, language: string): string {
  const shown = calendarMonth(year, startMonth, k);
  return `${monthWord(shown.month, language)} ${shown.year}`;
}
