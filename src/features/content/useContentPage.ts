import { useEffect, useState } from 'react';
import type { ContentPage } from '../../../shop/index.ts';
import { isAbort } from '../../api/call.ts';
import { getPage, inlinedPage } from '../../api/content.ts';

export type ContentPageState =
  | { status: 'loading' }
  | { status: 'ready'; page: ContentPage }
  | { status: 'failed' };

// Pages seldom change within a visit; going back to one shows it at once. Not on the server, which
// renders every portal's pages (src/ssr.tsx).
const cache = new Map<string, ContentPage>();
const inBrowser = typeof window !== 'undefined';

export function useContentPage(id: string): ContentPageState {
  const [state, setState] = useState<{ id: string; value: ContentPageState }>(() => initial(id));
  const current = state.id === id ? state : initial(id);
  if (current !== state) setState(current);

  useEffect(() => {
    if (cache.has(id)) return;
    const controller = new AbortController();
    getPage(id, controller.signal).then(
      (page) => {
        cache.set(id, page);
        setState({ id, value: { status: 'ready', page } });
      },
      (error: unknown) => {
        if (!isAbort(error)) setState({ id, value: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [id]);

  return current.value;
}

function initial(id: string): { id: string; value: ContentPageState } {
  let page = inBrowser ? cache.get(id) : undefined;
  if (!page) {
    // The first screen's page came with the HTML: drawn in the first render, no loading state.
    page = inlinedPage(id);
    if (page && inBrowser) cache.set(id, page);
  }
  return { id, value: page ? { status: 'ready', page } : { status: 'loading' } };
}
