import type { PortalConfig } from '../../shop/index.ts';
import { getPortal } from '../api/portal.ts';

/**
 * The server inlines the portal config into index.html so the first paint needs no round trip;
 * the Vite dev server serves index.html untouched, so then it is fetched.
 */
export async function loadPortalConfig(): Promise<PortalConfig> {
  const inline = document.getElementById('portal-config')?.textContent;
  if (inline?.trim()) {
    try {
      return JSON.parse(inline) as PortalConfig;
    } catch {
      // A broken inline config is no reason to fail: the API has the same answer.
    }
  }
  return getPortal();
}
