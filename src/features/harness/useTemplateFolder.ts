/**
 * A template folder as its author edits it: the harness asks the server for the folder's
 * template.json every second with the ETag it has (If-None-Match), so an unchanged folder costs a
 * 304 and a saved one comes back at once, and the page redraws without a click.
 */
import { useEffect, useState } from 'react';
import { devRoutes, routeUrl } from '../../../shop/index.ts';

export interface FolderState {
  text?: string;
  etag?: string;
  error?: string;
}

export const FOLDER_POLL_MS = 1000;

export function useTemplateFolder(folder: string | null): FolderState {
  const [state, setState] = useState<FolderState>({});
  useEffect(() => {
    setState({});
    if (!folder) return;
    const abort = new AbortController();
    let etag: string | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const response = await fetch(routeUrl(devRoutes.folder, { folder }), {
          headers: etag ? { 'if-none-match': etag } : {},
          cache: 'no-store',
          signal: abort.signal,
        });
        if (response.status === 200) {
          const body = (await response.json()) as { text: string; etag: string };
          etag = body.etag;
          setState({ text: body.text, etag: body.etag });
        } else if (response.status !== 304) {
          const body = (await response.json().catch(() => null)) as { error?: string } | null;
          setState({ error: body?.error ?? `HTTP ${response.status}` });
        }
      } catch (error) {
        if (abort.signal.aborted) return;
        setState((s) => ({ ...s, error: (error as Error).message }));
      }
      if (!abort.signal.aborted) timer = setTimeout(poll, FOLDER_POLL_MS);
    };
    void poll();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [folder]);
  return state;
}
