import type { Me } from '../../shop/contract.ts';
import { call } from './call.ts';

export function getMe(signal?: AbortSignal): Promise<Me> {
  return call<Me>('user/me', { signal });
}
