import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { type Clock, systemClock } from '../shop/clock.ts';
import {
  configFromEnv,
  projectRoot,
  type StripeSettings,
  storageFromEnv,
  type TrustProxy,
  type VippsSettings,
} from './config.ts';
import type { Database } from './db/connect.ts';
import { FONTS_DIR, loadFontSet } from './fonts.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { type BodyTimeouts, bodyTimeoutsPlugin, DEFAULT_BODY_TIMEOUTS } from './plugins/bodyTimeouts.ts';
import { clockPlugin } from './plugins/clock.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { inputPlugin } from './plugins/input.ts';
import { limitsPlugin, type RequestLimits } from './plugins/limits.ts';
import { observabilityPlugin } from './plugins/observability.ts';
import { portalPlugin } from './plugins/portal.ts';
import { requestIdOf } from './plugins/requestId.ts';
import { securityPlugin } from './plugins/security.ts';
import { sessionPlugin } from './plugins/session.ts';
import { sendOutboxMail } from './production/email.ts';
import { Jobs, type QueueTiming } from './production/jobs.ts';
import { createRenderPool } from './production/pool.ts';
import { produceOrder, productionGaveUp } from './production/produce.ts';
import { createImageLoader } from './render/images.ts';
import { createPreviewPool, type PreviewPool } from './render/previewPool.ts';
import { SAMPLE_PICTURES, samplePicturePng } from './render/sample-pictures.ts';
import { artReader } from './render/templateArt.ts';
import { appShellRoutes } from './routes/app-shell.ts';
import { cartRoutes } from './routes/cart.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { clientErrorRoutes } from './routes/client-errors.ts';
import { contentRoutes } from './routes/content.ts';
import { designRoutes } from './routes/designs.ts';
import { harnessRoutes } from './routes/harness.ts';
import { identityRoutes } from './routes/identity.ts';
import { labRoutes } from './routes/lab.ts';
import { orderRoutes } from './routes/order.ts';
import { paymentRoutes } from './routes/payments.ts';
import { pictureRoutes } from './routes/pictures.ts';
import { productRoutes } from './routes/products.ts';
import { stripeRoutes } from './routes/stripe.ts';
import { templateRoutes } from './routes/templates.ts';
import { userRoutes } from './routes/user.ts';
import { vippsWebhookRoutes } from './routes/vippsWebhook.ts';
import { webAppRoutes } from './routes/web-app.ts';
import { removeIdleVisitors } from './services/identity/cleanup.ts';
import { type LimitStore, openLimitStore } from './services/limits/limitStore.ts';
import { createProviders, type Providers } from './services/payments/index.ts';
import {
  captureGaveUp,
  capturePayment,
  type PaymentDeps,
  reconcilePayments,
} from './services/payments/operations.ts';
import { ContentImages } from './services/pictures/contentImages.ts';
import {
  DEFAULT_PICTURE_SWEEP,
  type PictureSweepTiming,
  schedulePictureSweep,
} from './services/pictures/pictureSweep.ts';
import type { PictureFiles, PictureLimits } from './services/pictures/pictures.ts';
import { loadPortals } from './services/storefront/portals.ts';
import { sweepPreviewCache } from './services/templates/previewCache.ts';
import { renderMissingPreviews } from './services/templates/previews.ts';
import { DEMO_TEMPLATES_DIR } from './services/templates/templateFiles.ts';
import type { PublishDeps } from './services/templates/templateImport.ts';
import { publishTemplateFolders, watchTemplateFolders } from './services/templates/templateWatch.ts';
import type { ObjectStore, StorageConfig } from './storage/objectStore.ts';
import { openObjectStore } from './storage/open.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable work queues (production/jobs.ts). */
    jobs: Jobs;
    /** Draws thumbnails in a worker thread (render/previewPool.ts). */
    previewPool: PreviewPool;
  }
}

