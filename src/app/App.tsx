import { type ReactNode, StrictMode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import type { PortalConfig } from '../../shop/index.ts';
import { useCartStore } from './cartStore.ts';
import { routingFor } from './layout.ts';
import { PortalProvider } from './portal.tsx';
import { AppRoutes, isLabPath, LabRoutes } from './router.tsx';

/** What wraps the routes in the browser and in the server's render of the first screen alike. */
export function AppFrame({ portal, children }: { portal: PortalConfig; children: ReactNode }) {
  return (
    <StrictMode>
      <PortalProvider config={portal}>{children}</PortalProvider>
    </StrictMode>
  );
}

export function App({ portal }: { portal: PortalConfig }) {
  // After the first commit, so after hydration: the cart of a server-drawn screen loads here.
  useEffect(() => {
    if (useCartStore.getState().status === 'idle') void useCartStore.getState().load();
  }, []);
  // Chosen once: the layout and basename come from the address the app was opened at.
  const [routing] = useState(() =>
    isLabPath(window.location.pathname)
      ? { basename: '/lab', layout: null }
      : routingFor(window.location.pathname),
  );
  return (
    <AppFrame portal={portal}>
      <BrowserRouter basename={routing.basename}>
        {routing.layout ? <AppRoutes layout={routing.layout} /> : <LabRoutes />}
      </BrowserRouter>
    </AppFrame>
  );
}

/** Without a portal config there is no shop to show: say so, in the fallback language. */
export function BootError() {
  const { t } = useTranslation();
  return (
    <div className="boot-error" role="alert">
      <p>{t('error.generic')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </div>
  );
}
