/**
 * One-time login links (issue 28): for an owner on a new device while strangers' guesses hold their
 * account. The link is mailed to the account's own address, works once, for LOGIN_LINK_MINUTES; the
 * table keeps only the sha256 of its token. The token travels in the link's fragment (`#token=`),
 * which browsers never send to a server: it stays out of access logs and Referer headers, and a mail
 * scanner that fetches the link gets the app's page, which logs in only when its button is pressed.
 */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { LOGIN_LINK_MINUTES } from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import { loginLinks, portalHosts } from '../../db/schema.ts';
import { hostName } from '../storefront/portals.ts';
import { hashToken, newToken } from './sessions.ts';

export { LOGIN_LINK_MINUTES };
/** The app's page that takes the token (src/features/checkout/LoginLinkPage.tsx), under /m. */
export const LOGIN_LINK_PATH = '/m/login-link';
/** 256 random bits, URL-safe (sessions.ts newToken). */
export const LOGIN_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const loginLinkExpiry = (now: Date) => new Date(now.getTime() + LOGIN_LINK_MINUTES * 60 * 1000);

/** Stores a new link for the user and answers its token (the only copy: the table has its hash). */
export async function issueLoginLink(
  db: Db,
  userUuid: string,
  portalUuid: string,
  now: Date,
): Promise<string> {
  const token = newToken();
  // Links that ended before this one began are of no use to anyone: they go as new ones come.
  await db.delete(loginLinks).where(lt(loginLinks.expiresAt, now));
  await db.insert(loginLinks).values({
    tokenHash: hashToken(token),
    userUuid,
    portalUuid,
    createdAt: now,
    expiresAt: loginLinkExpiry(now),
  });
  return token;
}

/**
 * The user a token logs in, once: the link must be of this portal, unused and unexpired. Using it
 * spends it and every other unused link of the user (the owner is in; older mails are void). Null for
 * anything else, alike.
 */
export async function redeemLoginLink(
  db: Db,
  token: string,
  portalUuid: string,
  now: Date,
): Promise<string | null> {
  if (!LOGIN_TOKEN_SHAPE.test(token)) return null;
  // One UPDATE … WHERE used_at IS NULL: of two requests racing with one token, one gets the row.
  const [used] = await db
    .update(loginLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(loginLinks.tokenHash, hashToken(token)),
        eq(loginLinks.portalUuid, portalUuid),
        isNull(loginLinks.usedAt),
        gt(loginLinks.expiresAt, now),
      ),
    )
    .returning({ userUuid: loginLinks.userUuid });
  if (!used) return null;
  await db
    .update(loginLinks)
    .set({ usedAt: now })
    .where(and(eq(loginLinks.userUuid, used.userUuid), isNull(loginLinks.usedAt)));
  return used.userUuid;
}

/**
 * The shop's address for a link in a mail. Never the request's Host header as such: a stranger asking
 * for a link to the owner's address could name their own host, and the owner's click would hand them
 * the token. So the request's host only when it is one of the portal's own, else the portal's first.
 */
export function shopOrigin(
  protocol: string,
  hostHeader: string | undefined,
  portalHosts: readonly string[],
): string {
  const requested = hostHeader?.trim().toLowerCase() ?? '';
  const valid = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/.test(requested);
  const host =
    valid && portalHosts.includes(hostName(requested)) ? requested : (portalHosts[0] ?? 'localhost');
  return `${protocol === 'https' ? 'https' : 'http'}://${host}`;
}

export const loginLinkUrl = (origin: string, token: string) =>
  `${origin}${LOGIN_LINK_PATH}#token=${encodeURIComponent(token)}`;

export async function hostsOf(db: Db, portalUuid: string): Promise<string[]> {
  const rows = await db
    .select({ host: portalHosts.host })
    .from(portalHosts)
    .where(eq(portalHosts.portalUuid, portalUuid));
  return rows.map((r) => r.host).sort();
}
