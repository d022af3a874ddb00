/**
 * The buy screen's and update mode's pure rules (S1 §3, §4, §5, §9): the cart add payload built
 * from an editor instance, the quantity rules with the product's minimum order quantity, the
 * per-row prices (the server's template line rule: campaign by template category), and a cart
 * line turned back into an editor instance for update mode.
 */
import { createInstance, type Instance, partFor, type ResourceValue } from '../../../../engine/instance.ts';
import type { Font, Template } from '../../../../engine/template.ts';
import type { OrderLine, Product, TemplateResourceInput } from '../../../../shop/contract.ts';
import { linePrice } from '../../../../shop/pricing.ts';

/** S1 §4, §5: the quantity rules live in shop/, where the cart's photo gift lines use them too. */
export { minusQuantity, plusQuantity, typedQuantity } from '../../../../shop/pricing.ts';

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

/** The server's campaign rule for template lines: the requirement names one of the template's categories. */
export function categoryRequirement(
  template: Pick<Template, 'categories'>,
): (requirement: string) => boolean {
  const categories = new Set(template.categories.map((c) => c.toUpperCase()));
  return (requirement) => categories.has(requirement.toUpperCase());
}

/** As server/services/templateLines.ts templateLinePrice: what the server will charge for the line. */
export function templateLinePrice(
  product: Product,
  template: Pick<Template, 'categories'>,
  quantity: number,
  subProductUuids: readonly string[],
): number {
  return linePrice(product, quantity, subProductUuids, categoryRequirement(template));
}

/**
 * A row's piece prices at its quantity (the minimum while it is 0): the current one (campaign when
 * it applies) and the regular one, shown struck through when it is higher.
 */
export function rowPiecePrices(
  product: Product,
  template: Pick<Template, 'categories'>,
  row: BuyRow,
  quantity: number,
): { current: number; old: number | null } {
  const q = Math.max(quantity, product.minQuantity, 1);
  const current = templateLinePrice(product, template, q, row.subProductUuids) / q;
  const regular = linePrice(product, q, row.subProductUuids) / q;
  return { current: Math.round(current), old: regular > current ? Math.round(regular) : null };
}

/** The sum of the rows that will be posted (S1 §4: quantity at least the minimum). */
export function buySum(
  product: Product,
  template: Pick<Template, 'categories'>,
  rows: readonly BuyRow[],
  quantities: Readonly<Record<string, number>>,
): number {
  return rows.reduce((sum, row) => {
    const q = quantities[row.key] ?? 0;
    return q >= Math.max(1, product.minQuantity)
      ? sum + templateLinePrice(product, template, q, row.subProductUuids)
      : sum;
  }, 0);
}

export const totalPieces = (quantities: Readonly<Record<string, number>>): number =>
  Object.values(quantities).reduce((sum, q) => sum + q, 0);

/** The template's own font of a text slot (the base the shopper's changes are measured against). */
function templateFont(template: Template, fullId: string): Font | undefined {
  const part = partFor(template, fullId)?.part;
  const top = template.resources.find((r) => r.id === fullId);
  return top?.font ?? part?.font;
}

const FONT_FIELDS = ['family', 'size', 'color', 'horizontalAlign', 'verticalAlign'] as const;
const OVERRIDE_FIELDS = [
  'overrideFamily',
  'overrideSize',
  'overrideColor',
  'overrideHorizontalAlign',
  'overrideVerticalAlign',
] as const;

/**
 * The user-supplied resources as the server takes them (S1 §3): pictures by uuid with rotation,
 * effect and crop; texts with the override fields and any plain font field that differs from the
 * template's (the server works out the overrides from either).
 */
export function payloadResources(template: Template, instance: Instance): TemplateResourceInput[] {
  return Object.entries(instance.resources).map(([fullId, value]) => resourceInput(template, fullId, value));
}

function resourceInput(template: Template, fullId: string, value: ResourceValue): TemplateResourceInput {
  if (value.type === 'IMAGE') {
    const image = value.image;
    return {
      fullId,
      type: 'IMAGE',
      image: image && {
        uuid: image.uuid,
        rotation: image.rotation,
        effect: image.effect,
        cropRect: { ...image.cropRect },
      },
    };
  }
  const base = templateFont(template, fullId);
  const font: Record<string, unknown> = {};
  for (const field of FONT_FIELDS) {
    if (value.font[field] !== undefined && value.font[field] !== base?.[field])
      font[field] = value.font[field];
  }
  for (const field of OVERRIDE_FIELDS) {
    if (value.font[field] !== undefined && value.font[field] !== null) font[field] = value.font[field];
  }
  return { fullId, type: 'STRING', text: value.text, font };
}

/** S1 §3: one cart add payload (one line per call). */
export function addPayload(
  template: Template,
  instance: Instance,
  productUuid: string,
  row: Pick<BuyRow, 'subProductUuids'>,
  quantity: number,
) {
  return {
    product: { uuid: productUuid },
    subProductUuids: [...row.subProductUuids],
    quantity,
    template: {
      uuid: template.uuid,
      version: template.version,
      year: instance.year,
      resources: payloadResources(template, instance),
    },
  };
}
export type TemplateLinePayload = ReturnType<typeof addPayload>;

/** A cart line with the editor's resources and year (S1 §3 cart update); the rest stays the line's. */
export function updatedLine(template: Template, line: OrderLine, instance: Instance): OrderLine {
  const entry = line.templates[0];
  return {
    ...line,
    templates: [
      {
        template: entry?.template ?? template.uuid,
        version: entry?.version ?? template.version,
        year: instance.year,
        resources: payloadResources(template, instance),
      },
    ],
  };
}

interface StoredResource {
  fullId?: string;
  type?: string;
  image?: unknown;
  text?: unknown;
  font?: Record<string, unknown> | null;
}

const withoutNulls = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

/**
 * The editor instance of a cart line (update mode): the template's defaults with the line's
 * resources and year, as the server's lineInstance does; slots the template no longer has are dropped.
 */
export function lineInstance(template: Template, line: OrderLine, today: Date): Instance {
  const instance = createInstance(template, today);
  const entry = line.templates[0];
  if (!entry) return instance;
  for (const raw of entry.resources as StoredResource[]) {
    const fullId = raw?.fullId;
    const current = fullId ? instance.resources[fullId] : undefined;
    if (!fullId || !current) continue;
    if (current.type === 'IMAGE' && raw.type === 'IMAGE') {
      instance.resources[fullId] = {
        type: 'IMAGE',
        image: (raw.image as Extract<ResourceValue, { type: 'IMAGE' }>['image']) ?? null,
      };
    } else if (current.type === 'STRING' && raw.type === 'STRING') {
      const text = typeof raw.text === 'string' ? raw.text : current.text;
      instance.resources[fullId] = {
        type: 'STRING',
        text,
        font: { ...current.font, ...withoutNulls(raw.font ?? {}), text } as Font,
      };
    }
  }
  instance.year = entry.year;
  instance.dirty = false;
  return instance;
}
