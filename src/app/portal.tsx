import { createContext, type ReactNode, useContext } from 'react';
import type { PortalConfig } from '../../shop/index.ts';

const PortalContext = createContext<PortalConfig | null>(null);

export function PortalProvider({ config, children }: { config: PortalConfig; children: ReactNode }) {
  return <PortalContext.Provider value={config}>{children}</PortalContext.Provider>;
}

export function usePortal(): PortalConfig {
  const config = useContext(PortalContext);
  if (!config) throw new Error('usePortal() outside <PortalProvider>');
  return config;
}
