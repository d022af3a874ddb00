import i18next, { type BackendModule, type i18n, type Services } from 'i18next';
import type HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { bcp47, FALLBACK_LANGUAGE } from '../../engine/index.ts';
import { firstScreenTranslations } from '../api/firstScreen.ts';

/**
 * i18next-http-backend, loaded the first time a namespace must be fetched (the lab's; every one on
 * the Vite dev server): the start page's translations come in the HTML, so its JavaScript does not
 * carry the backend (issue 15).
 */
function lazyHttpBackend(): BackendModule<{ loadPath: string }> {
  let setup: [Services, { loadPath: string }] | null = null;
  let backend: Promise<HttpBackend> | null = null;
  return {
    type: 'backend',
    init(services, backendOptions) {
      setup = [services, backendOptions];
    },
    read(language, namespace, callback) {
      backend ??= import('i18next-http-backend').then(({ default: Backend }) => {
        const loaded = new Backend();
        if (setup) loaded.init(...setup);
        return loaded;
      });
      backend.then(
        (loaded) => loaded.read(language, namespace, callback),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
}

/**
 * Starts i18next in the portal's language and resolves once its translations are in, so the first
 * paint never shows keys. The server puts the active language's shell translations in the HTML
 * (shop/firstScreen.ts): then nothing is fetched, and no other language either, since every
 * language is complete (test/unit/src/locale.test.ts); later namespaces (the lab's) come by HTTP.
 * Without them (the Vite dev server) the files are fetched, with English behind.
 */
export async function initI18n(language: string): Promise<i18n> {
  const inlined = firstScreenTranslations(language);
  await i18next
    .use(lazyHttpBackend())
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: inlined ? false : FALLBACK_LANGUAGE,
      ...(inlined && {
        resources: { [language]: { [inlined.namespace]: inlined.resources } },
        partialBundledLanguages: true,
      }),
      // Portal locales are `en_GB` style codes, each with its own file; there is no `en` file to try.
      load: 'currentOnly',
      ns: ['common'],
      defaultNS: 'common',
      backend: { loadPath: '/locale/{{lng}}/{{ns}}.json' },
      // React escapes text itself.
      interpolation: { escapeValue: false },
    });
  setDocumentLanguage(language);
  return i18next;
}

/** `nb_NO` → `nb-NO`, the BCP 47 form the `lang` attribute wants. */
export function setDocumentLanguage(language: string): void {
  document.documentElement.lang = bcp47(language);
}
