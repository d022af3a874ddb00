import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../../shop/customerForms.ts';

type Tree = { [key: string]: string | Tree };

function load(language: string): Tree {
  return JSON.parse(
    readFileSync(new URL(`../../../public/locale/${language}/common.json`, import.meta.url), 'utf8'),
  );
}

function entries(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : entries(value, `${prefix}${key}.`),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  const english = new Map(entries(load('en_GB')));

  it('uses the English wording of the specification', () => {
    expect(english.get('common.loading')).toBe('Loading');
    expect(english.get('content.notFound')).toBe('Page not found');
    expect(english.get('banner.freeOver')).toBe('Free delivery when you spend over {{amount}}');
    expect(english.get('banner.shopMore')).toBe('Shop products for {{amount}} more and get free delivery!');
    expect(english.get('banner.free')).toBe('Free delivery!');
    expect(english.get('upload.uploadNow')).toBe('Upload now');
    expect(english.get('upload.uploading')).toBe('Uploading picture {{current}} of {{total}}');
    expect(english.get('upload.uploadMore')).toBe('Upload more');
    expect(english.get('upload.adjustAndOrder')).toBe('Adjust and order');
    expect(english.get('upload.unsupported')).toBe('The file {{name}} is not supported');
    expect(english.get('cart.prints')).toBe('Prints');
    expect(english.get('cart.products_other')).toBe('{{count}} products');
    expect(english.get('prices.from')).toBe('Prices from {{price}}');
    expect(english.get('prices.campaignFrom')).toBe('Campaign prices from {{price}}');
    expect(english.get('cart.deleteTitle')).toBe('Delete product?');
    expect(english.get('cart.deleteText')).toBe(
      'Are you sure you want to delete the product from the shopping cart?',
    );
    expect(english.get('cart.selected_other')).toBe('{{count}} selected pictures');
    expect(english.get('cart.markedForDeletion')).toBe('Marked for deletion');
    expect(english.get('printEditor.title')).toBe('Paper copies');
    expect(english.get('printEditor.whiteBorder')).toBe('Hvit kant');
    expect(english.get('printEditor.landscape')).toBe('Landscape orientation');
    expect(english.get('printEditor.fitWarning')).toBe(
      'Your picture does not fit the print format perfectly, and may get white borders. Resize the picture to avoid this.',
    );
  });

  it('uses the specification’s wording at checkout (S0 §5, §8)', () => {
    expect(english.get('checkout.minimumTitle')).toBe('Minimum price warning');
    expect(english.get('checkout.minimumText')).toBe(
      'You have placed an order for {{total}}, while the minimum price is {{minimum}}. The order price will be adjusted to this amount.',
    );
    expect(english.get('checkout.shopMore')).toBe('Shop more');
    expect(english.get('checkout.approveMinimum')).toBe('Approve minimum price');
    expect(english.get('delivery.businessDays_one')).toBe('{{count}} business day');
    expect(english.get('delivery.businessDays_other')).toBe('{{count}} business days');
    expect(english.get('delivery.hours_one')).toBe('{{count}} hour');
    expect(english.get('delivery.hours_other')).toBe('{{count}} hours');
  });

  it('has every validation message of shop/customerForms.ts in the server’s English wording', () => {
    for (const [key, message] of Object.entries(VALIDATION_MESSAGES)) {
      expect(english.get(`validation.${key}`), key).toBe(message);
    }
    const keys = [...english.keys()].filter((k) => k.startsWith('validation.'));
    expect(keys.sort()).toEqual(
      Object.keys(VALIDATION_MESSAGES)
        .map((k) => `validation.${k}`)
        .sort(),
    );
  });

  for (const language of ['nb_NO', 'da_DK']) {
    it(`${language} translates every key with the same placeholders`, () => {
      const translated = new Map(entries(load(language)));
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        expect(placeholders(translated.get(key) ?? ''), key).toEqual(placeholders(text));
      }
    });
  }
});
