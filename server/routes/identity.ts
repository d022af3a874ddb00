/**
 * S0 §7 identity calls: POST /ajax/login.php, POST /ajax/create.php (JSON or form-encoded), and
 * POST /m/api/user/logout. Login and sign-up start a new session (docs/decisions.md, "Login, sign-up
 * and passwords").
 *
 * Issue 28, an owner is never locked out by a stranger (docs/decisions.md, "Login limits: device cookies
 * and login links"): a login from a browser the account logged in on before (its device cookie,
 * services/identity/deviceCookies.ts) is not held by the account's delay, which strangers keep running; and
 * POST /m/api/user/login-link mails a one-time link (services/identity/loginLinks.ts) that the app's page
 * redeems with POST /m/api/user/login-link/redeem.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  accountRoutes as api,
  type IdentityAnswer,
  isValid,
  validateSignUp,
  waitPhrase,
} from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../errors.ts';
import { composeLoginLink } from '../mail/loginLink.ts';
import type { Mailer } from '../mail/mailer.ts';
import { serve } from '../plugins/contract.ts';
import { messageIn } from '../plugins/errors.ts';
import { acceptFormBodies } from '../plugins/formBody.ts';
import { clearSessionCookie, setSessionCookie } from '../plugins/session.ts';
import { fieldErrors } from '../services/checkout/checkout.ts';
import {
  cookieWithLogin,
  DEVICE_COOKIE,
  DEVICE_COOKIE_DAYS,
  type DeviceAccount,
  deviceCookieKey,
  trustedDeviceNonce,
} from '../services/identity/deviceCookies.ts';
import {
  authenticate,
  createUser,
  emailTaken,
  endSession,
  normalizeEmail,
  publicUser,
  startUserSession,
  type UserRow,
  userByEmail,
  userByUuid,
} from '../services/identity/identity.ts';
import {
  hostsOf,
  issueLoginLink,
  LOGIN_LINK_MINUTES,
  loginLinkUrl,
  redeemLoginLink,
  shopOrigin,
} from '../services/identity/loginLinks.ts';
import { AttemptLimiter, GrowingDelay } from '../services/limits/attemptLimiter.ts';

/** At most this many failed logins and sign-ups per address in the window; the next is refused. */
export const LOGIN_LIMIT = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Per account: 5 attempts free, then a wait of 1 s doubling to at most a minute between attempts, so
 * guessing crawls. Strangers who keep guessing keep the wait running, so it holds only browsers the
 * account has not logged in on (DEVICE_LIMIT); the owner on a new one has the login link.
 */
export const ACCOUNT_DELAY = {
  name: 'login-account',
  free: 5,
  firstDelayMs: 1000,
  maxDelayMs: 60_000,
  windowMs: 24 * 3600 * 1000,
} as const;
/** Requests per address and minute to the password routes: each costs a password hash (scrypt). */
const PASSWORD_ROUTE_LIMIT = { max: 100, timeWindow: 60_000 };
/**
 * Per device cookie: a browser the account logged in on may fail this often in the window before it is
 * trusted no more (its logins are then held like any stranger's until the window ends). A success
 * starts its count afresh.
 */
export const DEVICE_LIMIT = { name: 'login-device', limit: 5, windowMs: 60 * 60 * 1000 } as const;
/** Login links asked for per address: past it, 429. */
export const LINK_ADDRESS_LIMIT = {
  name: 'login-link-address',
  limit: 10,
  windowMs: 60 * 60 * 1000,
} as const;
/**
 * Login links mailed per account in a link's lifetime: past it nothing more is sent (the answer stays
 * the same). A stranger asking for the owner's links cannot keep them from the owner: the window is
 * as long as a link lives, so while it is full the last link mailed in it still works.
 */
export const LINK_ACCOUNT_LIMIT = {
  name: 'login-link-account',
  limit: 3,
  windowMs: LOGIN_LINK_MINUTES * 60 * 1000,
} as const;
/** Redeeming costs a lookup, not a hash: a bound for a client that loops. */
const REDEEM_ROUTE_LIMIT = { max: 30, timeWindow: 60_000 };

