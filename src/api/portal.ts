import type { PortalConfig } from '../../shop/index.ts';
import { call } from './call.ts';

export function getPortal(signal?: AbortSignal): Promise<PortalConfig> {
  return call<PortalConfig>('portal', { signal });
}
