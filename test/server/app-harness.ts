import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOverrides, buildApp } from '../../server/app.ts';
import {
  configFromEnv,
  type ServerConfig,
  type StripeSettings,
  type VippsSettings,
} from '../../server/config.ts';
import { DEFAULT_BODY_TIMEOUTS } from '../../server/plugins/bodyTimeouts.ts';
import { SESSION_COOKIE } from '../../server/plugins/session.ts';
import { createSession } from '../../server/services/identity/sessions.ts';
import { type LimitStore, openLimitStore } from '../../server/services/limits/limitStore.ts';
import type { PictureLimits } from '../../server/services/pictures/pictures.ts';
import type { StorageConfig } from '../../server/storage/objectStore.ts';
import type { Clock } from '../../shop/clock.ts';
import { type DatabaseKind, openTestDatabase, type TestDatabase } from './databases.ts';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  /** The app's data directory (pictures live under it), removed on close. */
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * Wraps the shop's own limit store (Redis with REDIS_URL, else the database): a test that must see a
   * wait still running stretches it, so a slow machine cannot outlast it.
   */
  wrapLimitStore?: (store: LimitStore) => LimitStore;
  /** A fixture build for the app shell, or null for none. */
  distDir?: string | null;
  pictureLimits?: Partial<PictureLimits>;
  /** The test card provider's callback key (default: the documented dev key). */
  paymentTestSecret?: string | null;
  /**
   * Whether this app works the order queues (print files, mail). Off by default: most tests look at
   * the order, not its files, and two cores are better spent on the tests that do.
   */
  jobs?: AppOverrides['jobs'];
  /** SMTP URL for the shoppers' mail; default none (.eml files in the data directory). */
  smtpUrl?: string | null;
  /** A data directory to use (kept on close), e.g. one shared by two apps; default a fresh one. */
  dataDir?: string;
  /** An open test database to use (not dropped on close), e.g. one shared by two apps. */
  database?: TestDatabase;
  /** The content pictures' folder (/m/img/…); default the project's public/img. */
  contentImagesDir?: string;
  /** The app's clock (shop/clock.ts), e.g. a SetClock years ahead; default the machine's. */
  clock?: Clock;
  /**
   * Where pictures and print files go: default the local disk under the data directory (whatever the
   * environment says), or an S3 bucket such as startS3rver()'s (test/server/s3rver.ts).
   */
  storage?: StorageConfig;
  /** The upload leftovers' sweep (ages, interval); default the app's. */
  pictureSweep?: AppOverrides['pictureSweep'];
  /** The lab's order desk password; default none (the desk is off). */
  labPassword?: string | null;
  /** The bearer token /metrics wants; default none (/metrics answers 404). */
  metricsToken?: string | null;
  /** Lower request limits (plugins/limits.ts) for a test of them. */
  requestLimits?: AppOverrides['requestLimits'];
  /** Where the app's log lines go (default stdout). */
  logStream?: AppOverrides['logStream'];
  /** Memory given back after a load (AppOverrides.idleMemory); default the app's (off without --expose-gc). */
  idleMemory?: AppOverrides['idleMemory'];
  /** Told of every route the app adds (AppOverrides.onRoute). */
  onRoute?: AppOverrides['onRoute'];
  /** The author harness's dev routes, listing the demo templates; default off. */
  harness?: boolean;
  /** The template folders published at start and on change (ServerConfig.templatesDir); default none. */
  templatesDir?: string | null;
  /** Where list previews are drawn (ServerConfig.previewsDir); default none. */
  previewsDir?: string | null;
  /** Request body timeouts (plugins/bodyTimeouts.ts); default the app's. */
  bodyTimeouts?: Partial<ServerConfig['bodyTimeouts']>;
  /** Stripe, Vipps and the reconciliation (ServerConfig); default: none of them, whatever the environment says. */
  payments?: {
    stripe?: StripeSettings | null;
    vipps?: VippsSettings | null;
    reconcileAfterSeconds?: number;
  };
}

const root = path.resolve(import.meta.dirname, '../..');

/** The app's locale files, for a test that builds a second app on a test app's database. */
export const LOCALE_DIR = path.join(root, 'public', 'locale');