export interface IdentityOptions {
  db: Db;
  /** The shoppers' mail (mail/mailer.ts): the login links go out through it. */
  mailer: Mailer;
}

export async function identityRoutes(app: FastifyInstance, { db, mailer }: IdentityOptions) {
  acceptFormBodies(app);
  const accounts = new GrowingDelay(app.limits, ACCOUNT_DELAY);
  const addresses = new AttemptLimiter(app.limits, {
    name: 'login-address',
    limit: LOGIN_LIMIT,
    windowMs: LOGIN_WINDOW_MS,
  });
  const devices = new AttemptLimiter(app.limits, DEVICE_LIMIT);
  const linkAddresses = new AttemptLimiter(app.limits, LINK_ADDRESS_LIMIT);
  const linkAccounts = new AttemptLimiter(app.limits, LINK_ACCOUNT_LIMIT);
  const deviceKey = deviceCookieKey(db);

  // Login links are looked up and mailed after the answer, so its time says nothing about whether
  // the account exists; the app waits for the ones still going out before it closes.
  const sending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...sending]);
  });
  function inBackground(work: () => Promise<void>) {
    const done: Promise<void> = work()
      .catch((error: unknown) => app.log.warn({ err: error }, 'A login link was not sent'))
      .finally(() => sending.delete(done));
    sending.add(done);
  }

  /** A 429 with Retry-After; the same words whether the account exists or not. */
  function tooMany(reply: FastifyReply, waitMs: number): IdentityAnswer {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    reply.status(429).header('Retry-After', String(seconds));
    const error = messageIn(reply.request.portal.locale.code, 'too_many_attempts', {
      wait: waitPhrase(seconds),
    });
    return { error, code: 'too_many_attempts' };
  }

  /** The session's attributes (plugins/session.ts), for as long as the browser stays known. */
  async function rememberDevice(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
    const account: DeviceAccount = { portalUuid: user.portalUuid, email: normalizeEmail(user.email) };
    const value = cookieWithLogin(
      await deviceKey(),
      request.cookies[DEVICE_COOKIE],
      account,
      app.clock.now(),
    );
    reply.setCookie(DEVICE_COOKIE, value, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
    });
  }

  async function logIn(request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<IdentityAnswer> {
    const { token } = await startUserSession(
      db,
      await request.session(),
      request.portal.portal.uuid,
      user.uuid,
      app.clock.now(),
    );
    setSessionCookie(request, reply, token);
    await rememberDevice(request, reply, user);
    return { result: 'OK', user: publicUser(user) };
  }

  /**
   * The nonce of this browser's device cookie for the account, while the cookie is within its own
   * failure limit; null for a browser the account is not known on. The attempt is counted before the
   * password is checked, as the account's are, so parallel guesses with a stolen cookie gain nothing.
   */
  async function trustedDevice(request: FastifyRequest, account: DeviceAccount): Promise<string | null> {
    const cookie = request.cookies[DEVICE_COOKIE];
    if (!cookie) return null;
    const nonce = trustedDeviceNonce(await deviceKey(), cookie, account, app.clock.now());
    if (!nonce) return null;
    return (await devices.fail(nonce)) <= DEVICE_LIMIT.limit ? nonce : null;
  }

  function loginFailed(request: FastifyRequest, reply: FastifyReply): IdentityAnswer {
    reply.status(401);
    return {
      error: messageIn(request.portal.locale.code, 'login_failed'),
      code: 'login_failed',
    };
  }

  serve(app, api.login, { config: { rateLimit: PASSWORD_ROUTE_LIMIT } }, async (request, reply) => {
    const { username, password } = request.body;
    const portalUuid = request.portal.portal.uuid;
    const account: DeviceAccount = { portalUuid, email: normalizeEmail(username) };
    const device = await trustedDevice(request, account);
    if (device) {
      // A browser the account logged in on: neither the account's delay (strangers keep it running)
      // nor this address's failures hold it; its own failures are its limit. A success here leaves
      // the account's count alone, so it hands strangers no fresh free attempts.
      const user = await authenticate(db, portalUuid, username, password);
      if (!user) return loginFailed(request, reply);
      await devices.reset(device);
      return logIn(request, reply, user);
    }
    const accountKey = `${portalUuid}:${account.email}`;
    const addressKey = request.ip;
    const addressWait = await addresses.retryAfterMs(addressKey);
    if (addressWait > 0) return tooMany(reply, addressWait);
    // Counted before the (slow) password check, so parallel guesses cannot slip past the limits;
    // a success forgets the account's attempts and takes this address's one back.
    const accountWait = await accounts.admit(accountKey);
    if (accountWait > 0) return tooMany(reply, accountWait);
    await addresses.fail(addressKey);
    const user = await authenticate(db, portalUuid, username, password);
    if (!user) return loginFailed(request, reply);
    await Promise.all([accounts.reset(accountKey), addresses.forgiveOne(addressKey)]);
    return logIn(request, reply, user);
  });

  serve(app, api.signUp, { config: { rateLimit: PASSWORD_ROUTE_LIMIT } }, async (request, reply) => {
    const input = request.body;
    const addressWait = await addresses.retryAfterMs(request.ip);
    if (addressWait > 0) return tooMany(reply, addressWait);
    const errors = validateSignUp(input);
    if (!isValid(errors)) throw fieldErrors(errors);
    const portalUuid = request.portal.portal.uuid;
    const user = (await emailTaken(db, portalUuid, input.email))
      ? null
      : await createUser(db, portalUuid, input);
    if (!user) {
      // A registered address is named (the form must say why), so probing addresses counts as a
      // failed attempt of this address, like a failed login.
      await addresses.fail(request.ip);
      const message = messageIn(request.portal.locale.code, 'email_taken');
      reply.status(409);
      return { error: message, code: 'email_taken', fields: { email: message } };
    }
    return logIn(request, reply, user);
  });

  serve(app, api.loginLink, async (request, reply) => {
    const { email } = request.body;
    const wait = await linkAddresses.retryAfterMs(request.ip);
    if (wait > 0) {
      reply.header('Retry-After', String(Math.max(1, Math.ceil(wait / 1000))));
      throw new HttpError(429, 'too_many_requests', { key: 'too_many_login_links' });
    }
    await linkAddresses.fail(request.ip);
    const portal = request.portal;
    const portalUuid = portal.portal.uuid;
    const address = normalizeEmail(email);
    // Counted for any address, registered or not, so the count tells nothing either.
    if ((await linkAccounts.fail(`${portalUuid}:${address}`)) > LINK_ACCOUNT_LIMIT.limit)
      return { result: 'OK' as const };
    const { protocol } = request;
    const host = request.headers.host;
    inBackground(async () => {
      const user = await userByEmail(db, portalUuid, address);
      if (!user) return;
      const now = app.clock.now();
      const token = await issueLoginLink(db, user.uuid, portalUuid, now);
      const origin = shopOrigin(protocol, host, await hostsOf(db, portalUuid));
      await mailer.send(
        composeLoginLink({
          to: user.email,
          name: user.name,
          shop: portal.portal.name,
          locale: portal.locale.code,
          url: loginLinkUrl(origin, token),
          minutes: LOGIN_LINK_MINUTES,
        }),
      );
    });
    return { result: 'OK' as const };
  });

  serve(app, api.redeemLoginLink, { config: { rateLimit: REDEEM_ROUTE_LIMIT } }, async (request, reply) => {
    const { token } = request.body;
    const portalUuid = request.portal.portal.uuid;
    const userUuid = await redeemLoginLink(db, token, portalUuid, app.clock.now());
    const user = userUuid ? await userByUuid(db, userUuid) : null;
    if (!user) throw new HttpError(400, 'login_link_invalid');
    // As a password login from a new browser would be, without touching the account's delay: the
    // link proves the mailbox, and the browser is known from now on.
    return logIn(request, reply, user);
  });

  serve(app, api.logout, async (request, reply) => {
    const session = await request.session();
    if (session) await endSession(db, session);
    clearSessionCookie(request, reply);
    return { result: 'OK' as const };
  });
}
