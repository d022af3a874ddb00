import { type PortalConfig, storefrontRoutes } from '../../shop/index.ts';
import { call } from './call.ts';

export function getPortal(signal?: AbortSignal): Promise<PortalConfig> {
  return call(storefrontRoutes.portal, {}, { signal });
}
