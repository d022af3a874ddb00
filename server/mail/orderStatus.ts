/**
 * The shopper's mail when the lab marks an order ready for pickup or shipped (issue 34): short, in the
 * portal's language, with where to collect it or that it is on its way, the reference and the receipt
 * link. Pure: the order and the status in, the message out; the mail job sends it once per status.
 */
import { orderReference } from '../../shop/index.ts';
import { serverT } from '../i18n.ts';
import { html } from './html.ts';
import { bcp47 } from './i18n.ts';
import type { MailMessage } from './mailer.ts';
import { type ComposeOptions, type ConfirmedOrder, receiptUrl } from './orderConfirmation.ts';

/** The lab statuses the shopper is told of by mail. */
export const MAILED_STATUSES = ['ready-for-pickup', 'shipped'] as const;
export type MailedStatus = (typeof MAILED_STATUSES)[number];

const FONT = 'font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif';

export function composeOrderStatus(
  order: ConfirmedOrder,
  status: MailedStatus,
  options: ComposeOptions,
): MailMessage {
  const snap = order.snapshot;
  const locale = snap.portal.locale;
  const email = serverT(locale, 'email');
  const t = (key: string, values?: Record<string, string | number>) => email(`status.${key}`, values);
  const shop = snap.portal.name;
  const reference = orderReference(order.uuid);
  const ready = status === 'ready-for-pickup';
  const subject = t(ready ? 'subjectReady' : 'subjectShipped', { reference, shop });
  const heading = t(ready ? 'headingReady' : 'headingShipped');
  const greeting = snap.customer.name.trim() ? email('greeting', { name: snap.customer.name.trim() }) : null;
  const d = snap.delivery;
  const place =
    d.type === 'store-pickup'
      ? [d.name, d.address1, d.address2, [d.postalCode, d.city].filter(Boolean).join(' ')]
      : [
          snap.customer.name,
          snap.customer.address,
          [snap.customer.postalCode, snap.customer.city].filter(Boolean).join(' '),
        ];
  const lines = place.filter((p) => p.trim() !== '');
  const what = t(ready ? 'ready' : 'shipped', { reference });
  const link = options.shopUrl
    ? { label: email('receiptLink'), url: receiptUrl(options.shopUrl, order.uuid, options.receiptKey) }
    : null;
  const footer = t('footer', { shop });
  const text = [
    heading,
    '',
    ...(greeting ? [greeting, ''] : []),
    what,
    '',
    ...lines,
    '',
    `${email('reference')}: ${reference}`,
    ...(link ? ['', `${link.label}: ${link.url}`] : []),
    '',
    '-- ',
    footer,
    '',
  ].join('\n');
  const body = html`<!doctype html>
<html lang="${bcp47(locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${subject}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4">
<div style="max-width:600px;margin:0 auto;padding:24px 16px;background:#ffffff;color:#222222;${FONT};font-size:15px;line-height:1.45">
<h1 style="font-size:22px;margin:0 0 16px">${heading}</h1>
${greeting ? html`<p>${greeting}</p>` : ''}
<p><strong>${what}</strong></p>
<p>${lines.map((line, i) => (i === 0 ? html`${line}` : html`<br>${line}`))}</p>
<p>${email('reference')}: <strong style="font-size:18px;letter-spacing:1px">${reference}</strong></p>
${link ? html`<p style="margin-top:24px"><a href="${link.url}" style="color:#0b57d0">${link.label}</a></p>` : ''}
<p style="margin-top:32px;color:#666666;font-size:13px">${footer}</p>
</div>
</body>
</html>
`;
  return { to: snap.customer.email, subject, text, html: body.value, fromName: shop };
}