export interface AppOptions {
  database: Database;
  distDir: string | null;
  localeDir: string;
  /** Where the rendered template list previews are (served at /templates2/all/). */
  previewsDir?: string | null;
  defaultPortalUuid?: string | null;
  /** Which proxies to believe (config.ts parseTrustProxy): a hop count or addresses; default none. */
  trustProxy?: TrustProxy;
  logLevel?: string;
  /** Where the log lines go (JSON, one a line); default stdout. Tests read them. */
  logStream?: { write(line: string): void };
  /** The author harness's dev endpoints (/m/api/dev/…); default: the environment's HARNESS=1. */
  harness?: boolean;
  /** The template folders the harness lists and watches; default HARNESS_TEMPLATES_DIR, else templates/. */
  harnessTemplatesDir?: string;
  /** Where the server's files are (pictures, print files, caches); default: the environment's DATA_DIR. */
  dataDir?: string;
  /**
   * Where pictures and print files are kept (server/storage/); default: an S3 bucket when the
   * environment's S3_BUCKET is set, else the local disk under dataDir.
   */
  storage?: StorageConfig;
  /** Upload limits (size, pixels, files per request); tests lower them. */
  pictureLimits?: Partial<PictureLimits>;
  /** The sweep of interrupted uploads' leftovers (services/pictures/pictureSweep.ts); tests shorten it. */
  pictureSweep?: Partial<PictureSweepTiming>;
  /** Stripe, Vipps and the reconciliation's timing; default: the environment's (config.ts). */
  payments?: {
    stripe?: StripeSettings | null;
    vipps?: VippsSettings | null;
    reconcileAfterSeconds?: number;
  };
  /** The test card provider's callback key; default: the environment's PAYMENT_TEST_SECRET or the dev key. */
  paymentTestSecret?: string | null;
  /** Order work (print files, mail): whether this process works the queues, their timing, render threads. */
  jobs?: { work?: boolean; timing?: Partial<QueueTiming>; renderThreads?: number };
  /** SMTP for the shoppers' mail; null writes .eml files to dataDir/outbox/. Default: the environment's. */
  smtpUrl?: string | null;
  mailFrom?: string;
  /** The pictures content pages name as /m/img/…; default public/img (tests give their own). */
  contentImagesDir?: string;
  /** The lab's order desk at /lab (routes/lab.ts); null: off. Default: the environment's LAB_PASSWORD. */
  labPassword?: string | null;
  /** What "now" is for every decision made from the date (shop/clock.ts); default the machine's. */
  clock?: Clock;
  /** The shared limits' counters; default: Redis at `redisUrl` when given, else the database. */
  limitStore?: LimitStore;
  /** Anonymous sessions unused this many days are removed; default the environment's IDLE_SESSION_DAYS. */
  idleSessionDays?: number;
  /** The request limits' numbers (plugins/limits.ts); tests lower them. */
  requestLimits?: Partial<RequestLimits>;
  /** REDIS_URL for the limits' counters; default the environment's (null: the database). */
  redisUrl?: string | null;
  /** The scraper's bearer token for /metrics; null: /metrics answers 404. Default: the environment's METRICS_TOKEN. */
  metricsToken?: string | null;
  /**
   * The template folders the shop publishes at start and whenever a file there changes
   * (services/templates/templateWatch.ts); default the environment's TEMPLATES_DIR, else templates/. Null: none.
   */
  templatesDir?: string | null;
  /** How long and how slowly a request body may arrive (plugins/bodyTimeouts.ts); default the environment's. */
  bodyTimeouts?: Partial<BodyTimeouts>;
  /** Told of every route as it is added (the fuzz suite requests every route the app has). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole app on an open, migrated and seeded database; main.ts and the tests both use it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const bodyTimeouts = { ...DEFAULT_BODY_TIMEOUTS, ...configFromEnv().bodyTimeouts, ...options.bodyTimeouts };
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info', stream: options.logStream },
    // A hop count as proxy-addr reads one: the n nearest hops are proxies, the next address is the client.
    trustProxy:
      typeof options.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (options.trustProxy as number)
        : (options.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    genReqId: requestIdOf,
    // Node's own cut for a whole request, a backstop behind the body timeouts' finer rules.
    requestTimeout: bodyTimeouts.uploadMs + 60_000,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const { db } = options.database;
  const portals = await loadPortals(db, options.defaultPortalUuid ?? null);

  const clock = options.clock ?? systemClock;
  await app.register(clockPlugin, { clock });
  await app.register(errorsPlugin);
  await app.register(bodyTimeoutsPlugin, { timeouts: bodyTimeouts });
  await app.register(observabilityPlugin, {
    database: options.database,
    metricsToken: options.metricsToken === undefined ? configFromEnv().metricsToken : options.metricsToken,
    queueSizes: () => jobs.queueSizes(),
  });
  await app.register(inputPlugin);
  // JSON and HTML answers above 1 KB go out compressed (brotli at its fast level 4, or gzip); the
  // build's assets are compressed ahead of time (vite.config.ts) and pictures and zips never are.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(securityPlugin);
  await app.register(portalPlugin, { portals });
  await app.register(sessionPlugin, { db });
  const redisUrl = options.redisUrl === undefined ? configFromEnv().redisUrl : options.redisUrl;
  await app.register(limitsPlugin, {
    store: options.limitStore ?? (await openLimitStore(db, redisUrl)),
    closeStore: !options.limitStore,
    requestLimits: options.requestLimits,
  });

  const dataDir = options.dataDir ?? configFromEnv().dataDir;
  const contentImages = new ContentImages(
    options.contentImagesDir ?? path.join(projectRoot, 'public', 'img'),
    path.join(dataDir, 'content-images'),
  );
  await app.register(clientErrorRoutes);
  await app.register(contentRoutes, { db, images: contentImages });
  await app.register(productRoutes, { db });
  const storageConfig = options.storage ?? storageFromEnv(process.env, dataDir);
  const storage = openObjectStore(storageConfig);
  // Thumbnails draw published templates' art, which is in the storage (render/templateArt.ts).
  const previewPool = createPreviewPool(storageConfig);
  app.decorate('previewPool', previewPool);
  app.addHook('onClose', () => previewPool.close());
  app.log.info(`Pictures and print files are kept on ${storage.description}`);
  app.addHook('onClose', async () => storage.close?.());
  // Uploads are received and checked in a local folder (sharp reads files), then moved to the storage.
  const files: PictureFiles = { storage, scratchDir: path.join(dataDir, 'upload-scratch') };
  schedulePictureSweep(app, { db, files }, { ...DEFAULT_PICTURE_SWEEP, ...options.pictureSweep });
  await app.register(templateRoutes, { db, dataDir, files });
  await app.register(cartRoutes, { db, dataDir, files });
  sweepThumbnails(app, clock, [path.join(dataDir, 'cart-previews'), path.join(dataDir, 'own-previews')]);
  await app.register(userRoutes, { db });
  await app.register(designRoutes, { db });
  const testCardSecret =
    options.paymentTestSecret === undefined ? configFromEnv().paymentTestSecret : options.paymentTestSecret;
  const vippsSettings =
    options.payments?.vipps === undefined ? configFromEnv().vipps : options.payments.vipps;
  const stripeSettings =
    options.payments?.stripe === undefined ? configFromEnv().stripe : options.payments.stripe;
  const { providers, testCard, vipps, stripe } = createProviders({
    testCardSecret,
    vipps: vippsSettings,
    stripe: stripeSettings,
  });
  const { jobs, mailer } = orderWork(app, options, clock, dataDir, { storage, storageConfig }, providers);
  await app.register(identityRoutes, { db, mailer });
  await app.register(checkoutRoutes, { db, providers, jobs });
  await app.register(orderRoutes, { db });
  await app.register(paymentRoutes, { db, testCard, testCardSecret, jobs });
  if (stripe) await app.register(stripeRoutes, { db, stripe, jobs });
  if (vipps && vippsSettings) {
    await app.register(vippsWebhookRoutes, { db, vipps, webhookSecret: vippsSettings.webhookSecret, jobs });
  }
  const labPassword = options.labPassword === undefined ? configFromEnv().labPassword : options.labPassword;
  const published = publishedTemplates(app, options, { db, storage }, clock);
  await app.register(labRoutes, {
    db,
    storage,
    jobs,
    providers,
    password: labPassword,
    onTemplatePublished: published.drawPreviews,
  });
  await app.register(pictureRoutes, {
    db,
    files,
    limits: options.pictureLimits,
  });
  if (options.harness ?? process.env.HARNESS === '1') {
    const templatesDir =
      options.harnessTemplatesDir ?? process.env.HARNESS_TEMPLATES_DIR ?? path.join(projectRoot, 'templates');
    await app.register(harnessRoutes, { templatesDir: path.resolve(templatesDir), storage });
  }
  await app.register(webAppRoutes, { publicDir: path.join(projectRoot, 'public') });
  await app.register(appShellRoutes, {
    db,
    contentImages,
    distDir: options.distDir,
    localeDir: options.localeDir,
    fontsDir: FONTS_DIR,
    artDir: path.join(projectRoot, 'public', 'templates2', 'art'),
    previewsDir: options.previewsDir ?? null,
    lab: labPassword !== null,
  });
  return app;
}

/**
 * The template folders published at start (before the app answers) and on every change, and the
 * list previews of each version new to the database.
 */
function publishedTemplates(app: FastifyInstance, options: AppOptions, deps: PublishDeps, clock: Clock) {
  const root =
    options.templatesDir === undefined
      ? (process.env.TEMPLATES_DIR ?? DEMO_TEMPLATES_DIR)
      : options.templatesDir;
  const previewsDir = options.previewsDir ?? null;
  let drawing = Promise.resolve();
  const drawPreviews = (only: { uuid: string; version: number }[]) => {
    if (!previewsDir) return;
    drawing = drawing
      .then(async () => {
        await renderMissingPreviews(
          deps.db,
          previewsDir,
          {
            fonts: await loadFontSet(),
            loadImage: createImageLoader({
              art: artReader(deps.storage),
              userPicture: async (uuid) => samplePicturePng(uuid),
            }),
            samplePictures: [...SAMPLE_PICTURES],
            today: clock.now(),
          },
          only,
        );
      })
      .catch((error) => app.log.warn({ err: error }, 'Drawing template previews failed'));
  };
  if (root === null) return { drawPreviews };
  let running = Promise.resolve();
  const publish = () => {
    running = running.then(async () => {
      const { published } = await publishTemplateFolders(deps, root, app.log);
      if (published.length) drawPreviews(published);
    });
    return running;
  };
  let stop = () => {};
  app.addHook('onReady', async () => {
    await publish();
    stop = watchTemplateFolders(root, () => void publish());
  });
  app.addHook('onClose', async () => {
    stop();
    await running;
    await drawing;
  });
  return { drawPreviews };
}

/**
 * The order's durable work (server/production/): a render pool, the mailer and the job queues, started
 * with the app (before it listens) and stopped with it.
 */
function orderWork(
  app: FastifyInstance,
  options: AppOptions,
  clock: Clock,
  dataDir: string,
  stored: { storage: ObjectStore; storageConfig: StorageConfig },
  providers: Providers,
): { jobs: Jobs; mailer: Mailer } {
  const { db } = options.database;
  const env = configFromEnv();
  const payments = (): PaymentDeps => ({ db, providers, jobs, now: () => clock.now(), log: app.log });
  const pool = createRenderPool({ threads: options.jobs?.renderThreads, log: app.log });
  const mailer = createMailer({
    smtpUrl: options.smtpUrl === undefined ? env.smtpUrl : options.smtpUrl,
    outboxDir: path.join(dataDir, 'outbox'),
    from: options.mailFrom ?? env.mailFrom,
    log: app.log,
    now: () => clock.now(),
  });
  const produce = { db, ...stored, render: pool.render, now: () => clock.now() };
  const jobs = new Jobs({
    database: options.database,
    work: options.jobs?.work ?? true,
    timing: options.jobs?.timing,
    log: app.log,
    handlers: {
      production: async (orderUuid, attempt) => {
        await produceOrder(produce, orderUuid, attempt);
      },
      productionGaveUp: (orderUuid) => productionGaveUp(produce, orderUuid),
      email: (outboxUuid) => sendOutboxMail({ db, mailer, clock }, outboxUuid),
      capture: (transactionUuid) => capturePayment(payments(), transactionUuid),
      captureGaveUp: (transactionUuid) => captureGaveUp(payments(), transactionUuid),
      reconcile: async () => {
        await reconcilePayments(
          payments(),
          options.payments?.reconcileAfterSeconds ?? env.paymentReconcileAfterSeconds,
        );
      },
      cleanup: async () => {
        const removed = await removeIdleVisitors(db, app.limits, {
          idleDays: options.idleSessionDays ?? env.idleSessionDays,
          now: clock.now(),
        });
        app.log.info({ removed }, 'Removed what idle visitors left');
      },
    },
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await pool.close();
    mailer.close();
  });
  return { jobs, mailer };
}

/** The thumbnail caches are swept when the app is ready and then once a day (services/templates/previewCache.ts). */
function sweepThumbnails(app: FastifyInstance, clock: Clock, dirs: string[]) {
  const sweep = async () => {
    try {
      const now = clock.now();
      const removed = (await Promise.all(dirs.map((dir) => sweepPreviewCache(dir, { now })))).reduce(
        (a, b) => a + b,
        0,
      );
      if (removed > 0) app.log.info({ removed }, 'Swept stale thumbnails');
    } catch (error) {
      app.log.warn({ err: error }, 'The thumbnail sweep failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(sweep, 24 * 60 * 60 * 1000).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
