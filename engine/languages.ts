/**
 * The languages the shop speaks: the one list every layer reads (the app's and the server's
 * i18next, the calendar's month names, the contract's portal locales, the locale test). It lives in
 * the engine because the calendar names months in these languages and the engine imports nothing of
 * ours; shop/, src/ and server/ import it from here.
 *
 * A language here has its files in public/locale/<language>/ (test/unit/src/locale.test.ts checks
 * both ways) and its date-fns locale in calendar.ts (a `Record<Language, …>`: the type checker
 * asks for it).
 */

/** The languages with words of their own, the first being the fallback. */
export const LANGUAGES = ['en_GB', 'nb_NO', 'da_DK'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = LANGUAGES[0];

/** The locales a portal may have: a language, or en_US, which reads as English (`languageOf`). */
export const PORTAL_LOCALES = ['en_GB', 'en_US', 'nb_NO', 'da_DK'] as const;

/** A portal's `locale`; anything the shop has no words for reads as English. */
export function languageOf(locale: string | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(locale ?? '') ? (locale as Language) : FALLBACK_LANGUAGE;
}

/** `nb_NO` → `nb-NO`, the BCP 47 form Intl and the `lang` attribute want. */
export const bcp47 = (locale: string): string => locale.replace('_', '-');
