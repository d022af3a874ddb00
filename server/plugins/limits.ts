/**
 * Request limits (@fastify/rate-limit) counted in the shared limit store, so any number of instances
 * behind a proxy share one count. Routes opt in with `config.rateLimit` (per address) or call
 * `app.createRateLimit` with their own key (per session); refusals are the shop's JSON errors, 429
 * with Retry-After.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { waitPhrase } from '../../shop/index.ts';
import { HttpError } from '../errors.ts';
import { hashToken } from '../services/identity/sessions.ts';
import type { LimitStore } from '../services/limits/limitStore.ts';
import { SESSION_COOKIE } from './session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared counters (services/limits/limitStore.ts), for limits that count failures, not requests. */
    limits: LimitStore;
    requestLimits: RequestLimits;
  }
}

/** The request limits' numbers (README, "Limits"); tests lower them. */
export interface RequestLimits {
  /** Upload requests per address and per hour (a family behind one router shares it). */
  uploadsPerAddressHour: number;
  /** Upload requests per session and per hour: a holiday's photos, sent one per request. */
  uploadsPerSessionHour: number;
  /** Bytes uploaded per address and per day, whatever the sessions (rotating cookies gains nothing). */
  uploadBytesPerAddressDay: number;
  /** Drawn previews (own-picture and cart thumbnails) per session and per minute. */
  previewsPerSessionMinute: number;
  /** Picture derivatives (XPhoto) per session and per minute: cheap once cached, still bounded. */
  picturesPerSessionMinute: number;
  /** Browser error reports per address and per minute (the app sends at most 5 per page load). */
  clientErrorsPerAddressMinute: number;
}

export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  uploadsPerAddressHour: 2000,
  uploadsPerSessionHour: 1000,
  uploadBytesPerAddressDay: 4 * 1024 ** 3,
  previewsPerSessionMinute: 300,
  picturesPerSessionMinute: 1200,
  clientErrorsPerAddressMinute: 30,
};

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** @fastify/rate-limit's store contract over a LimitStore; `child` gives each route its own keys. */
function storeOver(store: LimitStore) {
  return class SharedRateLimitStore {
    constructor(
      _settings?: unknown,
      readonly prefix = 'rate:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      store.incr(this.prefix + key, timeWindow).then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback) {
      store.read(this.prefix + key).then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    }

    // The plugin passes the route's merged settings, with the route itself under routeInfo.
    child(routeOptions: object) {
      const info = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      const route = info?.url ? `${info.method} ${info.url}:` : '';
      return new SharedRateLimitStore(undefined, `${this.prefix}${route}`);
    }
  };
}

/**
 * Who a per-session limit counts: the session (by its token's hash, as the session table keeps it), or
 * the address for a visitor without one.
 */
export function sessionKey(request: FastifyRequest): string {
  const token = request.cookies?.[SESSION_COOKIE];
  return token ? `s:${hashToken(token)}` : `a:${request.ip}`;
}

export const limitsPlugin = fp<{
  store: LimitStore;
  closeStore: boolean;
  requestLimits?: Partial<RequestLimits>;
}>(async (app: FastifyInstance, { store, closeStore, requestLimits }) => {
  app.decorate('limits', store);
  app.decorate('requestLimits', { ...DEFAULT_REQUEST_LIMITS, ...requestLimits });
  await app.register(rateLimit, {
    global: false,
    store: storeOver(store),
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, 'too_many_requests', {
        values: { wait: waitPhrase(context.ttl / 1000) },
      }),
  });
  if (closeStore) app.addHook('onClose', async () => store.close());
});

/** A preHandler refusing past `max` requests per session (or address) in `timeWindow`, counted as `name`. */
export function perSession(app: FastifyInstance, name: string, max: number, timeWindow: number) {
  const limit = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (request) => `${name}:${sessionKey(request)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limit(request);
    if (!('isExceeded' in result) || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    reply.header('Retry-After', String(seconds));
    throw new HttpError(429, 'too_many_requests', { values: { wait: waitPhrase(seconds) } });
  };
}

/**
 * The upload quota of an address: bytes per day across all its sessions. `check` refuses an upload
 * once the day's bytes are used; `count` adds an upload's bytes when it is stored.
 */
export function uploadQuota(app: FastifyInstance) {
  const key = (request: FastifyRequest) => `upload-bytes:${request.ip}`;
  const { uploadBytesPerAddressDay } = app.requestLimits;
  return {
    async check(request: FastifyRequest, reply: FastifyReply) {
      const { current, ttl } = await app.limits.read(key(request));
      if (current < uploadBytesPerAddressDay) return;
      const seconds = Math.max(1, Math.ceil(ttl / 1000));
      reply.header('Retry-After', String(seconds));
      throw new HttpError(429, 'upload_quota', { values: { wait: waitPhrase(seconds) } });
    },
    /** Adds an upload's bytes; a negative count gives back what a failed commit had counted. */
    async count(request: FastifyRequest, bytes: number) {
      if (bytes !== 0) await app.limits.incr(key(request), DAY, bytes);
    },
    /**
     * Counts an upload whose length is known before its bytes (a resumable upload's Upload-Length),
     * refusing it, uncounted, when it would go past the day's allowance. Counted at once, parallel
     * uploads cannot each pass a check that none of them has counted yet.
     */
    async reserve(request: FastifyRequest, reply: FastifyReply, bytes: number) {
      const { current, ttl } = await app.limits.incr(key(request), DAY, bytes);
      if (current <= uploadBytesPerAddressDay) return;
      await app.limits.incr(key(request), DAY, -bytes);
      const seconds = Math.max(1, Math.ceil(ttl / 1000));
      reply.header('Retry-After', String(seconds));
      throw new HttpError(429, 'upload_quota', { values: { wait: waitPhrase(seconds) } });
    },
  };
}

export const UPLOAD_WINDOW_MS = HOUR;
