/**
 * Accounts and the sessions they use: sign-up, login (with the same scrypt work for unknown users),
 * logout, and the session switch at login and sign-up: a new session id, the anonymous cart merged
 * into the user's, the pictures, transactions and orders of the old session carried over, the old
 * session deleted.
 */
import { and, eq, max, sql } from 'drizzle-orm';
import type { SignUpInput } from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import { carts, orderLines, orders, pictures, sessions, transactions, users } from '../../db/schema.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { createSession, type Session } from './sessions.ts';

export type UserRow = typeof users.$inferSelect;

/** Email addresses are compared trimmed and in lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const publicUser = (u: UserRow) => ({ uuid: u.uuid, name: u.name, email: u.email, mobile: u.mobile });

/**
 * The user with this email address and password, or null. An unknown address costs the same scrypt
 * work as a wrong password (a dummy hash is checked), so neither answer nor timing tells them apart.
 */
export async function authenticate(
  db: Db,
  portalUuid: string,
  username: string,
  password: string,
): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.portalUuid, portalUuid), eq(users.email, normalizeEmail(username))));
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
  return user && ok ? user : null;
}

export async function userByEmail(db: Db, portalUuid: string, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.portalUuid, portalUuid), eq(users.email, normalizeEmail(email))));
  return user ?? null;
}

export async function userByUuid(db: Db, uuid: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.uuid, uuid));
  return user ?? null;
}

export async function emailTaken(db: Db, portalUuid: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ uuid: users.uuid })
    .from(users)
    .where(and(eq(users.portalUuid, portalUuid), eq(users.email, normalizeEmail(email))));
  return Boolean(row);
}

/** A unique index said no (PostgreSQL 23505), whichever driver and however drizzle wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The sign-up fields (S0 §3), as the form rules know them. */
export type NewUser = SignUpInput;

/** Makes the account; null when the email address is already registered (also when a racing sign-up won). */
export async function createUser(db: Db, portalUuid: string, input: NewUser): Promise<UserRow | null> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [made] = await db
      .insert(users)
      .values({
        portalUuid,
        email: normalizeEmail(input.email),
        name: input.name.trim(),
        mobile: input.mobile.trim(),
        passwordHash,
        address: input.address?.trim() || null,
        zipcode: input.zipcode?.trim() || null,
        city: input.city?.trim() || null,
      })
      .returning();
    return made ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/**
 * Logs `userUuid` in on a new session (a new cookie token), in one database transaction:
 *
 * - the old session's anonymous cart is merged into the user's cart: the user's lines first, then the
 *   anonymous lines after them, nothing dropped; with no user cart yet, the anonymous cart becomes it;
 * - the old session's pictures, transactions and orders move to the new session (pictures also to
 *   the user), so uploads, a pending payment and receipts survive the switch;
 * - the old session row is deleted, so its token no longer works.
 *
 * An old session of another user (switching accounts) is only deleted: its cart and pictures stay
 * that user's.
 */
export async function startUserSession(
  db: Db,
  old: Session | null,
  portalUuid: string,
  userUuid: string,
  now: Date,
): Promise<{ token: string; session: Session }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const made = await createSession(tx, portalUuid, userUuid, now);
    const fresh = made.session;
    if (!old || old.portalUuid !== portalUuid) return made;
    const carryOver = old.userUuid === null || old.userUuid === userUuid;
    if (old.userUuid === null) {
      // Lock order: the anonymous cart, then the user's (the only place both are locked).
      const [anon] = await tx.select().from(carts).where(eq(carts.sessionIdHash, old.idHash)).for('update');
      const [mine] = await tx.select().from(carts).where(eq(carts.userUuid, userUuid)).for('update');
      if (anon && mine) {
        const [last] = await tx
          .select({ position: max(orderLines.position) })
          .from(orderLines)
          .where(eq(orderLines.cartUuid, mine.uuid));
        const offset = (last?.position ?? -1) + 1;
        await tx
          .update(orderLines)
          .set({ cartUuid: mine.uuid, position: sql`${orderLines.position} + ${offset}::integer` })
          .where(eq(orderLines.cartUuid, anon.uuid));
        await tx
          .update(carts)
          .set({
            rebateCode: mine.rebateCode ?? anon.rebateCode,
            autoCorrection: anon.autoCorrection ?? mine.autoCorrection,
            updatedAt: now,
          })
          .where(eq(carts.uuid, mine.uuid));
        await tx
          .update(transactions)
          .set({ cartUuid: mine.uuid })
          .where(eq(transactions.cartUuid, anon.uuid));
        await tx.delete(carts).where(eq(carts.uuid, anon.uuid));
      } else if (anon) {
        await tx
          .update(carts)
          .set({ sessionIdHash: null, userUuid, updatedAt: now })
          .where(eq(carts.uuid, anon.uuid));
      }
    }
    if (carryOver) {
      await tx
        .update(pictures)
        .set({ sessionIdHash: fresh.idHash, userUuid })
        .where(eq(pictures.sessionIdHash, old.idHash));
      await tx
        .update(transactions)
        .set({ sessionIdHash: fresh.idHash })
        .where(eq(transactions.sessionIdHash, old.idHash));
      await tx
        .update(orders)
        .set({ sessionIdHash: fresh.idHash })
        .where(eq(orders.sessionIdHash, old.idHash));
    }
    await tx.delete(sessions).where(eq(sessions.idHash, old.idHash));
    return made;
  });
}

/** Ends a session on the server: its token stops working at once. */
export async function endSession(db: Db, session: Session): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, session.idHash));
}
