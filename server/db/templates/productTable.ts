/**
 * The table of template products an author can sell a template as (issue 31: the docs had none),
 * generated from templates/products.json: `npm run templates -- products` prints it, and
 * docs/template-format.md holds it between its markers (test/unit/server/product-table.test.ts keeps
 * the two the same).
 */
import { PRODUCT_TYPE, TEMPLATE_PRODUCTS, templateProductRef } from './products.ts';

const KIND: Record<number, string> = {
  [PRODUCT_TYPE.CARDS]: 'CARDS',
  [PRODUCT_TYPE.CALENDAR]: 'CALENDAR',
  [PRODUCT_TYPE.PHOTOGIFT]: 'PHOTOGIFT',
  [PRODUCT_TYPE.PHOTOBOOK]: 'PHOTOBOOK',
};

export const PRODUCT_TABLE_START = '<!-- product table: npm run templates -- products -->';
export const PRODUCT_TABLE_END = '<!-- end of product table -->';

/** One markdown row per product: key, the uuid a template names, English name, kind, size, minimum. */
export function productTable(): string {
  const rows = Object.entries(TEMPLATE_PRODUCTS).map(([key, p]) => {
    const ref = templateProductRef(key);
    return `| \`${key}\` | \`${ref.uuid}\` | ${p.names.en_GB} | ${KIND[p.producttype] ?? p.producttype} | ${p.widthMm} × ${p.heightMm} mm | ${p.minQuantity} |`;
  });
  return [
    '| Key | `product.uuid` | Name | Template type | Size | Minimum |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
