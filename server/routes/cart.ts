import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isBook } from '../../engine/index.ts';
import { cartRoutes as api } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { orderLines, orders } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { loadFontSet } from '../fonts.ts';
import { serve } from '../plugins/contract.ts';
import { perSession } from '../plugins/limits.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import {
  addTemplateLine,
  applyLineChanges,
  cartOf,
  cartOfToken,
  cartView,
  deleteLine,
  emptyCart,
  findCart,
  sessionCart,
  setAutoCorrection,
} from '../services/cart/cart.ts';
import type { OrderSnapshot } from '../services/checkout/orders.ts';
import { ownedBy } from '../services/checkout/orders.ts';
import type { Session } from '../services/identity/sessions.ts';
import { type PictureFiles, type PictureRow, PictureStore } from '../services/pictures/pictures.ts';
import { productsOf } from '../services/storefront/content.ts';
import { linePreview, sendPreview } from '../services/templates/linePreviews.ts';
import {
  loadTemplate,
  storedTemplateOf,
  type TemplateLineDeps,
} from '../services/templates/templateLines.ts';

export interface CartRoutesOptions {
  db: Db;
  /** The data directory: the cart thumbnails' cache (cart-previews/). */
  dataDir: string;
  /** The shopper's pictures. */
  files: PictureFiles;
}

export async function cartRoutes(app: FastifyInstance, { db, dataDir, files }: CartRoutesOptions) {
  const store = new PictureStore(db, files);
  const previewsDir = path.join(dataDir, 'cart-previews');
  const templateDeps = async (session: Session): Promise<TemplateLineDeps> => ({
    fonts: await loadFontSet(),
    findPicture: (uuid) => store.find(uuid, session),
    today: app.clock.now(),
  });

  // Adds one template line (S1 §3 cart add payload); answers the cart, the new line last.
  serve(app, api.addTemplateLine, async (request, reply) => {
    const body = request.body;
    const session = await request.ensureSession(reply);
    return addTemplateLine(db, session, body, await templateDeps(session), request.portal.locale.code);
  });

  // A template line's cart thumbnail: its first visible page with the shopper's own pictures.
  const previewLimit = {
    preHandler: perSession(app, 'previews', app.requestLimits.previewsPerSessionMinute, 60_000),
  };
  /** Draws a template line's thumbnail (its stored templates column) with the session's pictures. */
  const drawLine = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: Session,
    templates: unknown,
    width: number,
    productUuid: string,
  ) => {
    const missing = () => notFound('orderLine');
    const stored = storedTemplateOf(templates);
    if (!stored) throw missing();
    const loaded = await loadTemplate(db, session.portalUuid, stored.template, stored.version);
    if (!loaded) throw missing();
    const pictures = new Map<string, PictureRow>();
    for (const r of stored.resources) {
      if (r.type !== 'IMAGE' || !r.image || pictures.has(r.image.uuid)) continue;
      const picture = await store.find(r.image.uuid, session);
      if (picture) pictures.set(picture.uuid, picture);
    }
    const preview = linePreview({
      template: loaded.template,
      stored,
      widthPx: width,
      pictures,
      store,
      fonts: await loadFontSet(),
      cacheDir: previewsDir,
      today: app.clock.now(),
      pool: app.previewPool,
      language: request.portal.locale.code,
      holidayRegion: request.portal.holidayRegion,
      book: isBook(loaded.template)
        ? (await productsOf(db, session.portalUuid)).find((p) => p.uuid === productUuid)?.photobook
        : null,
    });
    return sendPreview(request, reply, preview);
  };

  serve(app, api.linePreview, previewLimit, async (request, reply) => {
    const { lineUuid } = request.params;
    const session = await request.session();
    const cart = await findCart(db, session);
    if (!session || !cart) throw notFound('orderLine');
    const [row] = await db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.uuid, lineUuid), eq(orderLines.cartUuid, cart.uuid)));
    if (!row || row.type === 0) throw notFound('orderLine');
    return drawLine(request, reply, session, row.templates, request.query.width, row.productUuid);
  });

  // An ordered line's thumbnail on the receipt: the line is out of the cart, kept in the order's
  // snapshot; only the order's owner sees it, anyone else gets the same 404 as a missing one.
  serve(app, api.orderLinePreview, previewLimit, async (request, reply) => {
    const { orderUuid, lineUuid } = request.params;
    const session = await request.session();
    const [order] = await db.select().from(orders).where(eq(orders.uuid, orderUuid));
    if (!session || !order || !ownedBy(order, session)) throw notFound('orderLine');
    const line = (order.snapshot as OrderSnapshot).lines.find((l) => l.uuid === lineUuid);
    if (!line || line.type === 0) throw notFound('orderLine');
    return drawLine(request, reply, session, line.templates, request.query.width, line.productUuid);
  });

  // A read makes nothing: a visitor without a session (or a session without a cart) sees an empty
  // cart and gets no cookie; the first change makes the session (docs/decisions.md, issue 16).
  serve(app, api.get, async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    return cartOfToken(db, token, request.portal.portal.uuid, app.clock.now(), app.cartReads ?? undefined);
  });

  /** The session a change of an existing line needs: without one, no line can be this visitor's. */
  const lineOwner = async (request: FastifyRequest) => {
    const session = await request.session();
    if (!session) throw notFound('orderLine');
    return session;
  };

  // One line: the body is the order line (S0 §7); its uuid, when given, must be the path's.
  serve(app, api.putLine, async (request) => {
    const { lineUuid } = request.params;
    const body = request.body;
    if (body.uuid && body.uuid !== lineUuid) {
      throw new HttpError(400, 'line_mismatch');
    }
    const session = await lineOwner(request);
    return applyLineChanges(
      db,
      session,
      [{ ...body, uuid: lineUuid }],
      await templateDeps(session),
      request.portal.locale.code,
    );
  });

  // Several lines at once (bulk editing, S0 §4), all or nothing.
  serve(app, api.putLines, async (request) => {
    const lines = request.body;
    const session = lines.length > 0 ? await lineOwner(request) : await request.session();
    if (!session) return sessionCart(db, null);
    return applyLineChanges(db, session, lines, await templateDeps(session), request.portal.locale.code);
  });

  // The answer is kept on a cart; a visitor with no session has no cart and nothing to order, so the
  // answer changes nothing and makes no session (1,000 cookieless requests made 1,000 sessions and
  // carts, issue 28).
  serve(app, api.autoCorrection, async (request) => {
    const { autoCorrection } = request.body;
    const session = await request.session();
    if (!session) return emptyCart();
    return setAutoCorrection(db, session, autoCorrection, app.clock.now());
  });

  serve(app, api.deleteLine, async (request) => {
    const { lineUuid } = request.params;
    const cartUuid = await cartOf(db, await lineOwner(request));
    await deleteLine(db, cartUuid, lineUuid);
    return cartView(db, cartUuid);
  });
}
