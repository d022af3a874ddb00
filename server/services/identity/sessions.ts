import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { sessions } from '../../db/schema.ts';

export const SESSION_DAYS = 30;

export const SEEN_PRECISION_MS = 3600 * 1000;

export interface Session {
  idHash: string;
  portalUuid: string;
  userUuid: string | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits, URL-safe: the cookie carries only this opaque token. */
export const newToken = () => randomBytes(32).toString('base64url');

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The stored hash of a cookie's token, or null for a missing or malformed one (never looked up). */
export function idHashOf(token: string | undefined): string | null {
  return token && TOKEN_SHAPE.test(token) ? hashToken(token) : null;
}

/**
 * Notes the session's use at `now` (the app's clock), kept to the hour: the cleanup job needs "idle
 * for days", not a write per request.
 */
export async function touchSession(db: Db, idHash: string, lastSeenAt: Date, now: Date): Promise<void> {
  if (now.getTime() - lastSeenAt.getTime() <= SEEN_PRECISION_MS) return;
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
}

/** The live session of a cookie token on this portal; `now` (the app's clock) decides what has expired. */
export async function findSession(
  db: Db,
  token: string | undefined,
  portalUuid: string,
  now: Date,
): Promise<Session | null> {
  const idHash = idHashOf(token);
  if (!idHash) return null;
  const [row] = await db
    .select({
      idHash: sessions.idHash,
      portalUuid: sessions.portalUuid,
      userUuid: sessions.userUuid,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)));
  // A session belongs to the portal it was made on; another portal's host starts afresh.
  if (!row || row.portalUuid !== portalUuid) return null;
  await touchSession(db, row.idHash, row.lastSeenAt, now);
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
