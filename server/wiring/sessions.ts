/** Sessions (the ps_session cookie) and the shared limits' counters, in Redis or the database. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { limitsPlugin } from '../plugins/limits.ts';
import { sessionPlugin } from '../plugins/session.ts';
import { openLimitStore } from '../services/limits/limitStore.ts';
import type { WiringOptions } from './options.ts';

export const sessions = fp<WiringOptions>(
  async (app: FastifyInstance, { config, overrides }) => {
    const { db } = overrides.database;
    await app.register(sessionPlugin, { db });
    await app.register(limitsPlugin, {
      store: overrides.limitStore ?? (await openLimitStore(db, config.redisUrl)),
      closeStore: !overrides.limitStore,
      requestLimits: overrides.requestLimits,
    });
  },
  { name: 'sessions', dependencies: ['foundation'] },
);
