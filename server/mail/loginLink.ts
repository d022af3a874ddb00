/**
 * The login link mail (issue 28, routes/identity.ts): a one-time link to the account's own address,
 * in the portal's language. Pure: the words and the link in, the message out.
 */
import { serverT } from '../i18n.ts';
import { html } from './html.ts';
import { bcp47 } from './i18n.ts';
import type { MailMessage } from './mailer.ts';

export interface LoginLinkMail {
  to: string;
  name: string;
  /** The portal's name, also the sender's display name. */
  shop: string;
  locale: string;
  url: string;
  minutes: number;
}

const FONT = 'font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif';

export function composeLoginLink(mail: LoginLinkMail): MailMessage {
  const email = serverT(mail.locale, 'email');
  const t = (key: string, values?: Record<string, string | number>) => email(`loginLink.${key}`, values);
  const shop = mail.shop;
  const subject = t('subject', { shop });
  const greeting = mail.name.trim() ? t('greeting', { name: mail.name.trim() }) : null;
  const text = [
    t('heading', { shop }),
    '',
    ...(greeting ? [greeting, ''] : []),
    t('intro', { shop }),
    '',
    mail.url,
    '',
    t('validity', { minutes: mail.minutes }),
    '',
    t('ignore'),
    '',
    '-- ',
    t('footer', { shop }),
    '',
  ].join('\n');
  const body = html`<!doctype html>
<html lang="${bcp47(mail.locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${subject}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4">
<div style="max-width:600px;margin:0 auto;padding:24px 16px;background:#ffffff;color:#222222;${FONT};font-size:15px;line-height:1.45">
<h1 style="font-size:22px;margin:0 0 16px">${t('heading', { shop })}</h1>
${greeting ? html`<p>${greeting}</p>` : ''}
<p>${t('intro', { shop })}</p>
<p style="margin:24px 0"><a href="${mail.url}" style="display:inline-block;padding:12px 24px;background:#1a5fb4;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${t('button')}</a></p>
<p style="word-break:break-all;font-size:13px;color:#555555">${mail.url}</p>
<p>${t('validity', { minutes: mail.minutes })}</p>
<p>${t('ignore')}</p>
<p style="margin-top:32px;font-size:13px;color:#666666">${t('footer', { shop })}</p>
</div>
</body>
</html>`;
  return { to: mail.to, subject, text, html: body.value, fromName: shop };
}
