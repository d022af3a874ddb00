import { describe, expect, it } from 'vitest';
import { composePaymentRefund } from '../../../server/mail/paymentRefund.ts';
import type { OrderSnapshot } from '../../../server/services/checkout/orders.ts';

const ORDER_UUID = '8c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e';
const REFERENCE = '8c1d2e3f';

const PORTALS = {
  en_GB: { name: 'Photo Shop', currencyCode: 'GBP', currencyFormat: '£#,##0.00' },
  nb_NO: { name: 'Fotobutikken', currencyCode: 'NOK', currencyFormat: 'kr # ##0,00' },
  da_DK: { name: 'Fotobutikken DK', currencyCode: 'DKK', currencyFormat: '#.##0,00 kr.' },
} as const;

/** The parts of an order the refund mail reads. */
function order(locale: keyof typeof PORTALS, name = 'Ada Lovelace') {
  const snapshot = {
    portal: { uuid: 'portal-1', locale, ...PORTALS[locale] },
    customer: { name, mobile: '', email: 'ada@example.com', address: '', postalCode: '', city: '' },
  } as unknown as OrderSnapshot;
  return { uuid: ORDER_UUID, createdAt: new Date(), snapshot };
}

// Any year will do: the mail writes the date it is given.
const year = new Date().getUTCFullYear() + 1;
const at = new Date(Date.UTC(year, 2, 4, 12));

describe('the refund mail', () => {
  it('says what was refunded, what stays paid and the reference', () => {
    const mail = composePaymentRefund(order('en_GB'), { kind: 'refund', amount: 500, at, left: 790 });
    expect(mail.to).toBe('ada@example.com');
    expect(mail.fromName).toBe('Photo Shop');
    expect(mail.subject).toBe(`Refund for order ${REFERENCE} – Photo Shop`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('We refunded £5.00 of your payment for order');
      expect(part).toContain('£7.90 of your payment stays paid.');
      expect(part).toContain(REFERENCE);
      expect(part).toContain(`4 March ${year}`);
    }
  });

  it('says when nothing stays paid', () => {
    const mail = composePaymentRefund(order('en_GB'), { kind: 'refund', amount: 1290, at, left: 0 });
    expect(mail.text).toContain('Your payment is now refunded in full.');
    expect(mail.text).not.toContain('stays paid');
  });

  it('tells a release apart from a refund: nothing was taken', () => {
    const mail = composePaymentRefund(order('en_GB'), { kind: 'cancel', amount: 1290, at, left: 0 });
    expect(mail.subject).toBe(`Payment released for order ${REFERENCE} – Photo Shop`);
    expect(mail.text).toContain('We released the £12.90 reserved for order');
    expect(mail.text).toContain('Nothing was taken from your account.');
    expect(mail.text).not.toContain('refunded');
  });

  it('is in the portal’s language, with its money and dates', () => {
    const nb = composePaymentRefund(order('nb_NO'), { kind: 'refund', amount: 5000, at, left: 12_345 });
    expect(nb.subject).toBe(`Tilbakebetaling for bestilling ${REFERENCE} – Fotobutikken`);
    expect(nb.text).toContain('Vi betalte tilbake kr 50,00');
    expect(nb.text).toContain('kr 123,45 av betalingen din');
    expect(nb.text).toContain(`4. mars ${year}`);
    expect(nb.html).toContain('lang="nb-NO"');
    const da = composePaymentRefund(order('da_DK'), { kind: 'refund', amount: 5000, at, left: 0 });
    expect(da.subject).toBe(`Tilbagebetaling for ordre ${REFERENCE} – Fotobutikken DK`);
    expect(da.text).toContain('50,00 kr.');
    expect(da.text).toContain('Din betaling er nu betalt fuldt tilbage.');
    expect(da.html).toContain('lang="da-DK"');
  });

  it('escapes the shopper’s name in the HTML part', () => {
    const mail = composePaymentRefund(order('en_GB', '<b>Ada</b> & co'), {
      kind: 'refund',
      amount: 100,
      at,
      left: 0,
    });
    expect(mail.html).toContain('&lt;b&gt;Ada&lt;/b&gt; &amp; co');
    expect(mail.html).not.toContain('<b>Ada</b>');
    expect(mail.text).toContain('Hi <b>Ada</b> & co,');
  });

  it('links to the receipt when the shop’s address is known', () => {
    const mail = composePaymentRefund(
      order('en_GB'),
      { kind: 'refund', amount: 100, at, left: 0 },
      { shopUrl: 'https://photo.example/' },
    );
    expect(mail.text).toContain(`https://photo.example/m/cart/checkout/receipt/${ORDER_UUID}`);
  });
});
