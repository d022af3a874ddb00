/**
 * S0 §7 identity calls: POST /ajax/login.php, POST /ajax/create.php (JSON or form-encoded), and
 * POST /m/api/user/logout. Login and sign-up start a new session (docs/decisions.md, "Checkout").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type IdentityAnswer, LoginRequest, type LogoutAnswer, SignUpRequest } from '../../shop/checkout.ts';
import { isValid, validateSignUp } from '../../shop/customerForms.ts';
import type { Db } from '../db/connect.ts';
import { messageIn } from '../plugins/errors.ts';
import { acceptFormBodies } from '../plugins/formBody.ts';
import { clearSessionCookie, setSessionCookie } from '../plugins/session.ts';
import { AttemptLimiter, GrowingDelay } from '../services/attemptLimiter.ts';
import { fieldErrors } from '../services/checkout.ts';
import {
  authenticate,
  createUser,
  emailTaken,
  endSession,
  normalizeEmail,
  publicUser,
  startUserSession,
  type UserRow,
} from '../services/identity.ts';

export const LOGIN_FAILED = 'Wrong email address or password';
/** At most this many failed logins and sign-ups per address in the window; the next is refused. */
export const LOGIN_LIMIT = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Per account: 5 attempts free, then a wait of 1 s doubling to at most a minute between attempts, so
 * guessing crawls while the owner, who knows the password, is kept out a minute at most.
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

export interface IdentityOptions {
  db: Db;
}

export async function identityRoutes(app: FastifyInstance, { db }: IdentityOptions) {
  acceptFormBodies(app);
  const accounts = new GrowingDelay(app.limits, ACCOUNT_DELAY);
  const addresses = new AttemptLimiter(app.limits, {
    name: 'login-address',
    limit: LOGIN_LIMIT,
    windowMs: LOGIN_WINDOW_MS,
  });

  /** A 429 with Retry-After; the same words whether the account exists or not. */
  function tooMany(reply: FastifyReply, waitMs: number): IdentityAnswer {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    reply.status(429).header('Retry-After', String(seconds));
    const when =
      seconds < 90 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
    return { error: `Too many failed attempts. Please try again in ${when}.`, code: 'too_many_attempts' };
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
    return { result: 'OK', user: publicUser(user) };
  }

  app.post('/ajax/login.php', { config: { rateLimit: PASSWORD_ROUTE_LIMIT } }, async (request, reply) => {
    const { username, password } = LoginRequest.parse(request.body ?? {});
    const portalUuid = request.portal.portal.uuid;
    const accountKey = `${portalUuid}:${normalizeEmail(username)}`;
    const addressKey = request.ip;
    const addressWait = await addresses.retryAfterMs(addressKey);
    if (addressWait > 0) return tooMany(reply, addressWait);
    // Counted before the (slow) password check, so parallel guesses cannot slip past the limits;
    // a success forgets the account's attempts and takes this address's one back.
    const accountWait = await accounts.admit(accountKey);
    if (accountWait > 0) return tooMany(reply, accountWait);
    await addresses.fail(addressKey);
    const user = await authenticate(db, portalUuid, username, password);
    if (!user) {
      reply.status(401);
      return {
        error: messageIn(request.portal.locale.code, 'login_failed', LOGIN_FAILED),
        code: 'login_failed',
      } satisfies IdentityAnswer;
    }
    await Promise.all([accounts.reset(accountKey), addresses.forgiveOne(addressKey)]);
    return logIn(request, reply, user);
  });

  app.post('/ajax/create.php', { config: { rateLimit: PASSWORD_ROUTE_LIMIT } }, async (request, reply) => {
    const input = SignUpRequest.parse(request.body ?? {});
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
      const message = messageIn(
        request.portal.locale.code,
        'email_taken',
        'An account with this email address already exists. Log in instead.',
      );
      reply.status(409);
      return { error: message, code: 'email_taken', fields: { email: message } };
    }
    return logIn(request, reply, user);
  });

  app.post('/m/api/user/logout', async (request, reply): Promise<LogoutAnswer> => {
    const session = await request.session();
    if (session) await endSession(db, session);
    clearSessionCookie(request, reply);
    return { result: 'OK' };
  });
}
