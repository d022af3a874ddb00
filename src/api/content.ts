import type { ContentPage } from '../../shop/contract.ts';
import { call } from './call.ts';

export function getPage(id: string, signal?: AbortSignal): Promise<ContentPage> {
  return call<ContentPage>(`legacy-pages/${encodeURIComponent(id)}`, { signal });
}
