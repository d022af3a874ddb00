/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; issue 28): a browser
 * that has logged in to an account gets a signed cookie naming that account. A login to the account
 * from that browser is then not held by the account's growing delay, which strangers' guesses keep
 * running; it has a failure limit of its own per cookie instead (routes/identity.ts).
 *
 * A token is `account.nonce.issued.signature`, all base64url but `issued` (seconds, base 36):
 * - `account`: a keyed hash of the portal and the normalised email address, so the cookie names the
 *   account without carrying the address, and cannot be made for another account without the key;
 * - `nonce`: random, the key of this cookie's own failure count;
 * - `signature`: HMAC-SHA256 over the rest with the shop's key (table `server_secrets`, made on first
 *   use, so every instance signs and checks alike with nothing to configure).
 *
 * One cookie holds the tokens of the last few accounts used on the browser (a family's tablet), the
 * newest first.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/connect.ts';
import { serverSecret } from './serverSecret.ts';

export const DEVICE_COOKIE = 'ps_device';
/** How long a browser stays known without a login; each login renews it. */
export const DEVICE_COOKIE_DAYS = 180;
/** Accounts remembered by one browser; a login to a further one forgets the longest unused. */
export const DEVICE_TOKENS_KEPT = 4;
/** An issue time this far ahead of the clock is still taken (instances' clocks differ a little). */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const SECRET_NAME = 'device-cookie-key';

const DAY_MS = 24 * 3600 * 1000;
const PART = /^[A-Za-z0-9_-]+$/;

export interface DeviceAccount {
  portalUuid: string;
  /** Normalised (services/identity/identity.ts normalizeEmail). */
  email: string;
}

const mac = (key: Buffer, purpose: string, text: string) =>
  createHmac('sha256', key).update(`${purpose}\n${text}`).digest('base64url');

/** The account as the cookie names it: 128 bits of a keyed hash of the portal and the address. */
export function accountTag(key: Buffer, account: DeviceAccount): string {
  return mac(key, 'account', `${account.portalUuid}\n${account.email}`).slice(0, 22);
}

/** A new signed token for the account, issued now. */
export function issueDeviceToken(key: Buffer, account: DeviceAccount, now: Date): string {
  const nonce = randomBytes(16).toString('base64url');
  const issued = Math.floor(now.getTime() / 1000).toString(36);
  const body = `${accountTag(key, account)}.${nonce}.${issued}`;
  return `${body}.${mac(key, 'device', body)}`;
}

interface Parsed {
  account: string;
  nonce: string;
  issuedMs: number;
}

/** The token's parts when its signature is the key's, else null. */
function parseSigned(key: Buffer, token: string): Parsed | null {
  const parts = token.split('.');
  if (parts.length !== 4 || !parts.every((p) => PART.test(p))) return null;
  const [account, nonce, issued, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(mac(key, 'device', `${account}.${nonce}.${issued}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const issuedMs = Number.parseInt(issued, 36) * 1000;
  if (!Number.isSafeInteger(issuedMs)) return null;
  return { account, nonce, issuedMs };
}

/**
 * The nonce of the token for `account` in the cookie's value, when one is signed by the key, names
 * that account and is neither expired nor issued in the future; else null.
 */
export function trustedDeviceNonce(
  key: Buffer,
  cookieValue: string | undefined,
  account: DeviceAccount,
  now: Date,
): string | null {
  if (!cookieValue) return null;
  const tag = accountTag(key, account);
  const at = now.getTime();
  for (const token of cookieValue.split('~').slice(0, DEVICE_TOKENS_KEPT)) {
    const parsed = parseSigned(key, token);
    if (!parsed || parsed.account !== tag) continue;
    if (parsed.issuedMs > at + CLOCK_SKEW_MS) continue;
    if (at - parsed.issuedMs >= DEVICE_COOKIE_DAYS * DAY_MS) continue;
    return parsed.nonce;
  }
  return null;
}

/**
 * The cookie's value after a login to `account`: a new token for it first, then the other accounts'
 * tokens the cookie already had (still signed by the key), at most DEVICE_TOKENS_KEPT in all.
 */
export function cookieWithLogin(
  key: Buffer,
  cookieValue: string | undefined,
  account: DeviceAccount,
  now: Date,
): string {
  const tag = accountTag(key, account);
  const others = (cookieValue ?? '')
    .split('~')
    .slice(0, DEVICE_TOKENS_KEPT)
    .filter((token) => {
      const parsed = parseSigned(key, token);
      return parsed !== null && parsed.account !== tag;
    });
  return [issueDeviceToken(key, account, now), ...others].slice(0, DEVICE_TOKENS_KEPT).join('~');
}

/** The shop's device cookie key (server/services/identity/serverSecret.ts). */
export const deviceCookieKey = (db: Db): (() => Promise<Buffer>) => serverSecret(db, SECRET_NAME);
