import { useEffect, useState } from 'react';
import { config as zodConfig } from 'zod';
import {
  type FontSet,
  fontFamiliesOf,
  keptInstance,
  loadHarfBuzz,
  parseTemplate,
  type Template,
} from '../../../engine/index.ts';
import { templateRoutes } from '../../../shop/index.ts';
import { call } from '../../api/call.ts';
import { getAccountDesign } from '../../api/designs.ts';
import { loadBrowserFonts } from './browserFonts.ts';
import type { KeptWork } from './editorRules.ts';

// The browser parses a template once or twice: zod's compiled parsers (made with `new Function` on
// their first use, for the server's many parses) took 12-17 ms of a 13-page calendar's first parse,
// the plain ones about 5 ms (issue 18's open time).
zodConfig({ jitless: true });

export type LoadedTemplate =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'ready'; template: Template; fonts: FontSet; account: AccountWork | null };

/** The account side of a new design: whether a shopper is logged in, and their design of it. */
export interface AccountWork {
  signedIn: boolean;
  design: KeptWork | null;
}

/** The account's design when asked for (a visitor, or a failed call: none, the browser's save stays). */
async function accountWork(templateUuid: string, signal?: AbortSignal): Promise<AccountWork> {
  try {
    return await getAccountDesign(templateUuid, signal).then((a) => ({
      signedIn: a.signedIn,
      design: a.design ? { instance: a.design.instance, savedAt: Date.parse(a.design.savedAt) } : null,
    }));
  } catch (error) {
    if (!signal?.aborted) console.warn('The account design could not be read', error);
    return { signedIn: false, design: null };
  }
}

/** The work kept under a storage key, as JSON (or null): only read for the fonts it names. */
function keptWork(key: string): unknown {
  try {
    const text = window.localStorage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

interface LoadOptions {
  version?: number;
  workKey: string;
  /** The font families of `more` (a cart line's resources), one per line. */
  moreFamilies: string;
  account: boolean;
}

/**
 * What the editor needs before it can draw: the template (a given version for a cart line, else the
 * current one) parsed by the engine, and the fonts it will draw with: those the template names, the
 * work kept under `workKey` (a reload) and `more` (a cart line's resources). Other fonts load when
 * the shopper opens the font menu. With `account`, a new design also asks for the account's design
 * of the template ('My designs'), checked like the browser's save (keptInstance).
 */
async function loadTemplate(templateUuid: string, options: LoadOptions, signal?: AbortSignal) {
  const { version, workKey, moreFamilies, account } = options;
  const asked = account ? accountWork(templateUuid, signal) : Promise.resolve(null);
  // HarfBuzz (a chunk and its WebAssembly) loads alongside the template and the fonts, not after.
  void loadHarfBuzz().catch(() => undefined);
  try {
    const answer = version
      ? await call(
          templateRoutes.byVersion,
          { params: { uuid: templateUuid, version: String(version) } },
          { signal },
        )
      : await call(templateRoutes.byUuid, { params: { uuid: templateUuid } }, { signal });
    const parsed = parseTemplate(answer);
    if (!parsed.ok) {
      console.error('The template does not parse', parsed.problems);
      return ERROR;
    }
    const families = [
      ...fontFamiliesOf(parsed.template, keptWork(workKey)),
      ...(moreFamilies ? moreFamilies.split('\n') : []),
    ];
    // The template's fonts load while the account's design is asked for, not after it; a font that
    // fails here is tried again below.
    loadBrowserFonts(families).catch(() => undefined);
    const work = await asked;
    // A design of another version (the template changed since) is not opened, as a browser save isn't.
    const design = work?.design ? keptInstance(work.design.instance, parsed.template) : null;
    const kept: AccountWork | null = work && {
      signedIn: work.signedIn,
      design: design && work.design ? { instance: design, savedAt: work.design.savedAt } : null,
    };
    const fonts = await loadBrowserFonts([...families, ...fontFamiliesOf(design)]);
    return { state: 'ready', template: parsed.template, fonts, account: kept } satisfies LoadedTemplate;
  } catch (error) {
    if (!signal?.aborted) console.error('The editor could not load', error);
    return ERROR;
  }
}

const ERROR: LoadedTemplate = { state: 'error' };
const keyOf = (templateUuid: string, o: LoadOptions) =>
  JSON.stringify([templateUuid, o.version ?? null, o.workKey, o.moreFamilies, o.account]);

/** The load started before the editor rendered (preloadEditorTemplate): taken by its first render. */
let early: { key: string; loading: Promise<LoadedTemplate> } | null = null;

/**
 * Starts loading an editor before React renders it: the editor's chunk calls it as it arrives, for
 * the address the page is at (issue 18's open time: the template, HarfBuzz and the fonts no longer
 * wait for the first render and its effects). Only the next editor to open takes it.
 */
export function preloadEditorTemplate(
  templateUuid: string,
  options: { version?: number; workKey: string; more?: unknown; account?: boolean },
): void {
  const o = { ...options, moreFamilies: fontFamiliesOf(options.more).join('\n'), account: !!options.account };
  early = { key: keyOf(templateUuid, o), loading: loadTemplate(templateUuid, o) };
}

/** See {@link loadTemplate}: the editor's template, fonts and account work, as React state. */
export function useEditorTemplate(
  templateUuid: string,
  options: { version?: number; workKey: string; more?: unknown; account?: boolean },
): LoadedTemplate {
  const { version, workKey, account = false } = options;
  // By content: a cart line refreshed with the same resources must not load the editor again.
  const moreFamilies = fontFamiliesOf(options.more).join('\n');
  const [loaded, setLoaded] = useState<LoadedTemplate>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    const o = { version, workKey, moreFamilies, account };
    const key = keyOf(templateUuid, o);
    const started = early?.key === key ? early.loading : null;
    early = null;
    (started ?? loadTemplate(templateUuid, o, controller.signal)).then((result) => {
      if (!controller.signal.aborted) setLoaded(result);
    });
    return () => controller.abort();
  }, [templateUuid, version, workKey, moreFamilies, account]);
  return loaded;
}
