import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Loading } from '../ui/Loading.tsx';
import { Footer } from './Footer.tsx';
import { FreeShippingBanner } from './FreeShippingBanner.tsx';
import { Header } from './Header.tsx';
import type { Layout } from './layout.ts';
import { Guarded } from './pages.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

export function Shell({ layout }: { layout: Layout }) {
  const { t } = useTranslation();
  return (
    <div className={`shell layout-${layout}`}>
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <ScrollToTop />
      <Header />
      <FreeShippingBanner />
      <main id="main" className="shell-main" tabIndex={-1}>
        <Guarded>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </Guarded>
      </main>
      <Footer />
    </div>
  );
}
