/**
 * Sessions: an opaque random token in an HttpOnly, SameSite=Lax cookie (Secure over https).
 * A session is made only when a request needs one (a cart, a login), so a bot reading pages
 * leaves no rows behind.
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/connect.ts';
import { createSession, findSession, SESSION_DAYS, type Session } from '../services/identity/sessions.ts';

export const SESSION_COOKIE = 'ps_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The current session, or null; looked up once per request. */
    session(): Promise<Session | null>;
    /** The current session, made (and its cookie set) when there is none. */
    ensureSession(reply: FastifyReply): Promise<Session>;
  }
}

/** One set of attributes for setting and for clearing, so a clearing cookie is as guarded as the real one. */
function sessionCookieOptions(request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
  };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    ...sessionCookieOptions(request),
    maxAge: SESSION_DAYS * 24 * 3600,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request));
}

export const sessionPlugin = fp<{ db: Db }>(async (app: FastifyInstance, { db }) => {
  await app.register(cookie);
  const cache = new WeakMap<FastifyRequest, Promise<Session | null>>();

  app.decorateRequest('session', function (this: FastifyRequest) {
    let found = cache.get(this);
    if (!found) {
      found = findSession(db, this.cookies[SESSION_COOKIE], this.portal.portal.uuid, app.clock.now());
      cache.set(this, found);
    }
    return found;
  });

  app.decorateRequest('ensureSession', async function (this: FastifyRequest, reply: FastifyReply) {
    const existing = await this.session();
    if (existing) return existing;
    const { token, session } = await createSession(db, this.portal.portal.uuid, null, app.clock.now());
    setSessionCookie(this, reply, token);
    cache.set(this, Promise.resolve(session));
    return session;
  });
});