/**
 * A test app's configuration: what an empty environment gives (not the test run's own: a REDIS_URL or
 * STRIPE_* set for one suite must not reach the others), on the given data directory, with no built
 * app, template folders, previews, Redis or payment providers unless `patch` names them.
 */
export function testConfig(dataDir: string, patch: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...configFromEnv({ DATA_DIR: dataDir, DIST_DIR: '' }),
    logLevel: 'warn',
    previewsDir: null,
    templatesDir: null,
    ...patch,
  };
}

/** The real app on a fresh seeded database and data directory, driven with inject(). */
export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const db = options.database ?? (await openTestDatabase(kind));
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'print-shop-test-'));
  const defaults = testConfig(dataDir);
  const config = testConfig(dataDir, {
    distDir: options.distDir ?? null,
    paymentTestSecret:
      options.paymentTestSecret === undefined ? defaults.paymentTestSecret : options.paymentTestSecret,
    smtpUrl: options.smtpUrl ?? null,
    contentImagesDir: options.contentImagesDir ?? defaults.contentImagesDir,
    storage: options.storage ?? defaults.storage,
    labPassword: options.labPassword ?? null,
    metricsToken: options.metricsToken ?? null,
    harness: options.harness ? { templatesDir: path.join(root, 'templates') } : null,
    // The seed has the demo templates: most tests need no publishing at start, nor a watcher.
    templatesDir: options.templatesDir ?? null,
    previewsDir: options.previewsDir ?? null,
    bodyTimeouts: { ...DEFAULT_BODY_TIMEOUTS, ...options.bodyTimeouts },
    stripe: options.payments?.stripe ?? null,
    vipps: options.payments?.vipps ?? null,
    paymentReconcileAfterSeconds:
      options.payments?.reconcileAfterSeconds ?? defaults.paymentReconcileAfterSeconds,
  });
  const limitStore = options.wrapLimitStore
    ? options.wrapLimitStore(await openLimitStore(db.database.db, config.redisUrl))
    : undefined;
  const app = await buildApp(config, {
    database: db.database,
    limitStore,
    pictureLimits: options.pictureLimits,
    jobs: { work: false, ...options.jobs },
    clock: options.clock,
    pictureSweep: options.pictureSweep,
    requestLimits: options.requestLimits,
    logStream: options.logStream,
    idleMemory: options.idleMemory,
    onRoute: options.onRoute,
    // An answer its schema (shop/api/) refuses fails the test's request.
    strictAnswers: true,
  });
  await app.ready();
  return {
    app,
    db,
    dataDir,
    close: async () => {
      await app.close();
      await limitStore?.close();
      if (!options.database) await db.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `name=value` of a Set-Cookie header, to send back as a Cookie header. */
export function cookieOf(setCookie: string | string[] | undefined): string {
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!first) throw new Error('No Set-Cookie header in the answer');
  return first.split(';')[0]!;
}

/**
 * A stand-in for `vite build` output: the index.html the server fills with the portal's config, and
 * the given files under assets/ (name → contents). The caller removes the folder.
 */
export function fixtureDist(assets: Record<string, string | Buffer> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><!--portal-config--><!--first-screen--></head><body><div id="root"></div></body></html>',
  );
  for (const [name, contents] of Object.entries(assets))
    writeFileSync(path.join(dir, 'assets', name), contents);
  return dir;
}

/**
 * A new anonymous session on the portal of `host` (default: the default portal), as the first change a
 * visitor makes would start it: reads no longer make sessions (issue 16). Answers its Cookie header.
 */
export async function newSession(t: TestApp, host = 'localhost'): Promise<string> {
  const portal = (await t.app.inject({ url: '/m/api/portal', headers: { host } })).json() as {
    portal?: { uuid?: string };
  };
  const uuid = portal.portal?.uuid;
  if (!uuid) throw new Error(`No portal answered for ${host}`);
  const { token } = await createSession(t.db.database.db, uuid, null, t.app.clock.now());
  return `${SESSION_COOKIE}=${token}`;
}

/**
 * A second app on a test app's database that believes one proxy in front (TRUST_PROXY=1): the client's
 * address and https come from X-Forwarded-*. The caller closes it.
 */
export function appBehindProxy(t: TestApp): Promise<FastifyInstance> {
  return buildApp(testConfig(t.dataDir, { trustProxy: 1 }), {
    database: t.db.database,
    jobs: { work: false },
  });
}
