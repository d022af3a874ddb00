/**
 * The composition root: buildApp wires the app's parts (server/wiring/), each a fastify plugin, from
 * the configuration (config.ts, read once by main.ts) and the overrides a test substitutes.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.ts';
import { contractPlugin } from './plugins/contract.ts';
import { requestIdOf } from './plugins/requestId.ts';
import { caches } from './wiring/caches.ts';
import { cartReads } from './wiring/cartReads.ts';
import { foundation } from './wiring/foundation.ts';
import { idleMemory } from './wiring/idleMemory.ts';
import type { AppOverrides } from './wiring/options.ts';
import { payments } from './wiring/payments.ts';
import { production } from './wiring/production.ts';
import { appShell, harness, labDesk, shopApi } from './wiring/routes.ts';
import { sessions } from './wiring/sessions.ts';
import { storage } from './wiring/storage.ts';
import { templates } from './wiring/templates.ts';

export type { AppOverrides } from './wiring/options.ts';

/** Builds the whole app on an open, migrated and seeded database; main.ts and the tests both use it. */
export async function buildApp(config: ServerConfig, overrides: AppOverrides): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, stream: overrides.logStream },
    // A hop count as proxy-addr reads one: the n nearest hops are proxies, the next address is the client.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: requestIdOf,
    // Node's own cut for a whole request, a backstop behind the body timeouts' finer rules.
    requestTimeout: config.bodyTimeouts.uploadMs + 60_000,
    // A plugin's start and the ready hooks (the storage's first look at S3, pg-boss's start) may take
    // more than fastify's 10 s on a busy 2-core machine: a shop restarted under load exited with
    // AVV_ERR_READY_TIMEOUT (upload-crash.test.ts on S3, beside the e2e suite). A minute still ends a
    // start that hangs.
    pluginTimeout: 60_000,
  });
  if (overrides.onRoute) app.addHook('onRoute', overrides.onRoute);
  const parts = { config, overrides };
  // First: the OpenAPI document lists the routes registered after it.
  await app.register(contractPlugin, { strictAnswers: overrides.strictAnswers ?? false });
  await app.register(foundation, parts);
  await app.register(idleMemory, overrides.idleMemory ?? {});
  await app.register(sessions, parts);
  await app.register(cartReads, parts);
  await app.register(storage, parts);
  await app.register(caches, parts);
  await app.register(payments, parts);
  await app.register(production, parts);
  await app.register(templates, parts);
  await app.register(shopApi, parts);
  await app.register(labDesk, parts);
  await app.register(harness, parts);
  await app.register(appShell, parts);
  return app;
}
