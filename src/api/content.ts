import { type ContentPage, firstScreenApi, storefrontRoutes } from '../../shop/index.ts';
import { call } from './call.ts';
import { takeFirstScreenAnswer } from './firstScreen.ts';

export function getPage(id: string, signal?: AbortSignal): Promise<ContentPage> {
  return call(storefrontRoutes.page, { params: { id } }, { signal });
}

/** The page, when the HTML brought it (the first screen): drawn without waiting for a call. */
export function inlinedPage(id: string): ContentPage | undefined {
  return takeFirstScreenAnswer<ContentPage>(firstScreenApi.page(id));
}
