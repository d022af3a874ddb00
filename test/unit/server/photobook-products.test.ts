import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PRODUCT_TYPE,
  photobookMismatch,
  photobookOf,
  readTemplateProducts,
  TEMPLATE_PRODUCTS,
  templateProductRef,
} from '../../../server/db/templates/products.ts';
import { PHOTOBOOKS, Product } from '../../../shop/index.ts';

const books = Object.entries(TEMPLATE_PRODUCTS).filter(([, p]) => p.producttype === PRODUCT_TYPE.PHOTOBOOK);

describe('the photo book products of templates/products.json (issue 33)', () => {
  it('are the books of shop/photobook, each with its page size, base price and step price', () => {
    expect(books.map(([key]) => key).sort()).toEqual(Object.keys(PHOTOBOOKS).sort());
    for (const [key, p] of books) {
      expect([p.widthMm, p.heightMm], key).toEqual([
        PHOTOBOOKS[key]!.pageMm.width,
        PHOTOBOOKS[key]!.pageMm.height,
      ]);
      expect(p.prices, key).toBeUndefined();
      expect(p.pagePrices!.base, key).toBeGreaterThan(p.pagePrices!.step);
    }
  });

  it('a hard cover costs more than the soft cover of its format, per book and per step', () => {
    for (const [key, p] of books.filter(([k]) => k.endsWith('-soft'))) {
      const hard = TEMPLATE_PRODUCTS[key.replace(/-soft$/, '-hard')]!;
      expect(hard.pagePrices!.base, key).toBeGreaterThan(p.pagePrices!.base);
      expect(hard.pagePrices!.step, key).toBeGreaterThan(p.pagePrices!.step);
    }
  });

  it('photobookOf finds a book by its neutral uuid, and nothing for other products', () => {
    for (const [key] of books) expect(photobookOf(templateProductRef(key).uuid)).toBe(PHOTOBOOKS[key]);
    expect(photobookOf(templateProductRef('mug').uuid)).toBeUndefined();
    expect(photobookOf(null)).toBeUndefined();
  });

  it('a book answers the contract with its spec', () => {
    const [key] = books[0]!;
    const answer = {
      uuid: templateProductRef(key).uuid,
      name: 'Photo book',
      producttype: PRODUCT_TYPE.PHOTOBOOK,
      printareasize: [200, 200],
      minQuantity: 1,
      whiteBorder: false,
      productprices: [
        { quantity: 1, price: 1999, campaignprice: 0, type: 1 },
        { quantity: 2, price: 59, campaignprice: 0, type: 1 },
      ],
      subproducts: [],
      campaignrequirement: null,
      photobook: photobookOf(templateProductRef(key).uuid),
    };
    expect(Product.parse(answer).photobook).toEqual(PHOTOBOOKS[key]);
  });

  describe('a data file that gets a book wrong stops the seed', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'photobook-products-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const file = readTemplateProducts();
    const write = (products: object) => {
      const at = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(at, JSON.stringify({ ...file, products }));
      return at;
    };
    const soft = file.products['photobook-20x20-soft']!;

    it('a book with tiered prices instead of page prices', () => {
      const at = write({ ...file.products, 'photobook-20x20-soft': { ...soft, prices: [1, 1, 1] } });
      expect(() => readTemplateProducts(at)).toThrow(/pagePrices/);
    });

    it('page prices on a product that is no book', () => {
      const mug = { ...file.products.mug!, pagePrices: { base: 100, step: 10 } };
      expect(() => readTemplateProducts(write({ ...file.products, mug }))).toThrow(/pagePrices/);
    });

    it('a book of another size than its spec', () => {
      const at = write({ ...file.products, 'photobook-20x20-soft': { ...soft, widthMm: 210 } });
      expect(() => readTemplateProducts(at)).toThrow(/210 × 200 mm here but 200 × 200 mm in PHOTOBOOKS/);
    });

    it('a book without a spec, or a spec without its book', () => {
      expect(photobookMismatch({ ...file.products, 'photobook-15x15-soft': soft })).toMatch(
        /"photobook-15x15-soft" has no spec/,
      );
      const { 'photobook-30x30-hard': _gone, ...rest } = file.products;
      expect(photobookMismatch(rest)).toMatch(/"photobook-30x30-hard", which is no photo book product/);
      expect(photobookMismatch(file.products)).toBeNull();
    });
  });
});
