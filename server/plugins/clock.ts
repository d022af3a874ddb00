/**
 * The app's one clock (shop/clock.ts) on the Fastify instance, so every route and plugin reads the
 * date from the same place: buildApp's `clock` option, the machine's clock by default.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../shop/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

export const clockPlugin = fp<{ clock: Clock }>(async (app: FastifyInstance, { clock }) => {
  app.decorate('clock', clock);
});
