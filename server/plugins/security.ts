import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors.ts';

/**
 * The app's own scripts and styles only; pictures may be data or blob URLs (previews of uploads).
 * 'wasm-unsafe-eval' lets the editor compile HarfBuzz (WebAssembly) to shape text as the print server
 * does; it allows compiling WebAssembly, not JavaScript eval. It is in the shared policy because the
 * app moves into the editor without loading a new page.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** Powerful features the shop never uses, refused for its pages and anything they embed. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** A year, once a shopper has reached the shop over TLS (not sent over plain HTTP, where it means nothing). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes state-changing requests from other sites (a payment provider's signed
     * callback); every other POST, PUT, PATCH and DELETE must come from the shop's own pages.
     */
    crossSite?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin a browser named for the request: Origin, else the Referer's; undefined when neither. */
function claimedOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin;
  const referer = request.headers.referer;
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Whether `origin` is the origin this request was sent to: scheme, host and port. A page served over
 * plain http is another origin than the shop on https (issue 28: `http://host` was accepted on an
 * https request, so a network attacker's injected http page could post as the shopper).
 */
function isOwnOrigin(origin: string, request: FastifyRequest): boolean {
  try {
    const from = new URL(origin);
    if (from.protocol !== 'http:' && from.protocol !== 'https:') return false;
    // URL drops a scheme's default port on both sides: `http://shop` matches `Host: shop:80`.
    return from.origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
}

/**
 * Why a state-changing request is refused as forged, or null. A browser names the page that sent a
 * request (Sec-Fetch-Site, Origin, Referer) and a foreign page cannot hide it for a form, a multipart
 * upload or a text/plain beacon; a request naming nothing comes from a program, which has no
 * shopper's cookie to abuse.
 */
export function forgeryOf(request: FastifyRequest): string | null {
  if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.crossSite) return null;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `Sec-Fetch-Site: ${site}`;
  const origin = claimedOrigin(request);
  if (origin === undefined || isOwnOrigin(origin, request)) return null;
  return `origin ${origin}`;
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  // onRequest: refused before a byte of the body is read, so a forged upload costs nothing.
  app.addHook('onRequest', async (request) => {
    const forged = forgeryOf(request);
    if (forged) {
      request.log.info({ forged }, 'refused a request from another site');
      throw new HttpError(403, 'cross_site');
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // Every answer, not only pages: an SVG or an error page opened directly is a document too.
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    return payload;
  });
});
