import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cookieWithLogin,
  DEVICE_COOKIE_DAYS,
  DEVICE_TOKENS_KEPT,
  issueDeviceToken,
  trustedDeviceNonce,
} from '../../../server/services/identity/deviceCookies.ts';
import {
  LOGIN_LINK_MINUTES,
  LOGIN_TOKEN_SHAPE,
  loginLinkExpiry,
  loginLinkUrl,
  shopOrigin,
} from '../../../server/services/identity/loginLinks.ts';
import { hashToken, newToken } from '../../../server/services/identity/sessions.ts';
import { LoginLinkRedeem, LoginLinkRequest } from '../../../shop/checkout.ts';

const key = randomBytes(32);
const owner = { portalUuid: '00000000-0000-4000-8000-000000000001', email: 'owner@example.com' };
const now = new Date('2030-03-04T10:00:00Z');
const DAY = 24 * 3600 * 1000;

/** The token's signature with one character changed (not its last: base64url's last char has spare bits). */
function flip(text: string, at: number) {
  const c = text[at]!;
  return text.slice(0, at) + (c === 'A' ? 'B' : 'A') + text.slice(at + 1);
}

describe('device cookies', () => {
  it('trusts a token the key signed for the account, and answers its nonce', () => {
    const token = issueDeviceToken(key, owner, now);
    const nonce = trustedDeviceNonce(key, token, owner, now);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(token).not.toContain('owner');
    expect(token).not.toContain('example.com');
    // Two logins, two nonces: each cookie's failures are counted apart.
    expect(trustedDeviceNonce(key, issueDeviceToken(key, owner, now), owner, now)).not.toBe(nonce);
  });

  it('refuses a tampered token: any part changed, a part missing, garbage', () => {
    const token = issueDeviceToken(key, owner, now);
    const parts = token.split('.');
    expect(parts).toHaveLength(4);
    for (let i = 0; i < 4; i++) {
      const changed = [...parts];
      changed[i] = flip(parts[i]!, 0);
      expect(trustedDeviceNonce(key, changed.join('.'), owner, now), `part ${i}`).toBeNull();
    }
    // A later issue time, to stretch the cookie's life, breaks the signature too.
    const later = [...parts];
    later[2] = Math.floor((now.getTime() + 100 * DAY) / 1000).toString(36);
    expect(trustedDeviceNonce(key, later.join('.'), owner, now)).toBeNull();
    expect(trustedDeviceNonce(key, parts.slice(0, 3).join('.'), owner, now)).toBeNull();
    expect(trustedDeviceNonce(key, `${token}.x`, owner, now)).toBeNull();
    expect(trustedDeviceNonce(key, '', owner, now)).toBeNull();
    expect(trustedDeviceNonce(key, undefined, owner, now)).toBeNull();
    expect(trustedDeviceNonce(key, 'a.b.c.d', owner, now)).toBeNull();
    expect(trustedDeviceNonce(key, '<script>.é.%00.~', owner, now)).toBeNull();
  });

  it('refuses a token signed with another key (another shop, or a forged one)', () => {
    const token = issueDeviceToken(randomBytes(32), owner, now);
    expect(trustedDeviceNonce(key, token, owner, now)).toBeNull();
  });

  it('is for its own account only: not another address, not the same address on another portal', () => {
    const token = issueDeviceToken(key, owner, now);
    expect(trustedDeviceNonce(key, token, { ...owner, email: 'stranger@example.com' }, now)).toBeNull();
    expect(
      trustedDeviceNonce(key, token, { ...owner, portalUuid: '00000000-0000-4000-8000-000000000002' }, now),
    ).toBeNull();
    // A stranger's own device cookie (they logged in to their own account) does not help them on the owner's.
    const strangers = issueDeviceToken(key, { ...owner, email: 'stranger@example.com' }, now);
    expect(trustedDeviceNonce(key, strangers, owner, now)).toBeNull();
  });

  it(`expires ${DEVICE_COOKIE_DAYS} days after it was issued, and refuses one issued in the future`, () => {
    const token = issueDeviceToken(key, owner, now);
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(trustedDeviceNonce(key, token, owner, at(DEVICE_COOKIE_DAYS * DAY - 1000))).not.toBeNull();
    expect(trustedDeviceNonce(key, token, owner, at(DEVICE_COOKIE_DAYS * DAY))).toBeNull();
    // A clock a minute behind the issuing instance's still takes it; a day behind does not.
    expect(trustedDeviceNonce(key, token, owner, at(-60_000))).not.toBeNull();
    expect(trustedDeviceNonce(key, token, owner, at(-DAY))).toBeNull();
  });

  it(`keeps the last ${DEVICE_TOKENS_KEPT} accounts of a browser, the newest first, one token each`, () => {
    const account = (i: number) => ({ ...owner, email: `member${i}@example.com` });
    let cookie: string | undefined;
    for (let i = 0; i < DEVICE_TOKENS_KEPT + 1; i++) cookie = cookieWithLogin(key, cookie, account(i), now);
    expect(cookie!.split('~')).toHaveLength(DEVICE_TOKENS_KEPT);
    expect(trustedDeviceNonce(key, cookie, account(0), now)).toBeNull();
    for (let i = 1; i <= DEVICE_TOKENS_KEPT; i++) {
      expect(trustedDeviceNonce(key, cookie, account(i), now), `member ${i}`).not.toBeNull();
    }
    // A login again to one of them replaces its token (a new nonce) rather than adding another.
    const before = trustedDeviceNonce(key, cookie, account(2), now);
    const again = cookieWithLogin(key, cookie, account(2), now);
    expect(again.split('~')).toHaveLength(DEVICE_TOKENS_KEPT);
    expect(trustedDeviceNonce(key, again, account(2), now)).not.toBe(before);
    expect(trustedDeviceNonce(key, again.split('~')[0], account(2), now)).not.toBeNull();
  });

  it('drops tokens it did not sign when it writes the cookie again', () => {
    const forged = issueDeviceToken(randomBytes(32), { ...owner, email: 'x@example.com' }, now);
    const cookie = cookieWithLogin(key, `${forged}~junk`, owner, now);
    expect(cookie.split('~')).toHaveLength(1);
    expect(trustedDeviceNonce(key, cookie, owner, now)).not.toBeNull();
  });
});

