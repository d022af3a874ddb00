import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PortalConfig } from '../../shop/index.ts';
import type { PortalRegistry } from '../services/storefront/portals.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The portal this request is for, chosen by its Host header. */
    portal: PortalConfig;
  }
}

export const portalPlugin = fp<{ portals: PortalRegistry }>(async (app: FastifyInstance, { portals }) => {
  app.decorateRequest('portal', null as unknown as PortalConfig);
  app.addHook('onRequest', async (request) => {
    request.portal = portals.byHost(request.headers.host);
  });
});
