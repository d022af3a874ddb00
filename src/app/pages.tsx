import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { reportRenderError } from './errorReporter.ts';
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

/** What a crashed screen shows instead: a crash in one screen keeps the app usable. */
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

/**
 * Catches a screen's crash (React needs a class for that) and shows {@link RouteError}; a change of
 * `resetKey` (the next navigation) tries the screen again. Nothing is remounted while it works.
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  { failed: boolean }
> {
  override state = { failed: false };

  override componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen crashed', error, info.componentStack);
    reportRenderError(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** A crash in one screen keeps the app usable; the next navigation tries the screen again. */
export function Guarded({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{children}</RouteErrorBoundary>;
}
