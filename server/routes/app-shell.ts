/**
 * Serves the built app: hashed assets under /m/, locale files, and index.html with the portal's
 * config and the first screen's data embedded (the active language's translations, and the content
 * of the start page, content pages and the product list), so the first paint waits for no API round
 * trip. Every app path (/m/…, /m2/…, and desktop paths) falls back to index.html; unknown API paths
 * are JSON 404s.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bcp47 } from '../../engine/index.ts';
import type { ContentImageSources, PortalConfig } from '../../shop/index.ts';
import {
  appPathOf,
  contentImageSources,
  drawnOnServer,
  FIRST_SCREEN_ELEMENT_ID,
  type FirstScreen,
  heroImageOf,
  listHeroOf,
  type RenderFirstScreen,
  VISITOR_ANSWERS_ELEMENT_ID,
} from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { isApiPath, messageIn } from '../plugins/errors.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import type { ContentImages } from '../services/pictures/contentImages.ts';
import type { ShopInfo } from '../services/storefront/content.ts';
import { FirstScreenData, templateFetchesOf, visitorAnswers } from '../services/storefront/firstScreen.ts';
import { RouteChunks, type ScreenAssets } from '../services/storefront/routeChunks.ts';

/**
 * The first screen's server render, built apart from the app by `vite build --ssr` (vite.config.ts) as
 * dist/server/ssr.js and loaded from there at start: server/ never imports src/ (the lint's layer
 * rule). Without it (no build, or `npm run dev`, where Vite serves the page) the browser draws the
 * first screen, as it does every other screen.
 */
export async function loadFirstScreenRender(distDir: string | null): Promise<RenderFirstScreen | null> {
  const file = distDir ? path.join(distDir, 'server', 'ssr.js') : null;
  if (!file || !existsSync(file)) return null;
  const built = (await import(pathToFileURL(file).href)) as { renderFirstScreen: RenderFirstScreen };
  return built.renderFirstScreen;
}

/** JSON inside a script element: `<` is escaped so no string in the data can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function embedPortalConfig(html: string, portal: PortalConfig): string {
  const lang = bcp47(portal.locale.code);
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    .replace(
      '<!--portal-config-->',
      `<script id="portal-config" type="application/json">${scriptJson(portal)}</script>`,
    );
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The first slide, asked for at once: a photo by the AVIF srcset its <picture> will choose from (a
 * browser without AVIF skips the hint), an illustration by its address.
 */
function heroPreload(hero: { src: string; width?: number }): string {
  const responsive = contentImageSources(hero.src, hero.width);
  if (!responsive)
    return `<link rel="preload" as="image" href="${attribute(hero.src)}" fetchpriority="high">`;
  return responsivePreload(responsive);
}

/** The preload of a `<picture>`'s first source: the one a current browser takes. */
function responsivePreload(responsive: ContentImageSources): string {
  const first = responsive.sources[0]!;
  return `<link rel="preload" as="image" type="${attribute(first.type)}" imagesrcset="${attribute(first.srcSet)}" imagesizes="${attribute(responsive.sizes)}" fetchpriority="high">`;
}

