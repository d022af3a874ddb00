/**
 * A calendar's dates (issue 18): the shopper's own (a birthday, an anniversary: day, month, a short
 * text, yearly or once) shown in the month grids in their own colour, and whether the portal's public
 * holidays are marked. Every change is an engine command, so Undo takes it back.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dayAndMonth,
  isDayOfMonth,
  MAX_PERSONAL_DATES,
  MAX_PERSONAL_TEXT,
  monthName,
  monthWord,
  type PersonalDate,
} from '../../../engine/index.ts';
import { Switch } from '../../ui/Switch.tsx';

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

export function DatesScreen(props: {
  dates: readonly PersonalDate[];
  /** The account's kept dates this calendar lacks (issue 18): offered in one tap. */
  offered: readonly PersonalDate[];
  holidays: boolean;
  onAdd: (date: PersonalDate) => void;
  onAddOffered: () => void;
  onRemove: (index: number) => void;
  onHolidays: (on: boolean) => void;
  onDone: () => void;
}) {
  const { dates, offered, holidays, onAdd, onAddOffered, onRemove, onHolidays, onDone } = props;
  const { t, i18n } = useTranslation();
  const id = useId();
  const [day, setDay] = useState(1);
  const [month, setMonth] = useState(1);
  const [text, setText] = useState('');
  const [yearly, setYearly] = useState(true);
  const exists = isDayOfMonth(day, month);
  const full = dates.length >= MAX_PERSONAL_DATES;
  const canAdd = exists && text.trim() !== '' && !full;

  return (
    <section
      className="editor-menu editor-dates"
      aria-label={t('editorDates.title')}
      data-testid="dates-screen"
    >
      <Switch label={t('editorDates.holidays')} checked={holidays} onChange={onHolidays} />
      {offered.length > 0 && (
        <button type="button" className="button button--secondary" onClick={onAddOffered}>
          {t('editorDates.addSaved', { count: offered.length })}
        </button>
      )}
      {dates.length > 0 && (
        <ul className="editor-dates__list" aria-label={t('editorDates.yourDates')}>
          {dates.map((d, index) => (
            // The list has no ids of its own: a date is its place in it (removing one moves the rest).
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="editor-dates__item">
              <span>
                {dayAndMonth(d.day, d.month, i18n.language)}: {d.text}
                {d.yearly ? ` (${t('editorDates.yearly')})` : ''}
              </span>
              <button
                type="button"
                className="button button--secondary"
                aria-label={t('editorDates.remove', { text: d.text })}
                onClick={() => onRemove(index)}
              >
                {t('editorDates.removeShort')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="editor-dates__form"
        aria-label={t('editorDates.add')}
        onSubmit={(e) => {
          e.preventDefault();
          if (!canAdd) return;
          onAdd({ day, month, text: text.trim(), yearly });
          setText('');
        }}
      >
        <div className="editor-dates__when">
          <label htmlFor={`${id}-day`}>{t('editorDates.day')}</label>
          <select id={`${id}-day`} value={day} onChange={(e) => setDay(Number(e.target.value))}>
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-month`}>{t('editorDates.month')}</label>
          <select id={`${id}-month`} value={month} onChange={(e) => setMonth(Number(e.target.value))}>
            {MONTHS.map((m) => (
              <option key={m} value={m}>
                {monthWord(m, i18n.language)}
              </option>
            ))}
          </select>
        </div>
        <label htmlFor={`${id}-text`}>{t('editorDates.text')}</label>
        <input
          id={`${id}-text`}
          className="editor-dates__text"
          value={text}
          maxLength={MAX_PERSONAL_TEXT}
          enterKeyHint="done"
          onChange={(e) => setText(e.target.value)}
        />
        <label className="check-row">
          <input type="checkbox" checked={yearly} onChange={(e) => setYearly(e.target.checked)} />
          {t('editorDates.everyYear')}
        </label>
        {!exists && (
          <p className="form-error" role="alert">
            {t('editorDates.noSuchDay', { day, month: monthName(month, i18n.language) })}
          </p>
        )}
        {full && <p role="status">{t('editorDates.full', { count: MAX_PERSONAL_DATES })}</p>}
        <div className="editor-menu__actions">
          <button type="submit" className="button button--secondary" disabled={!canAdd}>
            {t('editorDates.add')}
          </button>
          <button type="button" className="button" onClick={onDone}>
            {t('editor.done')}
          </button>
        </div>
      </form>
    </section>
  );
}
