import { describe, expect, it } from 'vitest';
import { composeOrderConfirmation, receiptUrl } from '../../../server/mail/orderConfirmation.ts';
import { composeOrderStatus } from '../../../server/mail/orderStatus.ts';
import type { OrderSnapshot } from '../../../server/services/checkout/orders.ts';
import { orderReference } from '../../../shop/production.ts';

const ORDER_UUID = '3f2a9c41-7b1e-4d2a-9c3b-5e6f7a8b9c0d';

const PORTALS = {
  en_GB: { name: 'Photo Shop', currencyCode: 'GBP', currencyFormat: '£#,##0.00' },
  nb_NO: { name: 'Fotobutikken', currencyCode: 'NOK', currencyFormat: 'kr # ##0,00' },
  da_DK: { name: 'Fotobutikken DK', currencyCode: 'DKK', currencyFormat: '#.##0,00 kr.' },
} as const;

type Locale = keyof typeof PORTALS;

const line = (
  uuid: string,
  productName: string,
  description: string,
  quantity: number,
  linePrice: number,
) => ({
  uuid,
  type: 0,
  description,
  productUuid: `p-${uuid}`,
  productName,
  quantity,
  linePrice,
  image: null,
  files: null,
  templates: null,
});

const pickup: OrderSnapshot['delivery'] = {
  type: 'store-pickup',
  uuid: 'store-1',
  name: 'High Street Photo',
  region: 'North',
  address1: '12 High Street',
  address2: 'Unit 4',
  postalCode: 'AB1 2CD',
  city: 'Northtown',
  express: false,
  price: 0,
  deliveryTime: 3,
  deliveryTimeUnit: 'd',
};

const postage: OrderSnapshot['delivery'] = {
  type: 'postage',
  uuid: 'post-1',
  name: 'Royal Mail 2nd class',
  price: 295,
  deliveryTime: 1,
  deliveryTimeUnit: 'd',
};

function snapshot(
  locale: Locale,
  delivery: OrderSnapshot['delivery'],
  over: Partial<OrderSnapshot> = {},
): OrderSnapshot {
  const deliveryPrice = delivery.price;
  const products = 150_000 + 1_299;
  const rebate = 1_000;
  return {
    portal: { uuid: 'portal-1', locale, ...PORTALS[locale] },
    lines: [line('l1', 'Photo print', '10x15 cm glossy', 40, 150_000), line('l2', 'Photo mug', '', 1, 1_299)],
    customer: {
      name: 'Ada Lovelace',
      mobile: '+44 7700 900123',
      email: 'ada@example.com',
      address: '5 Analytical Row',
      postalCode: 'EN1 5AL',
      city: 'Engineton',
    },
    delivery,
    payment: { uuid: 'pay-1', provider: 'invoice', title: 'Invoice', infoText: 'Pay within 14 days.' },
    rebate: { code: 'SPRING', text: 'Ten pounds off', amount: rebate },
    totals: {
      products,
      rebate,
      minimum: 0,
      delivery: deliveryPrice,
      total: products - rebate + deliveryPrice,
    },
    orderInfo: { orderLines: [] },
    ordercomment: '',
    requestKey: 'r',
    contentKey: 'c',
    transactionUuid: 't-1',
    amount: products - rebate + deliveryPrice,
    paidAt: new Date().toISOString(),
    ...over,
  } as OrderSnapshot;
}

const compose = (snap: OrderSnapshot, shopUrl?: string) =>
  composeOrderConfirmation({ uuid: ORDER_UUID, createdAt: new Date(), snapshot: snap }, { shopUrl });

