import { describe, expect, it } from 'vitest';
import { productNameFor } from '../../../server/i18n.ts';
import { composeOrderConfirmation } from '../../../server/mail/orderConfirmation.ts';
import type { OrderSnapshot } from '../../../server/services/checkout/orders.ts';
import { lineItems } from '../../../server/services/payments/stripe.ts';
import { productNameIn } from '../../../shop/productNames.ts';

describe('productNameIn', () => {
  const names = { '10x15 white border': '10x15 hvit kant', empty: ' ' };
  it('writes a name the language lists as it writes it, any other as stored', () => {
    expect(productNameIn('10x15 white border', names)).toBe('10x15 hvit kant');
    expect(productNameIn('10x15', names)).toBe('10x15');
    expect(productNameIn('Our own 13x18 matt', names)).toBe('Our own 13x18 matt');
    // No table, an empty translation or a name of Object's own are never taken for a translation.
    expect(productNameIn('10x15 white border', null)).toBe('10x15 white border');
    expect(productNameIn('empty', names)).toBe('empty');
    expect(productNameIn('toString', names)).toBe('toString');
    expect(productNameIn('constructor', {})).toBe('constructor');
  });
});

describe('productNameFor (the locale files)', () => {
  it("names the demo's white-border print in the portal's language", () => {
    expect(productNameFor('nb_NO')('10x15 white border')).toBe('10x15 hvit kant');
    expect(productNameFor('da_DK')('10x15 white border')).toBe('10x15 hvid kant');
    expect(productNameFor('en_GB')('10x15 white border')).toBe('10x15 white border');
    expect(productNameFor('en_US')('10x15 white border')).toBe('10x15 white border');
    expect(productNameFor('nb_NO')('Kort 10x15')).toBe('Kort 10x15');
  });
});

/** A Norwegian order of one white-border print, as the checkout snapshots it. */
function norwegianOrder(): OrderSnapshot {
  return {
    portal: {
      uuid: 'portal-no',
      locale: 'nb_NO',
      name: 'Fotobutikken',
      currencyCode: 'NOK',
      currencyFormat: 'kr # ##0,00',
    },
    lines: [
      {
        uuid: 'l1',
        type: 0,
        description: 'fjord.jpg',
        productUuid: 'p1',
        productName: '10x15 white border',
        quantity: 3,
        linePrice: 1500,
        image: null,
        files: null,
        templates: null,
      },
    ],
    customer: {
      name: 'Kari Nordmann',
      mobile: '+47 400 00 000',
      email: 'kari@example.no',
      address: '',
      postalCode: '',
      city: '',
    },
    delivery: {
      type: 'store-pickup',
      uuid: 'store-1',
      name: 'Oslo City',
      region: 'Oslo',
      address1: 'Stenersgata 1',
      address2: '',
      postalCode: '0050',
      city: 'Oslo',
      express: false,
      price: 0,
      deliveryTime: 2,
      deliveryTimeUnit: 'd',
    },
    payment: { uuid: 'pay-1', provider: 'store', title: 'Betal i butikk', infoText: '' },
    rebate: null,
    totals: { products: 1500, rebate: 0, minimum: 3400, delivery: 0, total: 4900 },
    orderInfo: { orderLines: [] },
    ordercomment: '',
    requestKey: 'r',
    contentKey: 'c',
    transactionUuid: 't-1',
    amount: 4900,
    paidAt: new Date().toISOString(),
  } as unknown as OrderSnapshot;
}

describe('product names where the shopper reads them', () => {
  it('the confirmation mail of the Norwegian portal names the print in Norwegian', () => {
    const mail = composeOrderConfirmation({
      uuid: '3f2a9c41-7b1e-4d2a-9c3b-5e6f7a8b9c0d',
      createdAt: new Date(),
      snapshot: norwegianOrder(),
    });
    expect(mail.text).toContain('10x15 hvit kant: fjord.jpg');
    expect(mail.html).toContain('10x15 hvit kant');
    expect(`${mail.text}${mail.html}`).not.toContain('white border');
  });

  it("Stripe's page lists the lines in the portal's language", () => {
    const items = lineItems({ currencyCode: 'NOK', amount: 4900, snapshot: norwegianOrder() } as never);
    const names = items.map((i) => i.price_data?.product_data?.name);
    expect(names).toContain('3 × 10x15 hvit kant, fjord.jpg');
    expect(names).toContain('Justering til minstepris');
    expect(names.join(' ')).not.toMatch(/white border|Minimum order/);
  });
});
