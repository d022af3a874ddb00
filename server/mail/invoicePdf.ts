/**
 * The invoice of an order paid by invoice (issue 34): a one-page A4 PDF (pdfkit) in the portal's
 * language with the shop, the customer, the lines and totals as paid, the amount due, the due date,
 * the order reference as the payment reference, and how to pay from the portal's config. Pure: the
 * order in, the bytes out; the mail job attaches it to the confirmation.
 */
import PDFDocument from 'pdfkit';
import { formatMoney, orderReference } from '../../shop/index.ts';
import { productNameFor, serverT } from '../i18n.ts';
import { bcp47 } from './i18n.ts';
import type { ConfirmedOrder } from './orderConfirmation.ts';

export interface InvoiceTerms {
  companyName: string;
  /** Days from the order's day to the due date. */
  dueDays: number;
  /** How to pay (bank and account) as the shop wrote it; '' prints none. */
  paymentDetails: string;
}

const DAY_MS = 86_400_000;

/** The order's day plus the terms' days. */
export const invoiceDueDate = (order: ConfirmedOrder, terms: Pick<InvoiceTerms, 'dueDays'>): Date =>
  new Date(new Date(order.createdAt).getTime() + terms.dueDays * DAY_MS);

/** The invoice's words and figures, formatted once for the PDF and the mail. */
export function invoiceFacts(order: ConfirmedOrder, terms: InvoiceTerms) {
  const { portal, totals } = order.snapshot;
  const date = (d: Date) =>
    new Intl.DateTimeFormat(bcp47(portal.locale), { dateStyle: 'long', timeZone: 'UTC' }).format(d);
  return {
    reference: orderReference(order.uuid),
    amount: formatMoney(totals.total, portal.currencyFormat),
    invoiceDate: date(new Date(order.createdAt)),
    dueDate: date(invoiceDueDate(order, terms)),
  };
}

export function renderInvoicePdf(order: ConfirmedOrder, terms: InvoiceTerms): Promise<Buffer> {
  const { portal, customer, lines, totals } = order.snapshot;
  const email = serverT(portal.locale, 'email');
  const t = (key: string, values?: Record<string, string | number>) => email(`invoice.${key}`, values);
  const c = (key: string) => email(key);
  const money = (minor: number) => formatMoney(minor, portal.currencyFormat);
  const productName = productNameFor(portal.locale);
  const facts = invoiceFacts(order, terms);

  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${t('title')} ${facts.reference}`, Author: terms.companyName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 56;
  const right = doc.page.width - 56;
  const width = right - left;
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(terms.companyName || portal.name, left, 56);
  doc.fontSize(16).text(t('title'), left, 56, { width, align: 'right' });
  doc.moveDown(2).font('Helvetica').fontSize(10);
  const facts2: [string, string][] = [
    [t('number'), facts.reference],
    [t('date'), facts.invoiceDate],
    [t('dueDate'), facts.dueDate],
  ];
  const top = doc.y;
  doc.font('Helvetica-Bold').text(t('billTo'), left, top);
  doc.font('Helvetica');
  for (const line of [
    customer.name,
    customer.address,
    [customer.postalCode, customer.city].filter(Boolean).join(' '),
    customer.email,
  ])
    if (line.trim()) doc.text(line);
  let y = top;
  for (const [label, value] of facts2) {
    doc.font('Helvetica-Bold').text(label, left + width / 2, y, { width: width / 4 });
    doc.font('Helvetica').text(value, left + (3 * width) / 4, y, { width: width / 4, align: 'right' });
    y += 16;
  }
  doc.y = Math.max(doc.y, y) + 24;

  // The lines as paid: product, quantity, price.
  const row = (cells: [string, string, string], bold = false) => {
    const at = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(cells[0], left, at, { width: width * 0.6 });
    const end = doc.y;
    doc.text(cells[1], left + width * 0.6, at, { width: width * 0.15, align: 'right' });
    doc.text(cells[2], left + width * 0.75, at, { width: width * 0.25, align: 'right' });
    doc.y = Math.max(end, doc.y) + 4;
  };
  row([c('product'), c('quantity'), c('price')], true);
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  doc.y += 4;
  for (const l of lines) {
    const name = l.description
      ? `${productName(l.productName)}: ${l.description}`
      : productName(l.productName);
    row([name, String(l.quantity), money(l.linePrice)]);
  }
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  doc.y += 4;
  row([c('products'), '', money(totals.products)]);
  if (totals.minimum > 0) row([c('minimum'), '', money(totals.minimum)]);
  row([
    `${c('delivery')} (${order.snapshot.delivery.name})`,
    '',
    totals.delivery === 0 ? c('free') : money(totals.delivery),
  ]);
  if (totals.rebate > 0)
    row([email('rebate', { code: order.snapshot.rebate?.code ?? '' }), '', money(-totals.rebate)]);
  row([t('amountDue'), '', facts.amount], true);

  doc.moveDown(2);
  doc.font('Helvetica-Bold').text(t('howToPay'), left);
  doc.font('Helvetica');
  if (terms.paymentDetails.trim()) doc.text(terms.paymentDetails.trim());
  doc.text(`${t('reference')}: ${facts.reference}`);
  doc.text(`${t('dueDate')}: ${facts.dueDate}`);
  doc.moveDown().text(t('useReference'));
  doc.end();
  return done;
}
