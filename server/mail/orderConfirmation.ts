/**
 * The shopper's order confirmation (S0 §2 receipt, by mail): the reference, the lines, the totals,
 * where the order goes and how it is paid, in the portal's language. Pure: the order in, the message
 * out; the job (server/production/email.ts) sends it.
 */
import { formatMoney, orderReference } from '../../shop/index.ts';
import { productNameFor } from '../i18n.ts';
import type { OrderSnapshot } from '../services/checkout/orders.ts';
import { html, multiline, type SafeHtml } from './html.ts';
import { bcp47, type MailWords, mailWords } from './i18n.ts';

export interface ConfirmedOrder {
  uuid: string;
  createdAt: Date | string;
  snapshot: OrderSnapshot;
}

export interface ComposeOptions {
  /** The portal's public address (https://foto.example.com); with it the mail links to the receipt. */
  shopUrl?: string | null;
  /** The receipt link's signed key (services/identity/receiptLinks.ts): the link opens on any device. */
  receiptKey?: string | null;
  /** An order paid by invoice: the sentence that says what to pay by when (the PDF is attached). */
  invoiceLine?: string | null;
}

export interface OrderConfirmation {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The sender's display name when MAIL_FROM is a bare address (mailer.ts). */
  fromName: string;
}

/** The app's receipt route (src/features/checkout/paths.ts) under its /m basename. */
export const receiptUrl = (shopUrl: string, orderUuid: string, key?: string | null) =>
  `${shopUrl.replace(/\/+$/, '')}/m/cart/checkout/receipt/${encodeURIComponent(orderUuid)}${
    key ? `?key=${encodeURIComponent(key)}` : ''
  }`;

interface Row {
  label: string;
  amount: string;
  strong?: boolean;
}

/** Everything the two parts show, worded and formatted once, so text and HTML cannot disagree. */
interface Content {
  language: string;
  subject: string;
  heading: string;
  greeting: string;
  intro: string;
  reference: { label: string; value: string };
  lines: { title: string; columns: [string, string, string]; items: Row[]; quantities: number[] };
  totals: Row[];
  delivery: { title: string; place: string[]; when: string };
  contact: { title: string; lines: string[] };
  payment: { title: string; name: string; info: string };
  comment: { title: string; text: string } | null;
  link: { label: string; url: string } | null;
  footer: string;
}

function contentOf(order: ConfirmedOrder, options: ComposeOptions): Content {
  const snap = order.snapshot;
  const words: MailWords = mailWords(snap.portal.locale);
  const { t } = words;
  const money = (minor: number) => formatMoney(minor, snap.portal.currencyFormat);
  const productName = productNameFor(snap.portal.locale);
  const shop = snap.portal.name;
  const reference = orderReference(order.uuid);
  const date = new Intl.DateTimeFormat(bcp47(snap.portal.locale), { dateStyle: 'long' }).format(
    new Date(order.createdAt),
  );
  const { totals, delivery, customer } = snap;
  const when = words.deliveryTime(delivery.deliveryTime, delivery.deliveryTimeUnit);
  const cityLine = (postalCode: string, city: string) => [postalCode, city].filter(Boolean).join(' ');

  const totalRows: Row[] = [{ label: t('products'), amount: money(totals.products) }];
  if (totals.minimum > 0) totalRows.push({ label: t('minimum'), amount: money(totals.minimum) });
  totalRows.push({
    label: `${t('delivery')} (${delivery.name})`,
    amount: totals.delivery === 0 ? t('free') : money(totals.delivery),
  });
  if (totals.rebate > 0) {
    const code = snap.rebate?.code ?? '';
    const text = snap.rebate?.text ? ` (${snap.rebate.text})` : '';
    totalRows.push({ label: `${t('rebate', { code })}${text}`, amount: money(-totals.rebate) });
  }
  totalRows.push({ label: t('total'), amount: money(totals.total), strong: true });

  const place =
    delivery.type === 'store-pickup'
      ? [delivery.name, delivery.address1, delivery.address2, cityLine(delivery.postalCode, delivery.city)]
      : [customer.name, customer.address, cityLine(customer.postalCode, customer.city)];

  return {
    language: bcp47(snap.portal.locale),
    subject: t('subject', { reference, shop }),
    heading: t('heading'),
    greeting: t('greeting', { name: customer.name }),
    intro: t('intro', { shop, date }),
    reference: { label: t('reference'), value: reference },
    lines: {
      title: t('linesTitle'),
      columns: [t('product'), t('quantity'), t('price')],
      items: snap.lines.map((l) => ({
        label: l.description ? `${productName(l.productName)}: ${l.description}` : productName(l.productName),
        amount: money(l.linePrice),
      })),
      quantities: snap.lines.map((l) => l.quantity),
    },
    totals: totalRows,
    delivery: {
      title:
        delivery.type === 'store-pickup'
          ? delivery.express
            ? t('expressPickup')
            : t('pickupTitle')
          : t('postageTitle'),
      place: place.filter((p) => p.trim() !== ''),
      when:
        delivery.type === 'store-pickup' ? t('readyIn', { time: when }) : t('deliveredIn', { time: when }),
    },
    contact: {
      title: t('contactTitle'),
      lines: [customer.name, customer.mobile, customer.email].filter((p) => p.trim() !== ''),
    },
    payment: {
      title: t('paymentTitle'),
      name: snap.payment.title,
      info: [snap.payment.infoText, options.invoiceLine].filter(Boolean).join('\n'),
    },
    comment: snap.ordercomment?.trim() ? { title: t('commentTitle'), text: snap.ordercomment.trim() } : null,
    link: options.shopUrl
      ? { label: t('receiptLink'), url: receiptUrl(options.shopUrl, order.uuid, options.receiptKey) }
      : null,
    footer: t('footer', { shop }),
  };
}

