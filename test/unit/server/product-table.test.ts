import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_PRODUCTS, templateProductRef } from '../../../server/db/templates/products.ts';
import {
  PRODUCT_TABLE_END,
  PRODUCT_TABLE_START,
  productTable,
} from '../../../server/db/templates/productTable.ts';

describe('the product table of docs/template-format.md (issue 31)', () => {
  const docs = readFileSync(new URL('../../../docs/template-format.md', import.meta.url), 'utf8');

  it('is the one templates/products.json makes (npm run templates -- products)', () => {
    const start = docs.indexOf(PRODUCT_TABLE_START);
    const end = docs.indexOf(PRODUCT_TABLE_END);
    expect(start).toBeGreaterThan(0);
    expect(end).toBeGreaterThan(start);
    expect(docs.slice(start + PRODUCT_TABLE_START.length, end).trim()).toBe(productTable());
  });

  it('has a row for every product, with the uuid a template names', () => {
    for (const key of Object.keys(TEMPLATE_PRODUCTS)) {
      expect(productTable()).toContain(`| \`${key}\` | \`${templateProductRef(key).uuid}\` |`);
    }
  });
});
