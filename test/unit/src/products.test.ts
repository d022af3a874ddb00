import { describe, expect, it } from 'vitest';
import type { Product } from '../../../shop/contract.ts';
import { printSizeRange } from '../../../src/features/products/useProductsPage.ts';

const product = (producttype: number, printareasize: [number, number]): Product => ({
  uuid: `${producttype}-${printareasize.join('x')}`,
  name: 'p',
  producttype,
  printareasize,
  minQuantity: 1,
  whiteBorder: false,
  productprices: [],
  subproducts: [],
  campaignrequirement: null,
});

describe('printSizeRange', () => {
  it('spans the print formats only (product type 0)', () => {
    const range = printSizeRange([
      product(0, [130, 180]),
      product(0, [102, 152]),
      product(2, [1000, 1000]),
      product(0, [200, 300]),
    ]);
    expect(range).toEqual({
      smallest: { widthMm: 102, heightMm: 152 },
      largest: { widthMm: 200, heightMm: 300 },
    });
  });
  it('is null without print formats', () => {
    expect(printSizeRange([product(1, [100, 100])])).toBeNull();
  });
});
