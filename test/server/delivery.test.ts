/**
 * How the app travels (issue 15): hashed assets sent as the build's brotli or gzip copy and cached
 * for a year; the HTML asked again on every visit but answered 304 while unchanged, carrying the first
 * screen's data; JSON above 1 KB compressed on the fly, smaller answers left alone.
 */
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstance } from '../../engine/instance.ts';
import { assertTemplate } from '../../engine/template.ts';
import { buildSsrIfNeeded, SSR_MODULE } from '../../scripts/build-if-needed.mjs';
import {
  FIRST_SCREEN_ELEMENT_ID,
  type FirstScreen,
  firstScreenApi,
  VISITOR_ANSWERS_ELEMENT_ID,
} from '../../shop/firstScreen.ts';
import type { WebManifest } from '../../shop/webManifest.ts';
import { fixtureDist, newSession, startTestApp, type TestApp } from './app-harness.ts';
import { registeredUser, uploadPrints } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';

const FONTS = path.resolve(import.meta.dirname, '../../fonts');
const FONT = readFileSync(path.join(FONTS, 'Lobster-Regular.ttf'));
const ASSET = `console.log(${JSON.stringify('the app '.repeat(400))});\n`;

describe.each(databaseKinds())('delivery on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    // With the compressed copies vite-plugin-compression2 writes beside each asset.
    dist = fixtureDist({
      'index-abc123.js': ASSET,
      'index-abc123.js.br': brotliCompressSync(ASSET),
      'index-abc123.js.gz': gzipSync(ASSET),
    });
    // The build's copy of the editor fonts, one with its Brotli copy (vite.config.ts).
    mkdirSync(path.join(dist, 'fonts'));
    for (const file of readdirSync(FONTS).filter((f) => f.endsWith('.ttf')))
      copyFileSync(path.join(FONTS, file), path.join(dist, 'fonts', file));
    writeFileSync(path.join(dist, 'fonts', 'Lobster-Regular.ttf.br'), brotliCompressSync(FONT));
    // The first screen's server render, as `npm run build` makes it (dist/server/ssr.js): built once
    // here when missing or older than src/, shop/ or engine/ (a few seconds), then linked in.
    buildSsrIfNeeded();
    symlinkSync(path.dirname(SSR_MODULE), path.join(dist, 'server'));
    t = await startTestApp(kind, { distDir: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const asset = (acceptEncoding?: string) =>
    t.app.inject({
      url: '/m/assets/index-abc123.js',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends a hashed asset as brotli when accepted, else gzip, else as it is; cached for a year', async () => {
    const br = await asset('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
    // The build's own copy, not one compressed for this request.
    expect(br.rawPayload.equals(readFileSync(path.join(dist, 'assets', 'index-abc123.js.br')))).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);

    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);
    expect(gz.rawPayload.equals(readFileSync(path.join(dist, 'assets', 'index-abc123.js.gz')))).toBe(true);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });

  it('sends an editor font as the build’s own brotli copy, and as TrueType to a browser without brotli', async () => {
    const br = await t.app.inject({
      url: '/fonts/Lobster-Regular.ttf',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(readFileSync(path.join(dist, 'fonts', 'Lobster-Regular.ttf.br')))).toBe(true);
    expect(br.headers['content-type']).toBe('font/ttf');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const plain = await t.app.inject({ url: '/fonts/Lobster-Regular.ttf' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(FONT)).toBe(true);
    expect((await t.app.inject({ url: '/fonts/Nope-Regular.ttf' })).statusCode).toBe(404);
    // Only there: the build's folder of fonts is no asset of the app's under /m/.
    const twice = await t.app.inject({ url: '/m/fonts/Lobster-Regular.ttf' });
    expect(twice.headers['content-type']).not.toBe('font/ttf');
  });

  it('asks for the HTML on every visit and answers 304 while it is unchanged', async () => {
    const first = await t.app.inject({ url: '/m/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.body).toContain('<script id="portal-config"');
    const again = await t.app.inject({ url: '/m/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another portal's page is another page.
    const other = await t.app.inject({
      url: '/m/',
      headers: { host: 'no.localhost', 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
  });

  const firstScreenOf = (html: string): FirstScreen => {
    const json = new RegExp(
      `<script id="${FIRST_SCREEN_ELEMENT_ID}" type="application/json">(.*?)</script>`,
    ).exec(html)?.[1];
    if (!json) throw new Error('The HTML carries no first-screen data');
    return JSON.parse(json) as FirstScreen;
  };
  /** The shopper's own answers the page carries, or null. */
  const ownAnswersOf = (html: string): Record<string, unknown> | null => {
    const json = new RegExp(
      `<script id="${VISITOR_ANSWERS_ELEMENT_ID}" type="application/json">(.*?)</script>`,
    ).exec(html)?.[1];
    return json ? (JSON.parse(json) as Record<string, unknown>) : null;
  };
  const localeFile = (language: string) =>
    JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../../public/locale', language, 'common.json'), 'utf8'),
    );

  it('puts the start page and the active language (only) into the HTML it serves for /m/', async () => {
    for (const [host, language] of [
      ['localhost', 'en_GB'],
      ['no.localhost', 'nb_NO'],
      ['dk.localhost', 'da_DK'],
    ] as const) {
      const html = await t.app.inject({ url: '/m/', headers: { host } });
      const firstScreen = firstScreenOf(html.body);
      // The first slide is asked for alongside the app, not after it.
      expect(html.body).toMatch(
        /<link rel="preload" as="image" href="\/m\/img\/[^"]+" fetchpriority="high">/,
      );
      const api = await t.app.inject({ url: '/m/api/legacy-pages/start-page', headers: { host } });
      expect(firstScreen.answers).toEqual({ [firstScreenApi.page('start-page')]: api.json() });
      expect(firstScreen.translations).toEqual({
        language,
        namespace: 'common',
        resources: localeFile(language),
      });
      // No other language travels with it.
      const others = ['en_GB', 'nb_NO', 'da_DK'].filter((l) => l !== language);
      for (const other of others) expect(html.body).not.toContain(`"language":"${other}"`);
    }
  });

  it('puts the product list’s categories and products into the HTML for /m/products and /m2/products', async () => {
    const categories = (await t.app.inject({ url: firstScreenApi.categories })).json();
    const products = (await t.app.inject({ url: firstScreenApi.products })).json();
    for (const url of ['/m/products', '/m2/products']) {
      const firstScreen = firstScreenOf((await t.app.inject({ url })).body);
      expect(firstScreen.answers).toEqual({
        [firstScreenApi.categories]: categories,
        [firstScreenApi.products]: products,
      });
    }
    // A later screen draws its own frame first: only the translations come with it.
    expect(firstScreenOf((await t.app.inject({ url: '/m/designs' })).body).answers).toEqual({});
    // An unknown page is left to the app, which says so itself.
    expect(firstScreenOf((await t.app.inject({ url: '/m/pages/no-such-page' })).body).answers).toEqual({});
  });

  it('draws the first screen itself into the HTML, in the portal’s language, and leaves other screens to the app', async () => {
    const start = await t.app.inject({ url: '/m/', headers: { host: 'no.localhost' } });
    const root = /<div id="root">(.*?)<\/main>/s.exec(start.body)?.[1] ?? '';
    expect(root).toContain('Velkommen til Fotobutikken');
    expect(root).toContain('aria-label="Meny"');
    expect(root).toContain('href="/m/cart"');
    const desktop = await t.app.inject({ url: '/products' });
    expect(desktop.body).toMatch(
      /<div id="root">.*class="shell layout-desktop".*data-testid="category-link"/s,
    );
    const designs = await t.app.inject({ url: '/m/designs' });
    expect(designs.body).toContain('<div id="root"></div>');
    // The upload page, from the price list it names the print sizes of.
    const upload = await t.app.inject({ url: '/m/upload' });
    expect(firstScreenOf(upload.body).answers).toEqual({
      [firstScreenApi.products]: (await t.app.inject({ url: firstScreenApi.products })).json(),
    });
    expect(upload.body).toMatch(/<div id="root">.*data-testid="upload-size-range"/s);
    // The render's build is the server's code, loaded from dist/server/, and not served as a file.
    expect((await t.app.inject({ url: '/m/server/ssr.js' })).headers['content-type']).toMatch(/^text\/html/);
  });

  it('puts a template list’s data into the HTML and draws the list, its first preview named to load first (issue 31)', async () => {
    const api = async (url: string) => (await t.app.inject({ url })).json();
    const categories = (await api(firstScreenApi.cardCategories)) as { defaultCategory: string };
    const products = await api(firstScreenApi.products);
    // Without a category: the default category's cards, at that category's address.
    for (const url of ['/m/products/cards', `/m/products/cards/${categories.defaultCategory}`]) {
      const html = (await t.app.inject({ url })).body;
      const list = firstScreenApi.templateList('cards', categories.defaultCategory);
      expect(firstScreenOf(html).answers, url).toEqual({
        [firstScreenApi.cardCategories]: categories,
        [list]: await api(list),
        [firstScreenApi.products]: products,
      });
      const root = /<div id="root">(.*?)<\/main>/s.exec(html)?.[1] ?? '';
      expect(root, url).toContain('data-testid="template-tile"');
      expect(root, url).toContain('aria-current="page"');
      expect(root, url).not.toContain('template-skeleton');
      // The first tile's WebP preview is preloaded from the head, and is the first tile's.
      const preload = /<link rel="preload" as="image" type="image\/webp" imagesrcset="([^"]+)"/.exec(html);
      expect(preload, url).not.toBeNull();
      const firstTile = /data-testid="template-tile".*?<source type="image\/webp" srcSet="([^"]+)"/s.exec(
        root,
      );
      expect(firstTile?.[1]).toBe(preload?.[1]?.replaceAll('&amp;', '&'));
      expect(html.indexOf('rel="preload" as="image"')).toBeLessThan(html.indexOf('</head>'));
    }
    const calendars = (await t.app.inject({ url: '/m/products/calendars' })).body;
    expect(Object.keys(firstScreenOf(calendars).answers)).toEqual([
      firstScreenApi.templateList('calendars', null),
      firstScreenApi.products,
    ]);
    expect(calendars).toMatch(/<div id="root">.*data-testid="template-tile"/s);
  });

  it('puts a cart’s lines, or its emptiness, into the HTML (issues 31, 34)', async () => {
    // No session, or a session with no lines: the empty cart's page, its empty cart in the page.
    const empty = await newSession(t);
    for (const [url, cookie] of [
      ['/m/cart', undefined],
      ['/m2/cart', undefined],
      ['/cart', undefined],
      ['/m/cart', empty],
    ] as const) {
      const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, url).toBe(200);
      expect(ownAnswersOf(res.body)?.['/m/api/webshop/cart'], url).toMatchObject({ orderLines: [] });
    }

    // A cart with a line: its answer in the page, the call's very answer, and the page theirs alone.
    const cookie = await uploadPrints(t.app, 1);
    const answer = (await t.app.inject({ url: '/m/api/webshop/cart', headers: { cookie } })).json();
    expect(answer.orderLines).toHaveLength(1);
    const page = await t.app.inject({ url: '/m/cart', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(ownAnswersOf(page.body)).toEqual({ '/m/api/webshop/cart': answer });
    // A line's own view is no cart list: no redirect, no cart in the page.
    const view = await t.app.inject({ url: '/m/cart/view/0b9d4b1e' });
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toContain(VISITOR_ANSWERS_ELEMENT_ID);
  });

  /** A demo calendar and its editor's address. */
  const demoCalendarEditor = async () => {
    const calendars = (await t.app.inject({ url: '/m/api/templates/calendars' })).json() as {
      uuid: string;
      product: { uuid: string };
    }[];
    const calendar = calendars[0];
    if (!calendar) throw new Error('The demo data has no calendar');
    return { calendar, url: `/m/products/calendars/${calendar.product.uuid}/${calendar.uuid}` };
  };

  it('puts the editor’s template into the HTML, names its fonts and first page’s art, and leaves the drawing to the browser', async () => {
    const { calendar, url } = await demoCalendarEditor();
    const html = (await t.app.inject({ url })).body;
    const template = (await t.app.inject({ url: firstScreenApi.template(calendar.uuid) })).json();
    expect(firstScreenOf(html).answers).toEqual({ [firstScreenApi.template(calendar.uuid)]: template });
    const fetched = [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1] ?? '',
    );
    const fonts = fetched.filter((href) => href.startsWith('/fonts/'));
    expect(fonts.length).toBeGreaterThan(0);
    // Each named font and art file is there to be fetched.
    for (const href of fetched) expect((await t.app.inject({ url: href })).statusCode, href).toBe(200);
    // The editor draws on a canvas in the browser: no server-drawn screen.
    expect(html).toContain('<div id="root"></div>');
    // A template that does not exist (or an address that is no uuid) brings nothing and no preloads.
    for (const missing of [
      `/m/products/calendars/${calendar.product.uuid}/00000000-0000-4000-8000-000000000000`,
      `/m/products/calendars/${calendar.product.uuid}/not-a-uuid`,
    ]) {
      const other = (await t.app.inject({ url: missing })).body;
      expect(firstScreenOf(other).answers).toEqual({});
      expect(other).not.toContain('as="fetch"');
    }
  });

  it('answers the editor’s call for the account’s design in the HTML, for that shopper alone', async () => {
    const { calendar, url } = await demoCalendarEditor();
    const address = firstScreenApi.accountDesign(calendar.uuid);
    const open = (cookie?: string, etag?: string) =>
      t.app.inject({
        url,
        headers: { ...(cookie ? { cookie } : {}), ...(etag ? { 'if-none-match': etag } : {}) },
      });

    // A visitor: told so in the page, as the call would answer; the page is theirs (private).
    const visitor = await open();
    expect(ownAnswersOf(visitor.body)).toEqual({ [address]: (await t.app.inject({ url: address })).json() });
    expect(ownAnswersOf(visitor.body)).toEqual({ [address]: { signedIn: false, design: null } });
    expect(visitor.headers['cache-control']).toBe('private, no-cache');

    // A shopper with a design of the calendar finds it in the page, the call's very answer.
    const { cookie } = await registeredUser(t.app, '10.41.0.1');
    const template = assertTemplate(
      (await t.app.inject({ url: firstScreenApi.template(calendar.uuid) })).json(),
    );
    const instance = { ...createInstance(template, t.app.clock.now()), dirty: true };
    const saved = await t.app.inject({
      method: 'PUT',
      url: address,
      headers: { cookie },
      payload: { instance, savedAt: t.app.clock.now().toISOString() },
    });
    expect(saved.statusCode).toBe(200);
    const mine = await open(cookie);
    const answer = (await t.app.inject({ url: address, headers: { cookie } })).json();
    expect(answer).toMatchObject({ signedIn: true, design: { instance: { templateUuid: calendar.uuid } } });
    expect(ownAnswersOf(mine.body)).toEqual({ [address]: answer });
    expect(firstScreenOf(mine.body).answers).toEqual(firstScreenOf(visitor.body).answers);

    // The page served to everyone does not keep it: the next visitor and another shopper see none,
    // and the shopper's page is never 'unchanged' for them.
    const next = await open(undefined, mine.headers.etag as string);
    expect(next.statusCode).toBe(200);
    expect(ownAnswersOf(next.body)).toEqual({ [address]: { signedIn: false, design: null } });
    const other = await registeredUser(t.app, '10.41.0.2');
    expect(ownAnswersOf((await open(other.cookie)).body)).toEqual({
      [address]: { signedIn: true, design: null },
    });
    expect((await open(cookie, mine.headers.etag as string)).statusCode).toBe(304);

    // Other screens carry no shopper's answers and stay shared.
    const products = await t.app.inject({ url: '/m/products', headers: { cookie } });
    expect(ownAnswersOf(products.body)).toBeNull();
    expect(products.headers['cache-control']).toBe('no-cache');
  });

  it('compresses the HTML with its data', async () => {
    const res = await t.app.inject({ url: '/m/products', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(`id="${FIRST_SCREEN_ELEMENT_ID}"`);
  });

  it('gives each portal a web app manifest with its name, icons and a start under /m/', async () => {
    for (const [host, name, lang] of [
      ['localhost', 'Print Shop', 'en-GB'],
      ['no.localhost', 'Fotobutikken', 'nb-NO'],
      ['dk.localhost', 'Fotoshoppen', 'da-DK'],
    ] as const) {
      const res = await t.app.inject({ url: '/m/manifest.webmanifest', headers: { host } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
      const manifest = res.json<WebManifest>();
      expect(manifest).toMatchObject({ name, lang, start_url: '/m/', scope: '/m/', display: 'standalone' });
      expect(manifest.short_name.length).toBeLessThanOrEqual(12);
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
      // Chrome installs with a 192 and a 512 px icon; the maskable ones fill a launcher's shape.
      for (const purpose of ['any', 'maskable']) {
        expect(manifest.icons.filter((i) => i.purpose === purpose).map((i) => i.sizes)).toEqual([
          '192x192',
          '512x512',
        ]);
      }
      for (const icon of manifest.icons) {
        const png = await t.app.inject({ url: icon.src, headers: { host } });
        expect(png.statusCode).toBe(200);
        expect(png.headers['content-type']).toBe('image/png');
        const { width, height, format } = await sharp(png.rawPayload).metadata();
        expect({ width, height, format }).toEqual({
          width: Number(icon.sizes.split('x')[0]),
          height: Number(icon.sizes.split('x')[1]),
          format: 'png',
        });
      }
    }
    const touch = await t.app.inject({ url: '/m/icons/icon-180.png' });
    expect(touch.statusCode).toBe(200);
  });

  it('refuses an icon that does not exist with a clear message', async () => {
    const odd = await t.app.inject({ url: '/m/icons/icon-100.png' });
    expect(odd.statusCode).toBe(404);
    expect(odd.json().error).toContain('100 px icon');
    const bad = await t.app.inject({ url: '/m/icons/..%2Fsecret.png' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^Invalid request: \w+: is not in the right form$/);
  });

  it('compresses JSON above 1 KB and leaves smaller answers alone', async () => {
    const big = await t.app.inject({ url: '/m/api/products', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const json = JSON.parse(brotliDecompressSync(big.rawPayload).toString());
    expect(json.products.length).toBeGreaterThan(0);
    expect(big.rawPayload.length).toBeLessThan(brotliDecompressSync(big.rawPayload).length);

    const small = await t.app.inject({ url: '/m/api/user/me', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
