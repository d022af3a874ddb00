/**
 * The customisation editor's route (S1 §2), full screen and in a chunk of its own (Konva loads here,
 * never on the start page): loads the template and the browser fonts, then hands them to the
 * editor screen. Routes: products/calendars/:productUuid/:templateUuid,
 * products/cards/:category/:productUuid/:templateUuid, products/photogift/:category/:productUuid/:templateUuid.
 */
import './editor.css';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ownPictures } from '../../app/ownPictures.ts';
import { EditorScreen } from './EditorScreen.tsx';
import { type EditorKind, listPath, storageKey } from './editorRules.ts';
import { useEditorTemplate } from './useEditorTemplate.ts';

export function EditorPage({ kind }: { kind: EditorKind }) {
  const { t } = useTranslation();
  const { templateUuid = '', productUuid = '', category } = useParams();
  const loaded = useEditorTemplate(templateUuid, { workKey: storageKey(templateUuid) });

  if (loaded.state === 'error') {
    return (
      <main className="editor editor--message" role="alert">
        <p>{t('editor.loadFailed')}</p>
        <Link className="button" to={listPath(kind, category)}>
          {t('editor.backToList')}
        </Link>
      </main>
    );
  }
  if (loaded.state === 'loading') {
    return (
      <main className="editor editor--message">
        <p role="status">{t('common.loading')}</p>
      </main>
    );
  }
  return (
    <EditorScreen
      key={loaded.template.uuid}
      template={loaded.template}
      fonts={loaded.fonts}
      productUuid={productUuid}
      leaveTo={listPath(kind, category)}
      startPictures={ownPictures()}
    />
  );
}
