/**
 * The shopper's mail when the lab gives money back (issue 29): a refund of what was taken, or the
 * release of a reservation before anything was taken. Short, in the portal's language, with the
 * amount, what stays paid, and the order's reference. Pure: the order and the refund in, the message
 * out; the mail job (server/production/email.ts) sends it once.
 */
import { formatMoney, orderReference } from '../../shop/index.ts';
import { serverT } from '../i18n.ts';
import { html, type SafeHtml } from './html.ts';
import { bcp47 } from './i18n.ts';
import type { MailMessage } from './mailer.ts';
import { type ConfirmedOrder, receiptUrl } from './orderConfirmation.ts';

export interface RefundForMail {
  /** 'refund': money given back; 'cancel': the reservation released, nothing taken. */
  kind: 'refund' | 'cancel';
  amount: number;
  /** When the provider gave it back. */
  at: Date | string;
  /** What stays paid after this refund (0 for a release or a refund of the rest). */
  left: number;
}

const FONT = 'font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif';

export function composePaymentRefund(
  order: ConfirmedOrder,
  refund: RefundForMail,
  options: { shopUrl?: string | null; receiptKey?: string | null } = {},
): MailMessage {
  const snap = order.snapshot;
  const locale = snap.portal.locale;
  const email = serverT(locale, 'email');
  const t = (key: string, values?: Record<string, string | number>) => email(`refund.${key}`, values);
  const shop = snap.portal.name;
  const reference = orderReference(order.uuid);
  const money = (minor: number) => formatMoney(minor, snap.portal.currencyFormat);
  const date = new Intl.DateTimeFormat(bcp47(locale), { dateStyle: 'long' }).format(new Date(refund.at));
  const released = refund.kind === 'cancel';

  const subject = t(released ? 'subjectReleased' : 'subject', { reference, shop });
  const heading = t(released ? 'headingReleased' : 'heading');
  const greeting = snap.customer.name.trim() ? t('greeting', { name: snap.customer.name.trim() }) : null;
  const what = released
    ? t('released', { amount: money(refund.amount), reference, date })
    : t('refunded', { amount: money(refund.amount), reference, date });
  const left = released
    ? t('nothingTaken')
    : refund.left > 0
      ? t('left', { amount: money(refund.left) })
      : t('inFull');
  const when = released ? t('whenReleased') : t('whenRefunded');
  const link = options.shopUrl
    ? { label: t('receiptLink'), url: receiptUrl(options.shopUrl, order.uuid, options.receiptKey) }
    : null;
  const footer = t('footer', { shop });

  const text = [
    heading,
    '',
    ...(greeting ? [greeting, ''] : []),
    what,
    left,
    '',
    when,
    '',
    `${t('reference')}: ${reference}`,
    ...(link ? ['', `${link.label}: ${link.url}`] : []),
    '',
    '-- ',
    footer,
    '',
  ].join('\n');

  const paragraph = (content: string | SafeHtml) => html`<p>${content}</p>`;
  const body = html`<!doctype html>
<html lang="${bcp47(locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${subject}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4">
<div style="max-width:600px;margin:0 auto;padding:24px 16px;background:#ffffff;color:#222222;${FONT};font-size:15px;line-height:1.45">
<h1 style="font-size:22px;margin:0 0 16px">${heading}</h1>
${greeting ? paragraph(greeting) : ''}
<p><strong>${what}</strong><br>${left}</p>
${paragraph(when)}
<p>${t('reference')}: <strong style="font-size:18px;letter-spacing:1px">${reference}</strong></p>
${link ? html`<p style="margin-top:24px"><a href="${link.url}" style="color:#0b57d0">${link.label}</a></p>` : ''}
<p style="margin-top:32px;color:#666666;font-size:13px">${footer}</p>
</div>
</body>
</html>
`;
  return { to: snap.customer.email, subject, text, html: body.value, fromName: shop };
}
