/**
 * The order's durable work (server/production/): a render pool, the mailer and the job queues (print
 * files, mail, captures, reconciliation, the idle visitors' cleanup, the pictures' analysis), started with the app (before it
 * listens) and stopped with it.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { sendOutboxMail } from '../production/email.ts';
import { Jobs } from '../production/jobs.ts';
import { createRenderPool } from '../production/pool.ts';
import { produceOrder, productionGaveUp } from '../production/produce.ts';
import { removeIdleVisitors } from '../services/identity/cleanup.ts';
import {
  captureGaveUp,
  capturePayment,
  type PaymentDeps,
  reconcilePayments,
} from '../services/payments/operations.ts';
import { runAutocreate } from '../services/photobooks/autocreate.ts';
import { type AnalysisPool, createAnalysisPool } from '../services/pictures/analysisPool.ts';
import { analyseStoredPicture } from '../services/pictures/pictureRegions.ts';
import { expireResumable } from '../services/pictures/resumableUploads.ts';
import type { WiringOptions } from './options.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable work queues (production/jobs.ts). */
    jobs: Jobs;
    /** The shoppers' mail: SMTP, or .eml files in dataDir/outbox/. */
    mailer: Mailer;
    /** The thread that finds faces, salient regions and the photo book's signals in uploaded pictures. */
    pictureAnalysis: AnalysisPool;
  }
}

export const production = fp<WiringOptions>(
  async (app: FastifyInstance, { config, overrides }) => {
    const { database } = overrides;
    const { db } = database;
    const clock = app.clock;
    const payments = (): PaymentDeps => ({
      db,
      providers: app.payments.providers,
      jobs,
      now: () => clock.now(),
      log: app.log,
    });
    const pool = createRenderPool({ threads: overrides.jobs?.renderThreads, log: app.log });
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: config.mailFrom,
      log: app.log,
      now: () => clock.now(),
    });
    const produce = {
      db,
      storage: app.storage.store,
      storageConfig: app.storage.config,
      render: pool.render,
      now: () => clock.now(),
    };
    const analysis = createAnalysisPool();
    const analysisDeps = {
      db,
      storage: app.storage.store,
      analyse: analysis.analyse,
      signals: analysis.signals,
    };
    const jobs = new Jobs({
      database,
      work: overrides.jobs?.work ?? true,
      timing: overrides.jobs?.timing,
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
          await reconcilePayments(payments(), config.paymentReconcileAfterSeconds);
        },
        analysePicture: async (pictureUuid) => {
          await analyseStoredPicture(analysisDeps, pictureUuid);
        },
        autocreatePhotobook: (autocreateUuid, attempt) =>
          runAutocreate(analysisDeps, autocreateUuid, attempt),
        cleanup: async () => {
          // Unfinished resumable uploads past their expiry, with their bytes (issue 32); before the
          // sessions, whose removal takes their uploads' rows (and so the way to their bytes) along.
          const uploads = await expireResumable(db, app.storage.resumable.store, clock.now());
          const removed = await removeIdleVisitors(db, app.limits, {
            idleDays: config.idleSessionDays,
            now: clock.now(),
          });
          app.log.info({ removed: { ...removed, uploads } }, 'Removed what idle visitors left');
        },
      },
    });
    app.decorate('jobs', jobs);
    app.decorate('mailer', mailer);
    app.decorate('pictureAnalysis', analysis);
    app.addHook('onReady', () => jobs.start());
    app.addHook('onClose', async () => {
      await jobs.stop();
      await pool.close();
      await analysis.close();
      mailer.close();
    });
  },
  { name: 'production', dependencies: ['foundation', 'sessions', 'storage', 'payments'] },
);
