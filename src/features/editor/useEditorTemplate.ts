import { useEffect, useState } from 'react';
import { parseTemplate, type Template } from '../../../engine/template.ts';
import { fontFamiliesOf } from '../../../engine/text/families.ts';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { call } from '../../api/call.ts';
import { loadBrowserFonts } from './browserFonts.ts';

export type LoadedTemplate =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'ready'; template: Template; fonts: FontSet };

/** The work kept under a storage key, as JSON (or null): only read for the fonts it names. */
function keptWork(key: string): unknown {
  try {
    const text = window.localStorage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * What the editor needs before it can draw: the template (a given version for a cart line, else the
 * current one) parsed by the engine, and the fonts it will draw with: those the template names, the
 * work kept under `workKey` (a reload) and `more` (a cart line's resources). Other fonts load when
 * the shopper opens the font menu.
 */
export function useEditorTemplate(
  templateUuid: string,
  options: { version?: number; workKey: string; more?: unknown },
): LoadedTemplate {
  const { version, workKey } = options;
  // By content: a cart line refreshed with the same resources must not load the editor again.
  const moreFamilies = fontFamiliesOf(options.more).join('\n');
  const [loaded, setLoaded] = useState<LoadedTemplate>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    const path = `templates/by-uuid/${encodeURIComponent(templateUuid)}${version ? `/${version}` : ''}`;
    call<unknown>(path, { signal: controller.signal })
      .then(async (json) => {
        const parsed = parseTemplate(json);
        if (!parsed.ok) {
          console.error('The template does not parse', parsed.problems);
          return setLoaded({ state: 'error' });
        }
        const fonts = await loadBrowserFonts([
          ...fontFamiliesOf(parsed.template, keptWork(workKey)),
          ...(moreFamilies ? moreFamilies.split('\n') : []),
        ]);
        if (!controller.signal.aborted) setLoaded({ state: 'ready', template: parsed.template, fonts });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('The editor could not load', error);
        setLoaded({ state: 'error' });
      });
    return () => controller.abort();
  }, [templateUuid, version, workKey, moreFamilies]);
  return loaded;
}
