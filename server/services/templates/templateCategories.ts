/**
 * The template categories of a portal (S1 §7): the card categories with the one shown first, and a
 * photo gift category's names. The API routes and the first screen's data (storefront/firstScreen.ts)
 * answer from here, so an inlined answer is exactly what the call would get.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { templateCategories } from '../../db/schema.ts';

async function categoriesOfType(db: Db, portalUuid: string, type: 'CARDS' | 'PHOTOGIFT') {
  return db
    .select()
    .from(templateCategories)
    .where(and(eq(templateCategories.portalUuid, portalUuid), eq(templateCategories.type, type)))
    .orderBy(asc(templateCategories.position));
}

/** GET /m/api/templates/cards/categories: the card categories in their order, and the default one. */
export async function cardCategories(db: Db, portalUuid: string) {
  const rows = await categoriesOfType(db, portalUuid, 'CARDS');
  return {
    categories: rows.map((r) => ({ category: r.category, names: r.names })),
    defaultCategory: (rows.find((r) => r.isDefault) ?? rows[0])?.category ?? null,
  };
}

/** A photo gift category's names and background rule (any letter case); null when there is none. */
export async function photogiftCategoryInfo(db: Db, portalUuid: string, category: string) {
  const rows = await categoriesOfType(db, portalUuid, 'PHOTOGIFT');
  const row = rows.find((r) => r.category.toUpperCase() === category.toUpperCase());
  return row ? { names: row.names, separateFromBackground: row.separateFromBackground } : null;
}
