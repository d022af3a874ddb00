/** The dates an account keeps (issue 18; the rules in shop/personalDates.ts). */
import { eq } from 'drizzle-orm';
import type { PersonalDate } from '../../engine/calendar.ts';
import { keptDates } from '../../shop/personalDates.ts';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema.ts';

export async function savedPersonalDates(db: Db, userUuid: string): Promise<PersonalDate[]> {
  const [row] = await db
    .select({ personalDates: users.personalDates })
    .from(users)
    .where(eq(users.uuid, userUuid));
  return row?.personalDates ?? [];
}

/** Keeps a calendar's yearly dates with the account, in a transaction that holds its row. */
export async function rememberPersonalDates(db: Db, userUuid: string, dates: readonly PersonalDate[]) {
  if (!dates.some((d) => d.yearly)) return;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .select({ personalDates: users.personalDates })
      .from(users)
      .where(eq(users.uuid, userUuid))
      .for('update');
    if (!row) return;
    const next = keptDates(row.personalDates, dates);
    if (next.length !== row.personalDates.length) {
      await tx.update(users).set({ personalDates: next }).where(eq(users.uuid, userUuid));
    }
  });
}
