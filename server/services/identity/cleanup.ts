/**
 * What visitors leave behind (issue 16): anonymous sessions nobody has used for a while, their carts,
 * and the pictures no one can reach any more. Run by a scheduled job (production/jobs.ts, 'cleanup').
 *
 * A picture is kept while anything may still need it: a user owns it, a live session owns it, or a
 * cart line, a transaction (its request) or an order (its snapshot) names it (their JSON is searched for the
 * picture's uuid: the snapshot is the record of what was bought, so it is the reference that counts).
 * The files of removed pictures go with the storage's sweep of files no picture names
 * (services/pictures/pictureSweep.ts).
 */
import { and, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { carts, pictures, sessions } from '../../db/schema.ts';
import type { LimitStore } from '../limits/limitStore.ts';

export interface CleanupOptions {
  /** Anonymous sessions unused for this many days are removed (IDLE_SESSION_DAYS). */
  idleDays: number;
  /** Now, by the app's clock: the sessions' times were written by it (services/identity/sessions.ts). */
  now: Date;
}

export interface CleanupResult {
  sessions: number;
  carts: number;
  pictures: number;
  limits: number;
}

export const DEFAULT_IDLE_DAYS = 30;

export async function removeIdleVisitors(
  db: Db,
  limits: LimitStore | null,
  options: CleanupOptions,
): Promise<CleanupResult> {
  const { now } = options;
  const cutoff = new Date(now.getTime() - options.idleDays * 24 * 60 * 60 * 1000);
  const goneSessions = await db
    .delete(sessions)
    .where(or(and(isNull(sessions.userUuid), lt(sessions.lastSeenAt, cutoff)), lt(sessions.expiresAt, now)))
    .returning({ idHash: sessions.idHash });
  // A removed session's cart keeps no owner (ON DELETE SET NULL): an anonymous cart without its
  // session can never be read again. Its lines go with it (cascade).
  const goneCarts = await db
    .delete(carts)
    .where(and(isNull(carts.sessionIdHash), isNull(carts.userUuid)))
    .returning({ uuid: carts.uuid });
  const named = (table: string, column: string) =>
    sql.raw(`exists (select 1 from ${table} r where position(pictures.uuid::text in r.${column}::text) > 0)`);
  const gonePictures = await db
    .delete(pictures)
    .where(
      and(
        isNull(pictures.sessionIdHash),
        isNull(pictures.userUuid),
        sql`not ${named('order_lines', 'files')}`,
        sql`not ${named('order_lines', 'image')}`,
        sql`not ${named('order_lines', 'templates')}`,
        sql`not ${named('transactions', 'request')}`,
        sql`not ${named('orders', 'snapshot')}`,
      ),
    )
    .returning({ uuid: pictures.uuid });
  return {
    sessions: goneSessions.length,
    carts: goneCarts.length,
    pictures: gonePictures.length,
    limits: limits ? await limits.purge() : 0,
  };
}
