/**
 * Serves the built app: hashed assets under /m/, locale files, and index.html with the portal's
 * config embedded, so the first paint needs no extra round trip. Every app path (/m/…, /m2/…, and
 * desktop paths) falls back to index.html; unknown API paths are JSON 404s.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PortalConfig } from '../../shop/contract.ts';
import { isApiPath } from '../plugins/errors.ts';

/** JSON inside a script element: `<` is escaped so no string in the config can close the element. */
export function embedPortalConfig(html: string, portal: PortalConfig): string {
  const json = JSON.stringify(portal).replace(/</g, '\\u003c');
  const lang = portal.locale.code.replace('_', '-');
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    .replace('<!--portal-config-->', `<script id="portal-config" type="application/json">${json}</script>`);
}

export interface AppShellOptions {
  distDir: string | null;
  localeDir: string;
  /** The 15 editor fonts, for the browser's FontFace and measurer. */
  fontsDir: string;
  /** Template art, referenced by templates as `art/…` under /templates2/. */
  artDir: string;
  /** Rendered template list previews; null: not served (tests that need none). */
  previewsDir: string | null;
  /** The lab's order desk page at /lab (LAB_PASSWORD set); off: routes/lab.ts answers 404 there. */
  lab?: boolean;
}

export async function appShellRoutes(app: FastifyInstance, options: AppShellOptions) {
  const { distDir, localeDir } = options;
  const day = 24 * 3600 * 1000;
  const files = [
    { root: localeDir, prefix: '/locale/', maxAge: 5 * 60 * 1000 },
    { root: options.fontsDir, prefix: '/fonts/', maxAge: 30 * day },
    { root: options.artDir, prefix: '/templates2/art/', maxAge: day },
    ...(options.previewsDir ? [{ root: options.previewsDir, prefix: '/templates2/all/', maxAge: day }] : []),
  ];
  for (const f of files) await app.register(fastifyStatic, { ...f, decorateReply: false, index: false });

  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const pages = new Map<string, { html: string; etag: string }>();

  if (distDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/m/',
      index: false,
      wildcard: true,
      decorateReply: false,
      // The build's .br and .gz copies, by the request's Accept-Encoding (Vary is set).
      preCompressed: true,
      // index.html is only ever served with the portal's config in it.
      allowedPath: (pathName) => pathName !== '/index.html' && pathName !== '/',
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  function sendApp(request: FastifyRequest, reply: FastifyReply) {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The app is not built yet: run `npm run build` (npm start does this for you).');
    }
    const uuid = request.portal.portal.uuid;
    let page = pages.get(uuid);
    if (!page) {
      const html = embedPortalConfig(indexHtml, request.portal);
      page = { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
      pages.set(uuid, page);
    }
    // Asked again on every visit (no-cache) but answered 304 while it is the same page, so a repeat
    // visit fetches only this validation; the hashed assets it names are cached for a year.
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('ETag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    return reply.send(page.html);
  }

  app.get('/', (_request, reply) => reply.redirect('/m/'));
  if (options.lab) {
    // The page asks for the password itself; the HTML holds no order data, only the app.
    const labPage = (request: FastifyRequest, reply: FastifyReply) =>
      sendApp(request, reply.header('X-Robots-Tag', 'noindex'));
    app.get('/lab', labPage);
    app.get('/lab/*', labPage);
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsApp =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(url) &&
      !/^\/(locale|fonts|templates2)\//.test(url) &&
      !/\/assets\//.test(url);
    if (wantsApp) return sendApp(request, reply);
    return reply
      .status(404)
      .send({ error: `Nothing is served at ${request.method} ${url}`, code: 'not_found' });
  });
}
