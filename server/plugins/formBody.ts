/**
 * Form-encoded bodies (S0 §7: the call helper sends JSON, or form-encoded when asked; HTML forms such
 * as the test card page post them). Added to the route plugins that take them, not globally.
 *
 * A browser sends form posts across sites without asking (no CORS preflight, unlike JSON), so a form
 * post whose Origin is another site is refused: no login, sign-up or payment from someone else's page.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors.ts';

const FORM = 'application/x-www-form-urlencoded';

export function acceptFormBodies(app: FastifyInstance) {
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('preValidation', async (request) => {
    const type = String(request.headers['content-type'] ?? '');
    if (!type.toLowerCase().startsWith(FORM)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    // URL drops a scheme's default port on both sides: `http://shop` matches `Host: shop:80`.
    let same = false;
    try {
      const from = new URL(origin);
      same = from.host === new URL(`${from.protocol}//${request.host}`).host;
    } catch {
      same = false;
    }
    if (!same) {
      throw new HttpError(403, 'cross_site_form', 'Forms from another site are not accepted');
    }
  });
}