describe('composeOrderConfirmation', () => {
  it('carries the reference, every line, the totals in the portal currency and the payment', () => {
    const mail = compose(snapshot('en_GB', postage));
    const ref = orderReference(ORDER_UUID);
    expect(ref).toBe('3f2a9c41');
    expect(mail.to).toBe('ada@example.com');
    expect(mail.fromName).toBe('Photo Shop');
    expect(mail.subject).toContain(ref);
    expect(mail.subject).toContain('Photo Shop');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(ref);
      expect(part).toContain('Photo print: 10x15 cm glossy');
      expect(part).toContain('Photo mug');
      expect(part).toContain('£1,500.00'); // a line price, grouped
      expect(part).toContain('£12.99');
      expect(part).toContain('£1,512.99'); // products
      expect(part).toContain('-£10.00'); // rebate
      expect(part).toContain('SPRING');
      expect(part).toContain('£2.95'); // delivery
      expect(part).toContain('£1,505.94'); // total
      expect(part).toContain('Invoice');
      expect(part).toContain('Pay within 14 days.');
    }
    expect(mail.text).toMatch(/40 × Photo print: 10x15 cm glossy\s+£1,500\.00/);
    expect(mail.text).toMatch(/1 × Photo mug\s+£12\.99/);
  });

  it('shows the shopper address and delivery time for postage, the store for pickup', () => {
    const posted = compose(snapshot('en_GB', postage)).text;
    expect(posted).toContain('Delivery by post');
    expect(posted).toContain('Royal Mail 2nd class');
    expect(posted).toContain('5 Analytical Row');
    expect(posted).toContain('EN1 5AL Engineton');
    expect(posted).toContain('Delivery time: 1 business day');
    expect(posted).not.toContain('High Street Photo');

    const collected = compose(snapshot('en_GB', pickup));
    expect(collected.text).toContain('Collect in store');
    expect(collected.text).toContain('High Street Photo');
    expect(collected.text).toContain('12 High Street');
    expect(collected.text).toContain('Unit 4');
    expect(collected.text).toContain('AB1 2CD Northtown');
    expect(collected.text).toContain('Ready for collection in 3 business days');
    expect(collected.text).not.toContain('5 Analytical Row');
    expect(collected.text).toContain('Delivery (High Street Photo): Free');
    expect(collected.html).toContain('High Street Photo');
    const express = compose(
      snapshot('en_GB', { ...pickup, express: true, deliveryTime: 2, deliveryTimeUnit: 'h' }),
    ).text;
    expect(express).toContain('Express collection');
    expect(express).toContain('Ready for collection in 2 hours');
  });

  it('writes Norwegian and Danish for those portals, with their money formats', () => {
    const nb = compose(snapshot('nb_NO', pickup));
    expect(nb.subject).toMatch(/^Ordrebekreftelse 3f2a9c41/);
    expect(nb.text).toContain('Takk for bestillingen!');
    expect(nb.text).toContain('Hent i butikk');
    expect(nb.text).toContain('Klar til henting om 3 virkedager');
    expect(nb.text).toContain('kr 1 500,00');
    expect(nb.text).toContain('Totalt: kr 1 502,99');
    expect(nb.html).toContain('lang="nb-NO"');

    const da = compose(snapshot('da_DK', postage));
    expect(da.subject).toMatch(/^Ordrebekræftelse 3f2a9c41/);
    expect(da.text).toContain('Tak for din ordre!');
    expect(da.text).toContain('Levering med posten');
    expect(da.text).toContain('Leveringstid: 1 hverdag');
    expect(da.text).toContain('1.500,00 kr.');
    expect(da.text).toContain('I alt: 1.505,94 kr.');
    expect(da.html).toContain('lang="da-DK"');

    for (const mail of [nb, da]) {
      for (const english of [
        'Thank you',
        'Order reference',
        'Total',
        'Delivery',
        'business day',
        'Payment',
      ]) {
        const word = new RegExp(`\\b${english}\\b`);
        expect(mail.text).not.toMatch(word);
        expect(mail.html).not.toMatch(word);
      }
    }
  });

  it('falls back to English for a portal language without its own file', () => {
    const us = compose({
      ...snapshot('en_GB', postage),
      portal: { ...snapshot('en_GB', postage).portal, locale: 'en_US' },
    });
    expect(us.subject).toMatch(/^Order confirmation/);
    expect(us.text).toContain('1 business day');
  });

  it('escapes every shopper-supplied string in the HTML, and keeps the text part literal', () => {
    const evil = '<script>alert("x")</script>';
    const mail = compose(
      snapshot('en_GB', postage, {
        customer: {
          name: `Eve ${evil}`,
          mobile: '<b>1</b>',
          email: 'eve@example.com',
          address: `<img src=x onerror=alert(1)>`,
          postalCode: '"&',
          city: "O'Hare",
        },
        ordercomment: `Please ${evil}\nthanks`,
        lines: [line('l1', 'Mug <i>', `text ${evil}`, 1, 100)],
      }),
    );
    expect(mail.html).not.toMatch(/<script|<img|<b>1|<i>/);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('&quot;&amp;');
    expect(mail.html).toContain('O&#39;Hare');
    expect(mail.html).toContain('Please &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>thanks');
    expect(mail.text).toContain(`Eve ${evil}`);
    expect(mail.subject).not.toContain('&lt;');
  });

  it('links to the receipt page only when the shop address is known', () => {
    const snap = snapshot('en_GB', postage);
    expect(compose(snap).text).not.toContain('/receipt/');
    const linked = compose(snap, 'https://photo.example.com/');
    const url = `https://photo.example.com/m/cart/checkout/receipt/${ORDER_UUID}`;
    expect(receiptUrl('https://photo.example.com/', ORDER_UUID)).toBe(url);
    expect(linked.text).toContain(url);
    expect(linked.html).toContain(`href="${url}"`);
  });
});

describe('composeOrderStatus (issue 34)', () => {
  const order = (snap: OrderSnapshot) => ({ uuid: ORDER_UUID, createdAt: new Date(), snapshot: snap });
  const link = { shopUrl: 'https://foto.example.com', receiptKey: '123.abc' };

  it('says a pickup order is ready, where to collect it, in the portal’s language, with the receipt link', () => {
    const mail = composeOrderStatus(order(snapshot('nb_NO', pickup)), 'ready-for-pickup', link);
    const reference = orderReference(ORDER_UUID);
    expect(mail.subject).toContain(`Bestillingen din ${reference} er klar til henting`);
    expect(mail.text).toContain('Hent den her:');
    expect(mail.text).toContain(pickup.type === 'store-pickup' ? pickup.name : '');
    expect(mail.text).toContain(receiptUrl(link.shopUrl, ORDER_UUID, link.receiptKey));
    expect(mail.html).toContain('lang="nb-NO"');
  });

  it('says a postage order is on its way to the customer’s address', () => {
    const snap = snapshot('en_GB', postage);
    const mail = composeOrderStatus(order(snap), 'shipped', {});
    expect(mail.subject).toMatch(/^Your order \S+ is on its way/);
    expect(mail.text).toContain(snap.customer.address);
    expect(mail.to).toBe(snap.customer.email);
    expect(mail.text).not.toContain('https://');
  });
});
