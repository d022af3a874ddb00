/**
 * The year screen (S1 §2, §5): minus (never below this year), plus, and a text field that falls back
 * to this year on blur when it holds no valid year; Cancel leaves the year as it was, Done sets it
 * through the engine's setYear command (which refuses a year the template cannot be printed for).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYears, selectableYears } from '../../../engine/calendar.ts';
import type { Template } from '../../../engine/template.ts';
import { yearMinus, yearOnBlur, yearPlus } from './editorRules.ts';

export function YearScreen(props: {
  template: Template;
  year: number;
  today: Date;
  onCancel: () => void;
  onDone: (year: number) => void;
}) {
  const { template, year, today, onCancel, onDone } = props;
  const { t } = useTranslation();
  const [value, setValue] = useState(String(year));
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
      {!allowed && /^\d{4}$/.test(value.trim()) && (
        <p className="editor-year__note" role="status">
          {t('editor.yearUnsupported', { years: formatYears(years) })}
        </p>
      )}
      <div className="editor-menu__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('editor.cancel')}
        </button>
        <button type="button" className="button" disabled={!allowed} onClick={() => onDone(chosen)}>
          {t('editor.done')}
        </button>
      </div>
    </section>
  );
}
