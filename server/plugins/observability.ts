/**
 * What operations see of the shop (issue 16): request ids on every request and its log lines,
 * /healthz and Prometheus metrics at /metrics. Registered before the routes, so their hooks see every
 * route. (The browser's error reports, routes/client-errors.ts, come with the routes: they are
 * limited in the shared limit store.)
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/connect.ts';
import { healthRoutes } from './health.ts';
import { type MetricsOptions, metricsPlugin } from './metrics.ts';
import { requestIdPlugin } from './requestId.ts';

export interface ObservabilityOptions {
  database: Database;
  /** METRICS_TOKEN: the scraper's bearer token; null: /metrics answers 404. */
  metricsToken: string | null;
  queueSizes: MetricsOptions['queueSizes'];
}

export const observabilityPlugin = fp<ObservabilityOptions>(async (app: FastifyInstance, options) => {
  await app.register(requestIdPlugin);
  await app.register(metricsPlugin, { token: options.metricsToken, queueSizes: options.queueSizes });
  await app.register(healthRoutes, { database: options.database });
});
