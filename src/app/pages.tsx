import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from './useDocumentTitle.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('content.notFound'));
  return (
    <section className="page">
      <h1>{t('content.notFound')}</h1>
      <p>
        <Link className="button" to="/">
          {t('placeholder.backHome')}
        </Link>
      </p>
    </section>
  );
}

/** The route error element: a crash in one screen keeps the app usable. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <section className="page" role="alert">
      <h1>{t('error.generic')}</h1>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
      </p>
    </section>
  );
}