export function embedFirstScreen(
  html: string,
  firstScreen: FirstScreen,
  screen: ScreenAssets = { scripts: [], styles: [], fetches: [] },
): string {
  const hero = heroImageOf(firstScreen);
  const listHero = hero ? null : listHeroOf(firstScreen);
  // `as="fetch"` with `crossorigin` is what the app's own fetch() of the file asks for (cors, same-
  // origin credentials), so the browser hands that fetch the preloaded answer.
  const fetched = [...screen.fetches, ...templateFetchesOf(firstScreen)];
  const preload = [
    hero ? heroPreload(hero) : '',
    listHero ? responsivePreload(listHero) : '',
    ...screen.styles.map((href) => `<link rel="stylesheet" crossorigin href="${attribute(href)}">`),
  ].join('');
  // After the app's own scripts (the end of <head>): a browser over HTTP/1.1 fetches six files at a
  // time in the document's order, and the app's entry is needed first.
  const later = [
    ...screen.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`),
    ...fetched.map((href) => `<link rel="preload" as="fetch" crossorigin href="${attribute(href)}">`),
  ].join('');
  const script = `${preload}<script id="${FIRST_SCREEN_ELEMENT_ID}" type="application/json">${scriptJson(firstScreen)}</script>`;
  // Before the app's own script, so the data is in the document when the app starts.
  const withData = html.includes('<!--first-screen-->')
    ? html.replace('<!--first-screen-->', script)
    : html.replace('</head>', `${script}</head>`);
  return withData.replace('</head>', `${later}</head>`);
}

/**
 * How long a served page (its HTML with the first screen's data) is reused: content and prices
 * change with the seed or an edit, not per visitor, and a few seconds keep `GET /m/` as cheap as a
 * static file under load.
 */
export const FIRST_SCREEN_TTL_MS = 10_000;
const EMPTY_ROOT = '<div id="root"></div>';

/** The largest stylesheet put into the HTML instead of being linked. */
const INLINE_CSS_LIMIT = 64 * 1024;

/**
 * The app's own stylesheet, and the first screen's (a template list's), go into the HTML (issues 15
 * and 31): linked, each is a round trip before the first paint, which on a slow phone network costs
 * more than its few kilobytes. The link stays, disabled: a disabled stylesheet is never fetched, and
 * Vite's chunk loader, which looks for a stylesheet link of that address before it adds one and
 * waits for it, finds it there and loads it no second time.
 */
export function inlineStylesheets(html: string, readAsset: (file: string) => string | null): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="\/m\/(assets\/[^"]+\.css)"[^>]*>/g,
    (link, file: string) => {
      if (/\sdisabled[\s>]/.test(link)) return link;
      const css = readAsset(file);
      if (css === null || css.length > INLINE_CSS_LIMIT) return link;
      return `<style>${css.replace(/<\//g, '<\\/')}</style><link rel="stylesheet" href="/m/${file}" disabled>`;
    },
  );
}

/** The served pages kept at once; page ids come from the address, so a stranger could vary them. */
const MAX_CACHED_PAGES = 500;

export interface AppShellOptions {
  db: Db;
  contentImages: ContentImages;
  distDir: string | null;
  localeDir: string;
  /** The 15 editor fonts, for the browser's FontFace and measurer. */
  fontsDir: string;
  /** Template art, referenced by templates as `art/…` under /templates2/: the folders, tried in turn. */
  artDirs: readonly string[];
  /** Rendered template list previews; null: not served (tests that need none). */
  previewsDir: string | null;
  /** The lab's order desk page at /lab (LAB_PASSWORD set); off: routes/lab.ts answers 404 there. */
  lab?: boolean;
  /** The Delivery and Help pages' data (content.ts ShopInfo). */
  shopInfo?: ShopInfo;
}

export async function appShellRoutes(app: FastifyInstance, options: AppShellOptions) {
  const { distDir, localeDir } = options;
  const day = 24 * 3600 * 1000;
  // The build's copy of the fonts comes with Brotli and gzip copies made once (vite.config.ts); the
  // source folder serves when there is no build (and is compressed per request then).
  const builtFonts = distDir ? path.join(distDir, 'fonts') : null;
  const fonts =
    builtFonts && existsSync(builtFonts)
      ? { root: builtFonts, preCompressed: true, wildcard: false }
      : { root: options.fontsDir };
  const files = [
    { root: localeDir, prefix: '/locale/', maxAge: 5 * 60 * 1000 },
    { ...fonts, prefix: '/fonts/', maxAge: 30 * day },
    { root: [...options.artDirs], prefix: '/templates2/art/', maxAge: day },
    ...(options.previewsDir ? [{ root: options.previewsDir, prefix: '/templates2/all/', maxAge: day }] : []),
  ];
  // schemaHide false: the files are listed in /openapi.json like every other route.
  for (const f of files)
    await app.register(fastifyStatic, { ...f, decorateReply: false, index: false, schemaHide: false });

  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  const builtHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const builtCss = (file: string) => {
    const css = distDir ? path.join(distDir, file) : null;
    return css && existsSync(css) ? readFileSync(css, 'utf8') : null;
  };
  const indexHtml = builtHtml && distDir ? inlineStylesheets(builtHtml, builtCss) : builtHtml;
  const pages = new Map<string, { html: string; etag: string; expires: number }>();
  const firstScreen = new FirstScreenData(options.db, localeDir, options.contentImages, options.shopInfo);
  const routeChunks = new RouteChunks(indexHtml ? distDir : null);
  const renderFirstScreen = indexHtml ? await loadFirstScreenRender(distDir) : null;

  async function pageFor(request: FastifyRequest, html: string, withData: boolean) {
    const portal = request.portal;
    const appPath = withData ? appPathOf(request.url) : null;
    // By the whole path: /m/, /m2/ and / draw the same screen with their own links and layout.
    const key = `${portal.portal.uuid}\n${withData ? (request.url.split(/[?#]/)[0] ?? '/') : ''}`;
    const now = Date.now();
    const cached = pages.get(key);
    if (cached && cached.expires > now) return cached;
    let page = embedPortalConfig(html, portal);
    if (appPath !== null) {
      const data = await firstScreen.answer(portal, appPath);
      page = inlineStylesheets(embedFirstScreen(page, data, routeChunks.assetsFor(appPath)), builtCss);
      if (drawnOnServer(appPath)) page = await drawFirstScreen(request, page, data);
    }
    const etag = `"${createHash('sha256').update(page).digest('base64url').slice(0, 27)}"`;
    const entry = { html: page, etag, expires: now + FIRST_SCREEN_TTL_MS };
    if (pages.size >= MAX_CACHED_PAGES) pages.clear();
    pages.set(key, entry);
    return entry;
  }

  if (distDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/m/',
      index: false,
      // A route per file of the build, found once at start: with a wildcard route @fastify/static
      // reads every folder on the path of every request (its check of the path's spelling), and
      // every page's address went through it before reaching the app. The build does not change
      // while the server runs.
      wildcard: false,
      decorateReply: false,
      schemaHide: false,
      // The build's .br and .gz copies, by the request's Accept-Encoding (Vary is set).
      preCompressed: true,
      // index.html (and its compressed copies) is only ever served with the portal's config in it:
      // without a file route, /m/index.html is a page address like any other.
      // The build's fonts are served at /fonts/ (above), not twice. The server render's build
      // (server/, and .server-* while it is being built) is the server's own code, not the site's.
      globIgnore: ['index.html', 'index.html.*', 'fonts/**', 'server/**', '.server-*/**'],
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  /**
   * The screen itself as HTML, when its data came with the page (src/ssr.tsx, built as dist/server/ssr.js): the shopper sees it
   * before the JavaScript has arrived. A render that fails leaves the drawing to the browser.
   */
  async function drawFirstScreen(request: FastifyRequest, page: string, data: FirstScreen): Promise<string> {
    const i18n = firstScreen.i18nFor(data);
    if (!renderFirstScreen || !i18n || Object.keys(data.answers).length === 0 || !page.includes(EMPTY_ROOT))
      return page;
    try {
      const markup = await renderFirstScreen({
        url: request.url,
        portal: request.portal,
        firstScreen: data,
        i18n,
      });
      return page.replace(EMPTY_ROOT, `<div id="root">${markup}</div>`);
    } catch (error) {
      request.log.error({ err: error }, 'The first screen could not be drawn on the server');
      return page;
    }
  }

  async function sendApp(request: FastifyRequest, reply: FastifyReply, withData = true) {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The app is not built yet: run `npm run build` (npm start does this for you).');
    }
    const shared = await pageFor(request, indexHtml, withData);
    const own = withData ? await ownAnswers(request) : null;
    const page = own ? withVisitorAnswers(shared, own) : shared;
    // Asked again on every visit (no-cache) but answered 304 while it is the same page, so a repeat
    // visit fetches only this validation; the hashed assets it names are cached for a year. A page
    // with the shopper's own answers is theirs alone (private).
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', page === shared ? 'no-cache' : 'private, no-cache')
      .header('ETag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    return reply.send(page.html);
  }

  /**
   * This shopper's own answers of the screen (the editor's account design, the cart), never kept in
   * the page cache. When they cannot be read the page goes without them: the app asks itself.
   */
  async function ownAnswers(request: FastifyRequest): Promise<Record<string, unknown> | null> {
    try {
      return await visitorAnswers(
        options.db,
        {
          session: () => request.session(),
          token: request.cookies[SESSION_COOKIE],
          portalUuid: request.portal.portal.uuid,
          now: request.server.clock.now(),
        },
        appPathOf(request.url),
      );
    } catch (error) {
      request.log.warn({ err: error }, "The shopper's first-screen answers could not be read");
      return null;
    }
  }

  /** The shared page with this shopper's own answers added. */
  function withVisitorAnswers(page: { html: string; etag: string }, answers: Record<string, unknown>) {
    const json = scriptJson(answers);
    return {
      html: page.html.replace(
        '</head>',
        `<script id="${VISITOR_ANSWERS_ELEMENT_ID}" type="application/json">${json}</script></head>`,
      ),
      etag: `"${createHash('sha256').update(page.etag).update(json).digest('base64url').slice(0, 27)}"`,
    };
  }

  app.get('/', (_request, reply) => reply.redirect('/m/'));
  if (options.lab) {
    // The page asks for the password itself; the HTML holds no order data, only the app.
    const labPage = (request: FastifyRequest, reply: FastifyReply) =>
      sendApp(request, reply.header('X-Robots-Tag', 'noindex'), false);
    app.get('/lab', labPage);
    app.get('/lab/*', labPage);
  }

  // A GET or HEAD (the route below takes no other) of an address that is no API, file or asset.
  const wantsApp = (request: FastifyRequest) => {
    const url = request.url.split('?')[0] ?? '/';
    return !isApiPath(url) && !/^\/(locale|fonts|templates2)\//.test(url) && !/\/assets\//.test(url);
  };
  // The app's pages as a route of their own (every more specific route and file wins over it), so that
  // what applies to routes applies to them: the HTML is compressed like any answer, which a not-found
  // handler's answer is not. What is no page goes on to the not-found handler, as unmatched.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: (request, reply) => (wantsApp(request) ? sendApp(request, reply) : reply.callNotFound()),
  });
  app.setNotFoundHandler((request, reply) => {
    // In the portal's words, as every answer (the method and path are in the request's log line).
    const language = (request.portal as { locale?: { code: string } } | null)?.locale?.code;
    return reply.status(404).send({ error: messageIn(language, 'not_found'), code: 'not_found' });
  });
}
