/**
 * The server's words: one i18next instance over the locale files the app loads
 * (public/locale/{lng}/{ns}.json), for the mail (`email`, and `common` for the delivery phrases the
 * checkout showed) and the answers a shopper reads (`server`: the error messages by code).
 */
import i18next from 'i18next';
import { bcp47, FALLBACK_LANGUAGE, type Language } from '../engine/index.ts';
import daCommon from '../public/locale/da_DK/common.json' with { type: 'json' };
import daEmail from '../public/locale/da_DK/email.json' with { type: 'json' };
import daServer from '../public/locale/da_DK/server.json' with { type: 'json' };
import enCommon from '../public/locale/en_GB/common.json' with { type: 'json' };
import enEmail from '../public/locale/en_GB/email.json' with { type: 'json' };
import enServer from '../public/locale/en_GB/server.json' with { type: 'json' };
import nbCommon from '../public/locale/nb_NO/common.json' with { type: 'json' };
import nbEmail from '../public/locale/nb_NO/email.json' with { type: 'json' };
import nbServer from '../public/locale/nb_NO/server.json' with { type: 'json' };
import { type MessageValues, type ProductNames, productNameIn } from '../shop/index.ts';

export type Values = Record<string, string | number>;
// The app's i18next typing (src/app/i18next.d.ts) knows the app's namespaces only: the server's
// callers type their keys themselves.
export type LooseT = (key: string, options?: Values) => string;

const instance = i18next.createInstance();
// Keyed by Language: a language added to engine/languages.ts is a type error here until its files are.
const resources: Record<Language, Record<'email' | 'common' | 'server', object>> = {
  en_GB: { email: enEmail, common: enCommon, server: enServer },
  nb_NO: { email: nbEmail, common: nbCommon, server: nbServer },
  da_DK: { email: daEmail, common: daCommon, server: daServer },
};

void instance.init({
  resources,
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  // Portal locales are `en_GB` style codes with a file each; there is no `en` file to try.
  load: 'currentOnly',
  ns: ['email', 'common', 'server'],
  defaultNS: 'server',
  // Plain text out: the HTML part of a mail escapes everything it inserts itself, JSON needs nothing.
  interpolation: { escapeValue: false },
  // The resources are in memory: translate at once, without waiting for a tick.
  initAsync: false,
});

// `{{max, grouped}}`: a count with the language's digit grouping (5,000; 5 000; 5.000).
instance.services.formatter?.add('grouped', (value, language) =>
  new Intl.NumberFormat(bcp47(language ?? FALLBACK_LANGUAGE)).format(value),
);

/** `t` of one namespace in a portal's language (`en_GB`, `nb_NO`, `da_DK`). */
export function serverT(language: string, namespace: 'email' | 'common' | 'server'): LooseT {
  return instance.getFixedT(language, namespace as never) as unknown as LooseT;
}

/** Whether the namespace has the key in the language itself (no fallback). */
export function hasKey(language: string, namespace: string, key: string): boolean {
  return instance.exists(key, { lng: language, ns: namespace, fallbackLng: false } as never);
}

/**
 * An error's message (`errors.<key>` of server.json) in a portal's language (English when there is
 * none: a host no portal has), its phrase values worded in the same language (shop/messages.ts).
 */
export function errorMessage(language: string | undefined, key: string, values?: MessageValues): string {
  const t = serverT(language ?? FALLBACK_LANGUAGE, 'server');
  const word = (k: string, v: MessageValues | undefined): string =>
    t(
      `errors.${k}`,
      v &&
        Object.fromEntries(
          Object.entries(v).map(([name, value]) => [
            name,
            typeof value === 'object' ? word(value.key, value.values) : value,
          ]),
        ),
    );
  return word(key, values);
}

/**
 * A product's name in a portal's language (issue 34): the language's `common:productNames` through
 * the shop's one lookup (shop/productNames.ts), for the mail, the lab and the checkout's lines.
 */
export function productNameFor(locale: string): (name: string) => string {
  const names = serverT(locale, 'common')('productNames', { returnObjects: true } as never) as unknown;
  const table = names && typeof names === 'object' ? (names as ProductNames) : null;
  return (name) => productNameIn(name, table);
}
