import './my-designs.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { bcp47 } from '../../../engine/index.ts';
import type { DesignSummary } from '../../../shop/index.ts';
import { editorPath, listTypeOf, localised, previewUrl } from '../../../shop/index.ts';
import { CallError, isAbort } from '../../api/call.ts';
import { deleteAccountDesign, getAccountDesigns } from '../../api/designs.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { LazyImage } from '../../ui/LazyImage.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { LoginCard } from '../checkout/shared.ts';

/**
 * 'My designs' (issue 18): a logged-in shopper's unfinished designs, last changed first, each
 * reopening its editor where they left it, on any device. Logged out, the page offers the login (the
 * browser's own designs then move to the account).
 */
export function MyDesignsPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('designs.title'));
  const [designs, setDesigns] = useState<DesignSummary[] | null>(null);
  const [failure, setFailure] = useState<'loggedOut' | 'failed' | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the reload trigger
  useEffect(() => {
    const controller = new AbortController();
    setFailure(null);
    setDesigns(null);
    getAccountDesigns(controller.signal)
      .then(setDesigns)
      .catch((error) => {
        if (isAbort(error)) return;
        setFailure(error instanceof CallError && error.code === 401 ? 'loggedOut' : 'failed');
      });
    return () => controller.abort();
  }, [attempt]);

  const reload = () => setAttempt((n) => n + 1);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(bcp47(i18n.language), {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));
  const remove = async (uuid: string) => {
    setDesigns((list) => list?.filter((d) => d.template.uuid !== uuid) ?? null);
    try {
      await deleteAccountDesign(uuid);
    } catch {
      reload();
    }
  };

  if (failure === 'loggedOut') {
    return (
      <section className="page my-designs">
        <h1>{t('designs.title')}</h1>
        <p>{t('designs.loggedOut')}</p>
        <LoginCard onDone={reload} />
      </section>
    );
  }
  if (failure) {
    return (
      <section className="page my-designs">
        <h1>{t('designs.title')}</h1>
        <p role="alert">{t('designs.loadFailed')}</p>
        <button type="button" className="button" onClick={reload}>
          {t('common.retry')}
        </button>
      </section>
    );
  }
  if (!designs) return <Loading />;
  return (
    <section className="page my-designs">
      <h1>{t('designs.title')}</h1>
      {designs.length === 0 && <p>{t('designs.none')}</p>}
      <ul className="my-designs__list">
        {designs.map(({ template, savedAt }) => {
          const name = localised(template.name, i18n.language);
          return (
            <li key={template.uuid} className="my-design" data-testid="my-design">
              <Link className="my-design__open" to={editorPath(listTypeOf(template.type), null, template)}>
                <span className="my-design__frame">
                  <LazyImage
                    className="my-design__image"
                    src={previewUrl(template)}
                    alt=""
                    width={template.dimensions.width}
                    height={template.dimensions.height}
                  />
                </span>
                <span className="my-design__text">
                  <span className="my-design__name">{name}</span>
                  <span className="my-design__when">{t('designs.changed', { date: date(savedAt) })}</span>
                </span>
              </Link>
              <button
                type="button"
                className="button button--secondary my-design__delete"
                aria-label={t('designs.deleteNamed', { name })}
                onClick={() => void remove(template.uuid)}
              >
                {t('designs.delete')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
