import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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

export const securityPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    return payload;
  });
});