function textOf(c: Content): string {
  const section = (title: string, ...body: string[]) => [title, '-'.repeat(title.length), ...body, ''];
  return [
    c.heading,
    '',
    c.greeting,
    c.intro,
    '',
    `${c.reference.label}: ${c.reference.value}`,
    '',
    ...section(
      c.lines.title,
      ...c.lines.items.map((item, i) => `${c.lines.quantities[i]} × ${item.label}   ${item.amount}`),
      '',
      ...c.totals.map((row) => `${row.label}: ${row.amount}`),
    ),
    ...section(c.delivery.title, ...c.delivery.place, c.delivery.when),
    ...section(c.payment.title, c.payment.name, ...(c.payment.info ? [c.payment.info] : [])),
    ...section(c.contact.title, ...c.contact.lines),
    ...(c.comment ? section(c.comment.title, c.comment.text) : []),
    ...(c.link ? [`${c.link.label}: ${c.link.url}`, ''] : []),
    '-- ',
    c.footer,
    '',
  ].join('\n');
}

const FONT = 'font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif';
const CELL = 'padding:6px 0;border-bottom:1px solid #e5e5e5;vertical-align:top';

function htmlOf(c: Content): string {
  const h2 = (title: string) => html`<h2 style="font-size:17px;margin:24px 0 8px">${title}</h2>`;
  const row = (cells: SafeHtml) => html`<tr>${cells}</tr>`;
  const lineRows = c.lines.items.map((item, i) =>
    row(html`<td style="${CELL}">${item.label}</td>
<td style="${CELL};text-align:center">${c.lines.quantities[i] ?? ''}</td>
<td style="${CELL};text-align:right;white-space:nowrap">${item.amount}</td>`),
  );
  const totalRows = c.totals.map((r) => {
    const weight = r.strong ? ';font-weight:bold;font-size:16px' : '';
    return row(html`<td colspan="2" style="padding:4px 0${weight}">${r.label}</td>
<td style="padding:4px 0;text-align:right;white-space:nowrap${weight}">${r.amount}</td>`);
  });
  const body = html`<!doctype html>
<html lang="${c.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${c.subject}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4">
<div style="max-width:600px;margin:0 auto;padding:24px 16px;background:#ffffff;color:#222222;${FONT};font-size:15px;line-height:1.45">
<h1 style="font-size:22px;margin:0 0 16px">${c.heading}</h1>
<p>${c.greeting}<br>${c.intro}</p>
<p>${c.reference.label}: <strong style="font-size:18px;letter-spacing:1px">${c.reference.value}</strong></p>
${h2(c.lines.title)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">
<tr><th align="left" style="${CELL}">${c.lines.columns[0]}</th><th style="${CELL}">${c.lines.columns[1]}</th><th align="right" style="${CELL}">${c.lines.columns[2]}</th></tr>
${lineRows}
${totalRows}
</table>
${h2(c.delivery.title)}
<p>${c.delivery.place.map((p, i) => (i === 0 ? html`<strong>${p}</strong>` : html`<br>${p}`))}</p>
<p>${c.delivery.when}</p>
${h2(c.payment.title)}
<p><strong>${c.payment.name}</strong>${c.payment.info ? html`<br>${multiline(c.payment.info)}` : ''}</p>
${h2(c.contact.title)}
<p>${c.contact.lines.map((l, i) => (i === 0 ? l : html`<br>${l}`))}</p>
${c.comment ? html`${h2(c.comment.title)}<p>${multiline(c.comment.text)}</p>` : ''}
${c.link ? html`<p style="margin-top:24px"><a href="${c.link.url}" style="color:#0b57d0">${c.link.label}</a></p>` : ''}
<p style="margin-top:32px;color:#666666;font-size:13px">${c.footer}</p>
</div>
</body>
</html>
`;
  return body.value;
}

/** The confirmation of one order, in the portal's language; `to` is the address the shopper gave. */
export function composeOrderConfirmation(
  order: ConfirmedOrder,
  options: ComposeOptions = {},
): OrderConfirmation {
  const content = contentOf(order, options);
  return {
    to: order.snapshot.customer.email,
    subject: content.subject,
    text: textOf(content),
    html: htmlOf(content),
    fromName: order.snapshot.portal.name,
  };
}
