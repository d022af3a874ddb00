/**
 * S0 §7 identity calls: POST /ajax/login.php, POST /ajax/create.php (JSON or form-encoded), and
 * POST /m/api/user/logout. Login and sign-up start a new session (docs/decisions.md, "Checkout").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type IdentityAnswer, LoginRequest, type LogoutAnswer, SignUpRequest } from '../../shop/checkout.ts';
import { isValid, validateSignUp } from '../../shop/customerForms.ts';
import type { Db } from '../db/connect.ts';
import { acceptFormBodies } from '../plugins/formBody.ts';
import { clearSessionCookie, setSessionCookie } from '../plugins/session.ts';
import { AttemptLimiter } from '../services/attemptLimiter.ts';
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
/** At most this many failed logins per account and per address in the window; the next is refused. */
export const LOGIN_LIMIT = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export interface IdentityOptions {
  db: Db;
}

export async function identityRoutes(app: FastifyInstance, { db }: IdentityOptions) {
  acceptFormBodies(app);
  const accounts = new AttemptLimiter({ limit: LOGIN_LIMIT, windowMs: LOGIN_WINDOW_MS });
  const addresses = new AttemptLimiter({ limit: LOGIN_LIMIT, windowMs: LOGIN_WINDOW_MS });

  function refuseIfLimited(reply: FastifyReply, keys: [AttemptLimiter, string][]): IdentityAnswer | null {
    const wait = Math.max(...keys.map(([limiter, key]) => limiter.retryAfterMs(key)));
    if (wait <= 0) return null;
    const minutes = Math.max(1, Math.ceil(wait / 60_000));
    reply.status(429).header('Retry-After', String(Math.ceil(wait / 1000)));
    return {
      error: `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      code: 'too_many_attempts',
    };
  }

  async function logIn(request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<IdentityAnswer> {
    const { token } = await startUserSession(
      db,
      await request.session(),
      request.portal.portal.uuid,
      user.uuid,
    );
    setSessionCookie(request, reply, token);
    return { result: 'OK', user: publicUser(user) };
  }

  app.post('/ajax/login.php', async (request, reply): Promise<IdentityAnswer> => {
    const { username, password } = LoginRequest.parse(request.body ?? {});
    const portalUuid = request.portal.portal.uuid;
    const accountKey = `${portalUuid}:${normalizeEmail(username)}`;
    const addressKey = request.ip;
    const limited = refuseIfLimited(reply, [
      [accounts, accountKey],
      [addresses, addressKey],
    ]);
    if (limited) return limited;
    // Counted before the (slow) password check, so parallel guesses cannot slip past the limit;
    // a success takes the account's failures and this address's attempt back.
    accounts.fail(accountKey);
    addresses.fail(addressKey);
    const user = await authenticate(db, portalUuid, username, password);
    if (!user) {
      reply.status(401);
      return { error: LOGIN_FAILED, code: 'login_failed' };
    }
    accounts.reset(accountKey);
    addresses.forgiveOne(addressKey);
    return logIn(request, reply, user);
  });

  app.post('/ajax/create.php', async (request, reply): Promise<IdentityAnswer> => {
    const input = SignUpRequest.parse(request.body ?? {});
    const limited = refuseIfLimited(reply, [[addresses, request.ip]]);
    if (limited) return limited;
    const errors = validateSignUp(input);
    if (!isValid(errors)) throw fieldErrors(errors);
    const portalUuid = request.portal.portal.uuid;
    const user = (await emailTaken(db, portalUuid, input.email))
      ? null
      : await createUser(db, portalUuid, input);
    if (!user) {
      // A registered address is named (the form must say why), so probing addresses counts as a
      // failed attempt of this address, like a failed login.
      addresses.fail(request.ip);
      const message = 'An account with this email address already exists. Log in instead.';
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
