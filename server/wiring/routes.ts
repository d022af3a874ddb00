/**
 * The routes: the shop's API, the lab's desk, the author harness's dev routes (HARNESS=1) and the
 * app itself (the built app's shell with its first screen, and the web app's files).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { projectRoot } from '../config.ts';
import { FONTS_DIR } from '../fonts.ts';
import { DEMO_ART_DIRS } from '../render/images.ts';
import { appShellRoutes } from '../routes/app-shell.ts';
import { cartRoutes } from '../routes/cart.ts';
import { checkoutRoutes } from '../routes/checkout.ts';
import { clientErrorRoutes } from '../routes/client-errors.ts';
import { contentRoutes } from '../routes/content.ts';
import { designRoutes } from '../routes/designs.ts';
import { harnessRoutes } from '../routes/harness.ts';
import { identityRoutes } from '../routes/identity.ts';
import { labRoutes } from '../routes/lab.ts';
import { orderRoutes } from '../routes/order.ts';
import { paymentRoutes } from '../routes/payments.ts';
import { photobookRoutes } from '../routes/photobooks.ts';
import { pictureRoutes } from '../routes/pictures.ts';
import { productRoutes } from '../routes/products.ts';
import { stripeRoutes } from '../routes/stripe.ts';
import { templateRoutes } from '../routes/templates.ts';
import { userRoutes } from '../routes/user.ts';
import { vippsWebhookRoutes } from '../routes/vippsWebhook.ts';
import { webAppRoutes } from '../routes/web-app.ts';
import { deliveryInfoOf, paymentInfoOf } from '../services/checkout/shopInfo.ts';
import type { Providers } from '../services/payments/index.ts';
import type { ShopInfo } from '../services/storefront/content.ts';
import type { WiringOptions } from './options.ts';

/** The Delivery and Help pages' data, from the checkout's own (services/checkout/shopInfo.ts). */
const shopInfoOf = (db: WiringOptions['overrides']['database']['db'], providers: Providers): ShopInfo => ({
  delivery: (portalUuid) => deliveryInfoOf(db, portalUuid),
  payment: (portalUuid) => paymentInfoOf(db, portalUuid, providers),
});

/** The shop's API (/m/api/…) and the payment providers' callbacks. */
export const shopApi = fp<WiringOptions>(
  async (app: FastifyInstance, { config, overrides }) => {
    const { db } = overrides.database;
    const { files } = app.storage;
    const { jobs } = app;
    const { providers, testCard, stripe, vipps } = app.payments;
    await app.register(clientErrorRoutes);
    await app.register(contentRoutes, { db, images: app.contentImages, shopInfo: shopInfoOf(db, providers) });
    await app.register(productRoutes, { db });
    await app.register(templateRoutes, { db, dataDir: config.dataDir, files });
    await app.register(cartRoutes, { db, dataDir: config.dataDir, files });
    await app.register(userRoutes, { db });
    await app.register(designRoutes, { db });
    await app.register(photobookRoutes, { db, jobs });
    await app.register(identityRoutes, { db, mailer: app.mailer });
    await app.register(checkoutRoutes, { db, providers, jobs });
    await app.register(orderRoutes, { db, jobs });
    await app.register(paymentRoutes, { db, testCard, testCardSecret: config.paymentTestSecret, jobs });
    if (stripe) await app.register(stripeRoutes, { db, stripe, jobs });
    if (vipps && config.vipps) {
      await app.register(vippsWebhookRoutes, { db, vipps, webhookSecret: config.vipps.webhookSecret, jobs });
    }
    await app.register(pictureRoutes, {
      db,
      files,
      resumable: app.storage.resumable,
      limits: overrides.pictureLimits,
      jobs,
    });
  },
  {
    name: 'shop-api',
    dependencies: ['sessions', 'cart-reads', 'storage', 'caches', 'payments', 'production'],
  },
);

/** The lab's order desk at /lab and /lab/api (404 without LAB_PASSWORD). */
export const labDesk = fp<WiringOptions>(
  async (app: FastifyInstance, { config, overrides }) => {
    await app.register(labRoutes, {
      db: overrides.database.db,
      storage: app.storage.store,
      jobs: app.jobs,
      providers: app.payments.providers,
      password: config.labPassword,
      onTemplatePublished: app.drawTemplatePreviews,
    });
  },
  { name: 'lab-desk', dependencies: ['templates', 'production'] },
);

/** The author harness's dev endpoints (/m/api/dev/…), when config.harness is set. */
export const harness = fp<WiringOptions>(
  async (app: FastifyInstance, { config }) => {
    if (!config.harness) return;
    await app.register(harnessRoutes, {
      templatesDir: config.harness.templatesDir,
      storage: app.storage.store,
    });
  },
  { name: 'harness', dependencies: ['storage'] },
);

/** The web app's files and the built app's shell, with the portal's config and first screen. */
export const appShell = fp<WiringOptions>(
  async (app: FastifyInstance, { config, overrides }) => {
    await app.register(webAppRoutes, { publicDir: path.join(projectRoot, 'public') });
    await app.register(appShellRoutes, {
      db: overrides.database.db,
      contentImages: app.contentImages,
      distDir: config.distDir,
      localeDir: config.localeDir,
      fontsDir: FONTS_DIR,
      artDirs: DEMO_ART_DIRS,
      previewsDir: config.previewsDir,
      lab: config.labPassword !== null,
      shopInfo: shopInfoOf(overrides.database.db, app.payments.providers),
    });
  },
  { name: 'app-shell', dependencies: ['caches', 'payments'] },
);
