/**
 * Recent cart reads in memory (services/cart/cartReadCache.ts): the notices of `cart_changed` heard
 * on a connection of their own (PostgreSQL) or from the embedded database (PGlite), and every request
 * of a session but its cart read forgetting that session's read as it is answered.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { cartRoutes } from '../../shop/index.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { CartReadCache } from '../services/cart/cartReadCache.ts';
import { idHashOf, SEEN_PRECISION_MS } from '../services/identity/sessions.ts';
import type { WiringOptions } from './options.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Recent cart reads; null when the shop keeps none (AppOverrides.cartReads false). */
    cartReads: CartReadCache | null;
  }
}

const CHANNEL = 'cart_changed';
/** How long a lost listening connection waits before it is opened again. */
const RELISTEN_MS = 1000;

export const CART_READS = { maxEntries: 5000, maxAgeMs: 60_000, seenPrecisionMs: SEEN_PRECISION_MS };

export const cartReads = fp<WiringOptions>(
  async (app: FastifyInstance, { overrides }) => {
    if (overrides.cartReads === false) {
      app.decorate('cartReads', null);
      return;
    }
    const cache = new CartReadCache(CART_READS);
    app.decorate('cartReads', cache);

    const { connection } = overrides.database;
    let stop: () => Promise<void>;
    if (connection.kind === 'pglite') {
      // One process owns the embedded database: its notices are this process's own changes.
      const unlisten = await connection.client.listen(CHANNEL, (payload) => cache.heardNotice(payload));
      cache.setListening(true);
      stop = unlisten;
    } else {
      stop = listenOnPostgres(connection.url, cache, app);
    }
    app.addHook('onClose', async () => {
      cache.setListening(false);
      await stop();
    });

    // Any request of a session but its cart read may have changed the cart: the read is forgotten as
    // the answer goes out, after the change was committed, so the next read finds it.
    app.addHook('onSend', (request, _reply, payload, done) => {
      // No cookies parsed when an earlier onRequest hook refused the request (a forged one).
      const token = request.cookies?.[SESSION_COOKIE];
      if (token && !(request.method === 'GET' && request.routeOptions.url === cartRoutes.get.path)) {
        const idHash = idHashOf(token);
        if (idHash) cache.forgetSession(idHash);
      }
      done(null, payload);
    });
  },
  { name: 'cart-reads', dependencies: ['foundation'] },
);

/**
 * LISTEN on a connection of its own, opened again a second after it is lost. While it is down the
 * cache keeps nothing: a notice missed then would leave a cart read stale.
 */
function listenOnPostgres(url: string, cache: CartReadCache, app: FastifyInstance): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const again = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void open();
    }, RELISTEN_MS);
    retry.unref();
  };
  const open = async () => {
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    const lost = () => {
      if (client === c) {
        client = null;
        cache.setListening(false);
      }
      again();
    };
    c.on('error', (error) => {
      app.log.warn({ err: error }, 'The cart reads’ listening connection was lost; reads go to the database');
      lost();
    });
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === CHANNEL) cache.heardNotice(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      if (stopped) return void (await c.end());
      client = c;
      cache.setListening(true);
    } catch (error) {
      app.log.warn({ err: error }, 'The cart reads could not listen for changes; reads go to the database');
      c.end().catch(() => {});
      again();
    }
  };
  void open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
