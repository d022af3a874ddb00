/**
 * Demo words corrected after a database was seeded (issue 34): a Norwegian prints menu item and
 * category still reading 'Fotokopier' (photocopies) become 'Papirbilder' at the next start; a title the
 * shop changed stays as it is.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { menuItems, productCategories } from '../../server/db/schema.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';
import { seedPortals } from '../../server/db/seed-data.ts';
import { type DatabaseKind, databaseKinds, openTestDatabase } from './databases.ts';

const portalOf = (locale: string) => seedPortals.find((p) => p.locale === locale)!.uuid;

describe.each(databaseKinds())('demo words on %s', (kind: DatabaseKind) => {
  it('renames the prints the old demo called photocopies, and leaves a shop’s own title', async () => {
    const test = await openTestDatabase(kind);
    try {
      const db = test.database.db;
      const norwegian = portalOf('nb_NO');
      const danish = portalOf('da_DK');
      const prints = (portal: string) => and(eq(menuItems.portalUuid, portal), eq(menuItems.id, 'prints'));
      const category = (portal: string) =>
        and(eq(productCategories.portalUuid, portal), eq(productCategories.type, 'PAPER_COPIES'));
      // As an older seed left them, and as a shop may have renamed its own.
      await db.update(menuItems).set({ title: 'Fotokopier' }).where(prints(norwegian));
      await db.update(productCategories).set({ title: 'Fotokopier' }).where(category(norwegian));
      await db.update(menuItems).set({ title: 'Vores fotos' }).where(prints(danish));
      await db.update(productCategories).set({ title: 'Fotoprint' }).where(category(danish));

      expect(await seedIfEmpty(db)).toBe(false);
      const title = async (portal: string) =>
        (await db.select({ title: menuItems.title }).from(menuItems).where(prints(portal)))[0]!.title;
      const categoryTitle = async (portal: string) =>
        (
          await db.select({ title: productCategories.title }).from(productCategories).where(category(portal))
        )[0]!.title;
      expect(await title(norwegian)).toBe('Papirbilder');
      expect(await categoryTitle(norwegian)).toBe('Papirbilder');
      expect(await title(danish)).toBe('Vores fotos');
      expect(await categoryTitle(danish)).toBe('Papirbilleder');
    } finally {
      await test.drop();
    }
  });
});
