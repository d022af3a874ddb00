/**
 * Prometheus metrics at /metrics (issue 16, prom-client): request durations by route pattern,
 * method and status class; the order queues' depth; the bytes uploads stored; the process's own
 * (CPU, memory, event loop, GC).
 *
 * /metrics is served only when a token is configured (METRICS_TOKEN) and only to a scraper that
 * sends it as `Authorization: Bearer …`: the numbers tell a competitor the shop's traffic and a
 * prober its routes, and the port is the shop's public one.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { HttpError } from '../errors.ts';

export interface QueueSize {
  queue: string;
  queued: number;
  active: number;
}

export interface MetricsOptions {
  /** The scraper's bearer token; null: /metrics answers 404. */
  token: string | null;
  /** The job queues' sizes, read when scraped. */
  queueSizes(): Promise<QueueSize[]>;
}

export interface ShopMetrics {
  /** Counts the bytes of pictures an upload stored. */
  uploaded(bytes: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ShopMetrics;
  }
}

/** A scrape does not wait longer than this for the queue sizes; without them it still answers. */
const QUEUE_SIZES_TIMEOUT_MS = 2000;

/** Label of requests no route matched: their raw URLs would make a label per probe. */
const UNMATCHED = '(unmatched)';

/** The process's metrics are collected once per process, however many apps it builds (tests). */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, so neither the token's length nor its first wrong character shows in the timing. */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

export const metricsPlugin = fp<MetricsOptions>(async (app: FastifyInstance, { token, queueSizes }) => {
  const registry = new Registry();
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const uploadBytes = new Counter({
    name: 'shop_upload_bytes_total',
    help: 'Bytes of pictures stored by uploads',
    registers: [registry],
  });
  new Gauge({
    name: 'shop_job_queue_jobs',
    help: 'Jobs waiting (queued, retries included) and running (active) in each job queue',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      // While the database is away the queues are unknown: no sample, rather than a false zero.
      const sizes = await Promise.race([
        queueSizes().catch(() => null),
        delay(QUEUE_SIZES_TIMEOUT_MS, null, { ref: false }),
      ]);
      for (const { queue, queued, active } of sizes ?? []) {
        this.set({ queue, state: 'queued' }, queued);
        this.set({ queue, state: 'active' }, active);
      }
    },
  });
  const scraped = Registry.merge([processMetrics(), registry]);

  app.decorate('metrics', { uploaded: (bytes: number) => uploadBytes.inc(bytes) } satisfies ShopMetrics);

  app.addHook('onResponse', async (request, reply) => {
    durations.observe(
      {
        route: request.routeOptions.url ?? UNMATCHED,
        method: request.method,
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { logLevel: 'warn', config: { rateLimit: false } }, async (request, reply) => {
    // Answered here rather than left to the app shell, which would serve the app's page.
    if (token === null) throw new HttpError(404, 'not_found', { key: 'metrics_off' });
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new HttpError(401, 'unauthorized', { key: 'metrics_token' });
    }
    return reply.type(scraped.contentType).send(await scraped.metrics());
  });
});
