/**
 * The customisation editor's route (S1 §2), full screen and in a chunk of its own (Konva loads here,
 * never on the start page): loads the template and the browser fonts, then hands them to the
 * editor screen. Routes: products/calendars/:productUuid/:templateUuid,
 * products/cards/:category/:productUuid/:templateUuid, products/photogift/:category/:productUuid/:templateUuid.
 */
import './editor.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { parseTemplate, type Template } from '../../../engine/template.ts';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { call } from '../../api/call.ts';
import { loadBrowserFonts } from './browserFonts.ts';
import { EditorScreen } from './EditorScreen.tsx';
import { type EditorKind, listPath } from './editorRules.ts';

type Loaded =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'ready'; template: Template; fonts: FontSet };

export function EditorPage({ kind }: { kind: EditorKind }) {
  const { t } = useTranslation();
  const { templateUuid = '', productUuid = '', category } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    Promise.all([
      call<unknown>(`templates/by-uuid/${encodeURIComponent(templateUuid)}`, { signal: controller.signal }),
      loadBrowserFonts(),
    ]).then(
      ([json, fonts]) => {
        const parsed = parseTemplate(json);
        if (!parsed.ok) {
          console.error('The template does not parse', parsed.problems);
          setLoaded({ state: 'error' });
        } else setLoaded({ state: 'ready', template: parsed.template, fonts });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('The editor could not load', error);
        setLoaded({ state: 'error' });
      },
    );
    return () => controller.abort();
  }, [templateUuid]);

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
    />
  );
}
