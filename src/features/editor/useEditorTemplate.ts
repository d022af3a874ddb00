import { useEffect, useState } from 'react';
import { parseTemplate, type Template } from '../../../engine/template.ts';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { call } from '../../api/call.ts';
import { loadBrowserFonts } from './browserFonts.ts';

export type LoadedTemplate =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'ready'; template: Template; fonts: FontSet };

/**
 * What the editor needs before it can draw: the template (a given version for a cart line, else the
 * current one) parsed by the engine, and the 15 fonts in the browser.
 */
export function useEditorTemplate(templateUuid: string, version?: number): LoadedTemplate {
  const [loaded, setLoaded] = useState<LoadedTemplate>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    const path = `templates/by-uuid/${encodeURIComponent(templateUuid)}${version ? `/${version}` : ''}`;
    Promise.all([call<unknown>(path, { signal: controller.signal }), loadBrowserFonts()]).then(
      ([json, fonts]) => {
        const parsed = parseTemplate(json);
        if (!parsed.ok) {
          console.error('The template does not parse', parsed.problems);
          setLoaded({ state: 'error' });
        } else setLoaded({ state: 'ready', template: parsed.template, fonts });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('The editor could not load', error);
        setLoaded({ state: 'error' });
      },
    );
    return () => controller.abort();
  }, [templateUuid, version]);
  return loaded;
}
