import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface EditorPageProps {
  title: string;
  className?: string;
  children: ReactNode;
  onCancel: () => void;
  /** Pages that collect a value end with Done; pages whose choice is the tap itself have only Cancel. */
  onDone?: () => void;
  doneDisabled?: boolean;
}

/** One sub-page of the print editor (S0 §4 edit session): a title, its tools, Cancel and maybe Done. */
export function EditorPage({ title, className, children, onCancel, onDone, doneDisabled }: EditorPageProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      className={['print-editor__page', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="print-editor__page-title">
        {title}
      </h2>
      {children}
      <div className="print-editor__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        {onDone && (
          <button type="button" className="button" disabled={doneDisabled} onClick={onDone}>
            {t('common.done')}
          </button>
        )}
      </div>
    </section>
  );
}
