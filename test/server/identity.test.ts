import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../server/db/schema.ts';
import { hashToken } from '../../server/services/identity/sessions.ts';
import { VALIDATION_MESSAGES } from '../../shop/customerForms.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import {
  cartOf,
  freshEmail,
  login,
  me,
  PASSWORD,
  registeredUser,
  signUp,
  uploadPrints,
} from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';

const tokenHash = (cookie: string) => hashToken(cookie.split('=')[1]!);

describe.each(databaseKinds())('identity on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await startTestApp(kind);
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('sign-up', () => {
    it('refuses missing fields, a bad email and a short password with the S0 §5 messages per field', async () => {
      const res = await signUp(app, { name: ' ', mobile: '', email: 'not-an-email', password: 'short' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: expect.any(String),
        code: 'invalid_fields',
        fields: {
          name: VALIDATION_MESSAGES.nameRequired,
          mobile: VALIDATION_MESSAGES.mobileNumberRequired,
          email: VALIDATION_MESSAGES.emailInvalid,
          password: VALIDATION_MESSAGES.passwordShort,
        },
        fieldKeys: { name: 'nameRequired', mobile: 'mobileNumberRequired', email: 'emailInvalid' },
      });
      expect(res.cookie).toBeNull();
      const empty = await signUp(app, {});
      expect(empty.status).toBe(400);
      expect(empty.body.fields).toEqual({
        name: VALIDATION_MESSAGES.nameRequired,
        mobile: VALIDATION_MESSAGES.mobileNumberRequired,
        email: VALIDATION_MESSAGES.emailRequired,
        password: VALIDATION_MESSAGES.passwordRequired,
      });
    });

    it('makes the account, logs it in on a new session and stores only a scrypt hash', async () => {
      const email = freshEmail();
      const res = await signUp(app, {
        name: 'Grace Hopper',
        mobile: '+44 7700 900456',
        email: `  ${email.toUpperCase()} `,
        password: PASSWORD,
        address: '1 Navy Way',
        zipcode: 'AB1 2CD',
        city: 'Arlington',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ result: 'OK', user: { name: 'Grace Hopper', email } });
      expect(await me(app, res.cookie!)).toMatchObject({
        isAnonymousUser: false,
        email,
        address: '1 Navy Way',
        zipcode: 'AB1 2CD',
        city: 'Arlington',
      });
      const [row] = await t.db.database.db.select().from(users).where(eq(users.email, email));
      expect(row!.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
      expect(row!.passwordHash).not.toContain(PASSWORD);
    });

    it('refuses an email address already registered, with the error on the email field', async () => {
      const { email } = await registeredUser(app);
      const res = await signUp(app, {
        name: 'Someone Else',
        mobile: '123',
        email,
        password: 'another password',
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'email_taken', fields: { email: expect.any(String) } });
      expect(res.cookie).toBeNull();
    });

    it('takes a form-encoded body, and refuses a form posted from another site', async () => {
      const email = freshEmail();
      const form = new URLSearchParams({
        name: 'Form User',
        mobile: '555',
        email,
        password: PASSWORD,
      }).toString();
      const res = await app.inject({
        method: 'POST',
        url: '/ajax/create.php',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
        payload: form,
      });
      expect(res.statusCode).toBe(200);
      const crossSite = await app.inject({
        method: 'POST',
        url: '/ajax/login.php',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        payload: new URLSearchParams({ username: email, password: PASSWORD }).toString(),
      });
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.headers['set-cookie']).toBeUndefined();
    });
  });

  describe('login', () => {
    it('answers an unknown user and a wrong password exactly alike', async () => {
      const { email } = await registeredUser(app);
      const unknown = await login(app, freshEmail('nobody'), 'whatever password', { ip: '10.1.0.1' });
      const wrong = await login(app, email, 'not the password', { ip: '10.1.0.2' });
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(unknown.status);
      expect(wrong.body).toEqual(unknown.body);
      expect(unknown.cookie).toBeNull();
      expect(wrong.cookie).toBeNull();
    });

    it('refuses the eleventh failed login from one address, whichever accounts it tries', async () => {
      const { email } = await registeredUser(app);
      for (let i = 0; i < 10; i++) {
        expect((await login(app, freshEmail('guess'), 'guess', { ip: '10.3.0.1' })).status).toBe(401);
      }
      expect((await login(app, email, PASSWORD, { ip: '10.3.0.1' })).status).toBe(429);
      // Another address is not affected.
      expect((await login(app, email, PASSWORD, { ip: '10.3.0.2' })).status).toBe(200);
    });

    it('a success clears the account’s failures', async () => {
      const { email } = await registeredUser(app);
      // The account's free attempts (limits.test.ts has the waits after them).
      for (let i = 0; i < 5; i++) await login(app, email, 'wrong', { ip: '10.5.0.1' });
      expect((await login(app, email, PASSWORD, { ip: '10.5.0.2' })).status).toBe(200);
      for (let i = 0; i < 5; i++)
        expect((await login(app, email, 'wrong', { ip: '10.5.0.3' })).status).toBe(401);
      expect((await login(app, email, PASSWORD, { ip: '10.5.0.4' })).status).toBe(200);
    });

    it('changes the session id, keeps the anonymous cart and merges it with the user’s cart', async () => {
      // The user's earlier cart: two prints, left behind at logout.
      const { email, cookie: userSession } = await registeredUser(app);
      await uploadPrints(app, 2, userSession);
      const before = await cartOf(app, userSession);
      expect(before.orderLines).toHaveLength(2);
      await app.inject({ method: 'POST', url: '/m/api/user/logout', headers: { cookie: userSession } });

      // Now an anonymous visitor with three prints logs in.
      const anon = await uploadPrints(app, 3);
      const anonLines = (await cartOf(app, anon)).orderLines.map((l) => l.uuid);
      const anonImages = (
        await app.inject({ url: '/m/api/user/recent-images', headers: { cookie: anon } })
      ).json().images as { uuid: string }[];
      expect(anonImages).toHaveLength(3);

      const res = await login(app, `  ${email.toUpperCase()} `, PASSWORD, { cookie: anon, ip: '10.6.0.1' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ result: 'OK', user: { email } });
      const fresh = res.cookie!;
      expect(fresh).not.toBe(anon);
      expect(fresh.split('=')[0]).toBe(anon.split('=')[0]);

      // The old session is gone on the server.
      const db = t.db.database.db;
      expect(
        await db
          .select()
          .from(sessions)
          .where(eq(sessions.idHash, tokenHash(anon))),
      ).toHaveLength(0);
      expect(await me(app, anon)).toEqual({ isAnonymousUser: true });
      expect(await me(app, fresh)).toMatchObject({ isAnonymousUser: false, email });

      // Both carts' lines, the user's first; the pictures followed.
      const merged = await cartOf(app, fresh);
      expect(merged.orderLines.map((l) => l.uuid)).toEqual([
        ...before.orderLines.map((l) => l.uuid),
        ...anonLines,
      ]);
      expect(merged.summary.totalPrice).toBe(
        before.summary.totalPrice + anonLines.length * merged.orderLines[2]!.actualLinePrice,
      );
      const images = (
        await app.inject({ url: '/m/api/user/recent-images', headers: { cookie: fresh } })
      ).json().images as { uuid: string }[];
      expect(images.map((i) => i.uuid)).toEqual(expect.arrayContaining(anonImages.map((i) => i.uuid)));
      // The old cookie now starts afresh with an empty cart.
      expect((await cartOf(app, anon)).orderLines).toHaveLength(0);
    });

    it('with no cart of the user yet, the anonymous cart becomes the user’s; another device sees it', async () => {
      const { email, cookie: signUpSession } = await registeredUser(app);
      await app.inject({ method: 'POST', url: '/m/api/user/logout', headers: { cookie: signUpSession } });
      const anon = await uploadPrints(app, 1);
      const res = await login(app, email, PASSWORD, { cookie: anon, ip: '10.7.0.1' });
      expect((await cartOf(app, res.cookie!)).orderLines).toHaveLength(1);
      const otherDevice = await login(app, email, PASSWORD, { ip: '10.7.0.2' });
      expect((await cartOf(app, otherDevice.cookie!)).orderLines).toHaveLength(1);
    });

    it('takes a form-encoded body (S0 §7 form calls)', async () => {
      const { email } = await registeredUser(app);
      const res = await app.inject({
        method: 'POST',
        url: '/ajax/login.php',
        remoteAddress: '10.8.0.1',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
        payload: new URLSearchParams({ username: email, password: PASSWORD }).toString(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ result: 'OK' });
    });

    it('refuses a body without a username or password with 400', async () => {
      const res = await app.inject({ method: 'POST', url: '/ajax/login.php', payload: { username: '' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request' });
    });
  });

  describe('logout', () => {
    it('ends the session on the server and clears the cookie', async () => {
      const { cookie } = await registeredUser(app);
      expect(await me(app, cookie)).toMatchObject({ isAnonymousUser: false });
      const res = await app.inject({ method: 'POST', url: '/m/api/user/logout', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: 'OK' });
      expect(String(res.headers['set-cookie'])).toMatch(/ps_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
      // The old cookie, replayed, is no longer logged in.
      expect(await me(app, cookie)).toEqual({ isAnonymousUser: true });
      const db = t.db.database.db;
      expect(
        await db
          .select()
          .from(sessions)
          .where(eq(sessions.idHash, tokenHash(cookie))),
      ).toHaveLength(0);
    });

    it('without a session is still OK', async () => {
      const res = await app.inject({ method: 'POST', url: '/m/api/user/logout' });
      expect(res.statusCode).toBe(200);
    });
  });
});
