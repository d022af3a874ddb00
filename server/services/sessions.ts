import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { sessions } from '../db/schema.ts';

export const SESSION_DAYS = 30;

const SEEN_PRECISION_MS = 3600 * 1000;

export interface Session {
  idHash: string;
  portalUuid: string;
  userUuid: string | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits, URL-safe: the cookie carries only this opaque token. */
export const newToken = () => randomBytes(32).toString('base64url');

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The live session of a cookie token on this portal; `now` (the app's clock) decides what has expired. */
export async function findSession(
  db: Db,
  token: string | undefined,
  portalUuid: string,
  now: Date,
): Promise<Session | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({
      idHash: sessions.idHash,
      portalUuid: sessions.portalUuid,
      userUuid: sessions.userUuid,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.idHash, hashToken(token)), gt(sessions.expiresAt, now)));
  // A session belongs to the portal it was made on; another portal's host starts afresh.
  if (!row || row.portalUuid !== portalUuid) return null;
  // Kept to the hour: the cleanup job needs "idle for days", not a write on every request.
  if (now.getTime() - row.lastSeenAt.getTime() > SEEN_PRECISION_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, row.idHash));
  }
  return { idHash: row.idHash, portalUuid: row.portalUuid, userUuid: row.userUuid };
}

/** A new session, valid for SESSION_DAYS from `now` (the app's clock). */
export async function createSession(db: Db, portalUuid: string, userUuid: string | null, now: Date) {
  const token = newToken();
  const session: Session = { idHash: hashToken(token), portalUuid, userUuid };
  await db.insert(sessions).values({
    ...session,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 24 * 3600 * 1000),
  });
  return { token, session };
}
