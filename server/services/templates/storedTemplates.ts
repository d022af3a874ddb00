/**
 * The templates a portal has stored (S1 §7), as the shop serves them: the validated body with its
 * product's current name and size from the products table.
 */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Template } from '../../../engine/index.ts';
import type { Db } from '../../db/connect.ts';
import { products, templates } from '../../db/schema.ts';

type Row = { body: Template; name: string; widthMm: number; heightMm: number };

const columns = {
  body: templates.body,
  name: products.name,
  widthMm: products.widthMm,
  heightMm: products.heightMm,
};

const served = (r: Row): Template => ({
  ...r.body,
  product: {
    uuid: r.body.product.uuid,
    name: r.name,
    formatSize: { widthMm: r.widthMm, heightMm: r.heightMm },
  },
});

export async function currentTemplates(
  db: Db,
  portalUuid: string,
  type: Template['type'],
): Promise<Template[]> {
  const rows = await db
    .select(columns)
    .from(templates)
    .innerJoin(products, eq(products.uuid, templates.productUuid))
    .where(and(eq(templates.portalUuid, portalUuid), eq(templates.type, type), eq(templates.isCurrent, true)))
    .orderBy(asc(templates.position), asc(templates.uuid));
  return rows.map(served);
}

/**
 * What the current list of a type depends on, in one cheap query: which templates, in which version
 * and place, and their products' names and sizes. Equal stamps, equal lists; publishing a template (on
 * any instance of the shop) changes it.
 */
export async function catalogueStamp(db: Db, portalUuid: string, type: Template['type']): Promise<string> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      hash: sql<string>`coalesce(sum(hashtext(${templates.uuid}::text || ':' || ${templates.version} || ':' || ${templates.position} || ':' || ${products.name} || ':' || ${products.widthMm} || 'x' || ${products.heightMm})::bigint), 0)::text`,
    })
    .from(templates)
    .innerJoin(products, eq(products.uuid, templates.productUuid))
    .where(
      and(eq(templates.portalUuid, portalUuid), eq(templates.type, type), eq(templates.isCurrent, true)),
    );
  return `${row?.count ?? 0}:${row?.hash ?? 0}`;
}

/** A template by uuid: the given version, or the current one (`null`). */
export async function oneTemplate(db: Db, portalUuid: string, uuid: string, version: number | null) {
  const [row] = await db
    .select(columns)
    .from(templates)
    .innerJoin(products, eq(products.uuid, templates.productUuid))
    .where(
      and(
        eq(templates.portalUuid, portalUuid),
        eq(templates.uuid, uuid),
        version === null ? eq(templates.isCurrent, true) : eq(templates.version, version),
      ),
    );
  return row ? served(row) : null;
}

/**
 * Templates by uuid and version, in one query (a shopper's designs, My designs): keyed
 * `uuid@version`; a version the portal does not have is left out.
 */
export async function templateVersions(
  db: Db,
  portalUuid: string,
  wanted: readonly { uuid: string; version: number }[],
): Promise<Map<string, Template>> {
  const found = new Map<string, Template>();
  if (wanted.length === 0) return found;
  const rows = await db
    .select({ ...columns, uuid: templates.uuid, version: templates.version })
    .from(templates)
    .innerJoin(products, eq(products.uuid, templates.productUuid))
    .where(
      and(
        eq(templates.portalUuid, portalUuid),
        or(...wanted.map((w) => and(eq(templates.uuid, w.uuid), eq(templates.version, w.version)))),
      ),
    );
  for (const row of rows) found.set(templateVersionKey(row.uuid, row.version), served(row));
  return found;
}

export const templateVersionKey = (uuid: string, version: number) => `${uuid}@${version}`;
