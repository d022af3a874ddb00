/**
 * Choose text (S1 §2): the page is shown in select mode with a number on each editable text slot
 * (drawn by PageView), and this row of numbered buttons, headed 'Choose text', selects one.
 * Slots with editing disabled are not offered (engine/instance.ts editableSlots).
 */
import './textEditor.css';
import { useTranslation } from 'react-i18next';

export function ChooseText(props: {
  slots: readonly string[];
  onChoose: (slotId: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="editor-menu choose-text"
      aria-labelledby="choose-text-title"
      data-testid="choose-text"
    >
      <h2 id="choose-text-title" className="text-editor__title">
        {t('editorText.chooseText')}
      </h2>
      {props.slots.length === 0 ? (
        <p className="text-editor__note">{t('editorText.noTextOnPage')}</p>
      ) : (
        <div className="choose-text__numbers">
          {props.slots.map((id, n) => (
            <button
              key={id}
              type="button"
              className="choose-text__number"
              aria-label={t('editorText.textNumber', { number: n + 1 })}
              data-slot={id}
              onClick={() => props.onChoose(id)}
            >
              {n + 1}
            </button>
          ))}
        </div>
      )}
      <div className="editor-menu__actions">
        <button type="button" className="button button--secondary" onClick={props.onCancel}>
          {t('editorText.cancel')}
        </button>
      </div>
    </section>
  );
}
