import i18next, { type i18n } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const FALLBACK_LANGUAGE = 'en_GB';

/**
 * Starts i18next in the portal's language and resolves once its translations (and the fallback's)
 * are loaded, so the first paint never shows keys.
 */
export async function initI18n(language: string): Promise<i18n> {
  await i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
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
  document.documentElement.lang = language.replace('_', '-');
}
