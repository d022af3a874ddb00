/**
 * Form-encoded bodies (S0 §7: the call helper sends JSON, or form-encoded when asked; HTML forms such
 * as the test card page post them). Added to the route plugins that take them, not globally.
 *
 * Like every state-changing request, a form post from another site is refused (plugins/security.ts).
 */
import type { FastifyInstance } from 'fastify';

const FORM = 'application/x-www-form-urlencoded';

export function acceptFormBodies(app: FastifyInstance) {
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
