/**
 * How the app travels (issue 15): hashed assets sent as the build's brotli or gzip copy and cached
 * for a year; the HTML asked again on every visit but answered 304 while unchanged, carrying the first
 * screen's data; JSON above 1 KB compressed on the fly, smaller answers left alone.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreen, firstScreenApi } from '../../shop/firstScreen.ts';
import { fixtureDist, startTestApp, type TestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';

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
  const localeFile = (language: string) =>
    JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../../public/locale', language, 'common.json'), 'utf8'),
    );

  it('puts the start page and the active language (only) into the HTML it serves for /m/', async () => {
    for (const [host, language] of [
      ['localhost', 'en_GB'],
      ['no.localhost', 'nb_NO'],
    ] as const) {
      const html = await t.app.inject({ url: '/m/', headers: { host } });
      const firstScreen = firstScreenOf(html.body);
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
    expect(firstScreenOf((await t.app.inject({ url: '/m/cart' })).body).answers).toEqual({});
    // An unknown page is left to the app, which says so itself.
    expect(firstScreenOf((await t.app.inject({ url: '/m/pages/no-such-page' })).body).answers).toEqual({});
  });

  it('compresses the HTML with its data', async () => {
    const res = await t.app.inject({ url: '/m/products', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(`id="${FIRST_SCREEN_ELEMENT_ID}"`);
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
