/** The dates an account keeps (issue 18; the rules in shop/personalDates.ts). */
import { eq } from 'drizzle-orm';
import type { PersonalDate } from '../../../engine/index.ts';
import { keptDates } from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import { users } from '../../db/schema.ts';

export async function savedPersonalDates(db: Db, userUuid: string): Promise<PersonalDate[]> {
  const [row] = await db
    .select({ personalDates: users.personalDates })
    .from(users)
    .where(eq(users.uuid, userUuid));
  return row?.personalDates ?? [];
}

/**
 * Keeps a calendar's yearly dates with the account. Run in the caller's transaction (the cart's), so
 * the line and the kept dates are written together; the user's row is locked while it is merged.
 */
export async function rememberPersonalDates(tx: Db, userUuid: string, dates: readonly PersonalDate[]) {
  if (!dates.some((d) => d.yearly)) return;
  const [row] = await tx
    .select({ personalDates: users.personalDates })
    .from(users)
    .where(eq(users.uuid, userUuid))
    .for('update');
  if (!row) return;
  const next = keptDates(row.personalDates, dates);
  // Compared whole: at the limit a new date replaces the oldest and the count stays the same.
  if (JSON.stringify(next) !== JSON.stringify(row.personalDates)) {
    await tx.update(users).set({ personalDates: next }).where(eq(users.uuid, userUuid));
  }
}
