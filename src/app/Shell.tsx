import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Loading } from '../ui/Loading.tsx';
import { FreeShippingBanner } from './FreeShippingBanner.tsx';
import { Header } from './Header.tsx';
import type { Layout } from './layout.ts';
import { RouteErrorBoundary } from './pages.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

export function Shell({ layout }: { layout: Layout }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className={`shell layout-${layout}`}>
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <ScrollToTop />
      <Header />
      <FreeShippingBanner />
      <main id="main" className="shell-main" tabIndex={-1}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
    </div>
  );
}
