/**
 * The buy screen's and update mode's pure rules (S1 §3, §4, §5, §9): the cart add payload built
 * from an editor instance, the quantity rules with the product's minimum order quantity, the
 * per-row prices (the server's template line rule: campaign by template category), and a cart
 * line turned back into an editor instance for update mode.
 */

import type { z } from 'zod';
import type { FontSet, Template } from '../../../../engine/index.ts';
import { createInstance, type Instance, type PersonalDate, startMonthOf } from '../../../../engine/index.ts';
import type { OrderLine, Product, TemplateLineAdd } from '../../../../shop/index.ts';
import {
  checkLineResources,
  chooseLineYear,
  instancePictures,
  lineBookPagesInput,
  lineInstance,
  linePrice,
  lineResourceInputs,
  lineVerdict,
  lineYearInput,
  templateLinePrice,
} from '../../../../shop/index.ts';
import type { LineToSave } from '../../../api/cart.ts';

/** S1 §4, §5: the quantity rules live in shop/, where the cart's photo gift lines use them too. */
export { minusQuantity, plusQuantity, typedQuantity } from '../../../../shop/index.ts';

/** One quantity row: a subproduct, or the product itself when it has none (S1 §4). */
export interface BuyRow {
  key: string;
  name: string;
  subProductUuids: string[];
}

export function buyRows(product: Pick<Product, 'uuid' | 'name' | 'subproducts'>): BuyRow[] {
  if (product.subproducts.length === 0) {
    return [{ key: product.uuid, name: product.name, subProductUuids: [] }];
  }
  return product.subproducts.map((s) => ({ key: s.uuid, name: s.name, subProductUuids: [s.uuid] }));
}

/** The rows' quantities as shown: the shopper's, else the first row at the minimum and the others at 0. */
export function startingQuantities(
  rows: readonly BuyRow[],
  minimum: number,
  chosen: Readonly<Record<string, number>>,
): Record<string, number> {
  const first = rows[0];
  return { ...(first ? { [first.key]: minimum } : {}), ...chosen };
}

/** An option's name inside a sentence ('with white envelope'): its first letter small, the rest as written. */
export const optionWord = (name: string): string =>
  /^\p{Lu}\p{Ll}/u.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name;

/**
 * A row's piece prices at its quantity (the minimum while it is 0): the current one (campaign when
 * it applies) and the regular one, shown struck through when it is higher.
 */
export function rowPiecePrices(
  product: Product,
  template: Pick<Template, 'categories'>,
  row: BuyRow,
  quantity: number,
  bookPages?: number,
): { current: number; old: number | null } {
  const q = Math.max(quantity, product.minQuantity, 1);
  const current = templateLinePrice(product, template, q, row.subProductUuids, bookPages) / q;
  // A book has no regular price apart from its campaign one: its price is its pages'.
  const regular = bookPages === undefined ? linePrice(product, q, row.subProductUuids) / q : current;
  return { current: Math.round(current), old: regular > current ? Math.round(regular) : null };
}

/** The sum of the rows that will be posted (S1 §4: quantity at least the minimum). */
export function buySum(
  product: Product,
  template: Pick<Template, 'categories'>,
  rows: readonly BuyRow[],
  quantities: Readonly<Record<string, number>>,
  bookPages?: number,
): number {
  return rows.reduce((sum, row) => {
    const q = quantities[row.key] ?? 0;
    return q >= Math.max(1, product.minQuantity)
      ? sum + templateLinePrice(product, template, q, row.subProductUuids, bookPages)
      : sum;
  }, 0);
}

export const totalPieces = (quantities: Readonly<Record<string, number>>): number =>
  Object.values(quantities).reduce((sum, q) => sum + q, 0);

/** A calendar sends its first month, its own dates and its holidays (issue 18); other templates none. */
const startMonthInput = (
  template: Template,
  instance: Instance,
): { startMonth?: number; personalDates?: PersonalDate[]; holidays?: boolean } =>
  template.type === 'CALENDAR'
    ? {
        startMonth: startMonthOf(instance),
        personalDates: [...(instance.personalDates ?? [])],
        holidays: instance.holidays !== false,
      }
    : {};

/** S1 §3: one cart add payload (one line per call); a calendar sends its year, other templates null. */
export function addPayload(
  template: Template,
  instance: Instance,
  productUuid: string,
  row: Pick<BuyRow, 'subProductUuids'>,
  quantity: number,
): z.input<typeof TemplateLineAdd> {
  return {
    product: { uuid: productUuid },
    subProductUuids: [...row.subProductUuids],
    quantity,
    template: {
      uuid: template.uuid,
      version: template.version,
      year: lineYearInput(template, instance),
      ...startMonthInput(template, instance),
      resources: lineResourceInputs(template, instance),
      ...bookPagesInput(instance),
    },
  };
}

/** A photo book sends its inner pages, in order, each with its layout; other templates none. */
const bookPagesInput = (instance: Instance) => {
  const bookPages = lineBookPagesInput(instance);
  return bookPages ? { bookPages } : {};
};

/**
 * The shared line rules (shop/templateLine.ts) on what Add to cart would send: the verdict the server
 * will give, so the editor can say what is wrong without a round trip.
 */
export function addVerdict(template: Template, instance: Instance, fonts: FontSet, today: Date) {
  return lineVerdict(() => {
    chooseLineYear(template, lineYearInput(template, instance), today);
    return checkLineResources(
      template,
      lineResourceInputs(template, instance),
      instancePictures(instance),
      fonts,
    );
  });
}

/**
 * A cart line with the editor's resources and year (S1 §3 cart update); the rest stays the line's.
 * The line keeps its year unless the shopper changed a calendar's.
 */
export function updatedLine(template: Template, line: OrderLine, instance: Instance): LineToSave {
  const entry = line.templates[0];
  return {
    ...line,
    templates: [
      {
        template: entry?.template ?? template.uuid,
        version: entry?.version ?? template.version,
        year: lineYearInput(template, instance) ?? entry?.year ?? null,
        ...startMonthInput(template, instance),
        resources: lineResourceInputs(template, instance),
        ...bookPagesInput(instance),
      },
    ],
  };
}

/**
 * The editor instance of a cart line (update mode): the template's defaults with the line's
 * resources and year, as the server opens it (shop/templateLine.ts lineInstance).
 */
export function cartLineInstance(template: Template, line: OrderLine, today: Date): Instance {
  const entry = line.templates[0];
  if (!entry) return createInstance(template, today);
  const instance = lineInstance(template, entry, today);
  instance.dirty = false;
  return instance;
}