describe('login link tokens', () => {
  it('are 256 random bits, URL-safe, and what is stored is their sha256, not them', () => {
    const tokens = Array.from({ length: 50 }, newToken);
    expect(new Set(tokens).size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(LOGIN_TOKEN_SHAPE);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
      expect(hashToken(token)).not.toContain(token);
    }
  });

  it(`work for ${LOGIN_LINK_MINUTES} minutes`, () => {
    expect(loginLinkExpiry(now).getTime() - now.getTime()).toBe(LOGIN_LINK_MINUTES * 60 * 1000);
  });

  it('travel in the fragment, which browsers never send to a server', () => {
    const token = newToken();
    const url = new URL(loginLinkUrl('https://shop.example', token));
    expect(url.pathname).toBe('/m/login-link');
    expect(url.search).toBe('');
    expect(new URLSearchParams(url.hash.slice(1)).get('token')).toBe(token);
  });

  it('are redeemed only in their shape, and asked for only with an email address', () => {
    expect(LoginLinkRedeem.safeParse({ token: newToken() }).success).toBe(true);
    for (const token of ['', 'short', `${newToken()}x`, `${newToken().slice(1)}=`, 42, null]) {
      expect(LoginLinkRedeem.safeParse({ token }).success, String(token)).toBe(false);
    }
    expect(LoginLinkRequest.parse({ email: '  Owner@Example.com ' })).toEqual({ email: 'Owner@Example.com' });
    for (const email of ['', 'owner', 'a@b', 'x'.repeat(400), 3]) {
      expect(LoginLinkRequest.safeParse({ email }).success, String(email)).toBe(false);
    }
  });
});

describe('the shop address a login link mail names', () => {
  const hosts = ['localhost', 'shop.localhost'];

  it("is the request's host when it is one of the portal's, with its port", () => {
    expect(shopOrigin('http', 'localhost:8181', hosts)).toBe('http://localhost:8181');
    expect(shopOrigin('https', 'Shop.Localhost', hosts)).toBe('https://shop.localhost');
  });

  it("is the portal's own host when the request names another (a stranger's host would get the token)", () => {
    expect(shopOrigin('https', 'evil.example', hosts)).toBe('https://localhost');
    expect(shopOrigin('https', 'localhost.evil.example', hosts)).toBe('https://localhost');
    expect(shopOrigin('https', 'localhost@evil.example', hosts)).toBe('https://localhost');
    expect(shopOrigin('https', 'evil.example/localhost', hosts)).toBe('https://localhost');
    expect(shopOrigin('https', undefined, hosts)).toBe('https://localhost');
    expect(shopOrigin('javascript', 'localhost', hosts)).toBe('http://localhost');
  });
});
