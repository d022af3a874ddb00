/**
 * How every request is met, before any route: the clock, error answers, body timeouts, request ids
 * and metrics, input checks, compression, security headers and the portal of the host name.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock } from '../../shop/index.ts';
import { bodyTimeoutsPlugin } from '../plugins/bodyTimeouts.ts';
import { clockPlugin } from '../plugins/clock.ts';
import { errorsPlugin } from '../plugins/errors.ts';
import { inputPlugin } from '../plugins/input.ts';
import { observabilityPlugin } from '../plugins/observability.ts';
import { portalPlugin } from '../plugins/portal.ts';
import { securityPlugin } from '../plugins/security.ts';
import { loadPortals } from '../services/storefront/portals.ts';
import type { WiringOptions } from './options.ts';

export const foundation = fp<WiringOptions>(
  async (app: FastifyInstance, { config, overrides }) => {
    const portals = await loadPortals(overrides.database.db, config.defaultPortalUuid);
    await app.register(clockPlugin, { clock: overrides.clock ?? systemClock });
    await app.register(errorsPlugin);
    await app.register(bodyTimeoutsPlugin, { timeouts: config.bodyTimeouts });
    await app.register(observabilityPlugin, {
      database: overrides.database,
      metricsToken: config.metricsToken,
      // The queues are wired later (wiring/production.ts); the scraper asks only once the app runs.
      queueSizes: () => app.jobs.queueSizes(),
    });
    await app.register(inputPlugin);
    // JSON and HTML answers above 1 KB go out compressed (brotli at its fast level 4, or gzip); the
    // build's assets are compressed ahead of time (vite.config.ts) and pictures and zips never are.
    await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
    await app.register(securityPlugin);
    await app.register(portalPlugin, { portals });
  },
  { name: 'foundation' },
);
