/**
 * Forged requests (issue 16): a state-changing request a foreign page makes with the shopper's cookie
 * is refused (403) whatever its body type, before anything changes; every answer carries the security
 * headers; a clearing cookie is as guarded as a setting one; a cookieless read makes no session.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema.ts';
import type { Cart } from '../../shop/contract.ts';
import { appBehindProxy, newSession, startTestApp, type TestApp } from './app-harness.ts';
import { login, PASSWORD, registeredUser } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { multipartBody } from './multipart.ts';

const FOREIGN = 'https://evil.example';

describe.each(databaseKinds())('forged requests and security headers, on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    t = await startTestApp(kind);
    photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#357' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await t?.close();
  });

  const cartOf = async (cookie: string) =>
    (await t.app.inject({ url: '/m/api/webshop/cart', headers: { cookie } })).json<Cart>();

  const upload = (cookie: string, headers: Record<string, string>) => {
    const body = multipartBody([{ field: 'images[]', name: 'photo.jpg', bytes: photo }]);
    return t.app.inject({
      method: 'POST',
      url: '/system/iframes/upload_internal.php?handleuploads=1&uploadtype=printsorder&json=1',
      headers: { 'content-type': body.contentType, cookie, ...headers },
      payload: body.payload,
    });
  };

  it("refuses a multipart upload from a foreign site with the shopper's cookie; the cart is unchanged", async () => {
    const cookie = await newSession(t);
    const forged = await upload(cookie, { origin: FOREIGN });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'cross_site', error: expect.stringMatching(/another site/) });
    expect((await cartOf(cookie)).orderLines).toHaveLength(0);
    // The same upload from the shop's own page goes through.
    const own = await upload(cookie, { origin: 'http://localhost' });
    expect(own.statusCode).toBe(200);
    expect((await cartOf(cookie)).orderLines).toHaveLength(1);
  });

  it('refuses a text/plain logout from a foreign site: the shopper stays logged in', async () => {
    const { email } = await registeredUser(t.app);
    const { cookie } = await login(t.app, email, PASSWORD, { ip: '10.40.0.1' });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/m/api/user/logout',
      headers: { cookie: cookie!, 'content-type': 'text/plain', origin: FOREIGN },
      payload: 'x',
    });
    expect(forged.statusCode).toBe(403);
    const me = await t.app.inject({ url: '/m/api/user/me', headers: { cookie: cookie! } });
    expect(me.json()).toMatchObject({ isAnonymousUser: false, email });
  });

  it('judges by Referer when there is no Origin, and by Sec-Fetch-Site when a browser sends it', async () => {
    const cookie = await newSession(t);
    const change = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: '/m/api/webshop/cart/auto-correction',
        headers: { cookie, ...headers },
        payload: { autoCorrection: 1 },
      });
    expect((await change({ referer: `${FOREIGN}/page` })).statusCode).toBe(403);
    expect((await change({ referer: 'http://localhost/m/cart' })).statusCode).toBe(200);
    expect((await change({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await change({ 'sec-fetch-site': 'same-site', origin: 'http://localhost' })).statusCode).toBe(
      403,
    );
    expect((await change({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost' })).statusCode).toBe(
      200,
    );
    // A sandboxed frame or a data: page has an opaque origin.
    expect((await change({ origin: 'null' })).statusCode).toBe(403);
    // Another portal of this server is another site too.
    expect((await change({ origin: 'http://us.localhost' })).statusCode).toBe(403);
    // A program names no page: it has no shopper's cookie to abuse.
    expect((await change({})).statusCode).toBe(200);
  });

  it('refuses a forged DELETE before it looks for the line', async () => {
    const cookie = await newSession(t);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/m/api/webshop/cart/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
      headers: { cookie, origin: FOREIGN },
    });
    expect(res.statusCode).toBe(403);
  });

  it('reads stay open to other sites (links, pictures)', async () => {
    const res = await t.app.inject({ url: '/m/api/products', headers: { origin: FOREIGN } });
    expect(res.statusCode).toBe(200);
  });

  it('clears the session cookie with the attributes it was set with', async () => {
    const { email } = await registeredUser(t.app);
    const { cookie } = await login(t.app, email, PASSWORD, { ip: '10.40.0.2' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/m/api/user/logout',
      headers: { cookie: cookie! },
    });
    const cleared = String(res.headers['set-cookie']);
    expect(cleared).toMatch(/^ps_session=;/);
    expect(cleared).toContain('HttpOnly');
    expect(cleared).toContain('SameSite=Lax');
    expect(cleared).toContain('Path=/');
  });

  it('sends CSP, Permissions-Policy and no HSTS over plain HTTP on every kind of answer', async () => {
    for (const url of [
      '/m/api/webshop/cart',
      '/m/api/products',
      '/m/api/nothing-here',
      '/m/manifest.webmanifest',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('compares the scheme and port too: an http page cannot post to the shop on https', async () => {
    const behindProxy = await appBehindProxy(t);
    try {
      const cookie = await newSession(t);
      const change = (origin: string) =>
        behindProxy.inject({
          method: 'PUT',
          url: '/m/api/webshop/cart/auto-correction',
          headers: { cookie, origin, 'x-forwarded-proto': 'https', host: 'localhost' },
          payload: { autoCorrection: 1 },
        });
      expect((await change('https://localhost')).statusCode).toBe(200);
      expect((await change('http://localhost')).statusCode).toBe(403);
      expect((await change('https://localhost:8443')).statusCode).toBe(403);
      // The default port is the same origin written either way.
      expect((await change('https://localhost:443')).statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });

  it('sends HSTS behind a TLS proxy it trusts, and only then', async () => {
    const headers = { 'x-forwarded-proto': 'https' };
    expect(
      (await t.app.inject({ url: '/m/api/products', headers })).headers['strict-transport-security'],
    ).toBe(undefined);
    const behindProxy = await appBehindProxy(t);
    try {
      const res = await behindProxy.inject({ url: '/m/api/products', headers });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    } finally {
      await behindProxy.close();
    }
  });

  it('a cookieless read of the cart makes no session, no cart and no cookie', async () => {
    const { db } = t.db.database;
    const before = (await db.select({ idHash: sessions.idHash }).from(sessions)).length;
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () => t.app.inject({ url: '/m/api/webshop/cart' })),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.json()).toEqual({ orderLines: [], summary: { totalPrice: 0 } });
    }
    expect((await db.select({ idHash: sessions.idHash }).from(sessions)).length).toBe(before);
  });
});
