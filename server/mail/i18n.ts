/**
 * The mail's words: a server-side i18next instance over the same locale files the app loads
 * (public/locale/{lng}/{ns}.json). `email` holds the mail's own wording; `common` is read for the
 * delivery time phrases, so the mail says '3 hverdage' exactly as the checkout did.
 */
import i18next from 'i18next';
import daCommon from '../../public/locale/da_DK/common.json' with { type: 'json' };
import daEmail from '../../public/locale/da_DK/email.json' with { type: 'json' };
import enCommon from '../../public/locale/en_GB/common.json' with { type: 'json' };
import enEmail from '../../public/locale/en_GB/email.json' with { type: 'json' };
import nbCommon from '../../public/locale/nb_NO/common.json' with { type: 'json' };
import nbEmail from '../../public/locale/nb_NO/email.json' with { type: 'json' };
import type { DeliveryTimeUnit } from '../../shop/checkout.ts';
import { deliveryTimeKey } from '../../shop/deliveryChoice.ts';

export const MAIL_FALLBACK_LANGUAGE = 'en_GB';

export type EmailKey = keyof typeof enEmail;
type Values = Record<string, string | number>;
// The app's i18next typing (src/app/i18next.d.ts) knows the app's namespaces only: the mail's keys are
// typed by EmailKey instead.
type LooseT = (key: string, options?: Values) => string;

export interface MailWords {
  t(key: EmailKey, values?: Values): string;
  /** '1 business day', '3 virkedager', '2 timer': the app's own plural phrases. */
  deliveryTime(time: number, unit: DeliveryTimeUnit): string;
}

const instance = i18next.createInstance();
void instance.init({
  resources: {
    en_GB: { email: enEmail, common: enCommon },
    nb_NO: { email: nbEmail, common: nbCommon },
    da_DK: { email: daEmail, common: daCommon },
  },
  lng: MAIL_FALLBACK_LANGUAGE,
  fallbackLng: MAIL_FALLBACK_LANGUAGE,
  // Portal locales are `en_GB` style codes with a file each; there is no `en` file to try.
  load: 'currentOnly',
  ns: ['email', 'common'],
  defaultNS: 'email',
  // Plain text out: the HTML part escapes everything it inserts itself (html.ts).
  interpolation: { escapeValue: false },
  // The resources are in memory: translate at once, without waiting for a tick.
  initAsync: false,
});

export function mailWords(locale: string): MailWords {
  const email = instance.getFixedT(locale, 'email' as never) as unknown as LooseT;
  const common = instance.getFixedT(locale, 'common') as unknown as LooseT;
  return {
    t: (key, values) => email(key, values),
    deliveryTime: (time, unit) => common(`delivery.${deliveryTimeKey(unit)}`, { count: time }),
  };
}

/** `nb_NO` → `nb-NO`, the form Intl wants. */
export const bcp47 = (locale: string) => locale.replace('_', '-');
