import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema.ts';
import { seedPortals } from '../../server/db/seed-data.ts';
import type { ContentPage, PortalConfig } from '../../shop/contract.ts';
import { insertFixturePages, SANITISER_PAGE_ID } from '../fixtures/content-pages.ts';
import { appBehindProxy, cookieOf, fixtureDist, startTestApp, type TestApp } from './app-harness.ts';
import { databaseKinds } from './databases.ts';

const [english, norwegian, us] = seedPortals as [
  (typeof seedPortals)[0],
  (typeof seedPortals)[0],
  (typeof seedPortals)[0],
];

describe.each(databaseKinds())('foundation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { distDir: fixtureDist({ 'index-abc123.js': 'console.log("app")' }) });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('portal by Host', () => {
    it.each([
      ['localhost:8080', english.uuid],
      ['no.localhost:8080', norwegian.uuid],
      ['US.LOCALHOST', us.uuid],
      ['unknown.example:8080', english.uuid],
    ])('%s is served by its portal', async (host, uuid) => {
      const res = await t.app.inject({ url: '/m/api/portal', headers: { host } });
      expect(res.statusCode).toBe(200);
      const portal = res.json<PortalConfig>();
      expect(portal.portal.uuid).toBe(uuid);
    });

    it('carries the config fields of S0 §3', async () => {
      const res = await t.app.inject({ url: '/m/api/portal', headers: { host: 'us.localhost' } });
      const portal = res.json<PortalConfig>();
      expect(portal.locale).toEqual({ code: 'en_US', use_metric_system: false });
      expect(portal.currency.formatString).toBe('$#,##0.00');
      expect(portal.options['free-shipping-threshold']).toBe(3500);
      expect(portal.companyName).toBe('Print Shop Inc.');
      const no = (
        await t.app.inject({ url: '/m/api/portal', headers: { host: 'no.localhost' } })
      ).json<PortalConfig>();
      expect(no.regional).toBe(true);
      expect(no.logo.external).toBe(true);
      expect(no.externalGiftSite).toMatch(/^https:\/\//);
    });

    it('builds the menu three levels deep', async () => {
      const portal = (await t.app.inject({ url: '/m/api/portal' })).json<PortalConfig>();
      const products = portal.menu.find((m) => m.id === 'products');
      const cards = products?.children?.find((m) => m.id === 'cards');
      expect(cards?.children?.map((c) => c.id)).toEqual(['cards-christmas', 'cards-birthday']);
      expect(portal.menu.map((m) => m.id)).toEqual(['home', 'products', 'help', 'about']);
    });

    it('embeds the portal config in the served index.html', async () => {
      const res = await t.app.inject({ url: '/m/products', headers: { host: 'no.localhost' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(res.body).toContain('<html lang="nb-NO"');
      const json = /<script id="portal-config" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
      expect(JSON.parse(json!).portal.uuid).toBe(norwegian.uuid);
    });
  });

  describe('sessions', () => {
    /** The first change a visitor makes (a rebate code kept on the cart), which starts the session. */
    const firstChange = (headers: Record<string, string> = {}, app = t.app) =>
      app.inject({
        method: 'POST',
        url: '/m/api/checkout/rebate-codes/use-rebate-code',
        headers,
        payload: { code: 'SUMMER10' },
      });

    it('a setting that changes nothing (the auto-correction answer with no cart) makes no session', async () => {
      const count = async () =>
        (await t.db.database.db.select({ idHash: sessions.idHash }).from(sessions)).length;
      const before = await count();
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/m/api/webshop/cart/auto-correction',
          payload: { autoCorrection: 1 },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ orderLines: [], summary: { totalPrice: 0 } });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      expect(await count()).toBe(before);
    });

    it('a first change gets an HttpOnly, SameSite=Lax session cookie with its cart', async () => {
      const res = await firstChange();
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/^ps_session=[A-Za-z0-9_-]{43};/);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
      expect(setCookie).toContain('Path=/');
      expect(setCookie).not.toContain('Secure');
    });

    it('marks the cookie Secure when served over https, and believes a proxy only when told to', async () => {
      const headers = { 'x-forwarded-proto': 'https' };
      const untrusted = await firstChange(headers);
      expect(String(untrusted.headers['set-cookie'])).not.toContain('Secure');
      const behindProxy = await appBehindProxy(t);
      try {
        const res = await firstChange(headers, behindProxy);
        expect(String(res.headers['set-cookie'])).toContain('; Secure');
      } finally {
        await behindProxy.close();
      }
    });

    it('keeps one session across requests and does not set the cookie again', async () => {
      const first = await firstChange();
      const cookie = cookieOf(first.headers['set-cookie']);
      const second = await firstChange({ cookie });
      expect(second.headers['set-cookie']).toBeUndefined();
      const read = await t.app.inject({ url: '/m/api/webshop/cart', headers: { cookie } });
      expect(read.headers['set-cookie']).toBeUndefined();
    });

    it('ignores a forged or malformed session cookie and makes a new session', async () => {
      const res = await firstChange({ cookie: 'ps_session=forged' });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/^ps_session=[A-Za-z0-9_-]{43};/);
    });

    it("does not carry one portal's session to another portal", async () => {
      const first = await firstChange({ host: 'localhost' });
      const cookie = cookieOf(first.headers['set-cookie']);
      const other = await firstChange({ host: 'us.localhost', cookie });
      expect(other.headers['set-cookie']).toBeDefined();
    });

    it('me is anonymous for a visitor, without making a session', async () => {
      const res = await t.app.inject({ url: '/m/api/user/me' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ isAnonymousUser: true });
      expect(res.headers['set-cookie']).toBeUndefined();
    });
  });

  describe('cart', () => {
    it('an empty cart has the shape of S0 §3', async () => {
      const res = await t.app.inject({ url: '/m/api/webshop/cart' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ orderLines: [], summary: { totalPrice: 0 } });
    });

    it('deleting a line that is not in the cart is a JSON 404', async () => {
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/m/api/webshop/cart/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', error: expect.stringContaining('order line') });
    });
  });

  describe('content pages', () => {
    it('serves the start page with every module type', async () => {
      const res = await t.app.inject({ url: '/m/api/legacy-pages/start-page' });
      expect(res.statusCode).toBe(200);
      const page = res.json<ContentPage>();
      expect(page.modules.map((m) => m.type)).toEqual([
        'Slider',
        'PromoteCategory',
        'Title',
        'Paragraph',
        'Paragraph',
        'Image',
        'RichText',
      ]);
      const promote = page.modules[1] as { categories: { type: string }[] };
      expect(promote.categories.map((c) => c.type)).toContain('CARDS');
    });

    it('the demo start page is what a shopper should see: no test material, no broken picture', async () => {
      for (const host of ['localhost', 'no.localhost', 'us.localhost', 'dk.localhost']) {
        const res = await t.app.inject({ url: '/m/api/legacy-pages/start-page', headers: { host } });
        const text = res.body;
        expect(text).not.toMatch(/__xss|onerror|javascript:|<script|src=\\"x\\"/i);
        const known = new Set(['Slider', 'PromoteCategory', 'Title', 'Paragraph', 'Image', 'RichText']);
        expect(res.json<ContentPage>().modules.filter((m) => !known.has(m.type))).toEqual([]);
      }
    });

    it('sanitises an editor’s HTML and serves an unknown module with its id and type only', async () => {
      await insertFixturePages(t.db.database.db);
      const res = await t.app.inject({ url: `/m/api/legacy-pages/${SANITISER_PAGE_ID}` });
      expect(res.statusCode).toBe(200);
      const page = res.json<ContentPage>();
      for (const id of ['richtext-hostile', 'paragraph-hostile']) {
        const html = (page.modules.find((m) => m.id === id) as { html: string }).html;
        expect(html).toContain('<li>What you see is what gets printed</li>');
        expect(html).not.toMatch(/<script|onerror|onclick|javascript:|style=|<iframe/i);
        expect(html).toContain('<a>More</a>');
        expect(html).toContain('rel="noopener noreferrer"');
      }
      expect(page.modules.find((m) => m.id === 'countdown-1')).toEqual({
        id: 'countdown-1',
        type: 'Countdown',
      });
    });

    it('serves each portal its own page', async () => {
      const res = await t.app.inject({
        url: '/m/api/legacy-pages/start-page',
        headers: { host: 'no.localhost' },
      });
      const title = res.json<ContentPage>().modules.find((m) => m.type === 'Title') as { text: string };
      expect(title.text).toBe('Velkommen til Fotobutikken');
    });

    it('an unknown page is a JSON 404 with a message', async () => {
      const res = await t.app.inject({ url: '/m/api/legacy-pages/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'The page "nope" was not found', code: 'not_found' });
    });
  });

  describe('products', () => {
    it('lists the categories the shop makes, no photo book placeholder', async () => {
      const res = await t.app.inject({ url: '/m/api/products/categories' });
      const { categories } = res.json<{ categories: { type: string; link: string | null }[] }>();
      expect(categories.map((c) => c.type)).toEqual([
        'PAPER_COPIES',
        'CARDS',
        'CALENDARS',
        'PHOTOGIFT',
        'PHOTOGIFT',
      ]);
      expect(categories.filter((c) => c.link?.includes('example.com'))).toEqual([]);
    });

    it('lists print formats with tiered and campaign prices in minor units', async () => {
      const res = await t.app.inject({ url: '/m/api/products', headers: { host: 'no.localhost' } });
      const { products } = res.json<{
        products: {
          name: string;
          productprices: { quantity: number; price: number; campaignprice: number }[];
          whiteBorder: boolean;
        }[];
      }>();
      const tenByFifteen = products.find((p) => p.name === '10x15')!;
      expect(tenByFifteen.productprices.map((p) => p.quantity)).toEqual([1, 50, 100]);
      expect(tenByFifteen.productprices.every((p) => Number.isInteger(p.price) && p.campaignprice > 0)).toBe(
        true,
      );
      expect(products.some((p) => p.whiteBorder)).toBe(true);
    });
  });

  describe('errors', () => {
    it('an unknown API path is a JSON 404', async () => {
      for (const url of ['/m/api/nope', '/m/api/webshop/nope/deeper', '/ajax/nope.php']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.json()).toMatchObject({ code: 'not_found', error: expect.any(String) });
      }
    });

    it('a malformed page id is a 400 with a readable error', async () => {
      const res = await t.app.inject({ url: '/m/api/legacy-pages/%3Cscript%3E' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalid_request',
        // The field and what is wrong with it (server/validationMessages.ts).
        error: expect.stringMatching(/^Invalid request: id: \w/),
      });
    });

    it('a malformed line uuid is a 400, not a 500', async () => {
      const res = await t.app.inject({ method: 'DELETE', url: '/m/api/webshop/cart/not-a-uuid' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Invalid request: lineUuid: is not a valid id');
    });

    it('a malformed JSON body is a 400 with a readable error', async () => {
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/m/api/webshop/cart/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
        headers: { 'content-type': 'application/json' },
        payload: '{"oops":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    });
  });

  describe('static', () => {
    it('redirects / to /m/', async () => {
      const res = await t.app.inject({ url: '/' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/m/');
    });

    it('serves the app under /m/, /m2/ and desktop paths alike', async () => {
      for (const url of ['/m/', '/m/pages/nope', '/m2/', '/m2/upload', '/products']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('id="portal-config"');
      }
    });

    it('never serves index.html without the config', async () => {
      const res = await t.app.inject({ url: '/m/index.html' });
      expect(res.body).toContain('id="portal-config"');
    });

    it('serves hashed assets with a long cache, and a missing asset as 404', async () => {
      const res = await t.app.inject({ url: '/m/assets/index-abc123.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('immutable');
      expect((await t.app.inject({ url: '/m/assets/missing.js' })).statusCode).toBe(404);
    });

    it('serves locale files', async () => {
      const res = await t.app.inject({ url: '/locale/en_GB/common.json' });
      expect(res.statusCode).toBe(200);
      expect(res.json().content.notFound).toBe('Page not found');
    });
  });
});
