/**
 * The mail's words, from the server's i18next instance (server/i18n.ts). `email` holds the mail's own wording; `common` is read for the
 * delivery time phrases, so the mail says '3 hverdage' exactly as the checkout did.
 */
import enEmail from '../../public/locale/en_GB/email.json' with { type: 'json' };
import type { DeliveryTimeUnit } from '../../shop/index.ts';
import { serverT, type Values } from '../i18n.ts';
import { deliveryTimeString } from '../services/checkout/checkoutText.ts';

export type EmailKey = keyof typeof enEmail;
export interface MailWords {
  t(key: EmailKey, values?: Values): string;
  /** '1 business day', '3 virkedager', '2 timer': the app's own plural phrases. */
  deliveryTime(time: number, unit: DeliveryTimeUnit): string;
}

export function mailWords(locale: string): MailWords {
  const email = serverT(locale, 'email');
  return {
    t: (key, values) => email(key, values),
    deliveryTime: (time, unit) => deliveryTimeString(time, unit, locale),
  };
}

export { bcp47 } from '../../engine/index.ts';
