import { StrictMode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import type { PortalConfig } from '../../shop/contract.ts';
import { routingFor } from './layout.ts';
import { PortalProvider } from './portal.tsx';
import { createAppRouter, createLabRouter, isLabPath } from './router.tsx';

export function App({ portal }: { portal: PortalConfig }) {
  const [router] = useState(() => {
    if (isLabPath(window.location.pathname)) return createLabRouter();
    const { basename, layout } = routingFor(window.location.pathname);
    return createAppRouter(basename, layout);
  });
  return (
    <StrictMode>
      <PortalProvider config={portal}>
        <RouterProvider router={router} />
      </PortalProvider>
    </StrictMode>
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
