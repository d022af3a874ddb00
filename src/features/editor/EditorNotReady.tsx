import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The editor's screen before it can draw: 'Loading', or the load failure with a way back (to the
 * template list, or to the cart in update mode).
 */
export function EditorNotReady(props: { failed: boolean; backTo: string; backLabel: string }) {
  const { t } = useTranslation();
  if (!props.failed) {
    return (
      <main className="editor editor--message">
        <p role="status">{t('common.loading')}</p>
      </main>
    );
  }
  return (
    <main className="editor editor--message" role="alert">
      <p>{t('editor.loadFailed')}</p>
      <Link className="button" to={props.backTo}>
        {props.backLabel}
      </Link>
    </main>
  );
}
